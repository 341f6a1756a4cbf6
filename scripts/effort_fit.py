#!/usr/bin/env python3
"""Fit levelscope's effort model on the Rush Hour human data (issue 41).

Usage:
    python3 scripts/effort_fit.py [--levelscope BIN] [--write] DATA_DIR

DATA_DIR is the folder of the Olieslagers 2024 puzzles and their human data
(`human_moves.csv`): `../shared/fixtures/rushhour/olieslagers_2024`. The
script runs `levelscope analyze --json` on the puzzles the CSV lists, so the
metrics are levelscope's own (`effort.metrics`), fits
`log2(median player moves)` by least squares on declared candidate models,
reports each model's leave-one-out quality (Spearman rho of the
leave-one-out predictions against the medians, their RMSE, and how many
medians fall in the 80 % interval fitted without them), and prints the
chosen model's constants as Rust. With --write it writes them to
`src/effort/fitted.rs`; `tests/effort_fit.rs` refits in Rust and checks that
file. Standard library only, deterministic.
"""

import csv
import json
import math
import os
import subprocess
import sys

Z80 = 1.2815515655446004  # two-sided 80 % normal quantile

# The candidates, declared in docs/effort-research.md before (length alone,
# length + one graph metric) and after (farthest) the research looked at
# the data. Each: name -> the metrics its inputs read, and the inputs.
CANDIDATES = {
    "length alone": lambda m: [log2(m["shortest"])],
    "length + farthest (chosen)": lambda m: [log2(m["shortest"]), log2(m["farthest"])],
    "length + shortest solutions": lambda m: [log2(m["shortest"]), log2(m["shortest_solutions"])],
    "length + hidden decision points": lambda m: [log2(m["shortest"]), m["hidden_decision_points"]],
    "length + states within depth": lambda m: [log2(m["shortest"]), log2(m["states_within_solution_depth"])],
    "length + primary backs": lambda m: [log2(m["shortest"]), m["primary_backs"]],
    "length + blocker increases": lambda m: [log2(m["shortest"]), m["blocker_increases"]],
}
CHOSEN = "length + farthest (chosen)"


def log2(x):
    return math.log2(max(x, 1))


def solve(a, b):
    """Solves a x = b by Gauss-Jordan elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def gram(xs):
    n = len(xs[0])
    return [[sum(x[i] * x[j] for x in xs) for j in range(n)] for i in range(n)]


def inverse(a):
    n = len(a)
    cols = [solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def fit(xs, ys):
    """Least squares: coefficients, residual sd (n - p), (XᵀX)⁻¹."""
    g = gram(xs)
    b = solve(g, [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(len(xs[0]))])
    residuals = [y - dot(b, x) for x, y in zip(xs, ys)]
    sd = math.sqrt(sum(r * r for r in residuals) / (len(ys) - len(b)))
    return b, sd, inverse(g)


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def ranks(v):
    order = sorted(range(len(v)), key=lambda i: v[i])
    r = [0.0] * len(v)
    i = 0
    while i < len(v):
        j = i
        while j + 1 < len(v) and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2
        i = j + 1
    return r


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    num = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    den = math.sqrt(sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb))
    return num / den if den else 0.0


def fisher_ci(rho, n):
    z = math.atanh(rho)
    se = 1.06 / math.sqrt(n - 3)
    return math.tanh(z - 1.96 * se), math.tanh(z + 1.96 * se)


def leave_one_out(xs, ys):
    """LOO predictions, and how many ys fall in the 80 % interval."""
    predictions, covered = [], 0
    for i in range(len(xs)):
        b, sd, inv = fit(xs[:i] + xs[i + 1:], ys[:i] + ys[i + 1:])
        p = dot(b, xs[i])
        h = dot(xs[i], [dot(row, xs[i]) for row in inv])
        half = Z80 * sd * math.sqrt(1 + h)
        covered += p - half <= ys[i] <= p + half
        predictions.append(p)
    return predictions, covered


def read_puzzles(data_dir, levelscope):
    with open(os.path.join(data_dir, "human_moves.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    files = [os.path.join(data_dir, r["file"]) for r in rows]
    out = subprocess.run(
        [levelscope, "analyze", "--json", *files],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    metrics = {}
    for line in out.splitlines():
        row = json.loads(line)
        metrics[os.path.basename(row["file"])] = row["effort"]["metrics"]
    return [(r["file"], metrics[r["file"]], float(r["median_moves"])) for r in rows]


def rust_constants(b, sd, inv, n):
    flat = ", ".join(repr(x) for row in inv for x in row)
    return f"""//! The effort model fitted on people: `log2` of the median moves players
