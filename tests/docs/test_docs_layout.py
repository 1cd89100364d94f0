"""The documentation matches the code: the README's tree of the code (section "The layout of the
code") against the folders and modules on disk, and docs/rules-cores.md's byte-layout tables
against the rules cores' offsets (`_NAME = const(offset)`).

The tree is read from the README, never written here, so moving modules into a new package only
needs the README's tree to say so."""
import os
import re

import pytest

from testkit import ROOT
README = os.path.join(ROOT, "README.md")
LAYOUT_HEADING = "## The layout of the code"
# folders that hold no project code of ours: installed packages, build output, caches
NOT_CODE = {".git", ".venv", "node_modules", "build", "records", "__pycache__", ".pytest_cache"}


def layout_block(text):
    """The ```text block of the README's layout section."""
    start = text.index(LAYOUT_HEADING)
    end = text.find("\n## ", start + 1)
    section = text[start:end if end > 0 else len(text)]
    m = re.search(r"^```text\n(.*?)^```", section, re.S | re.M)
    assert m, "the README's layout section has no ```text tree"
    return m.group(1)


def parse_tree(block):
    """The paths a tree lists, folders ending in '/'. Two spaces of indent per level; the first
    word of a line is its name, the rest says what it is."""
    paths, stack = [], []
    for n, line in enumerate(block.splitlines(), 1):
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        assert indent % 2 == 0, "tree line %d: indent of %d spaces, not a multiple of 2: %r" % (n, indent, line)
        level = indent // 2
        assert level <= len(stack), "tree line %d is indented under no folder: %r" % (n, line)
        del stack[level:]
        name = line.split()[0]
        parent = "".join(stack)
        assert parent == "" or parent.endswith("/"), "tree line %d is under a file: %r" % (n, line)
        paths.append(parent + name)
        stack.append(name if name.endswith("/") else name + "#")
    return paths


def code_on_disk(root):
    """What the tree must list: every package (a folder with __init__.py), every folder of Python
    modules inside firmware/meeple (a namespace package such as ui/), every module directly in
    firmware/meeple/, and every top-level folder that holds Python code."""
    need = set()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in NOT_CODE and not d.startswith("."))
        rel = os.path.relpath(dirpath, root).replace(os.sep, "/")
        if rel == ".":
            continue
        has_py = any(f.endswith(".py") for f in filenames)
        if "__init__.py" in filenames:
            need.add(rel + "/")
        if has_py and (rel.startswith("firmware/meeple/") or "/" not in rel):
            need.add(rel + "/")
        if rel == "firmware/meeple":
            need.update(rel + "/" + f for f in filenames if f.endswith(".py"))
    return need


def check_tree(paths, root):
    """The list of problems: listed paths that are missing, and code the tree does not list."""
    problems = []
    for p in paths:
        full = os.path.join(root, p.rstrip("/"))
        if p.endswith("/") and not os.path.isdir(full):
            problems.append("the README's tree lists %s, which is not a folder" % p)
        elif not p.endswith("/") and not os.path.isfile(full):
            problems.append("the README's tree lists %s, which does not exist" % p)
    listed = set(paths)
    for p in sorted(code_on_disk(root) - listed):
        problems.append("%s is not in the README's tree (section %r)" % (p, LAYOUT_HEADING[3:]))
    return problems


def readme_tree():
    with open(README) as f:
        return parse_tree(layout_block(f.read()))


def test_the_readme_tree_lists_every_package_and_top_level_module_and_nothing_missing():
    paths = readme_tree()
    assert len(paths) == len(set(paths)), "the tree lists a path twice"
    assert check_tree(paths, ROOT) == []


