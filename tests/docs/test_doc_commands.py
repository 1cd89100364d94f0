"""Every command in README.md and docs/*.md is run by this test or by CI, so the guide cannot drift.

A fenced ```sh block is one of three kinds, by the line before it:
- `<!-- run -->`: each command is run here (from the repository, `python` as this test's Python,
  with a time limit) and must exit 0;
- `<!-- run: ci [tests/test_x.py ...] -->`: commands too slow to run twice (`make test`,
  `make pico-test`, `make release`, ...). A `make` target must be one `make test` reaches, or its
  `python -m tools.X` must be imported by one of the test files the marker names (pytest runs
  them in `make test`); `python -m pytest FILES` must name test files that exist;
- anything else (a board, a terminal, a window, an hour of measuring): the `make` target must
  exist and use every variable the command sets, a `python -m` module's `--help` must work and
  name every `--option` the command uses, and any other program must be installed.
```python blocks with `>>>` are run as doctests, other ```python blocks are compiled. Every
relative link (and #anchor) in the README, docs/ and CHANGELOG.md must point to something that
exists."""
import doctest
import functools
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys

import pytest

from testkit import ROOT
PAGES = ["README.md", "CHANGELOG.md"] + sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
MARKER = re.compile(r"^<!-- run(?::\s*(ci)((?:\s+\S+)*))?\s*-->$")
RUN_TIMEOUT = 300   # seconds for one runnable command
KNOWN_PROGRAMS = {"make", "python", "mpremote"}


