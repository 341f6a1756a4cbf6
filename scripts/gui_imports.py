#!/usr/bin/env python3
"""Lists the import cycles among the files of src/gui/: which file names
which (a `use` or a path in the code, through `crate::gui::`, `super::` or
`self::`), then the strongly connected groups of more than one file, and
the files under gui/kinds/ and gui/views/ that name gui/app.rs.

Run from the repository's root: python3 scripts/gui_imports.py
Exit 1 when a cycle or an arrow back to the app is found."""

import os
import re
import sys

ROOT = "src"


def module_of(path):
    """The module path of a file: src/gui/kinds/mod.rs -> gui::kinds."""
    rel = os.path.relpath(path, ROOT)[:-3].split(os.sep)
    if rel[-1] == "mod":
        rel = rel[:-1]
    return rel


def file_of(parts, files):
    """The file of the longest prefix of `parts` that is a module."""
    for n in range(len(parts), 0, -1):
        key = tuple(parts[:n])
        if key in files:
            return files[key]
    return None


def strip_tests(text):
    """The file without its #[cfg(test)] module (tests may look anywhere)."""
    at = text.find("#[cfg(test)]\nmod tests {")
    return text if at < 0 else text[:at]


def main():
    files = {}
    for dirpath, _, names in os.walk(os.path.join(ROOT, "gui")):
        for name in names:
            if name.endswith(".rs"):
                path = os.path.join(dirpath, name)
                files[tuple(module_of(path))] = path
    edges = {path: set() for path in files.values()}
    path_re = re.compile(r"\b(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)+)")
    for module, path in files.items():
        text = strip_tests(open(path).read())
        # Comments (doc links too) name modules without importing them.
        text = "\n".join(line.split("//")[0] for line in text.splitlines())
        # Grouped imports: `use crate::gui::{a, b::c}` names a and b.
        for m in re.finditer(r"use\s+(crate|super|self)((?:::\w+)*)::\{([^}]*)\}", text):
            base, prefix, inner = m.group(1), m.group(2), m.group(3)
            for item in inner.split(","):
                item = item.strip().split(" as ")[0]
                if item:
                    text += f"\n{base}{prefix}::{item}"
        for m in path_re.finditer(text):
            base = m.group(1)
            parts = [p for p in m.group(2).split("::") if p]
            if base == "crate":
                target = parts
            elif base == "self":
                target = list(module) + parts
            else:
                # Each `super` climbs one module: from a file's module to
                # its folder's, from a folder's to its parent's.
                up = 1 + parts.count("super")
                target = list(module)[: len(module) - up] + [p for p in parts if p != "super"]
            if target[:1] != ["gui"]:
                continue
            dest = file_of(target, files)
            if dest and dest != path:
                edges[path].add(dest)
    # Tarjan's strongly connected components.
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    bad = False
    for group in out:
        bad = True
        print(f"cycle of {len(group)} files:")
        for f in group:
            inside = sorted(w for w in edges[f] if w in group)
            print(f"  {f} -> {', '.join(inside)}")
    app = os.path.join(ROOT, "gui", "app.rs")
    for f in sorted(edges):
        if (f.startswith(os.path.join(ROOT, "gui", "kinds")) or f.startswith(os.path.join(ROOT, "gui", "views"))) and app in edges[f]:
            bad = True
            print(f"{f} names gui/app.rs")
    if not bad:
        print(f"no import cycle among the {len(files)} files of src/gui/, and nothing under gui/kinds/ or gui/views/ names gui/app.rs")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
