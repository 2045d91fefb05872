"""A writer process for the store tests: appends multi-record batches to one encounter.

    python tests/store_writer.py URL ENCOUNTER WRITER_ID [ACTIONS]

Each action reads the head and appends a batch of 1..8 records; on a conflict it reads the
head again and retries. Every record carries its batch id, the batch size and its part number,
so a reader can tell a complete batch from a torn one.

With ACTIONS it writes that many batches and prints a JSON summary. Without, it is the crash
test's victim: once the store is open it prints ``ready``, waits for a line on its standard
input (so that several start up together before any of them loads the machine), then writes
until it is killed.
"""

from __future__ import annotations

import json
import random
import sys

from firefight.store import ConflictError, EncounterStore, open_store

PAD = "x" * 300  # makes a batch a few kilobytes, so a kill often lands mid-transaction


def batch(writer: str, number: int, size: int) -> list[dict[str, object]]:
    return [
        {"batch": f"{writer}:{number}", "size": size, "part": part, "pad": PAD}
        for part in range(size)
    ]


def append_on_the_head(
    store: EncounterStore, name: str, payloads: list[dict[str, object]]
) -> list[ConflictError]:
    """Append ``payloads`` after the head, read again after each conflict until it lands; the
    conflicts met on the way."""
    conflicts: list[ConflictError] = []
    while True:
        head = store.head(name)
        try:
            store.append(name, head, payloads)
            return conflicts
        except ConflictError as exc:
            conflicts.append(exc)


def main(url: str, name: str, writer: str, actions: int | None) -> None:
    rng = random.Random(writer)
    conflicts: list[str] = []
    done = 0
    with open_store(url) as store:
        if actions is None:
            print("ready", flush=True)
            sys.stdin.readline()
        while actions is None or done < actions:
            payloads = batch(writer, done, rng.randint(1, 8))
            conflicts += [str(c) for c in append_on_the_head(store, name, payloads)]
            done += 1
    print(json.dumps({"writer": writer, "actions": done, "conflicts": conflicts}), flush=True)


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(
        arguments[0], arguments[1], arguments[2], int(arguments[3]) if len(arguments) > 3 else None
    )
