"""The firmware's layers (README, "The layout of the code"): every import in firmware/, lazy ones
inside functions and `__import__` calls with a literal name included, goes down the layers, and
no two modules import each other, directly or round a loop. The one loop allowed is a rules core
and its view module (`meeple.core.cacao` <-> `meeple.core.cacao_view`): the view is imported
lazily, when a position is turned into data, so a bot's or a game's heap never holds it; that
import carries a comment saying so.

Read from the source with `ast`, never by importing it, so a loop fails here before it can bite
on a device (a module half-initialised by a loop raises ImportError only on some import orders).
"""
import ast
import os

from testkit import FIRMWARE

# what each layer of meeple may import (besides itself and the bare `meeple` package)
LAYERS = {
    "core": set(),
    "ai": {"core"},
    "storage": {"core"},
    "ui": {"core", "ai"},
    "console": {"core", "ai", "storage", "ui"},
    "hal": {"ui"},
}
# loops allowed: a rules core and its view (the view is imported when used, by a lazy import)
ALLOWED_LOOPS = ({"meeple.core.cacao", "meeple.core.cacao_view"},
                 {"meeple.core.santiago", "meeple.core.santiago_view"})


def module_files():
    """{module name: path} for main.py and every module of the meeple package."""
    out = {"main": os.path.join(FIRMWARE, "main.py")}
    for dirpath, dirnames, filenames in os.walk(os.path.join(FIRMWARE, "meeple")):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        rel = os.path.relpath(dirpath, FIRMWARE).replace(os.sep, ".")
        for f in sorted(filenames):
            if f.endswith(".py"):
                out[rel if f == "__init__.py" else rel + "." + f[:-3]] = os.path.join(dirpath, f)
    return out


class Imports(ast.NodeVisitor):
    """Every import of one module: (target module, line, lazy, the source line and the one
    before it). `from pkg import name` names the module pkg.name when there is one, else pkg;
    `__import__("meeple.ui." + g, ...)` names the literal prefix's package."""

    def __init__(self, name, path, modules):
        self.name, self.modules, self.found = name, modules, []
        with open(path) as f:
            self.lines = f.read().splitlines()
        self.depth = 0
        self.visit(ast.parse("\n".join(self.lines), path))

    def _add(self, target, node):
        if target == "meeple" or target.startswith("meeple."):
            text = self.lines[node.lineno - 1]
            before = self.lines[node.lineno - 2] if node.lineno > 1 else ""
            self.found.append((target, node.lineno, self.depth > 0, text + "\n" + before))

    def _known(self, target):
        """The module, or the package (a namespace package such as meeple.ui too), it names."""
        while "." in target and target not in self.modules and not any(
                m.startswith(target + ".") for m in self.modules):
            target = target.rsplit(".", 1)[0]
        return target

    def visit_FunctionDef(self, node):
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Import(self, node):
        for a in node.names:
            self._add(self._known(a.name), node)

    def visit_ImportFrom(self, node):
        base = node.module or ""
        for a in node.names:
            full = base + "." + a.name
            self._add(full if full in self.modules else self._known(base), node)

    def visit_Call(self, node):
        if isinstance(node.func, ast.Name) and node.func.id == "__import__" and node.args:
            arg = node.args[0]
            while isinstance(arg, ast.BinOp):   # "meeple.ui." + g, "meeple.ui.%s.legend" % g
                arg = arg.left
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                self._add(self._known(arg.value.split("%")[0].rstrip(".")), node)
        self.generic_visit(node)


def graph():
    modules = module_files()
    return modules, {name: Imports(name, path, modules).found for name, path in modules.items()}


def layer(name):
    parts = name.split(".")
    return parts[1] if parts[0] == "meeple" and len(parts) > 1 else parts[0]


def loops(edges):
    """The strongly connected sets of two or more modules (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted({t for t, *_ in edges.get(v, ())}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_graph_is_read():
    """The reader finds the imports it must: a plain one, a lazy one, a `from` of a module, a
    literal __import__ (so the checks below are not vacuous)."""
    modules, edges = graph()
    assert "meeple.core.cacao" in modules and "meeple.ui.cacao" in modules
    targets = {n: {t for t, *_ in e} for n, e in edges.items()}
    assert "meeple.core.rng" in targets["meeple.core.cacao"]
    assert any(t == "meeple.core.cacao_view" and lazy for t, _, lazy, _ in edges["meeple.core.cacao"])
    assert "meeple.ui" in targets["meeple.console.host"]       # the plug-ins, by __import__
    assert len(modules) > 50


def test_every_import_goes_down_the_layers():
    modules, edges = graph()
    wrong = []
    for name, found in sorted(edges.items()):
        mine = layer(name)
        if mine == "main":
            continue
        assert mine in LAYERS or name == "meeple", "%s is in no known layer: add it to LAYERS" % name
        may = LAYERS.get(mine, set()) | {mine}
        for target, line, _, _ in found:
            if target != "meeple" and layer(target) not in may:
                wrong.append("%s:%d imports %s (%s may import only %s)"
                             % (modules[name], line, target, mine, ", ".join(sorted(may))))
    assert not wrong, "\n".join(wrong)


def test_no_import_loops():
    _, edges = graph()
    bad = [sorted(c) for c in loops(edges) if c not in ALLOWED_LOOPS]
    assert not bad, "modules that import each other (directly or round a loop): %s" % bad


def test_the_allowed_loop_is_lazy_and_says_why():
    _, edges = graph()
    for pair in ALLOWED_LOOPS:
        core, view = sorted(pair)
        back = [e for e in edges[core] if e[0] == view]
        assert back, "%s no longer imports %s: drop the pair from ALLOWED_LOOPS" % (core, view)
        for target, line, lazy, text in back:
            assert lazy, "%s:%d imports its view at the top: the loop would be live" % (core, line)
            assert "#" in text, "%s:%d: the lazy import needs a comment saying why" % (core, line)


def test_no_test_file_imports_another():
    """What tests share is in tests/testkit (and, for the device tests, in the helper modules of
    tests/device, which go to the board with them): a test file is never imported, so moving or
    deleting one breaks nothing else."""
    tests = os.path.join(os.path.dirname(FIRMWARE), "tests")
    wrong = []
    for dirpath, _dirs, files in os.walk(tests):
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            path = os.path.join(dirpath, f)
            with open(path) as fh:
                tree = ast.parse(fh.read(), path)
            for node in ast.walk(tree):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                wrong += ["%s:%d imports %s" % (os.path.relpath(path, tests), node.lineno, n)
                          for n in names if n.split(".")[-1].startswith("test_")]
    assert not wrong, "\n".join(wrong)
