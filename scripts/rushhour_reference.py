#!/usr/bin/env python3
"""A plain breadth-first Rush Hour analyzer, written apart from levelscope,
to time `levelscope analyze --json` against side by side and to check its
counts: for each puzzle, every position reachable from the start (won ones
included, a won position is not played on), the won ones and the fewest
moves to a win. One JSON line per puzzle, then a total line with the states
per second of the searches alone.

    scripts/rushhour_reference.py FILE...

A file that cannot be read gets a line with its error instead (exit
status 1). A FILE is either the archive's JSON (one 6 x 6 puzzle: `cars` with
`length`, `orientation`, `position` = row * 6 + column, `player`) or a text
of Fogleman lines, one puzzle a line (`moves board cluster-size` or the
bare board of n * n characters: `o`/`.` empty, `x` a wall, `A` the primary,
other capitals vehicles). The rules are docs/rules.md's (Rush Hour): one
move slides one vehicle any number of free cells along its line; the level
is won when the primary's right end is on the last column. Python 3 and
its standard library only.
"""

import json
import sys
import time
from collections import deque


def read_archive(value):
    """The archive's JSON: (width, height, walls, vehicles), the primary
    first; a vehicle is (x, y, length, horizontal)."""
    primary, others = None, []
    for car in value["cars"]:
        position = int(car["position"])
        vehicle = (
            position % 6,
            position // 6,
            int(car["length"]),
            car["orientation"] == "horizontal",
        )
        if car["player"]:
            if primary is not None:
                raise ValueError("two primary cars")
            primary = vehicle
        else:
            others.append(vehicle)
    if primary is None:
        raise ValueError("no primary car (no car with player true)")
    return 6, 6, frozenset(), (primary, *others)


def read_line(line):
    """A Fogleman line: (width, height, walls, vehicles), the primary
    first."""
    words = [w for w in line.split() if not w.isdigit()]
    if len(words) != 1:
        raise ValueError(f"not one board in {line!r}")
    cells = words[0]
    n = next((n for n in range(4, 11) if n * n == len(cells)), None)
    if n is None:
        raise ValueError(f"{len(cells)} board characters is no n x n board (n 4 to 10)")
    walls, where = set(), {}
    for i, c in enumerate(cells):
        if c == "x":
            walls.add((i % n, i // n))
        elif "A" <= c <= "Z":
            where.setdefault(c, []).append(i)
        elif c not in "o.":
            raise ValueError(f"{c!r} at cell {i} is no board character")
    if "A" not in where:
        raise ValueError("no primary vehicle A")
    vehicles = []
    for letter in sorted(where, key=lambda c: (c != "A", c)):
        at = where[letter]
        horizontal = len(at) > 1 and at[1] == at[0] + 1
        step = 1 if horizontal else n
        straight = all(i == at[0] + k * step for k, i in enumerate(at))
        if len(at) < 2 or not straight or (horizontal and at[-1] // n != at[0] // n):
            raise ValueError(f"vehicle {letter} is not a straight line of 2 or more cells")
        if letter == "A" and not horizontal:
            raise ValueError("the primary vehicle A is vertical")
        vehicles.append((at[0] % n, at[0] // n, len(at), horizontal))
    return n, n, frozenset(walls), tuple(vehicles)


def analyse(puzzle):
    """(states, won_states, shortest_moves) by breadth-first search."""
    width, height, walls, start = puzzle

    def won(state):
        x, _, length, _ = state[0]
        return x + length == width

    def moves(state):
        taken = set(walls)
        for x, y, length, horizontal in state:
            for k in range(length):
                taken.add((x + k, y) if horizontal else (x, y + k))
        for i, (x, y, length, horizontal) in enumerate(state):
            for sign in (-1, 1):
                d = 1
                while True:
                    lead = -d if sign < 0 else length - 1 + d
                    cx, cy = (x + lead, y) if horizontal else (x, y + lead)
                    if not (0 <= cx < width and 0 <= cy < height) or (cx, cy) in taken:
                        break
                    shift = sign * d
                    moved = (x + shift, y, length, True) if horizontal else (x, y + shift, length, False)
                    yield state[:i] + (moved,) + state[i + 1:]
                    d += 1

    depth = {start: 0}
    queue = deque([start])
    won_states, shortest = 0, None
    while queue:
        state = queue.popleft()
        if won(state):
            won_states += 1
            if shortest is None:
                shortest = depth[state]
            continue
        for nxt in moves(state):
            if nxt not in depth:
                depth[nxt] = depth[state] + 1
                queue.append(nxt)
    return len(depth), won_states, shortest


def puzzles(path):
    """(name, puzzle) for each puzzle of a file."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text.lstrip().startswith("{"):
        yield path, read_archive(json.loads(text))
        return
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            yield f"{path}:{number}", read_line(line)


def main(paths):
    if not paths:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: rushhour_reference.py FILE...", file=sys.stderr)
        return 2
    total_states, total_seconds, count, failed = 0, 0.0, 0, 0
    for path in paths:
        try:
            read = list(puzzles(path))
        except KeyError as error:
            print(json.dumps({"file": path, "error": f"a car lacks the field {error}"}))
            failed += 1
            continue
        except (OSError, ValueError, TypeError) as error:
            # json.JSONDecodeError is a ValueError.
            print(json.dumps({"file": path, "error": str(error)}))
            failed += 1
            continue
        for name, puzzle in read:
            began = time.perf_counter()
            states, won_states, shortest = analyse(puzzle)
            seconds = time.perf_counter() - began
            total_states += states
            total_seconds += seconds
            count += 1
            print(json.dumps({
                "file": name,
                "states": states,
                "won_states": won_states,
                "solvable": shortest is not None,
                "shortest_moves": shortest,
                "elapsed_s": round(seconds, 4),
            }))
    print(json.dumps({
        "puzzles": count,
        "states": total_states,
        "elapsed_s": round(total_seconds, 3),
        "states_per_s": round(total_states / total_seconds) if total_seconds > 0 else None,
    }))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