//! needed on the {n} Rush Hour puzzles with published human data
//! (Olieslagers 2024), as `BASE + SHORTEST_WEIGHT · log2 shortest +
//! FARTHEST_WEIGHT · log2 farthest`, by least squares.
//!
//! Generated by `python3 scripts/effort_fit.py --write DATA_DIR`; do not
//! edit by hand. `tests/effort_fit.rs` refits it and checks these numbers.

/// The number of puzzles the model was fitted on.
pub const PUZZLES: usize = {n};
/// The score of a level with a one-move solution and no farther position.
pub const BASE: f64 = {b[0]!r};
/// Score points per doubling of the shortest solution's length.
pub const SHORTEST_WEIGHT: f64 = {b[1]!r};
/// Score points per doubling of the farthest distance from a win.
pub const FARTHEST_WEIGHT: f64 = {b[2]!r};
/// The fit's residual standard deviation, in score points (`log2` moves).
pub const RESIDUAL_SD: f64 = {sd!r};
/// `(XᵀX)⁻¹` of the fit for the inputs `[1, log2 shortest, log2 farthest]`,
/// row by row: the leverage of a new level, for its prediction interval.
pub const INVERSE_GRAM: [f64; 9] = [{flat}];
"""


def main(argv):
    args = argv[1:]
    levelscope = "target/release/levelscope"
    write = False
    if "--levelscope" in args:
        i = args.index("--levelscope")
        levelscope = args[i + 1]
        del args[i : i + 2]
    if "--write" in args:
        write = True
        args.remove("--write")
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    puzzles = read_puzzles(args[0], levelscope)
    n = len(puzzles)
    medians = [p[2] for p in puzzles]
    ys = [math.log2(m) for m in medians]
    shortest = [p[1]["shortest"] for p in puzzles]
    rho = spearman(shortest, medians)
    lo, hi = fisher_ci(rho, n)
    print(f"{n} puzzles. Solution length alone, no fit: rho {rho:.3f} [{lo:.2f}, {hi:.2f}]")
    print()
    print("| model | params | in-sample rho | LOO rho [95 % CI] | LOO RMSE (log2) | LOO 80 % coverage |")
    print("|---|---|---|---|---|---|")
    chosen = None
    for name, inputs in CANDIDATES.items():
        xs = [[1.0] + inputs(p[1]) for p in puzzles]
        b, sd, inv = fit(xs, ys)
        fitted = [dot(b, x) for x in xs]
        loo, covered = leave_one_out(xs, ys)
        rmse = math.sqrt(sum((p - y) ** 2 for p, y in zip(loo, ys)) / n)
        r = spearman(loo, medians)
        lo, hi = fisher_ci(r, n)
        print(
            f"| {name} | {len(b)} | {spearman(fitted, medians):.3f} | {r:.3f} [{lo:.2f}, {hi:.2f}] "
            f"| {rmse:.3f} | {covered} / {n} |"
        )
        if name == CHOSEN:
            chosen = (b, sd, inv)
    b, sd, inv = chosen
    print()
    print(
        f"Chosen: log2 moves = {b[0]:.4f} + {b[1]:.4f} log2 shortest + {b[2]:.4f} log2 farthest"
        f"  (moves = {2 ** b[0]:.3f} * shortest^{b[1]:.3f} * farthest^{b[2]:.3f}); residual sd {sd:.4f}"
    )
    constants = rust_constants(b, sd, inv, n)
    if write:
        path = os.path.join(os.path.dirname(__file__), "..", "src", "effort", "fitted.rs")
        with open(path, "w") as f:
            f.write(constants)
        print(f"wrote {os.path.normpath(path)}")
    else:
        print()
        print(constants)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
