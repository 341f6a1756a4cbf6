#!/usr/bin/env python3
"""Runs levelscope and the Python reference on the first N levels of an XSB
collection and reports every disagreement.

    python3 tests/reference_py/compare.py N [--collection FILE]
        [--levelscope BIN] [--timeout SECONDS] [--max-states STATES]
        [--levels TITLE,TITLE,...]

Each level is cut out of the collection into a file of its own (its `; title`
comment and its board rows), in a temporary folder, and both programs read
that same file: `levelscope analyze --json FILE` and
`python3 sokoban_reference.py FILE`. A level that levelscope does not explore
whole (its state budget), or that the reference does not finish within
--timeout seconds, is reported as skipped, not as agreeing. --levels keeps,
of the first N, only the levels with those titles. Exit status: 0
when no level disagrees, 1 otherwise.

The default collection is Microban from shared/fixtures/sokoban beside the
project (or under LEVELSCOPE_REAL_LEVELS); it is third-party data and is never
copied into the repository.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent.parent
REFERENCE = HERE / "sokoban_reference.py"
FIELDS = ("states", "won_states", "dead_ends", "traps", "solvable", "shortest_moves", "min_pushes")
BOARD_CHARS = set("#.$*@+ -_")


def default_collection():
    real = os.environ.get("LEVELSCOPE_REAL_LEVELS")
    folder = Path(real) if real else PROJECT.parent / "shared" / "fixtures"
    return folder / "sokoban" / "microban_155.xsb"


def default_levelscope():
    target = os.environ.get("CARGO_TARGET_DIR", str(PROJECT / "target"))
    return str(Path(target) / "release" / "levelscope")


def is_board_row(line):
    return "#" in line and set(line) <= BOARD_CHARS


def cut_levels(text):
    """Yields (title, board rows) for every level of a collection: a run of
    board rows, titled by the last `;` comment line before it."""
    title, rows = None, []
    for line in text.splitlines() + [""]:
        line = line.rstrip("\r")
        if is_board_row(line):
            rows.append(line)
            continue
        if rows:
            yield title, rows
            rows = []
        if line.startswith(";"):
            title = line[1:].strip()


def run_json(command, timeout):
    """Runs a command and returns its one JSON line, or an error string."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"did not finish within {timeout} s"
    if done.returncode != 0:
        return f"exit {done.returncode}: {done.stderr.strip() or done.stdout.strip()}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int, help="compare the first COUNT levels")
    parser.add_argument("--collection", default=str(default_collection()))
    parser.add_argument("--levelscope", default=default_levelscope())
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds the reference may take a level")
    parser.add_argument("--max-states", type=int, default=30_000_000, help="levelscope's state budget")
    parser.add_argument("--levels", help="only the levels with these titles, comma-separated")
    args = parser.parse_args()

    text = Path(args.collection).read_text(encoding="utf-8")
    levels = list(cut_levels(text))[: args.count]
    if args.levels:
        wanted = set(args.levels.split(","))
        levels = [(title, rows) for title, rows in levels if title in wanted]
    agree, disagree, skipped = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        for index, (title, rows) in enumerate(levels):
            name = title or str(index + 1)
            path = Path(folder) / f"level_{index + 1}.xsb"
            path.write_text(f"; {name}\n\n" + "\n".join(rows) + "\n", encoding="utf-8")
            ours = run_json(
                [args.levelscope, "analyze", "--json", "--max-states", str(args.max_states), str(path)],
                None,
            )
            if isinstance(ours, str) or "states" not in ours:
                skipped.append(name)
                print(f"level {name}: skipped, levelscope: {ours}", flush=True)
                continue
            ref = run_json([sys.executable, str(REFERENCE), str(path)], args.timeout)
            if isinstance(ref, str):
                skipped.append(name)
                print(f"level {name}: skipped, reference: {ref} (levelscope: {ours['states']} states)", flush=True)
                continue
            differ = [f"{field}: levelscope {ours.get(field)} != reference {ref.get(field)}"
                      for field in FIELDS if ours.get(field) != ref.get(field)]
            if differ:
                disagree.append(name)
                print(f"level {name}: DISAGREE: " + "; ".join(differ), flush=True)
            else:
                agree.append(name)
                print(f"level {name}: agree ({ours['states']} states; levelscope {ours['elapsed_ms']} ms, "
                      f"reference {ref['elapsed_s']} s)", flush=True)
    print(f"{len(agree)} agree, {len(disagree)} disagree, {len(skipped)} skipped, of {len(levels)} levels")
    if disagree:
        print("disagree: " + ", ".join(disagree))
    if skipped:
        print("skipped: " + ", ".join(skipped))
    sys.exit(1 if disagree else 0)


if __name__ == "__main__":
    main()
