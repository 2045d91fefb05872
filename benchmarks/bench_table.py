"""Benchmark: the same 3-round fight played through ``encounter play`` and through the plain
commands -- keystrokes typed and wall time (issue 17).

Run with ``python benchmarks/bench_table.py``. The warehouse raid is played for three rounds:
in each, everyone who can act in initiative order shoots the first enemy still up (3 AP) and
waits out their last AP, then the round ends. The plan is made once on a throwaway store (the
seeds fix every roll), then played twice into fresh SQLite stores:

- the plain way: one ``firefight encounter act|next-round raid ... --seed N`` process each;
- at the table: one ``firefight encounter play raid --seed S`` process, fed the same lines on
  its input (each command takes the next seed, so the dice are the same).

Both must end in the same state. Keystrokes count every character typed and Enter; at the
table also as typed with Tab completion (:class:`~firefight.cli.play.SessionCompleter`, from
the fight as it stands before each line): a word is typed up to where its completion is the
only one, then Tab. docs/table-play.md keeps the figures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from firefight.cli.play import Session, SessionCompleter
from firefight.dice import Dice
from firefight.encounter.scenario import load_scenario
from firefight.encounter.turns import next_up
from firefight.rulesets.rmu.vitals import vitals
from firefight.service import EncounterService
from firefight.store import open_store

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "examples" / "warehouse.toml"
SEED = 100
ROUNDS = 3
FIREFIGHT = str(Path(sys.executable).parent / "firefight")


def plan(
    service: EncounterService, name: str = "raid", tab_keys: list[int] | None = None
) -> list[str]:
    """The session lines of the fight (``next`` ends a round), played on ``service`` as it
    goes: command k (0 is the opening) rolls with seed ``SEED + k``. ``tab_keys`` gets the
    keystrokes of each line typed with Tab, completed from the fight as it stood then."""
    service.new(name, load_scenario(SCENARIO), Dice.seeded(SEED))
    lines: list[str] = []
    seed = SEED + 1

    def typing(line: str) -> None:
        if tab_keys is not None:
            completer = SessionCompleter(Session(service, name, confirm=lambda q: False))
            tab_keys.append(with_completion(line, completer))
        lines.append(line)

    while True:
        state = service.state(name)
        ruleset = service.current(name).ruleset
        up = next_up(state, ruleset)
        if not up:
            if state.round == ROUNDS:
                return lines
            typing("next")
            service.next_round(name, Dice.seeded(seed))
            seed += 1
            continue
        who = state.combatant(up[0][0])
        foes = [
            c for c in state.combatants if c.side != who.side and not c.bystander and c.can_act()
        ]
        gun = who.weapon()
        line = f"{who.name} waits"
        if (
            foes
            and gun is not None
            and gun.loaded
            and gun.loaded.rounds
            and vitals(who).ap_left >= 3
        ):
            line = f"{who.name} shoots {foes[0].name} --ap 3"
        typing(line)
        service.act(name, line, Dice.seeded(seed))
        seed += 1


def plain_commands(lines: Sequence[str], store: str) -> list[list[str]]:
    """The same fight as one command each, dice seeded as the session seeds them."""
    argv = [["encounter", "new", "raid", "--scenario", str(SCENARIO), "--seed", str(SEED)]]
    for k, line in enumerate(lines, start=1):
        seed = ["--seed", str(SEED + k), "--store", store]
        if line == "next":
            argv.append(["encounter", "next-round", "raid", *seed])
        else:
            argv.append(["encounter", "act", "raid", line, *seed])
    argv[0] += ["--store", store]
    return argv


def typed(argv: Sequence[str]) -> str:
    """A command as typed at a shell: what needs quoting quoted, the store left to the
    environment."""
    shown = []
    skip = False
    for part in argv:
        if skip:
            skip = False
            continue
        if part == "--store":
            skip = True
            continue
        shown.append(f'"{part}"' if " " in part else part)
    return "firefight " + " ".join(shown)


def with_completion(line: str, completer: SessionCompleter) -> int:
    """Keystrokes for ``line`` with Tab: each word typed up to where it is the only
    completion left, then Tab (when that is shorter), and a space after it; then Enter."""
    words = line.split()
    keys = 0
    for i, word in enumerate(words):
        options = list(completer.candidates(words[:i]))
        cost = len(word)
        for n in range(1, len(word)):
            left = [o for o in options if o.lower().startswith(word[:n].lower())]
            if left == [word]:
                cost = n + 1  # the prefix, then Tab
                break
        keys += cost + (1 if i < len(words) - 1 else 0)
    return keys + 1


def measure() -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rehearsal = EncounterService(open_store(f"sqlite:///{folder / 'plan.db'}"))
        line_keys: list[int] = []
        lines = plan(rehearsal, tab_keys=line_keys)
        env = {**os.environ, "FIREFIGHT_HOME": str(folder / "home"), "COLUMNS": "100"}

        plain_store = f"sqlite:///{folder / 'plain.db'}"
        commands = plain_commands(lines, plain_store)
        started = time.perf_counter()
        for argv in commands:
            subprocess.run([FIREFIGHT, *argv], env=env, check=True, capture_output=True)
        plain_seconds = time.perf_counter() - started
        plain_keys = sum(len(typed(argv)) + 1 for argv in commands)

        table_store = f"sqlite:///{folder / 'table.db'}"
        opening = [*commands[0][: commands[0].index("--store")], "--store", table_store]
        session = ["encounter", "play", "raid", "--seed", str(SEED + 1), "--no-history"]
        fed = "".join(f"{line}\n" for line in lines) + "quit\n"
        started = time.perf_counter()
        subprocess.run([FIREFIGHT, *opening], env=env, check=True, capture_output=True)
        subprocess.run(
            [FIREFIGHT, *session, "--store", table_store],
            input=fed,
            text=True,
            env=env,
            check=True,
            capture_output=True,
        )
        table_seconds = time.perf_counter() - started
        start_keys = len(typed(opening)) + 1 + len(typed(session)) + 1
        table_keys = start_keys + len(fed)
        tab_keys = start_keys + sum(line_keys) + len("quit\n")

        states = [
            json.loads(
                subprocess.run(
                    [FIREFIGHT, "encounter", "show", "raid", "--json", "--store", url],
                    env=env,
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
            )["combatants"]
            for url in (plain_store, table_store)
        ]
        if states[0] != states[1]:
            raise SystemExit("the two ways of playing ended in different states")
        return {
            "fight": f"{SCENARIO.name}, {ROUNDS} rounds, {len(lines)} commands",
            "plain": {"keystrokes": plain_keys, "seconds": round(plain_seconds, 2)},
            "session": {
                "keystrokes": table_keys,
                "keystrokes_with_tab": tab_keys,
                "seconds": round(table_seconds, 2),
            },
            "lines": lines,
        }


def main() -> None:
    result = measure()
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
