"""make web in a real browser: headless Chromium (Debian's `chromium`) driven by Playwright.

The site is built and served on 127.0.0.1; each test opens the page, plays host_sim key scripts
with real key presses and compares the LCD canvas pixel for pixel with host_sim's panel after
the same script (the same TEST_SEED on both sides). Without the browser: one line, and a
failure when CI is set (like make pico-test without the emulated Pico kit).
"""
import functools
import http.server
import os
import shutil
import tempfile
import threading
import time

import pytest

from host_sim.console import Console
from tools.pico import scripts as pico_scripts
from tools.wasm import web

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
SEED = pico_scripts.TEST_SEED
QUIET_MS = 1700      # a shot is taken once the LCD has not changed this long (a toast lasts 1.5 s)
KEYS = {"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight",
        "A": "a", "B": "b", "X": "x", "Y": "y"}
TO_CACAO = "A " + pico_scripts.AI_PAUSE_0 + " B up up A A"     # title -> Cacao's set-up, AI pause 0
TO_SANTIAGO = "A " + pico_scripts.AI_PAUSE_0 + " B up up A down A"


def _browser_missing():
    if os.path.exists(CHROMIUM):
        return None
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Playwright is not installed (make deps)"
    return "no Chromium at %s (apt-get install chromium)" % CHROMIUM


def serve(folder):
    handler = functools.partial(web._Handler, directory=folder)
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, "http://127.0.0.1:%d/" % srv.server_address[1]


@pytest.fixture(scope="module")
def site_dir():
    why = _browser_missing()
    if why:
        if os.environ.get("CI"):
            pytest.fail("browser tests: %s" % why)
        pytest.skip("browser tests: %s" % why)
    out = tempfile.mkdtemp(prefix="meeple-web-")
    web.build(out)
    yield out
    shutil.rmtree(out, ignore_errors=True)


@pytest.fixture(scope="module")
def site(site_dir):
    srv, url = serve(site_dir)
    yield url
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="module")
def browser(site):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


