#!/usr/bin/env python3
"""A plain exact-cover Tangram solution counter, written apart from
levelscope, to time `levelscope analyze --json` against side by side and to
check its counts: for each level in the original text format, the number of
solutions by form (shapes identical up to translation are interchangeable,
so swapping them is not a new solution). One JSON line per file.

    scripts/tangram_reference.py FILE...

The rules are docs/rules.md's (Tangram): an N x N board of squares, each cut
into 4 triangles (x, y, z); a solution places every shape by a translation
of whole squares so that every triangle is covered exactly once.

The search is Knuth's Algorithm X on dicts of sets (columns: the
triangles and one per form; rows: every form at every translation that
keeps it on the board), branching on the triangle with the fewest candidate
rows. Shapes of one form are not told apart: a form may be used as many
times as the level has shapes of that form (its column is covered when the
last one is placed, and a form with shapes left and no row left is a dead
end), so a solution is a set of (form, place) rows and is found once. What
is left to cover depends only on the triangles still open and the shapes of
each form still to place, so a count is remembered under those and not
searched twice (as levelscope's search remembers its subproblems).
"""

import json
import sys


def read_level(text):
    """The board side and the shapes, each a list of (x, y, z)."""
    lines = [l.strip() for l in text.lstrip("\ufeff").splitlines()]
    lines = [l for l in lines if l]
    size = int(lines[0])
    shapes = []
    for line in lines[2:]:
        if line == "shape":
            shapes.append([])
        else:
            x, y, z = (int(v) for v in line.split(","))
            shapes[-1].append((x, y, z))
    return size, shapes


def form_of(shape):
    """The shape moved so that its lowest square corner is (0, 0)."""
    mx = min(x for x, _, _ in shape)
    my = min(y for _, y, _ in shape)
    return tuple(sorted((x - mx, y - my, z) for x, y, z in shape))


def instance(size, shapes):
    """The columns (column -> rows), the rows (row -> columns: its
    triangles, then its form's column) and how many shapes each form has.
    A triangle column is (x, y, z), a form's column ("form", f)."""
    uses = {}
    for shape in shapes:
        form = form_of(shape)
        uses[form] = uses.get(form, 0) + 1
    rows = {}
    for f, form in enumerate(sorted(uses)):
        w = max(x for x, _, _ in form)
        h = max(y for _, y, _ in form)
        for py in range(size - h):
            for px in range(size - w):
                cells = [(x + px, y + py, z) for x, y, z in form]
                rows[(f, px, py)] = cells + [("form", f)]
    columns = {
        (x, y, z): set()
        for x in range(size)
        for y in range(size)
        for z in range(4)
    }
    for f in range(len(uses)):
        columns[("form", f)] = set()
    for r, cols in rows.items():
        for c in cols:
            columns[c].add(r)
    left = [uses[form] for form in sorted(uses)]
    return columns, rows, left


def cover(columns, rows, c):
    """Removes column c and every row that meets it from the other
    columns; returns c's rows."""
    for r in columns[c]:
        for d in rows[r]:
            if d != c:
                columns[d].discard(r)
    return columns.pop(c)


def uncover(columns, rows, c, removed):
    columns[c] = removed
    for r in removed:
        for d in rows[r]:
            if d != c:
                columns[d].add(r)


def count(columns, rows, left, memo):
    """Algorithm X: the number of exact covers using form f exactly
    left[f] more times."""
    triangles = [c for c in columns if c[0] != "form"]
    if not triangles:
        return 1
    key = (frozenset(triangles), tuple(left))
    if key in memo:
        return memo[key]
    for f, n in enumerate(left):
        if n > 0 and not columns[("form", f)]:
            return 0
    c = min(triangles, key=lambda c: len(columns[c]))
    total = 0
    for r in sorted(columns[c]):
        f = r[0]
        left[f] -= 1
        covered = [d for d in rows[r] if d[0] != "form"]
        if left[f] == 0:
            covered.append(("form", f))
        saved = []
        for d in covered:
            saved.append(cover(columns, rows, d))
        total += count(columns, rows, left, memo)
        for d, removed in zip(reversed(covered), reversed(saved)):
            uncover(columns, rows, d, removed)
        left[f] += 1
    memo[key] = total
    return total


def main():
    sys.setrecursionlimit(100000)
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            size, shapes = read_level(f.read())
        columns, rows, left = instance(size, shapes)
        print(json.dumps({"file": path, "solutions": count(columns, rows, left, {})}))


if __name__ == "__main__":
    main()
