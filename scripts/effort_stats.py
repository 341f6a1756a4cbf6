"""Rank statistics and the real levels' folder, shared by the effort
scripts (standard library only)."""

import os


def real_levels_dir():
    """The folder of the real levels, found as the tests find it
    (tests/common/real_levels.rs): LEVELSCOPE_REAL_LEVELS when set, else
    shared/fixtures beside the project's folder."""
    named = os.environ.get("LEVELSCOPE_REAL_LEVELS")
    if named:
        return named
    project = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.path.join(os.path.dirname(project), "shared", "fixtures")


def ranks(v):
    """Ranks of `v` from 0, ties averaged."""
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
    """Spearman's rho of `a` and `b` (ties averaged); nan when one is constant."""
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    num = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    den = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return num / den if den else float("nan")
