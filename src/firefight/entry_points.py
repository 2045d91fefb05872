"""Entry points read from the installed distributions' ``entry_points.txt``, without
:mod:`importlib.metadata`.

Listing the installed rulesets is the first thing ``firefight --help`` does. Importing
importlib.metadata (it brings email, zipfile and csv) and building an object for every installed
distribution costs some 40% of importing typer, for two lines of text. This reads the files
importlib.metadata reads for entry points: ``entry_points.txt`` in each ``*.dist-info`` or
``*.egg-info`` directory of each ``sys.path`` directory, the first distribution of a name
winning, as it does. (Distributions inside zip archives on ``sys.path`` are not looked at.)

>>> [ep.value for ep in entry_points("firefight.rulesets") if ep.name == "rmu"]
['firefight.rulesets.rmu:RMU']
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from dataclasses import dataclass

__all__ = ["EntryPoint", "entry_points"]

_METADATA_DIRS = (".dist-info", ".egg-info")


@dataclass(frozen=True, slots=True)
class EntryPoint:
    """``name = module:attr.path [extras]`` in one group of an ``entry_points.txt``."""

    name: str
    value: str

    def load(self) -> object:
        """The object the entry point names, importing its module."""
        module, _, attr = self.value.partition(":")
        found: object = importlib.import_module(module.strip())
        for part in attr.partition("[")[0].strip().split(".") if attr else ():
            found = getattr(found, part)
        return found


def entry_points(group: str) -> list[EntryPoint]:
    """The entry points of ``group`` in every installed distribution, in ``sys.path`` order."""
    found: list[EntryPoint] = []
    seen: set[str] = set()
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:  # not a directory: a zip archive, or a path that does not exist
            continue
        for name in names:
            if not name.lower().endswith(_METADATA_DIRS):
                continue
            # "Foo_Bar-1.0.dist-info" is the distribution foo-bar (as importlib.metadata reads
            # the name, so that a distribution found twice on the path counts once).
            dist = re.sub(r"[-_.]+", "_", name.rpartition(".")[0].partition("-")[0]).lower()
            if dist in seen:
                continue
            seen.add(dist)
            found.extend(_read(os.path.join(entry or ".", name, "entry_points.txt"), group))
    return found


def _read(path: str, group: str) -> list[EntryPoint]:
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except OSError:  # a distribution without entry points, or an egg-info file
        return []
    found: list[EntryPoint] = []
    section = None
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group and "=" in line:
            name, _, value = line.partition("=")
            found.append(EntryPoint(name.strip(), value.strip()))
    return found