def test_the_tree_check_fails_for_a_missing_module_and_for_an_unlisted_package(tmp_path):
    """The check above can fail: a fake checkout with one module the tree lists gone, one package
    and one firmware/meeple module the tree does not list."""
    paths = readme_tree()
    for p in paths:
        full = tmp_path / p.rstrip("/")
        if p.endswith("/"):
            full.mkdir(parents=True, exist_ok=True)
        else:
            full.parent.mkdir(parents=True, exist_ok=True)
            full.write_text("")
    assert check_tree(paths, str(tmp_path)) == []
    (tmp_path / "firmware/meeple/storage/journal.py").unlink()
    (tmp_path / "firmware/meeple/power").mkdir()
    (tmp_path / "firmware/meeple/power/__init__.py").write_text("")
    (tmp_path / "firmware/meeple/sound.py").write_text("")
    (tmp_path / "tools/newpkg").mkdir()
    (tmp_path / "tools/newpkg/__init__.py").write_text("")
    problems = check_tree(paths, str(tmp_path))
    assert any("firmware/meeple/storage/journal.py, which does not exist" in p for p in problems), problems
    assert any(p.startswith("firmware/meeple/power/ is not") for p in problems), problems
    assert any(p.startswith("firmware/meeple/sound.py is not") for p in problems), problems
    assert any(p.startswith("tools/newpkg/ is not") for p in problems), problems


def test_parse_tree_nests_by_indent_and_refuses_a_line_under_a_file():
    assert parse_tree("a/\n  b.py   what b is\n  c/\n    d.py\ne/\n") == ["a/", "a/b.py", "a/c/", "a/c/d.py", "e/"]
    with pytest.raises(AssertionError):
        parse_tree("a.py\n  b.py\n")
    with pytest.raises(AssertionError):
        parse_tree("a/\n   b.py\n")


# ---- docs/rules-cores.md: the byte layouts ------------------------------------------------------
LAYOUTS = os.path.join(ROOT, "docs", "rules-cores.md")
ROW = re.compile(r"^\| (\d+) \| (\d+) \| `(\w+)` \|", re.M)


def module_offsets(path):
    with open(path) as f:
        return {m.group(1): int(m.group(2)) for m in re.finditer(r"^(\w+) = const\((\d+)\)", f.read(), re.M)}


def layout_tables():
    """{heading: [(offset, size, name)]} of the page's '## <Game>: the state bytearray' sections."""
    with open(LAYOUTS) as f:
        text = f.read()
    out = {}
    for sec in re.split(r"^## ", text, flags=re.M)[1:]:
        title = sec.split("\n", 1)[0]
        if "the state bytearray" in title:
            tables = [[(int(a), int(b), n) for a, b, n in ROW.findall(t)] for t in re.split(r"\n\n(?=[^|])", sec)]
            out[title] = [t for t in tables if t]
    return out


@pytest.mark.parametrize("game,seat_table", [("cacao", True), ("santiago", False)])
def test_the_byte_layout_tables_are_the_modules_offsets(game, seat_table):
    consts = module_offsets(os.path.join(ROOT, "firmware", "meeple", "core", game + ".py"))
    (title, tables), = [(t, v) for t, v in layout_tables().items() if t.lower().startswith(game)]
    assert "(%d bytes)" % consts["SIZE"] in title, "docs/rules-cores.md says %r; %s.SIZE is %d" % (title, game, consts["SIZE"])
    ends = [consts["SIZE"]] + ([consts["_SEAT_LEN"]] if seat_table else [])
    assert len(tables) == len(ends)
    for rows, end in zip(tables, ends):
        assert rows[0][0] == 0
        for i, (off, size, name) in enumerate(rows):
            assert consts.get(name) == off, "docs/rules-cores.md: %s at %d, %s.py says %s" % (name, off, game, consts.get(name))
            nxt = rows[i + 1][0] if i + 1 < len(rows) else end
            assert 0 < size <= nxt - off, "docs/rules-cores.md: %s is %d bytes, but the next field starts at %d" % (name, size, nxt)
    # every field of the state is in the table: the offsets of the main table are all the module's
    # constants from _VER(SION) to SIZE (those below SIZE that are not action bases or phases)
    main = {name for _, _, name in tables[0]}
    src = open(os.path.join(ROOT, "firmware", "meeple", "core", game + ".py")).read()
    layout_src = src[src.index("const(0)"):src.index("SIZE = const(")]
    fields = set(re.findall(r"^(_\w+) = const\(", layout_src, re.M))
    if seat_table:
        seat = {name for _, _, name in tables[1]}
        fields -= seat | {"_SEAT_LEN", "_QMAX"}
    assert fields - main == set(), "fields of %s.py's state not in docs/rules-cores.md" % game
