"""Settings > Records: the game records on flash (meeple.storage.journal writes them at a game's end)
with their sizes; A deletes one, so a full flash can be emptied on the console itself.
Imported when the page opens."""
from meeple.ui.gfx import SMALL
from meeple.ui.widgets import DialogScreen, MenuScreen


class RecordsScreen(MenuScreen):
    """The stored records with their sizes; A asks, then deletes."""

    def __init__(self):
        MenuScreen.__init__(self, "Records", [], footer="A delete  B back")
        self.menu.font = SMALL    # long names ("santiago-12-123456789") and a size on one row
        self.names = None

    def draw(self, c):
        if self.names is None:
            self._load()
        MenuScreen.draw(self, c)

    def _load(self):
        from meeple.storage import journal
        recs = journal.records(self.app.storage)
        self.names = [n for n, _ in recs]
        self.menu.labels = [n[:-6] for n in self.names] or ["(no records)"]
        self.menu.values = ["%d.%d KB" % (sz // 1024, sz % 1024 * 10 // 1024) for _, sz in recs] or [""]
        self.menu.cursor = min(self.menu.cursor, len(self.menu.labels) - 1)

    def choose(self, i):
        if not self.names:
            return
        name = self.names[i]
        app = self.app
        app.push(DialogScreen("Delete record", "Delete %s?\n\nA delete  B keep" % name,
                              lambda: self._delete(name), None, "A delete  B keep"))

    def _delete(self, name):
        from meeple.storage import journal
        app = self.app
        app.pop()
        try:
            journal.delete_record(app.storage, name)
            app.show_toast("Deleted")
        except OSError as e:
            app.message("Records", "%s could not be deleted: %s" % (name, e))
        self.names = None
        app._full = True
