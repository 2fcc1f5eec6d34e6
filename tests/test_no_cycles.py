"""No import cycles: the package's modules import each other in one direction only.

The graph is the whole package's, as grimp reads it: imports inside functions and under
``TYPE_CHECKING`` count too (a cycle there still ties the modules together for a reader). A cycle
is a strongly connected component of more than one module. The window and its screens are no
exception: the screens name the window through ``ui/shell.py``'s protocol (docs/interfaces.md).
"""

from __future__ import annotations

import grimp

PACKAGE = "desert_pyramid"


def _under(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def cycles(graph: grimp.ImportGraph, package: str) -> list[list[str]]:
    """Every strongly connected component of more than one module (Tarjan's algorithm, without
    recursion), each sorted, the list sorted."""
    modules = sorted(m for m in graph.modules if _under(m, (package,)))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in modules:
        if root in index:
            continue
        work: list[tuple[str, list[str]]] = []
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work.append((root, sorted(graph.find_modules_directly_imported_by(root))))
        while work:
            v, todo = work[-1]
            if todo:
                w = todo.pop()
                if not _under(w, (package,)):
                    continue
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, sorted(graph.find_modules_directly_imported_by(w))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
            if low[v] == index[v]:
                component: list[str] = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def test_the_cycle_finder_finds_a_cycle_and_only_cycles() -> None:
    graph = grimp.ImportGraph()
    for m in ("p", "p.a", "p.b", "p.c", "p.d", "p.e"):
        graph.add_module(m)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.c")
    graph.add_import(importer="p.c", imported="p.a")
    graph.add_import(importer="p.c", imported="p.d")
    graph.add_import(importer="p.e", imported="p.e")  # a module importing itself is no cycle
    assert cycles(graph, "p") == [["p.a", "p.b", "p.c"]]


def test_no_import_cycles_in_the_package() -> None:
    # no cache: a cache kept across a move of files has answered with modules that were gone
    graph = grimp.build_graph(PACKAGE, exclude_type_checking_imports=False, cache_dir=None)
    found = cycles(graph, PACKAGE)
    listing = "\n".join(" <-> ".join(c) for c in found)
    assert not found, f"import cycles in the package:\n{listing}"
