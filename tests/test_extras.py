"""The extras are split honestly: each installs what its features import, ``make run`` installs
what running needs and no test or lint tool, and a missing extra is named on one line."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions, requires
from pathlib import Path

import pytest

from firefight.cli import EXTRA_OF, MISSING_EXTRA, extra_hint

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
#: What only checks the code; running firefight never needs it.
TOOLS = {"pytest", "pytest-xdist", "hypothesis", "ruff", "mypy", "import-linter", "jsonschema"}


def _name(requirement: str) -> str:
    found = re.match(r"[A-Za-z0-9._-]+", requirement)
    assert found is not None
    return re.sub(r"[-_.]+", "-", found.group()).lower()


def _names(requirements: list[str]) -> set[str]:
    return {_name(r) for r in requirements}


def _brought(requirements: list[str]) -> set[str]:
    """What the requirements' own extras install besides them (``dask[distributed]``)."""
    found = set()
    for requirement in requirements:
        extras = re.search(r"\[(.*?)\]", requirement)
        for extra in extras.group(1).split(",") if extras else ():
            marker = f'extra == "{extra.strip()}"'
            found |= {_name(r) for r in requires(_name(requirement)) or () if marker in r}
    return found


def _distributions(module: str) -> set[str]:
    return {_name(d) for d in packages_distributions().get(module, [module])}


def _imported_outside_firefight() -> dict[str, set[str]]:
    """Each third-party top-level module any source file imports -> the files importing it."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "src" / "firefight").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.partition(".")[0]
                if top not in sys.stdlib_module_names and top not in ("firefight", "__future__"):
                    found.setdefault(top, set()).add(path.relative_to(ROOT).as_posix())
    return found


@pytest.mark.parametrize("extra", ["cli", "odds", "dask", "postgres", "web"])
def test_each_extra_installs_what_its_modules_need(extra: str) -> None:
    """An extra lists the distributions of the modules firefight names it for, and nothing
    else."""
    named = set().union(*(_distributions(m) for m, e in EXTRA_OF.items() if e == extra))
    listed = PYPROJECT["optional-dependencies"][extra]
    # An extra may bring another of firefight's own (web brings cli).
    own = _names(listed) - {"firefight"}
    assert own <= named <= own | _brought(listed)


def test_every_module_imported_is_a_dependency_or_an_extra() -> None:
    base = _names(PYPROJECT["dependencies"])
    # A base dependency's own (pydantic's core) is installed with it.
    base |= {_name(r) for d in base for r in requires(d) or () if "extra ==" not in r}
    for module, files in _imported_outside_firefight().items():
        assert module in EXTRA_OF or _distributions(module) <= base, (module, sorted(files))


def test_the_command_line_s_libraries_stay_in_its_modules() -> None:
    """typer and rich are imported only by the command line and the rulesets' cli adapters:
    the library runs without the ``cli`` extra."""
    for module in ("typer", "rich"):
        for file in _imported_outside_firefight()[module]:
            # `firefight serve` is a command too: its module lives with the web layer.
            command = file in ("src/firefight/web/serve.py",)
            assert file.startswith("src/firefight/cli/") or "/cli/" in file or command, file


def test_make_run_installs_what_running_needs_and_no_tool() -> None:
    makefile = (ROOT / "Makefile").read_text()
    recipe = re.search(r"^\$\(RUN_STAMP\):.*\n\t(.*)\n", makefile, re.M)
    assert recipe is not None
    extras = re.search(r"-e '\.\[(.*?)\]'", recipe.group(1))
    assert extras is not None and extras.group(1).split(",") == ["cli", "odds", "web"]
    for extra in ("cli", "odds", "web"):
        assert not _names(PYPROJECT["optional-dependencies"][extra]) & TOOLS
    assert _names(PYPROJECT["optional-dependencies"]["dev"]) >= TOOLS


def test_a_missing_odds_extra_gives_a_one_line_install_hint() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None; from firefight.cli import main\n"
        "sys.argv = ['firefight', 'odds', 'rmu', 'shoot', '--weapon', 'glock-17', '--ob', '65',"
        " '--distance', '40']\n"
        "main()"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f"{extra_hint('numpy')}\n"
    assert "pip install 'firefight[odds]'" in done.stderr


def test_every_hint_is_one_line_naming_its_extra() -> None:
    assert extra_hint("typer") == extra_hint("rich.console") == MISSING_EXTRA
    for module, extra in EXTRA_OF.items():
        hint = extra_hint(module)
        assert hint is not None and "\n" not in hint
        assert f"pip install 'firefight[{extra}]'" in hint
    assert extra_hint("yaml") is None
