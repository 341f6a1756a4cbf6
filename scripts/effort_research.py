#!/usr/bin/env python3
"""Effort research for Rush Hour (issue 41): which metrics of a puzzle's
state graph predict how many moves people need?

    python3 scripts/effort_research.py DIR

DIR holds the archive's puzzles (`prb*.json`, read as
scripts/rushhour_reference.py reads them) and `human_moves.csv` (per puzzle:
players, median, mean, quartiles of the moves people made; the drive-out is
not counted, so it is compared with `shortest_moves` = the file name's number
- 1). Puzzles without a human row are analysed and listed, never used in a
fit. Python 3.11 and its standard library only; every number of
docs/effort-research.md is printed by this script.

The state graph. A state is the place of every vehicle. Breadth-first search
from the start; a won state (the primary's right end on the last column) is
reached but not expanded (a win ends play). `d(s)` is a state's depth (moves
from the start); `w(s)` its distance to a win (backward breadth-first search
from every won state over the same edges). Every move can be undone, so a
move changes w by -1, 0 or +1: it is *optimal* when w drops by 1. A
*shortest solution* is a path start -> won state of shortest_moves moves; the
states on shortest solutions are those with d(s) + w(s) = shortest_moves.
The *optimal walk* starts at the start and takes, at each state, one of the
optimal moves uniformly at random; metrics marked (walk) are its expected
values (exact, by dynamic programming over the shortest-solution graph), so
no arbitrary "first-found" solution is chosen.

Metrics (one per puzzle):
- shortest_moves: w(start), fewest moves to a win.
- solutions: number of distinct shortest solutions (move sequences).
- states: states reachable from the start (won ones included).
- won_states: reachable won states.
- within_depth: states with d(s) <= shortest_moves.
- farthest: max w(s) over reachable states (how far a wandering player can
  get from the goal).
- eccentricity: max d(s) over reachable states.
- branching_start: number of moves at the start.
- near_start: states with d(s) <= 3 (how fast the search fans out).
- vehicles: number of vehicles.
- blockers_start: blockers of the start; blockers(s) = the number of
  distinct vehicles with a cell on the primary's row right of its right end.
- optimal_share (walk): mean over the walk's non-won states of
  (optimal moves / all moves) at that state.
- first_optimal_share: optimal moves / all moves at the start.
- first_away_share: share of the start's moves that increase w (the nearest
  Rush Hour has to "fatal first moves": it has no traps).
- bits (walk): sum over the walk's states of log2(all moves / optimal
  moves): the information a player must supply to pick an optimal move at
  each step if every move looked alike.
- decision_points (walk): the walk's states with exactly one optimal move and
  at least one move that keeps w (a non-optimal move that does not look
  like losing ground: w unchanged). Every non-won state has non-optimal
  moves (any other vehicle can move), so "has a non-optimal move" would just
  count shortest_moves; this counts states where the one right move is
  hidden among neutral ones. A shorter slide of the right vehicle is
  usually such a neutral move, which is why it nearly equals forced_states.
- forced_states (walk): the walk's states with exactly one optimal move.
- counter_moves_min: the fewest *counter-intuitive* moves over all shortest
  solutions; a move is counter-intuitive when it moves the primary left or
  increases blockers(s).
- counter_moves (walk): their expected number along the optimal walk.
- primary_back_min: the fewest moves of the primary to the left over all
  shortest solutions.
- greedy_trap (walk): expected number of the walk's states where some move
  lowers blockers(s) but no optimal move does (the obvious move is wrong).

Statistics (34 puzzles with human data):
- Spearman rho (average ranks for ties) of each metric alone with the
  median and the mean human moves (a monotone transform such as log does not
  change rho), with a 95 % interval by Fisher z, standard error
  1.06 / sqrt(n - 3) (Fieller, Hartley and Pearson, for rho); and the mean
  within-length rho: Spearman rho inside each group of equal shortest_moves
  (6, 10, 13, 15), averaged weighted by group size - whether the metric adds
  anything beyond solution length - with a one-sided permutation p-value
  (medians shuffled within each length group, 2000 shuffles, seed 41; 19
  metrics vary and are tested, so one p < 0.05 is expected by chance).
- Caution on LOO rho: a model of shortest_moves alone predicts ties within
  a length group, and leaving a puzzle out moves the fitted intercept the
  opposite way to its own median, so its LOO predictions rank each group
  backwards (within-length LOO rho near -1) and its LOO rho falls below the
  rho of shortest_moves itself, which needs no fitting to rank. LOO RMSE on
  log scale has no such artifact and is the criterion used to choose.
- Ratio human median / shortest_moves per length and over all.
- Models: least squares of log(median) on 1 + up to 3 transformed metrics,
  a fixed short list declared in MODELS (chosen before looking at rho: length
  plus one or two graph metrics); POST_HOC holds models added after seeing
  the per-metric rho, reported apart and never chosen. Each is scored by
  leave-one-out: fit on 33, predict the held-out one; LOO Spearman rho of the 34 held-out
  predictions with the medians, and LOO RMSE on log scale. The choice among
  the listed models is itself cross-validated (nested LOO: for each held-out
  puzzle, the model is chosen by inner LOO RMSE on the other 33), so the
  reported honest rho includes the cost of choosing.
- predicted_player_moves = exp(a + sum b_i x_i), the typical (median)
  player's moves; 80 % interval exp(pred +- 1.2816 * s * sqrt(1 + h)),
  s the residual standard deviation (n - p), h the leverage. Coverage: for
  each puzzle, the interval from the fit on the other 33 is checked against
  its median (LOO coverage); and the per-player moves of the held-out
  puzzle falling in the "player range" [pred * exp(q1r), pred * exp(q3r)],
  q1r, q3r = the mean log(q1/median), log(q3/median) of the other 33.
"""