def read(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return f.read()


def blocks(text):
    """[(line number, language, marker, body)] of the fenced blocks; marker is None, ("run",) or
    ("ci", [test files])."""
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if not m or not m.group(1):
            i += 1
            continue
        prev = next((lines[j].strip() for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        mk = MARKER.match(prev)
        marker = None if not mk else (("ci", mk.group(2).split()) if mk.group(1) else ("run",))
        end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
        out.append((i + 1, m.group(1), marker, "\n".join(lines[i + 1:end])))
        i = end + 1
    return out


def commands(body):
    """Each non-empty line of a shell block as (env, argv): comments dropped, `VAR=value` before
    the program taken as its environment, `nice` dropped."""
    out = []
    for line in body.split("\n"):
        argv = shlex.split(line, comments=True)
        env = {}
        while argv and re.match(r"^[A-Z_][A-Z0-9_]*=", argv[0]):
            k, v = argv.pop(0).split("=", 1)
            env[k] = v
        if argv and argv[0] == "nice":
            argv.pop(0)
        if argv:
            out.append((env, argv))
    return out


def doc_commands():
    """pytest params: (page:line, marker, env, argv) for every command of every page."""
    params = []
    for page in PAGES:
        for line, lang, marker, body in blocks(read(page)):
            if lang != "sh":
                continue
            for env, argv in commands(body):
                params.append(pytest.param(marker, env, argv, id="%s:%d %s" % (page, line, " ".join(argv)[:60])))
    return params


# ---- the Makefile -----------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def makefile():
    """({target: [targets it needs or runs with $(MAKE)]}, {target: [python -m modules it runs]},
    the Makefile's text)."""
    text = read("Makefile")
    deps, modules, current = {}, {}, None
    for line in text.split("\n"):
        m = re.match(r"^([A-Za-z0-9_.\-]+(?:\s+[A-Za-z0-9_.\-]+)*)\s*:(?![=])\s*(.*)$", line)
        if m and not line.startswith("\t"):
            for t in m.group(1).split():
                deps.setdefault(t, []).extend(m.group(2).split())
                modules.setdefault(t, [])
            current = m.group(1).split()
            continue
        if line.startswith("\t") and current:
            for t in current:
                modules[t] += re.findall(r"\$\(PY\) -m ([\w.]+)", line)
                for call in re.findall(r"\$\(MAKE\)([^&;|]*)", line):
                    deps[t] += [w for w in call.split() if not w.startswith("-") and "=" not in w and "$" not in w]
        elif not line.startswith("\t"):
            current = None if line.strip() and not line.startswith("#") else current
    return deps, modules, text


def reached_by(target):
    deps, _, _ = makefile()
    seen, todo = set(), [target]
    while todo:
        t = todo.pop()
        if t not in seen:
            seen.add(t)
            todo += deps.get(t, [])
    return seen


def check_make(argv, env):
    """Problems with `make TARGET VAR=...`: a target the Makefile lacks, a variable it never reads."""
    deps, _, text = makefile()
    problems = []
    targets = [a for a in argv[1:] if "=" not in a and not a.startswith("-")]
    if not targets:
        problems.append("%s: no target" % " ".join(argv))
    for t in targets:
        if t not in deps:
            problems.append("make %s: no such target in the Makefile" % t)
    for a in [a for a in argv[1:] if "=" in a] + ["%s=" % k for k in env]:
        var = a.split("=", 1)[0]
        if "$(%s)" % var not in text and var not in ("CI",):
            problems.append("make ... %s: the Makefile never reads $(%s)" % (a, var))
    return problems


@functools.lru_cache(maxsize=None)
def module_help(module):
    res = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    return res.returncode, res.stdout + res.stderr


def check_python_module(argv):
    """Problems with `python -m MODULE ...`: --help fails, or an --option it does not name."""
    if len(argv) < 3 or argv[1] != "-m":
        return ["%s: only `python -m MODULE` commands are checked" % " ".join(argv)]
    rc, out = module_help(argv[2])
    if rc != 0:
        return ["python -m %s --help: exit %d\n%s" % (argv[2], rc, out[-2000:])]
    return ["python -m %s: %s is not in its --help" % (argv[2], a.split("=")[0])
            for a in argv[3:] if a.startswith("--") and not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(a.split("=")[0]), out)]


def check_exists(env, argv):
    if argv[0] == "make":
        return check_make(argv, env)
    if argv[0] == "python":
        return check_python_module(argv)
    if argv[0] not in KNOWN_PROGRAMS:
        return ["%s: a command this test does not know how to check (make, python -m, mpremote)" % " ".join(argv)]
    found = shutil.which(argv[0], path=os.path.join(ROOT, ".venv", "bin") + os.pathsep + os.environ.get("PATH", ""))
    return [] if found else ["%s: not installed" % argv[0]]


def check_ci(argv, test_files):
    """Problems with a command marked as run by CI."""
    if argv[:3] == ["python", "-m", "pytest"]:
        files = [a for a in argv[3:] if not a.startswith("-")]
        return ["%s: no such test file" % f for f in files if not (f.startswith("tests/") and os.path.exists(os.path.join(ROOT, f.split("::")[0])))] \
            or ([] if files else ["python -m pytest: name the test files CI runs"])
    if argv[0] != "make":
        return ["%s: only make targets and python -m pytest can be marked `run: ci`" % " ".join(argv)]
    problems = check_make(argv, {})
    if problems:
        return problems
    _, modules, _ = makefile()
    for t in [a for a in argv[1:] if "=" not in a]:
        if t in reached_by("test"):
            continue
        mods = [m for m in modules.get(t, []) if m.startswith("tools.")]
        covered = [f for f in test_files for m in mods if imports(f, m)]
        if not test_files or not mods or not covered:
            problems.append("make %s: `make test` does not reach it, and no test file the marker names (%s) "
                            "imports what it runs (%s)" % (t, " ".join(test_files) or "none", " ".join(mods) or "nothing"))
    return problems


def imports(test_file, module):
    """Whether a test file (run by make test's pytest) uses tools.X: imports it or runs it with -m."""
    if not os.path.exists(os.path.join(ROOT, test_file)) or not test_file.startswith("tests/"):
        return False
    src = read(test_file)
    pkg, name = module.rsplit(".", 1)
    return bool(re.search(r"\b%s\b" % re.escape(module), src)
                or re.search(r"^from %s import [^\n]*\b%s\b" % (re.escape(pkg), re.escape(name)), src, re.M))


# ---- the tests --------------------------------------------------------------------------------
@pytest.mark.parametrize("marker,env,argv", doc_commands())
def test_doc_command(marker, env, argv):
    if marker == ("run",):
        assert argv[0] == "python", "only python commands are run here; mark a make target `run: ci`"
        res = subprocess.run([sys.executable] + argv[1:], cwd=ROOT, env=dict(os.environ, **env),
                             capture_output=True, text=True, timeout=RUN_TIMEOUT)
        assert res.returncode == 0, "%s: exit %d\n%s" % (" ".join(argv), res.returncode, (res.stdout + res.stderr)[-3000:])
    elif marker and marker[0] == "ci":
        assert check_ci(argv, marker[1]) == []
    else:
        assert check_exists(env, argv) == []


def test_the_pages_have_commands_of_each_kind_and_every_ci_command_is_listed():
    """What the pages mark as run by CI (this list is the answer to "which slow commands does CI
    run?"): make test itself, the parts it runs, the release files' tests, the browser build."""
    kinds = {"run": 0, "ci": 0, "checked": 0}
    ci = set()
    for p in doc_commands():
        marker, env, argv = p.values
        kinds["checked" if marker is None else marker[0]] += 1
        if marker and marker[0] == "ci":
            ci.add(" ".join(argv[:2]))
    assert all(kinds.values()), kinds
    assert {"make test", "make pico-test", "make hwtest", "make release", "make firmware", "make web"} <= ci, ci


@pytest.mark.parametrize("page", PAGES)
def test_python_examples_run(page):
    for line, lang, marker, body in blocks(read(page)):
        if lang != "python":
            continue
        if ">>>" in body:
            test = doctest.DocTestParser().get_doctest(body, {}, "%s:%d" % (page, line), page, line)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            runner.run(test)
            assert runner.failures == 0, "%s:%d: the example's output differs (above)" % (page, line)
        else:
            compile(body, "%s:%d" % (page, line), "exec")


def test_no_command_hides_in_an_indented_block():
    """An indented code block is not checked; every command goes in a fenced block."""
    for page in PAGES:
        lines, fenced = read(page).split("\n"), False
        for i, line in enumerate(lines):
            if line.startswith("```"):
                fenced = not fenced
            elif not fenced and line.startswith("    ") and (i == 0 or not lines[i - 1].strip()) \
                    and re.match(r"\s+(make|python|mpremote|nice)\b", line):
                raise AssertionError("%s:%d: a command in an indented block: %r" % (page, i + 1, line))


def slug(heading):
    """GitHub's anchor for a heading."""
    s = heading.strip().lower().replace("`", "")
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(rel):
    text = re.sub(r"^```.*?^```", "", read(rel), flags=re.S | re.M)
    return {slug(m.group(1)) for m in re.finditer(r"^#+ (.*)$", text, re.M)}


def check_links(rel):
    problems = []
    text = re.sub(r"^```.*?^```", "", read(rel), flags=re.S | re.M)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"^[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(rel), path)) if path else rel
        if not os.path.exists(os.path.join(ROOT, dest)):
            problems.append("%s: link to %s: no such file" % (rel, target))
        elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
            problems.append("%s: link to %s: %s has no heading #%s" % (rel, target, dest, anchor))
    return problems


@pytest.mark.parametrize("page", PAGES)
def test_every_relative_link_points_to_a_file_and_heading_that_exist(page):
    assert check_links(page) == []


def test_the_checks_fail_on_drift(tmp_path, monkeypatch):
    """Each check can fail: a renamed target, an unread variable, an option the tool lacks, a
    module that is gone, a slow target marked CI that CI does not run, a broken link."""
    assert check_make(["make", "pico-tests"], {}) == ["make pico-tests: no such target in the Makefile"]
    assert check_make(["make", "flash", "PROT=/dev/ttyACM0"], {})[0].startswith("make ... PROT=")
    assert check_make(["make", "flash", "PORT=/dev/ttyACM0"], {}) == []
    assert check_python_module(["python", "-m", "host_sim", "--list-boards"]) == []
    assert check_python_module(["python", "-m", "host_sim", "--list-board"]) == ["python -m host_sim: --list-board is not in its --help"]
    assert check_python_module(["python", "-m", "tools.no_such_tool"])[0].startswith("python -m tools.no_such_tool --help: exit")
    assert check_ci(["make", "pico-test"], []) == []
    assert check_ci(["make", "pico-bench"], [])[0].startswith("make pico-bench: `make test` does not reach it")
    assert check_ci(["make", "release"], ["tests/budgets/test_bench.py"])[0].startswith("make release: `make test` does not reach it")
    assert check_ci(["make", "release"], ["tests/release/test_firmware.py"]) == []
    assert check_ci(["python", "-m", "pytest", "tests/test_nothing.py"], []) == ["tests/test_nothing.py: no such test file"]
    assert check_exists({}, ["frobnicate"])[0].startswith("frobnicate: a command this test does not know")
    page = tmp_path / "docs" / "x.md"
    page.parent.mkdir()
    page.write_text("# A page\n\n[ok](../README.md) [self](#a-page) [gone](gone.md) [anchor](../README.md#no-such-heading)\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", str(tmp_path))
    (tmp_path / "README.md").write_text("# meeple\n")
    assert check_links("docs/x.md") == ["docs/x.md: link to gone.md: no such file",
                                        "docs/x.md: link to ../README.md#no-such-heading: README.md has no heading #no-such-heading"]


def test_blocks_and_commands_parse_markers_comments_and_environment():
    text = "x\n<!-- run -->\n```sh\npython -m a --b \"c d\"  # why\n```\n\n<!-- run: ci tests/t.py -->\n```sh\nmake x\n```\n```sh\nMEEPLE_CUTS=every nice python -m pytest q\n```\n"
    b = blocks(text)
    assert [(lang, marker) for _, lang, marker, _ in b] == [("sh", ("run",)), ("sh", ("ci", ["tests/t.py"])), ("sh", None)]
    assert commands(b[0][3]) == [({}, ["python", "-m", "a", "--b", "c d"])]
    assert commands(b[2][3]) == [({"MEEPLE_CUTS": "every"}, ["python", "-m", "pytest", "q"])]
    assert slug("Budgets (DESIGN.md section 4), as measured") == "budgets-designmd-section-4-as-measured"
    assert slug("The emulated Pico: `make pico-test`, `make pico-test-all`") == "the-emulated-pico-make-pico-test-make-pico-test-all"
