#!/usr/bin/env python3
"""A plain breadth-first Prism analyzer, written apart from levelscope, to
time `levelscope analyze --json` against side by side and to check its
counts: for each 2016 level file, every reachable position (the player, the
background, the living enemies as a set), the won ones, the dead ends, the
deadly moves and the shortest solution's length. One JSON line per file.

    scripts/prism_reference.py FILE...

The rules are docs/rules.md's (Prism, "One turn"), played on tuples.
"""

import json
import sys
from collections import deque

BLOCKS = {"r": 1, "g": 2, "y": 3, "b": 4, "m": 5, "c": 6, "w": 7}
SWITCHES = {"R": 1, "G": 2, "B": 4}
MOVES = ((0, -1), (1, 0), (0, 1), (-1, 0))


def read_2016(text):
    """The board as (width, height, cells, start, exit, background,
    enemies); a cell is None (floor), ("block", c) or ("switch", c)."""
    lines = [l.split() for l in text.splitlines() if l.split()]
    if not lines:
        raise ValueError("the file is empty")
    width, height = int(lines[0][0]), int(lines[0][1])
    background = int(lines[1][0])
    cells, enemies = {}, []
    start, exit_ = (0, 0), (width - 1, height - 1)
    for y in range(height):
        for x, token in enumerate(lines[2 + y][:width]):
            if token in BLOCKS:
                cells[(x, y)] = ("block", BLOCKS[token])
            elif token in SWITCHES:
                cells[(x, y)] = ("switch", SWITCHES[token])
            elif token == "s":
                start = (x, y)
            elif token == "f":
                exit_ = (x, y)
            elif token == "h":
                enemies.append((x, y, 1, 0))
            elif token == "v":
                enemies.append((x, y, 0, 1))
    return width, height, cells, start, exit_, background, tuple(sorted(enemies))


def analyse(level):
    width, height, cells, start, exit_, background, enemies = level

    def open_(x, y, bg):
        if not (0 <= x < width and 0 <= y < height):
            return False
        cell = cells.get((x, y))
        return cell is None or cell[0] == "switch" or cell[1] == bg

    def act(enemy, bg):
        x, y, dx, dy = enemy
        if not open_(x, y, bg):
            return None  # standing on a block that closed: destroyed
        if open_(x + dx, y + dy, bg):
            return (x + dx, y + dy, dx, dy)
        if open_(x - dx, y - dy, bg):
            return (x - dx, y - dy, -dx, -dy)
        return enemy

    def turn(state, move):
        (px, py), bg, foes = state
        to = (px + move[0], py + move[1])
        if not open_(to[0], to[1], bg):
            return "nomove"
        cell = cells.get(to)
        if cell is not None and cell[0] == "switch":
            bg ^= cell[1]
        if any((e[0], e[1]) == to for e in foes):
            return "caught"
        if to == exit_:
            return (to, bg, foes)
        acted = tuple(sorted(e for e in (act(e, bg) for e in foes) if e is not None))
        if any((e[0], e[1]) == to for e in acted):
            return "caught"
        return (to, bg, acted)

    first = (start, background, enemies)
    number = {first: 0}
    states = [first]
    edges = []
    deaths = 0
    queue = deque([0])
    while queue:
        n = queue.popleft()
        state = states[n]
        out = []
        if state[0] != exit_:
            for move in MOVES:
                after = turn(state, move)
                if after == "caught":
                    deaths += 1
                elif after != "nomove":
                    if after not in number:
                        number[after] = len(states)
                        states.append(after)
                        queue.append(number[after])
                    out.append(number[after])
        edges.append(out)
    # Distances to a win by a backward breadth-first search from every win.
    back = [[] for _ in states]
    for n, out in enumerate(edges):
        for m in out:
            back[m].append(n)
    distance = [None] * len(states)
    queue = deque()
    for n, state in enumerate(states):
        if state[0] == exit_:
            distance[n] = 0
            queue.append(n)
    while queue:
        n = queue.popleft()
        for p in back[n]:
            if distance[p] is None:
                distance[p] = distance[n] + 1
                queue.append(p)
    return {
        "states": len(states),
        "won_states": sum(1 for s in states if s[0] == exit_),
        "dead_ends": sum(1 for d in distance if d is None),
        "deaths": deaths,
        "solvable": distance[0] is not None,
        "shortest": distance[0],
    }


def main(paths):
    failed = False
    for path in paths:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                row = {"file": path, **analyse(read_2016(f.read()))}
        except (ValueError, IndexError) as e:
            row = {"file": path, "error": str(e)}
            failed = True
        print(json.dumps(row))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