import csv
import json
import math
import os
import random
import sys
from collections import deque
from statistics import NormalDist


# ---------------------------------------------------------------- puzzles

def read_archive(value):
    """The archive's JSON as scripts/rushhour_reference.py reads it:
    (width, height, walls, vehicles), the primary first; a vehicle is
    (x, y, length, horizontal)."""
    primary, others = None, []
    for car in value["cars"]:
        position = int(car["position"])
        vehicle = (position % 6, position // 6, int(car["length"]),
                   car["orientation"] == "horizontal")
        if car["player"]:
            if primary is not None:
                raise ValueError("two primary cars")
            primary = vehicle
        else:
            others.append(vehicle)
    if primary is None:
        raise ValueError("no primary car")
    return 6, 6, frozenset(), (primary, *others)


def neighbours(puzzle, state):
    """(next_state, vehicle index, signed shift) for every move."""
    width, height, walls, _ = puzzle
    taken = set(walls)
    for x, y, length, horizontal in state:
        for k in range(length):
            taken.add((x + k, y) if horizontal else (x, y + k))
    out = []
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
                out.append((state[:i] + (moved,) + state[i + 1:], i, shift))
                d += 1
    return out


def is_won(puzzle, state):
    x, _, length, _ = state[0]
    return x + length == puzzle[0]


def blockers(puzzle, state):
    """Distinct vehicles with a cell on the primary's row right of it."""
    px, py, plen, _ = state[0]
    right = px + plen
    count = 0
    for x, y, length, horizontal in state[1:]:
        if horizontal:
            if y == py and x + length - 1 >= right:
                count += 1
        elif x >= right and y <= py < y + length:
            count += 1
    return count


# ---------------------------------------------------------------- metrics

