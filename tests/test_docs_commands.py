"""Every command the README and docs/*.md show runs as written (issue 17).

A command is a line starting ``firefight `` (or ``$ firefight `` in a console block) in a
fenced block marked ``sh``, ``shell``, ``console`` or not marked at all; a ``\\`` at the end of
a line goes on on the next. The commands of one page run in order, in a folder of their own
(``examples/`` reachable from it) with a store and a data folder of their own, so that a page
may create an encounter and go on with it; a command whose comment says ``# refused: RULE``
must be refused under that rule. In a ``console`` block the lines after a command, up to the
next ``$``, are what it prints: each must come out as shown, in the order shown (a ``...``
line, or none, stands for lines left out), so the output a page shows is the program's. A
synopsis (``...``, ``[--option]``, ``a | b``) is not a command: it belongs in a ``text`` block,
and the test says so.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHELL_BLOCKS = {"", "sh", "shell", "console", "bash"}
_FENCE = re.compile(r"^```(\w*)\s*$")
_REFUSED = re.compile(r"#\s*refused:\s*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)")
_SYNOPSIS = re.compile(r"\.\.\.|\[--|\s\|\s")


@dataclass(frozen=True)
class Command:
    page: str
    line: int
    text: str
    shown: tuple[str, ...] = ()  # what a console block says it prints

    @property
    def argv(self) -> list[str]:
        return shlex.split(self.text, comments=True)


def commands(page: Path) -> list[Command]:
    """The commands ``page`` shows, in order."""
    found: list[Command] = []
    lang: str | None = None
    pending = ""
    start = 0
    shown: list[str] | None = None  # output lines after a console block's last command
    for number, raw in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        fence = _FENCE.match(raw.strip())
        if fence:
            lang = None if lang is not None else fence.group(1)
            _close(found, shown)
            shown = None
            continue
        if lang is None or lang not in SHELL_BLOCKS:
            continue
        line = raw.strip()
        if pending:
            pending += " " + line.rstrip("\\").strip()
        else:
            if lang == "console":
                if not line.startswith("$ "):
                    if shown is not None:
                        shown.append(raw.rstrip())
                    continue
                _close(found, shown)
                shown = None
                line = line[2:]
            if not line.startswith("firefight "):
                continue
            pending, start = line.rstrip("\\").strip(), number
        if not line.endswith("\\"):
            found.append(Command(page=page.name, line=start, text=pending))
            pending = ""
            if lang == "console":
                shown = []
    _close(found, shown)
    return found


def _close(found: list[Command], shown: list[str] | None) -> None:
    """Give the last command the output lines its console block showed after it."""
    if shown:
        last = found[-1]
        found[-1] = Command(last.page, last.line, last.text, tuple(shown))


def _missing(shown: tuple[str, ...], out: str) -> str | None:
    """The first line of ``shown`` that ``out`` does not print in its place, if any."""
    printed = iter(line.rstrip() for line in out.splitlines())
    for line in shown:
        if line.strip() != "..." and line not in printed:
            return line
    return None


ALL = [c for page in PAGES for c in commands(page)]


def test_the_pages_show_commands() -> None:
    assert len(ALL) >= 60
    assert {c.page for c in ALL} >= {"README.md", "rmu.md", "cpr.md", "odds.md", "gurps.md"}


@pytest.mark.parametrize("command", ALL, ids=[f"{c.page}:{c.line}" for c in ALL])
def test_no_synopsis_where_a_command_belongs(command: Command) -> None:
    assert not _SYNOPSIS.search(command.text.split(" #")[0]), (
        f"{command.page}:{command.line} is a synopsis, not a command: write a command that "
        "runs, or move it to a ```text block"
    )


#: Commands that change what the user's data folder gives the rules: a process reads the user's
#: catalogs and tables once, so a page's later commands each run in a process of their own, as
#: a user's next command would.
_CHANGING_DATA = (["catalog", "add"], ["tables", "import"])


def _run(argv: list[str], env: dict[str, str], cwd: Path, *, apart: bool) -> tuple[int, str]:
    if argv[1] == "serve":
        pytest.fail("`firefight serve` runs until stopped: show it in a ```text block")
    if apart or argv[1:3] == ["encounter", "play"]:
        # Run it for real: the session reads a terminal, here a pipe that says quit.
        done = subprocess.run(
            [sys.executable, "-c", "from firefight.cli import main; main()", *argv[1:]],
            input="show\nquit\n",
            capture_output=True,
            text=True,
            env={**os.environ, **env},
            cwd=cwd,
            timeout=120,
        )
        return done.returncode, done.stdout + done.stderr
    old = Path.cwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(app, argv[1:], env=env)
    finally:
        os.chdir(old)
    return result.exit_code, result.output


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_command_on_the_page_runs(page: Path, tmp_path: Path) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    env = {
        "FIREFIGHT_DATABASE_URL": f"sqlite:///{tmp_path / 'docs.db'}",
        "FIREFIGHT_HOME": str(tmp_path / "home"),
        "COLUMNS": "100",
    }
    failed = []
    apart = False
    for command in commands(page):
        argv = command.argv
        if ">" in argv:  # a redirection: the command's output goes to a file
            at = argv.index(">")
            argv, target = argv[:at], argv[at + 1]
            code, out = _run(argv, env, tmp_path, apart=apart)
            (tmp_path / target).write_text(out, encoding="utf-8")
        else:
            code, out = _run(argv, env, tmp_path, apart=apart)
        apart = apart or argv[1:3] in _CHANGING_DATA
        refused = _REFUSED.search(command.text)
        if refused and (code != 2 or refused.group(1) not in out):
            # a page may show a refusal: it must come, under the rule it names
            failed.append(f"{command.page}:{command.line}: not refused as it says\n{out}")
        elif not refused and code != 0:
            failed.append(f"{command.page}:{command.line}: {command.text}\n{out[-600:]}")
        elif (missing := _missing(command.shown, out)) is not None:
            failed.append(
                f"{command.page}:{command.line}: the page shows\n{missing}\nbut it prints\n{out}"
            )
    assert not failed, "\n\n".join(failed)


def test_a_console_block_shows_what_the_command_prints(tmp_path: Path) -> None:
    """The lines after a console command are its output, checked in order, `...` a gap."""
    page = tmp_path / "page.md"
    page.write_text(
        "```console\n$ firefight rmu maneuver --bonus 40 \\\n    --rolls 55\nfirst\n...\nlast\n"
        "$ firefight rmu maneuver --bonus 0 --rolls 5\n```\n\n```sh\nfirefight x\n# said\n```\n",
        encoding="utf-8",
    )
    first, second, third = commands(page)
    assert first.shown == ("first", "...", "last") and first.line == 2
    assert second.shown == () and third.shown == ()
    assert _missing(first.shown, "a\nfirst\nb\nlast  \n") is None
    assert _missing(first.shown, "last\nfirst\n") == "last"  # out of order
    assert _missing(first.shown, "first\nlast, changed\n") == "last"


def test_the_readme_opens_with_make_run_then_make_test() -> None:
    """A fresh user's first two commands: `make run` builds .venv and plays the bundled fight
    (`firefight demo`), `make test` checks everything; both are targets of the Makefile."""
    shown = [
        line.split("#")[0].strip()
        for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("    ") or line.startswith("make ")
    ]
    assert shown[:2] == ["make run", "make test"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    run = makefile[makefile.index("\nrun:") :].split("\n\n")[0]
    assert "firefight demo" in run
    assert re.search(r"^test: lint typecheck unit$", makefile, flags=re.M)