class Page:
    def __init__(self, browser, site, board="waveshare_lcd_1_3"):
        self.ctx = browser.new_context(viewport={"width": 1000, "height": 760})
        self.page = self.ctx.new_page()
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.url = "%s?board=%s&seed=%d" % (site, board, SEED)
        self.board = board
        self.open()

    def open(self, reload=False):
        if reload:
            self.page.reload()
        else:
            self.page.goto(self.url)
        self.page.wait_for_function("window.meeple && (meeple.ready || meeple.fatal)", timeout=60000)
        assert self.m("fatal") is None, self.m("fatal")

    def m(self, key):
        return self.page.evaluate("meeple[%r]" % key)

    def keys(self, script):
        kb = self.page.keyboard
        for tok in script.split():
            if tok.startswith("wait:"):
                self.page.wait_for_timeout(int(tok[5:]))
            elif tok.startswith("hold:"):
                kb.down(KEYS[tok[5:]])
                self.page.wait_for_timeout(700)
                kb.up(KEYS[tok[5:]])
                self.page.wait_for_timeout(40)
            else:
                kb.down(KEYS[tok])
                self.page.wait_for_timeout(60)
                kb.up(KEYS[tok])
                self.page.wait_for_timeout(40)

    def settle(self, timeout=60):
        """Wait until the LCD has been quiet QUIET_MS (and no bot is about to move)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            quiet = self.page.evaluate("performance.now() - meeple.lastFrameAt")
            if quiet >= QUIET_MS:
                return
            self.page.wait_for_timeout(max(50, int(QUIET_MS - quiet)))
        raise AssertionError("the LCD never came to rest")

    def pixels(self):
        """The LCD canvas as rows of RGB bytes (what host_sim's panel.rgb_rows gives)."""
        self.settle()
        data = self.page.evaluate("""() => { const c = document.getElementById('lcd');
            return [c.width, c.height, Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data)]; }""")
        w, h, rgba = data
        rows = []
        for y in range(h):
            row = bytearray(w * 3)
            for x in range(w):
                o = (y * w + x) * 4
                row[x * 3:x * 3 + 3] = bytes(rgba[o:o + 3])
            rows.append(bytes(row))
        return rows

    def close(self):
        assert not self.errors, self.errors
        self.ctx.close()


def sim(board, script, root=None):
    con = Console(board, root=root, boot=False)
    con.board.TEST_SEED = SEED
    con.app.boot()
    con.app.render()
    con.keys(script)
    return con


def same(page_rows, con, what):
    want = con.panel.rgb_rows()
    if page_rows == want:
        return
    bad = [(x // 3, y) for y in range(len(want)) for x in range(0, len(want[y]), 3)
           if page_rows[y][x:x + 3] != want[y][x:x + 3]]
    raise AssertionError("%s: %d pixels differ from host_sim (first at %s); host_sim shows %s"
                         % (what, len(bad), bad[:3], con.text()))


@pytest.mark.parametrize("board", ["waveshare_lcd_1_3", "waveshare_lcd_1_14"])
def test_title_and_main_menu_equal_host_sim(browser, site, board):
    p = Page(browser, site, board)
    same(p.pixels(), sim(board, ""), "title")
    p.keys("A")
    same(p.pixels(), sim(board, "A"), "main menu")
    assert p.m("bootMs") < 20000
    p.close()


@pytest.mark.parametrize("to_setup", [TO_CACAO, TO_SANTIAGO], ids=["cacao", "santiago"])
def test_new_game_equal_host_sim_and_continues_after_reload(browser, site, to_setup):
    board = "waveshare_lcd_1_3"
    p = Page(browser, site, board)
    p.keys(to_setup)
    same(p.pixels(), sim(board, to_setup), "set-up")
    script = to_setup + " up A wait:500"
    p.keys("up A wait:500")
    con = sim(board, script, root=tempfile.mkdtemp(prefix="meeple-flash-"))
    same(p.pixels(), con, "the new game")
    saved = p.page.evaluate("Object.keys(localStorage).filter(k => k.endsWith('/game.json')).length")
    assert saved == 1, "the new game is not in the browser's storage"
    # a reload is the device's reset: the title offers Continue, which shows the same game
    p.open(reload=True)
    again = Console(board, root=con.root, boot=False)
    again.board.TEST_SEED = SEED
    again.app.boot()
    again.app.render()
    same(p.pixels(), again, "title after reload")
    assert "Continue" in " ".join(sim(board, "A", root=con.root).text())
    p.keys("A A wait:500")
    again.keys("A A wait:500")
    same(p.pixels(), again, "the continued game")
    p.close()


FULL = "Browser storage is full"
CLEARED = "storage was cleared while you played"


def test_storage_full_then_cleared(browser, site):
    board = "waveshare_lcd_1_3"
    p = Page(browser, site, board)
    p.keys(TO_CACAO + " up A wait:500")
    p.settle()
    # fill the origin's localStorage to the brim, then play a move: one message, play goes on
    p.page.evaluate("""() => { const chunk = 'x'.repeat(256 * 1024); let i = 0;
        try { for (;;) localStorage.setItem('junk' + i++, chunk); } catch (e) {}
        for (const n of [16384, 512, 16, 1]) try { for (let j = 0;; j++) localStorage.setItem('junk' + n + '-' + j, 'x'.repeat(n)); } catch (e) {} }""")
    before = p.m("saves")
    p.keys("A A wait:500")
    p.settle()
    assert FULL in (p.m("notice") or ""), p.m("notice")
    assert p.m("fatal") is None
    assert p.page.locator("#notice").is_visible()
    # room again: the next save goes through and the message goes
    p.page.evaluate("() => { for (const k of Object.keys(localStorage)) if (k.startsWith('junk')) localStorage.removeItem(k); }")
    p.page.wait_for_function("meeple.notice === null", timeout=5000)
    assert p.m("saves") > before
    # cleared mid-game: the console's files are written again, and a reload continues the game
    p.page.evaluate("localStorage.clear()")
    p.page.wait_for_function("meeple.notice !== null", timeout=5000)
    p.page.wait_for_timeout(300)
    assert CLEARED in (p.m("notice") or ""), p.m("notice")
    assert p.page.evaluate("Object.keys(localStorage).filter(k => k.endsWith('/game.json')).length") == 1
    p.open(reload=True)
    p.keys("A")
    p.settle()
    rows = p.pixels()
    assert rows != sim(board, "A").panel.rgb_rows(), "no Continue after the storage was cleared"
    p.close()


def test_hard_bot_keeps_the_page_answering(browser, site):
    """Cacao, 4 players, three AI hard: while they decide (in the worker), the page keeps
    drawing frames and running its tasks at once."""
    board = "waveshare_lcd_1_3"
    p = Page(browser, site, board)
    p.keys(TO_CACAO + " A right right A down down A right A down A right A down A right A down down A")
    p.settle()
    p.page.evaluate("""() => { window.probe = { raf: 0, lcd0: meeple.frames, lags: [] };
        const f = () => { probe.raf++; requestAnimationFrame(f); }; requestAnimationFrame(f);
        probe.t0 = performance.now();
        probe.iv = setInterval(() => { const t = performance.now();
            setTimeout(() => probe.lags.push(performance.now() - t), 0); }, 50); }""")
    p.keys("A A")   # the human (Red, first with this seed) places a tile and sells: the bots think
    p.page.wait_for_function("meeple.thinkSteps.length > 0", timeout=30000)
    p.settle()
    r = p.page.evaluate("""() => { clearInterval(probe.iv);
        return { raf: probe.raf, ms: performance.now() - probe.t0, lcd: meeple.frames - probe.lcd0,
                 think: Math.max(...meeple.thinkSteps), thinkMs: meeple.thinkSteps.reduce((a, b) => a + b, 0), lag: Math.max(...probe.lags) }; }""")
    print("hard bots: longest decision %.0f ms, %.0f ms in all; page: %d frames in %.0f ms, LCD "
          "frames %d, worst task lag %.0f ms" % (r["think"], r["thinkMs"], r["raf"], r["ms"], r["lcd"], r["lag"]))
    assert r["thinkMs"] >= 100, r   # long enough that a page on the same thread would drop frames
    assert r["raf"] >= 20 * r["ms"] / 1000, r   # the page draws on (headless Chromium: ~60/s)
    assert r["lag"] < 100, r      # a task queued on the page runs at once while the bots think
    p.close()


# Every seat AI easy (the fastest bots) with the smallest player count: the key script sets the
# seats and starts the game, the bots play it through to the end screen (AI pause 0). The end
# screen's words are sorted (temples' workers, fields by size): this caught MicroPython's
# unstable sort ordering ties differently from CPython.
ALL_EASY = {
    "cacao": TO_CACAO + " down A right A down A left A down down A",
    "santiago": TO_SANTIAGO + " down A right A down A left A down A left A up up up up A",
}
END_TITLES = {"cacao": "Game over", "santiago": "Result"}


@pytest.mark.parametrize("game", ["cacao", "santiago"])
def test_whole_game_to_the_end_screen_equal_host_sim(browser, site, game):
    board = "waveshare_lcd_1_3"
    con = sim(board, ALL_EASY[game], root=tempfile.mkdtemp(prefix="meeple-flash-"))
    for _ in range(400):
        if type(con.app.screen).__name__ == "EndScreen":
            break
        con.wait(500)
    assert con.title() == END_TITLES[game], con.text()
    p = Page(browser, site, board)
    t0 = time.monotonic()
    p.keys(ALL_EASY[game])
    p.settle(timeout=80)
    print("%s: the bots' whole game took %.1f s in the browser" % (game, time.monotonic() - t0 - QUIET_MS / 1000))
    same(p.pixels(), con, "the end screen")
    p.close()


def test_offline_once_loaded(browser, site_dir):
    """Loaded once, the page's service worker (web/sw.js) holds the site: with the host gone and
    the browser offline, a reload still boots the console to its title (equal to host_sim)."""
    srv, url = serve(site_dir)   # a host of its own, to take away
    board = "waveshare_lcd_1_3"
    p = Page(browser, url, board)
    p.page.wait_for_function("meeple.offline === true", timeout=20000)
    srv.shutdown()
    srv.server_close()
    p.ctx.set_offline(True)
    with pytest.raises(Exception):   # the network really is gone: nothing answers past the worker
        p.page.evaluate("fetch('http://127.0.0.1:%d/nothing-here').then(r => r.status)" % srv.server_address[1])
    p.open(reload=True)
    same(p.pixels(), sim(board, ""), "title after an offline reload")
    assert p.m("offline") is True
    p.close()
