"""No import circles in bot/: neither between files, nor between the parts of any package.

A circle of files (a imports b, b imports a, directly or round several files) means none of them can be
read or changed alone. A circle of packages (bot.banks imports bot.grading, which imports bot.banks,
whatever files carry it) means the same one level up; it is checked for the children of every package
(its modules and subpackages, each with everything below it). Imports inside functions and under
TYPE_CHECKING count too: a circle put off until run time is still a circle to a reader.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Iterable, Mapping

import grimp
import pytest

Circle = tuple[str, ...]  # the modules round the circle, the first one again at the end


def _knots(edges: Mapping[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one node (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(edges.get(target, ())))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    knot = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        knot.add(member)
                        if member == node:
                            break
                    if len(knot) > 1:
                        found.append(frozenset(knot))
    return found


def _shortest_circle(edges: Mapping[str, set[str]], knot: frozenset[str]) -> Circle:
    """A shortest circle through the first member of a knot (breadth first), to name it."""
    start = min(knot)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for target in sorted(edges.get(node, set()) & knot):
            if target == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return (*reversed(path), start)
            if target not in came_from:
                came_from[target] = node
                queue.append(target)
    raise AssertionError(f"not a knot: {sorted(knot)}")


def _child(package: str, module: str) -> str:
    return ".".join(module.split(".")[: package.count(".") + 2])


def import_levels(graph: grimp.ImportGraph) -> dict[str, dict[str, set[str]]]:
    """The import graph of the files ("files"), and of the children of each package (by its name)."""
    modules = {m for m in graph.modules if m == "bot" or m.startswith("bot.")}
    levels: dict[str, dict[str, set[str]]] = {"files": {m: set() for m in modules}}
    for importer in modules:
        for imported in graph.find_modules_directly_imported_by(importer) & modules:
            levels["files"][importer].add(imported)
            a, b = importer.split("."), imported.split(".")
            common = 0
            while common < min(len(a), len(b)) and a[common] == b[common]:
                common += 1
            package = ".".join(a[:common])
            if common == len(a) or common == len(b):
                continue  # a package and a module inside it: that is no pair of siblings
            edges = levels.setdefault(package, {})
            edges.setdefault(_child(package, importer), set()).add(_child(package, imported))
    return levels


def circles(graph: grimp.ImportGraph) -> dict[tuple[str, frozenset[str]], Circle]:
    """Every knot of imports, by its level and its members, named by a shortest circle through it."""
    found = {}
    for level, edges in import_levels(graph).items():
        for knot in _knots(edges):
            found[(level, knot)] = _shortest_circle(edges, knot)
    return found


def _describe(found: Iterable[tuple[tuple[str, frozenset[str]], Circle]]) -> str:
    lines = []
    for (level, knot), circle in sorted(found, key=lambda item: (item[0][0], sorted(item[0][1]))):
        where = "between files" if level == "files" else f"between the parts of {level}"
        more = sorted(knot - set(circle))
        lines.append(
            f"{where}: {' -> '.join(circle)}" + (f" (and in the same knot: {', '.join(more)})" if more else "")
        )
    return "\n".join(lines)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("bot", cache_dir=None)


def test_no_import_circles_in_bot(graph: grimp.ImportGraph) -> None:
    found = circles(graph)
    assert not found, "import circles (break each: move what both sides need below them):\n" + _describe(found.items())


@pytest.mark.parametrize(
    ("importer", "imported", "named"),
    [
        # two files of one package
        ("bot.telegram.render", "bot.telegram.quiz", ["between files: ", "bot.telegram.render -> bot.telegram.quiz"]),
        # across packages: a circle of files, and the circle of packages it makes
        (
            "bot.grading.grader",
            "bot.study.engine",
            [
                "bot.grading.grader -> bot.study.engine",
                "between the parts of bot: bot.grading -> bot.study -> bot.grading",
            ],
        ),
        # a package's own __init__ and a module inside it
        ("bot.grading.fill", "bot.grading", ["between files: ", "bot.grading.fill -> bot.grading"]),
        # two subpackages, whatever files carry it
        ("bot.store.db", "bot.study.days", ["between the parts of bot: bot.store -> bot.study -> bot.store"]),
    ],
)
def test_a_new_circle_is_found_and_named(
    graph: grimp.ImportGraph, importer: str, imported: str, named: list[str]
) -> None:
    leaky = copy.deepcopy(graph)
    leaky.add_import(importer=importer, imported=imported, line_number=1, line_contents=f"import {imported}")
    with pytest.raises(AssertionError) as caught:
        test_no_import_circles_in_bot(leaky)
    for words in named:  # the new import is on every circle it makes: each one named goes through it
        assert words in str(caught.value)