def metrics(puzzle):
    start = puzzle[3]
    index = {start: 0}
    states = [start]
    depth = [0]
    adj = []          # per state id: list of (next id, counter, primary_back)
    won = []
    queue = deque([0])
    # ids are assigned in BFS order, so adj is filled in id order.
    while queue:
        sid = queue.popleft()
        s = states[sid]
        w = is_won(puzzle, s)
        won.append(w)
        edges = []
        if not w:
            b = blockers(puzzle, s)
            for nxt, vehicle, shift in neighbours(puzzle, s):
                nid = index.get(nxt)
                if nid is None:
                    nid = len(states)
                    index[nxt] = nid
                    states.append(nxt)
                    depth.append(depth[sid] + 1)
                    queue.append(nid)
                back = vehicle == 0 and shift < 0
                counter = back or blockers(puzzle, nxt) > b
                edges.append((nid, counter, back, blockers(puzzle, nxt) < b))
        adj.append(edges)
    n = len(states)
    # Backward BFS from the won states: predecessors are expanded states.
    preds = [[] for _ in range(n)]
    for u in range(n):
        for v, *_ in adj[u]:
            preds[v].append(u)
    INF = float("inf")
    dist = [INF] * n
    queue = deque()
    for u in range(n):
        if won[u]:
            dist[u] = 0
            queue.append(u)
    while queue:
        v = queue.popleft()
        for u in preds[v]:
            if dist[u] == INF:
                dist[u] = dist[v] + 1
                queue.append(u)
    L = dist[0]
    if L == INF:
        return None
    reach_w = [d for d in dist if d != INF]

    # Shortest-solution DAG: from u (non-won, on a shortest path) the
    # optimal moves go to v with dist[v] = dist[u] - 1. Every state reached
    # by the optimal walk from the start is on a shortest solution.
    on = [u for u in range(n) if depth[u] + dist[u] == L]
    on.sort(key=lambda u: -dist[u])  # from the start towards the wins

    def info(u):
        edges = adj[u]
        opt = [e for e in edges if dist[e[0]] == dist[u] - 1]
        keep = sum(1 for e in edges if dist[e[0]] == dist[u])
        return edges, opt, keep

    # Counts of shortest solutions through each state (from u to a win).
    ways, best_counter, best_back = {}, {}, {}
    walk = {}  # expected sums from u: (bits, share_sum, steps, decision, forced, counter, greedy)
    for u in sorted(on, key=lambda u: dist[u]):  # wins first
        if won[u]:
            ways[u], best_counter[u], best_back[u] = 1, 0, 0
            walk[u] = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
            continue
        edges, opt, keep = info(u)
        ways[u] = sum(ways[e[0]] for e in opt)
        best_counter[u] = min(int(e[1]) + best_counter[e[0]] for e in opt)
        best_back[u] = min(int(e[2]) + best_back[e[0]] for e in opt)
        k = len(opt)
        mean_child = [sum(walk[e[0]][j] for e in opt) / k for j in range(7)]
        mean_counter = sum(int(e[1]) for e in opt) / k
        obvious_wrong = any(e[3] for e in edges) and not any(e[3] for e in opt)
        walk[u] = (
            math.log2(len(edges) / k) + mean_child[0],
            k / len(edges) + mean_child[1],
            1 + mean_child[2],
            (1.0 if (k == 1 and keep > 0) else 0.0) + mean_child[3],
            (1.0 if k == 1 else 0.0) + mean_child[4],
            mean_counter + mean_child[5],
            (1.0 if obvious_wrong else 0.0) + mean_child[6],
        )
    w0 = walk[0]
    edges0, opt0, _ = info(0)
    away0 = sum(1 for e in edges0 if dist[e[0]] == dist[0] + 1)
    return {
        "shortest_moves": L,
        "solutions": ways[0],
        "states": n,
        "won_states": sum(won),
        "within_depth": sum(1 for d in depth if d <= L),
        "farthest": max(reach_w),
        "eccentricity": max(depth),
        "branching_start": len(edges0),
        "near_start": sum(1 for d in depth if d <= 3),
        "vehicles": len(start),
        "blockers_start": blockers(puzzle, start),
        "optimal_share": w0[1] / w0[2],
        "first_optimal_share": len(opt0) / len(edges0),
        "first_away_share": away0 / len(edges0),
        "bits": w0[0],
        "decision_points": w0[3],
        "forced_states": w0[4],
        "counter_moves_min": best_counter[0],
        "counter_moves": w0[5],
        "primary_back_min": best_back[0],
        "greedy_trap": w0[6],
    }


