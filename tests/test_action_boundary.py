"""Actions are typed inside the program: their JSON form is read once, where it enters (a file of
actions, the command line, a log's rows, the window's typed-in boxes), and every function past
that edge takes an `Action`. No parameter anywhere else is annotated to take an action or its
JSON (`Action | dict`, `Action | Record`, `Action | Mapping`)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "campaign_manager"

# Where the JSON form enters and is read into actions (these may name both).
PARSING_EDGE = {
    "engine/actions.py",  # parse_action: the one reader of the JSON form
    "engine/spelling.py",  # read_action: friendly spellings, then parse_action
    "store/action_files.py",  # a file of actions
    "store/campaign_file.py",  # read_actions: the JSON of a file or the command line, for a campaign
}
JSON_NAMES = {"dict", "Dict", "Record", "Mapping", "MutableMapping", "Any"}


def _names(annotation: ast.expr) -> set[str]:
    """The names of a union annotation's members (`Action | dict[str, Any]` gives Action, dict)."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return _names(ast.parse(annotation.value, mode="eval").body)
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _names(annotation.left) | _names(annotation.right)
    if isinstance(annotation, ast.Subscript):
        return _names(annotation.value) | _names(annotation.slice)
    if isinstance(annotation, ast.Tuple):
        return set().union(*(_names(element) for element in annotation.elts))
    if isinstance(annotation, ast.Attribute):
        return {annotation.attr}
    if isinstance(annotation, ast.Name):
        return {annotation.id}
    return set()


def _action_or_json(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    names = _names(annotation)
    return "Action" in names and bool(names & JSON_NAMES)


def untyped_parameters(source: str) -> list[str]:
    """Every parameter of `source` annotated to take an action or its JSON form, as name:line."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            arguments = node.args
            every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
            every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
            found += [f"{arg.arg}:{arg.lineno}" for arg in every if _action_or_json(arg.annotation)]
    return found


def test_the_scan_finds_an_action_or_its_json():
    written = (
        "def f(a: Action | dict[str, Any], b: Iterable[Action | Record], c: 'Action | dict', d: Action): ...\n"
        "def g(*e: Action | Mapping[str, Any], f: list[Action]) -> Action | dict: ..."
    )
    assert untyped_parameters(written) == ["a:1", "b:1", "c:1", "e:2"]


def test_no_parameter_past_the_edge_takes_an_action_or_its_json():
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        module = path.relative_to(ROOT).as_posix()
        if module in PARSING_EDGE:
            continue
        untyped = untyped_parameters(path.read_text(encoding="utf-8"))
        if untyped:
            found[module] = untyped
    assert not found, f"read an action's JSON where it enters (PARSING_EDGE), and take an Action past it: {found}"


def test_the_edge_is_where_it_says():
    missing = sorted(module for module in PARSING_EDGE if not (ROOT / module).is_file())
    assert not missing, f"PARSING_EDGE names modules that are not there: {missing}"
