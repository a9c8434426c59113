"""No module of the program imports itself back through others (imports made only for type
checking count too: they bind the modules together all the same). The layers contract in
pyproject.toml keeps the parts in order; this keeps the modules within a part in order."""

from __future__ import annotations

import grimp


def cycles() -> list[list[str]]:
    """The import graph's strongly connected components of more than one module (Tarjan)."""
    graph = grimp.build_graph("campaign_manager")
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_import_cycle_anywhere():
    assert cycles() == []