# ---------------------------------------------------------------- statistics

def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def pearson(x, y):
    n = len(x)
    mx, my = sum(x) / n, sum(y) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    if sxx == 0 or syy == 0:
        return float("nan")
    return sxy / math.sqrt(sxx * syy)


def spearman(x, y):
    return pearson(ranks(x), ranks(y))


def fisher_ci(r, n, level=0.95):
    if not -1 < r < 1 or n <= 3:
        return (float("nan"), float("nan"))
    z = math.atanh(r)
    se = 1.06 / math.sqrt(n - 3)
    q = NormalDist().inv_cdf(0.5 + level / 2)
    return (math.tanh(z - q * se), math.tanh(z + q * se))


def within_rho(x, y, groups):
    """Spearman rho inside each group, averaged weighted by group size
    (groups where rho is undefined are left out)."""
    total, weight = 0.0, 0
    for g in sorted(set(groups)):
        idx = [i for i, h in enumerate(groups) if h == g]
        if len(idx) < 3:
            continue
        r = spearman([x[i] for i in idx], [y[i] for i in idx])
        if r == r:
            total += r * len(idx)
            weight += len(idx)
    return total / weight if weight else float("nan")


def within_permutation_p(x, y, groups, shuffles=2000, seed=41):
    """One-sided p of the within-length rho: y shuffled within groups."""
    rng = random.Random(seed)
    observed = within_rho(x, y, groups)
    idx = {g: [i for i, h in enumerate(groups) if h == g] for g in set(groups)}
    hits = 0
    for _ in range(shuffles):
        z = list(y)
        for g in sorted(idx):
            vals = [y[i] for i in idx[g]]
            rng.shuffle(vals)
            for i, v in zip(idx[g], vals):
                z[i] = v
        if within_rho(x, z, groups) >= observed - 1e-12:
            hits += 1
    return (hits + 1) / (shuffles + 1)


