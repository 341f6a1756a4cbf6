#!/usr/bin/env python3
"""Check levelscope's relative effort scores against designers' orderings.

Usage:
    python3 scripts/effort_check.py [--levelscope BIN] [FIXTURES_DIR]

FIXTURES_DIR is the real levels' folder; by default the one the tests
find (LEVELSCOPE_REAL_LEVELS, see docs/tests.md). No kind but Rush Hour has data on
players, so the uncalibrated scores (Sokoban, Prism, Tangram) are checked
against what the levels' designers said about them:

- Sokoban: Microban (155 levels) is ordered by its designer from easy to
  hard: Spearman rho of each level's score against its number.
- Prism: rho of the score against the level number inside each pack of
  the game, averaged over the packs (weighted by size), and against the
  word in the names of the packs that say one (easy 1, medium 2, hard 3).
- Tangram: the seven saved puzzles; two are named "hard".

Each check is also run with the shortest solution alone (and for Prism the
game's own difficulty formula, which levelscope computes), so the table
says what the model adds to length. Standard library only.
"""

import json
import os
import subprocess
import sys

from effort_stats import real_levels_dir, spearman


def analyze(levelscope, files):
    out = subprocess.run(
        [levelscope, "analyze", "--json", *files],
        capture_output=True,
        text=True,
    ).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def scored(rows):
    """(index, score, shortest, row) of the rows with a score."""
    out = []
    for i, row in enumerate(rows):
        effort = row.get("effort") or {}
        if effort.get("score") is not None:
            out.append((i, effort["score"], effort["metrics"].get("shortest"), row))
    return out


def median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def sokoban(levelscope, fixtures):
    rows = analyze(levelscope, [os.path.join(fixtures, "sokoban", "microban_155.xsb")])
    s = scored(rows)
    numbers = [i + 1 for i, *_ in s]
    print(f"Sokoban, Microban: {len(s)} of {len(rows)} levels scored (the others stop at the budget)")
    print(f"  rho(score, level number)    {spearman([x[1] for x in s], numbers):.3f}")
    print(f"  rho(shortest, level number) {spearman([x[2] for x in s], numbers):.3f}")
    print()


def level_number(name):
    return int(os.path.basename(name).removeprefix("level").removesuffix(".txt"))


def prism(levelscope, fixtures):
    base = os.path.join(fixtures, "prism")
    total = {"score": 0.0, "shortest": 0.0, "difficulty": 0.0}
    weight = 0
    # The levels of the packs whose names say a difficulty, with it.
    labelled = []
    labels = {"easy": 1, "medium": 2, "hard": 3}
    print("Prism, each pack by level number:")
    print("  pack          scored  rho(score)  rho(shortest)  rho(difficulty)  median score")
    for pack in sorted(os.listdir(base)):
        files = sorted(
            (os.path.join(base, pack, f) for f in os.listdir(os.path.join(base, pack))),
            key=level_number,
        )
        rows = analyze(levelscope, files)
        s = [x for x in scored(rows) if x[3].get("difficulty") is not None]
        if len(s) < 3:
            continue
        numbers = [level_number(x[3]["file"]) for x in s]
        label = labels.get(pack.rsplit("_", 1)[-1])
        if label is not None:
            labelled.extend((label, x) for x in s)
        rho = {
            "score": spearman([x[1] for x in s], numbers),
            "shortest": spearman([x[2] for x in s], numbers),
            "difficulty": spearman([x[3]["difficulty"] for x in s], numbers),
        }
        for k in total:
            total[k] += rho[k] * len(s)
        weight += len(s)
        print(
            f"  {pack:<13} {len(s):>6}  {rho['score']:>10.3f}  {rho['shortest']:>13.3f}  "
            f"{rho['difficulty']:>15.3f}  {median([x[1] for x in s]):>12.2f}"
        )
    print(
        f"  weighted mean        {total['score'] / weight:>10.3f}  {total['shortest'] / weight:>13.3f}"
        f"  {total['difficulty'] / weight:>15.3f}"
    )
    tags = [label for label, _ in labelled]
    print(
        f"Prism, the {len(labelled)} levels of the packs named easy, medium or hard, against that word:"
    )
    print(
        f"  rho(score) {spearman([x[1] for _, x in labelled], tags):.3f}"
        f"  rho(shortest) {spearman([x[2] for _, x in labelled], tags):.3f}"
        f"  rho(difficulty) {spearman([x[3]['difficulty'] for _, x in labelled], tags):.3f}"
    )
    print()


def tangram(levelscope, fixtures):
    base = os.path.join(fixtures, "tangram")
    files = sorted(os.path.join(base, f) for f in os.listdir(base))
    rows = analyze(levelscope, files)
    print("Tangram, the saved puzzles by score:")
    for row in sorted(rows, key=lambda r: (r.get("effort") or {}).get("score") or -1):
        effort = row.get("effort") or {}
        m = effort.get("metrics", {})
        print(
            f"  {os.path.basename(row['file']):<10} score {effort.get('score')}  "
            f"solutions {m.get('solutions')}  search nodes {m.get('search_nodes')}"
        )


def main(argv):
    args = argv[1:]
    levelscope = "target/release/levelscope"
    if "--levelscope" in args:
        i = args.index("--levelscope")
        levelscope = args[i + 1]
        del args[i : i + 2]
    if len(args) > 1:
        print(__doc__, file=sys.stderr)
        return 2
    fixtures = args[0] if args else real_levels_dir()
    sokoban(levelscope, fixtures)
    prism(levelscope, fixtures)
    tangram(levelscope, fixtures)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
