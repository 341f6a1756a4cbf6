#!/usr/bin/env python3
"""A plain Sokoban analyzer, written from the rules (docs/rules.md, "Sokoban"),
to check `levelscope analyze --json` against and to time it beside.

    python3 sokoban_reference.py LEVEL.xsb

reads ONE level in XSB and prints one JSON object with the figures that
levelscope's `--json` prints under the same names (states, won_states,
dead_ends, traps, solvable, shortest_moves, min_pushes) plus elapsed_s and
states_per_s (the analysis alone, reading the file excluded).

The rules, as used here:
- A state is the player's cell and the SET of box cells (kept as a sorted
  tuple: the same set always gives the same tuple, and it takes far less
  memory than a frozenset).
- One move: the player steps up, down, left or right. Onto floor or a goal it
  is a step. Into a box it is a push: the box moves one cell the same way if
  the cell beyond is floor or a goal with no box; the player takes the box's
  cell. Anything else is no move.
- The level is won when every box stands on a goal; a win ends play, so a
  won state has no moves out.
- dead_ends: reachable states from which no won state can be reached.
- traps: moves from a winnable, non-won state into a dead end.
- shortest_moves: fewest moves from the start to a won state.
- min_pushes: fewest pushes over all solutions (a step costs 0, a push 1).

Standard library only. It is meant to be read, not to be fast.
"""

import json
import sys
import time
from collections import deque

WALL, FLOOR, GOAL, BOX, BOX_ON_GOAL, PLAYER, PLAYER_ON_GOAL = "#", " ", ".", "$", "*", "@", "+"


def read_level(text):
    """Reads one XSB level: returns (walls, goals, boxes, player, width).

    Cells are numbers row * width + column on a board padded with walls:
    one wall row above and below, one wall column left and right, so that a
    step (+-1, +-width) from any open cell stays on the board. Rows may be
    ragged; cells past a row's end are walls. `-` and `_` are floor.
    Lines that start with `;` (comments) and lines that are not board rows
    (e.g. a `Title:` line) are skipped.
    """
    rows = []
    for line in text.splitlines():
        line = line.rstrip("\r\n")
        if line.startswith(";"):
            continue
        if line.strip() and set(line) <= set("#.$*@+ -_"):
            rows.append(line.replace("-", FLOOR).replace("_", FLOOR))
    if not rows:
        sys.exit("no board rows in the file")
    width = max(len(row) for row in rows) + 2
    height = len(rows) + 2
    walls, goals, boxes, players = set(), set(), set(), []
    for r in range(height):
        for c in range(width):
            inside = 1 <= r <= len(rows) and 1 <= c <= len(rows[r - 1])
            ch = rows[r - 1][c - 1] if inside else WALL
            cell = r * width + c
            if ch == WALL:
                walls.add(cell)
            if ch in (GOAL, BOX_ON_GOAL, PLAYER_ON_GOAL):
                goals.add(cell)
            if ch in (BOX, BOX_ON_GOAL):
                boxes.add(cell)
            if ch in (PLAYER, PLAYER_ON_GOAL):
                players.append(cell)
    if len(players) != 1:
        sys.exit(f"the level needs exactly one player, it has {len(players)}")
    if not boxes or len(boxes) != len(goals):
        sys.exit(f"the level needs as many boxes as goals (at least one): {len(boxes)} boxes, {len(goals)} goals")
    return walls, goals, tuple(sorted(boxes)), players[0], width


def analyze(walls, goals, start_boxes, start_player, width):
    """Explores every reachable state and works out the figures."""
    directions = (-width, width, -1, 1)  # up, down, left, right

    def is_won(state):
        _, boxes = state
        return all(box in goals for box in boxes)

    def moves(state):
        """Every move out of a state: (next state, 1 if a push else 0)."""
        player, boxes = state
        if is_won(state):
            return  # a win ends play
        for d in directions:
            ahead = player + d
            if ahead in walls:
                continue
            if ahead in boxes:
                beyond = ahead + d
                if beyond in walls or beyond in boxes:
                    continue
                moved = tuple(sorted(beyond if box == ahead else box for box in boxes))
                yield (ahead, moved), 1
            else:
                yield (ahead, boxes), 0

    # 1. Breadth-first search from the start: ids in BFS order, depth of each
    #    state, and the reversed edges (predecessors) of every state.
    start = (start_player, start_boxes)
    ids = {start: 0}
    states = [start]
    depth = [0]
    predecessors = [[]]
    queue = deque([0])
    while queue:
        s = queue.popleft()
        for nxt, _push in moves(states[s]):
            t = ids.get(nxt)
            if t is None:
                t = len(states)
                ids[nxt] = t
                states.append(nxt)
                depth.append(depth[s] + 1)
                predecessors.append([])
                queue.append(t)
            predecessors[t].append(s)

    won = [is_won(state) for state in states]

    # 2. Winnable states: backward reachability from the won states.
    winnable = list(won)
    queue = deque(i for i, w in enumerate(won) if w)
    while queue:
        t = queue.popleft()
        for s in predecessors[t]:
            if not winnable[s]:
                winnable[s] = True
                queue.append(s)
    dead_ends = winnable.count(False)

    # 3. Traps: moves from a winnable, non-won state into a dead end. Two
    #    moves out of one state never reach the same state (the player ends
    #    on different cells), so each predecessor entry is one move.
    traps = 0
    for t in range(len(states)):
        if not winnable[t]:
            traps += sum(1 for s in predecessors[t] if winnable[s] and not won[s])

    # 4. Shortest solution: the BFS depth of the shallowest won state.
    won_depths = [depth[i] for i in range(len(states)) if won[i]]
    shortest_moves = min(won_depths) if won_depths else None

    # 5. Fewest pushes: 0-1 breadth-first search from the start, a step
    #    costing 0 and a push 1.
    min_pushes = None
    if won_depths:
        pushes = [None] * len(states)
        pushes[0] = 0
        queue = deque([0])
        done = [False] * len(states)
        while queue:
            s = queue.popleft()
            if done[s]:
                continue
            done[s] = True
            if won[s]:
                min_pushes = pushes[s]
                break
            for nxt, push in moves(states[s]):
                t = ids[nxt]
                if pushes[t] is None or pushes[s] + push < pushes[t]:
                    pushes[t] = pushes[s] + push
                    if push:
                        queue.append(t)
                    else:
                        queue.appendleft(t)

    return {
        "states": len(states),
        "won_states": sum(won),
        "dead_ends": dead_ends,
        "traps": traps,
        "solvable": bool(won_depths),
        "shortest_moves": shortest_moves,
        "min_pushes": min_pushes,
    }


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: sokoban_reference.py LEVEL.xsb")
    with open(sys.argv[1], encoding="utf-8") as f:
        level = read_level(f.read())
    began = time.perf_counter()
    figures = analyze(*level)
    elapsed = time.perf_counter() - began
    figures["elapsed_s"] = round(elapsed, 3)
    figures["states_per_s"] = round(figures["states"] / elapsed) if elapsed > 0 else None
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