def solve(a, b):
    """Solve a x = b (small, dense) by Gauss-Jordan with pivoting."""
    n = len(a)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            raise ZeroDivisionError("singular")
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def inverse(a):
    n = len(a)
    cols = [solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def fit(X, y):
    """Least squares with intercept: (coefficients, s, (X'X)^-1)."""
    rows = [[1.0] + list(x) for x in X]
    p = len(rows[0])
    xtx = [[sum(r[i] * r[j] for r in rows) for j in range(p)] for i in range(p)]
    xty = [sum(r[i] * t for r, t in zip(rows, y)) for i in range(p)]
    beta = solve(xtx, xty)
    res = [t - sum(b * v for b, v in zip(beta, r)) for r, t in zip(rows, y)]
    dof = len(y) - p
    s = math.sqrt(sum(e * e for e in res) / dof) if dof > 0 else float("nan")
    return beta, s, inverse(xtx)


def predict(model, x):
    beta, s, inv = model
    row = [1.0] + list(x)
    mean = sum(b * v for b, v in zip(beta, row))
    h = sum(row[i] * inv[i][j] * row[j] for i in range(len(row)) for j in range(len(row)))
    return mean, s * math.sqrt(1 + h)


def loo(X, y):
    """Held-out predictions and their prediction standard errors."""
    preds, ses = [], []
    for i in range(len(y)):
        m = fit([x for j, x in enumerate(X) if j != i], [t for j, t in enumerate(y) if j != i])
        p, se = predict(m, X[i])
        preds.append(p)
        ses.append(se)
    return preds, ses


def rmse(a, b):
    return math.sqrt(sum((u - v) ** 2 for u, v in zip(a, b)) / len(a))


# Transforms: log for counts that grow multiplicatively.
def lg(v):
    return math.log(v)


def lg1(v):
    return math.log1p(v)


TRANSFORMS = {
    "shortest_moves": ("log shortest_moves", lg),
    "solutions": ("log solutions", lg),
    "states": ("log states", lg),
    "within_depth": ("log within_depth", lg),
    "bits": ("bits", lambda v: v),
    "decision_points": ("decision_points", lambda v: v),
    "counter_moves_min": ("counter_moves_min", lambda v: v),
    "optimal_share": ("log optimal_share", lg),
    "farthest": ("farthest", lambda v: v),
    "greedy_trap": ("greedy_trap", lambda v: v),
}

# Declared before looking at the correlations: length alone, then length
# with one or two graph metrics that measure "how much there is to search
# besides the solution" (states within depth, bits, solutions) or "how
# misleading the solution is" (decision points, counter-intuitive moves).
MODELS = [
    ("shortest_moves",),
    ("shortest_moves", "within_depth"),
    ("shortest_moves", "bits"),
    ("shortest_moves", "solutions"),
    ("shortest_moves", "decision_points"),
    ("shortest_moves", "counter_moves_min"),
    ("shortest_moves", "greedy_trap"),
    ("shortest_moves", "solutions", "within_depth"),
    ("shortest_moves", "bits", "counter_moves_min"),
]

# Added after seeing the per-metric rho (farthest has the largest
# within-length rho): reported apart, never chosen.
POST_HOC = [
    ("shortest_moves", "farthest"),
    ("shortest_moves", "farthest", "decision_points"),
]


def design(rows, model):
    return [[TRANSFORMS[m][1](r[m]) for m in model] for r in rows]


def name(model):
    return " + ".join(TRANSFORMS[m][0] for m in model)


# ---------------------------------------------------------------- main

def fmt(v, digits=3):
    if isinstance(v, int):
        return str(v)
    if v != v:
        return "nan"
    return f"{v:.{digits}f}"


def main(args):
    if len(args) != 1:
        print("usage: effort_research.py DIR", file=sys.stderr)
        return 2
    folder = args[0]
    files = sorted(f for f in os.listdir(folder) if f.startswith("prb") and f.endswith(".json"))
    human = {}
    with open(os.path.join(folder, "human_moves.csv"), encoding="utf-8") as f:
        for row in csv.DictReader(f):
            human[row["puzzle"]] = row
    by_player = {}
    path = os.path.join(folder, "human_moves_by_player.csv")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for row in csv.DictReader(f):
                by_player.setdefault(row["puzzle"], []).append(int(row["moves"]))

    print("## metrics per puzzle (all puzzles; human columns only where published)")
    keys = None
    rows = []
    agree = 0
    for fname in files:
        pid = fname[:-5]
        with open(os.path.join(folder, fname), encoding="utf-8") as f:
            puzzle = read_archive(json.load(f))
        m = metrics(puzzle)
        expected = int(pid.split("_")[1]) - 1
        if m is None or m["shortest_moves"] != expected:
            print(f"!! {pid}: shortest_moves {m and m['shortest_moves']} != name - 1 = {expected}")
        else:
            agree += 1
        if keys is None:
            keys = list(m)
            print("puzzle\t" + "\t".join(keys) + "\tmedian\tmean")
        h = human.get(pid)
        print(pid + "\t" + "\t".join(fmt(m[k]) for k in keys)
              + ("\t%s\t%s" % (h["median_moves"], h["mean_moves"]) if h else "\t-\t-"))
        if h:
            m = dict(m)
            m["puzzle"] = pid
            m["median"] = float(h["median_moves"])
            m["mean"] = float(h["mean_moves"])
            m["q1"] = float(h["q1_moves"])
            m["q3"] = float(h["q3_moves"])
            rows.append(m)
    n = len(rows)
    print(f"\npuzzles analysed: {len(files)}; shortest_moves = name - 1 for {agree} of {len(files)}; "
          f"with human data: {n}")
    players = [int(human[r["puzzle"]]["players"]) for r in rows]
    print(f"players per puzzle: {min(players)} to {max(players)}; per-player results: "
          f"{sum(len(by_player.get(r['puzzle'], [])) for r in rows)}")
    med = [r["median"] for r in rows]
    mean = [r["mean"] for r in rows]
    groups = [r["shortest_moves"] for r in rows]

    print("\n## ratio human median / shortest_moves")
    ratios = [r["median"] / r["shortest_moves"] for r in rows]
    for g in sorted(set(groups)):
        rs = sorted(x for x, h in zip(ratios, groups) if h == g)
        print(f"shortest {g}: puzzles {len(rs)}, ratio median {fmt(rs[len(rs)//2] if len(rs)%2 else (rs[len(rs)//2-1]+rs[len(rs)//2])/2, 2)}, "
              f"min {fmt(rs[0], 2)}, max {fmt(rs[-1], 2)}")
    rs = sorted(ratios)
    print(f"all: ratio median {fmt((rs[n//2-1]+rs[n//2])/2 if n%2==0 else rs[n//2], 2)}, min {fmt(rs[0], 2)}, max {fmt(rs[-1], 2)}")

    print("\n## Spearman rho of each metric alone (n = %d; 95 %% CI by Fisher z, se 1.06/sqrt(n-3))" % n)
    print("rho is unchanged by log or any monotone transform of either side.")
    tested = [k for k in keys if k != "shortest_moves" and len(set(r[k] for r in rows)) > 1]
    print(f"metrics tested within length: {len(tested)} (Bonferroni 0.05 / {len(tested)} = {fmt(0.05 / len(tested), 4)})")
    print("metric\trho_median\tCI_median\trho_mean\twithin_length_rho_median\tpermutation_p (2000 shuffles within length, seed 41)")
    for k in keys:
        x = [r[k] for r in rows]
        if len(set(x)) < 2:
            print(f"{k}\tconstant")
            continue
        r1 = spearman(x, med)
        lo, hi = fisher_ci(r1, n)
        r2 = spearman(x, mean)
        rw = within_rho(x, med, groups)
        pw = within_permutation_p(x, med, groups) if k != "shortest_moves" else float("nan")
        print(f"{k}\t{fmt(r1)}\t[{fmt(lo, 2)}, {fmt(hi, 2)}]\t{fmt(r2)}\t{fmt(rw)}\t{fmt(pw)}")

    print("\n## models: least squares of log(median) (and of log(mean)); leave-one-out")
    y = [math.log(v) for v in med]
    ym = [math.log(v) for v in mean]
    print("model\tparams\tLOO_rho_median\tCI\tLOO_rmse_log\tLOO_within_rho\tLOO_rho_mean(fit on log mean)")
    scores = {}
    for model in MODELS + POST_HOC:
        X = design(rows, model)
        preds, _ = loo(X, y)
        r = spearman(preds, med)
        lo, hi = fisher_ci(r, n)
        e = rmse(preds, y)
        predm, _ = loo(X, ym)
        scores[model] = e
        tag = " (post hoc)" if model in POST_HOC else ""
        print(f"{name(model)}{tag}\t{len(model) + 1}\t{fmt(r)}\t[{fmt(lo, 2)}, {fmt(hi, 2)}]\t{fmt(e)}\t"
              f"{fmt(within_rho(preds, med, groups))}\t{fmt(spearman(predm, mean))}")

    # Nested LOO: choose the model by inner LOO RMSE on the other 33.
    nested, chosen = [], {}
    for i in range(n):
        keep = [j for j in range(n) if j != i]
        best, best_e = None, None
        for model in MODELS:
            X = design([rows[j] for j in keep], model)
            p, _ = loo(X, [y[j] for j in keep])
            e = rmse(p, [y[j] for j in keep])
            if best_e is None or e < best_e:
                best, best_e = model, e
        chosen[best] = chosen.get(best, 0) + 1
        m = fit(design([rows[j] for j in keep], best), [y[j] for j in keep])
        nested.append(predict(m, design([rows[i]], best)[0])[0])
    r = spearman(nested, med)
    lo, hi = fisher_ci(r, n)
    print(f"nested LOO (model chosen inside each fold): rho {fmt(r)} [{fmt(lo, 2)}, {fmt(hi, 2)}], "
          f"rmse_log {fmt(rmse(nested, y))}, within_rho {fmt(within_rho(nested, med, groups))}")
    for model, c in sorted(chosen.items(), key=lambda kv: -kv[1]):
        print(f"  chosen in {c} of {n} folds: {name(model)}")

    best = min(MODELS, key=lambda m: scores[m])
    print(f"\n## chosen model (lowest LOO rmse_log): log(median) = a + sum b_i x_i, x = {name(best)}")
    X = design(rows, best)
    model = fit(X, y)
    beta, s, _ = model
    print("a\t" + fmt(beta[0], 4))
    for mname, b in zip(best, beta[1:]):
        print(f"b[{TRANSFORMS[mname][0]}]\t{fmt(b, 4)}")
    print(f"residual sd (log, n - p)\t{fmt(s, 4)}")
    if len(best) == 1:
        print(f"i.e. predicted_player_moves = {fmt(math.exp(beta[0]), 3)} * {best[0]} ^ {fmt(beta[1], 3)}")
    z = NormalDist().inv_cdf(0.9)
    preds, ses = loo(X, y)
    inside = sum(1 for p, se, t in zip(preds, ses, y) if p - z * se <= t <= p + z * se)
    print(f"80 % interval exp(pred +- {fmt(z, 4)} * s * sqrt(1 + h)); LOO coverage of the medians: {inside} of {n}")
    # Baseline's coverage, for comparison.
    bp, bs = loo(design(rows, MODELS[0]), y)
    binside = sum(1 for p, se, t in zip(bp, bs, y) if p - z * se <= t <= p + z * se)
    print(f"(same interval for {name(MODELS[0])} alone: {binside} of {n})")
    # Player range: per-player moves inside [pred * exp(q1r), pred * exp(q3r)].
    in_range, total = 0, 0
    for i in range(n):
        others = [j for j in range(n) if j != i]
        q1r = sum(math.log(rows[j]["q1"] / rows[j]["median"]) for j in others) / len(others)
        q3r = sum(math.log(rows[j]["q3"] / rows[j]["median"]) for j in others) / len(others)
        lo_, hi_ = math.exp(preds[i] + q1r), math.exp(preds[i] + q3r)
        for v in by_player.get(rows[i]["puzzle"], []):
            total += 1
            in_range += lo_ <= v <= hi_
    q1r = sum(math.log(r["q1"] / r["median"]) for r in rows) / n
    q3r = sum(math.log(r["q3"] / r["median"]) for r in rows) / n
    print(f"player range [pred * {fmt(math.exp(q1r), 3)}, pred * {fmt(math.exp(q3r), 3)}] "
          f"(mean log q1/median, q3/median); LOO: {in_range} of {total} player results inside "
          f"({fmt(100 * in_range / total, 1) if total else 'nan'} %; 50 % by construction if right)")

    print("\n## held-out (LOO) predictions of the chosen model")
    print("puzzle\tshortest\tmedian\tpredicted\tinterval80")
    for r, p, se in zip(rows, preds, ses):
        print(f"{r['puzzle']}\t{r['shortest_moves']}\t{fmt(r['median'], 1)}\t{fmt(math.exp(p), 1)}\t"
              f"[{fmt(math.exp(p - z * se), 1)}, {fmt(math.exp(p + z * se), 1)}]")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
