"""The app's data declared once, as typed models, and read with every fault named.

Every data file (scenarios, the assist modules' tables) and every action is a pydantic v2
model or dataclass built from the pieces here: strict scalar types (no "3" for 3, no true for
1), unknown keys refused (`extra="forbid"`). `read_model` checks a file's shape, then runs the
model's cross-checks, and reports every fault at once with the entry's path
(`turns[2].deployment[0].area: "B9" is not an area`) and, where it can be found, the TOML line.

Containers stay lax (a JSON or TOML list fills a tuple); scalars are strict. Qt-free.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    Strict,
    StringConstraints,
    TypeAdapter,
    ValidationError,
)
from pydantic_core import ErrorDetails

from campaign_manager import bounds
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _, ngettext, number

Int = Annotated[int, Strict()]
Count = Annotated[int, Strict(), Field(ge=0)]
Die = Annotated[int, Strict(), Field(ge=1, le=6)]
Roll = Annotated[int, Strict(), Field(ge=0, le=6)]  # a score needed on a d6; 0 = no roll
Number = Annotated[int, Strict()] | Annotated[float, Strict(), Field(allow_inf_nan=False)]
Flag = Annotated[bool, Strict()]
Text = Annotated[str, StringConstraints(strict=True, min_length=1)]  # a name or code: not empty
Words = Annotated[str, StringConstraints(strict=True, strip_whitespace=True, min_length=1)]  # not blank
AnyText = Annotated[str, Strict()]  # may be empty
Loc = tuple[str | int, ...]  # an entry's path through the data: ('turns', 2, 'area')


def _blank_is_none(value: Any) -> Any:
    return None if value == "" else value


# An optional text where the file writes "" for none (controller = "" — nobody holds it).
OptionalText = Annotated[Text | None, BeforeValidator(_blank_is_none, json_schema_input_type=str)]

STRICT = ConfigDict(extra="forbid", frozen=True, defer_build=True)  # built on first use: a quicker start


class DataModel(BaseModel):
    """A part of a data file: unknown keys refused, frozen once read."""

    model_config = STRICT


class Keyed(DataModel):
    """A part written as a table keyed by its code (`[troop_types.gr_inf]`); `keyed` gives it
    the key once the file is read."""

    _key: str = PrivateAttr("")

    @cached_property  # read often by the engine: kept in the instance once read
    def code(self) -> str:
        return self._key


K = TypeVar("K", bound=Keyed)
M = TypeVar("M")
N = TypeVar("N")


def keyed(table: dict[str, K]) -> dict[str, K]:
    """The table's parts, each told its own key."""
    for key, part in table.items():
        part._key = key
    return table


# -- faults ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fault:
    """One thing wrong in a data file: where (`areas[5].links`) and what, in the app's words."""

    where: str
    what: str
    line: int | None = None

    def words(self, file: str) -> str:
        values = {"file": file, "where": self.where, "what": self.what, "line": self.line}
        if self.where and self.line:
            return _("{file}: {where}: {what} (line {line})").format(**values)
        if self.where:
            return _("{file}: {where}: {what}").format(**values)
        if self.line:
            return _("{file}: {what} (line {line})").format(**values)
        return _("{file}: {what}").format(**values)


def path_of(loc: Iterable[str | int]) -> str:
    """`('turns', 2, 'deployment', 0, 'area')` → `turns[2].deployment[0].area`."""
    where = ""
    for part in loc:
        if isinstance(part, int):
            where += f"[{part}]"
        else:
            where += f".{part}" if where else str(part)
    return where


def _shown(value: Any) -> str:
    if isinstance(value, str):
        if len(value) <= 60:
            return f'"{value}"'
        return _('"{start}…" ({count} characters)').format(start=value[:57], count=number(len(value)))
    if isinstance(value, bool):
        return "true" if value else "false"  # untranslated: TOML's and JSON's own words
    if isinstance(value, dict):
        return _("a table")
    if isinstance(value, (list, tuple)):
        return _("a list")
    return repr(value)


_KINDS = {
    "int_type": N_("a whole number"),
    "int_parsing": N_("a whole number"),
    "string_type": N_("a text"),
    "bool_type": N_("true or false"),
    "float_type": N_("a number"),
    "list_type": N_("a list"),
    "tuple_type": N_("a list"),
    "dict_type": N_("a table"),
    "model_type": N_("a table"),
    "dataclass_type": N_("a table"),
    "model_attributes_type": N_("a table"),
    "dataclass_args_type": N_("a table"),
}


def _say(error: ErrorDetails) -> str:
    """A pydantic error in the app's words."""
    kind, ctx, value = error["type"], error.get("ctx") or {}, error.get("input")
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
        return _("unknown key")
    if kind in ("missing", "missing_keyword_argument", "missing_argument"):
        return _("is missing")
    if kind in _KINDS:
        return _("should be {kind}, not {value}").format(kind=_(_KINDS[kind]), value=_shown(value))
    if kind == "too_few":
        return _("has too few items")
    if kind == "string_too_short":
        return _("should not be empty")
    if kind == "string_too_long":
        most = number(ctx.get("max_length") or 0)
        if isinstance(value, str):
            return _("should have at most {most} characters, not {count}").format(most=most, count=number(len(value)))
        return _("should have at most {most} characters").format(most=most)
    if kind == "greater_than_equal":
        return _("should be at least {least}, not {value}").format(least=ctx.get("ge"), value=_shown(value))
    if kind == "less_than_equal":
        return _("should be at most {most}, not {value}").format(most=ctx.get("le"), value=_shown(value))
    if kind == "greater_than":
        return _("should be more than {least}, not {value}").format(least=ctx.get("gt"), value=_shown(value))
    if kind == "literal_error":
        expected = ctx.get("expected", "").replace(chr(39), "").replace(" or ", ", ")
        return _("{value} is not one of: {expected}").format(value=_shown(value), expected=expected)
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        return (
            _("unknown type {kind} (known: {known})")
            .format(kind=_shown(ctx.get("tag", value)), known=ctx.get("expected_tags", ""))
            .replace("'", "")
        )
    if kind in ("too_short", "too_long"):
        return _length_words(kind, ctx)
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    return error["msg"][:1].lower() + error["msg"][1:]


def _length_words(kind: str, ctx: dict[str, Any]) -> str:
    """A list of the wrong length, in words: "should have at least 1 item", "should have at most 4 items, not 5"."""
    values: dict[str, Any] = {
        "count": ctx.get("actual_length"),
        "least": ctx.get("min_length"),
        "most": ctx.get("max_length"),
    }
    has = values["count"] is not None
    if has:
        values["count"] = number(values["count"])
    if kind == "too_short":
        least = values["least"] or 0
        if has:
            said = ngettext(
                "should have at least {least} item, not {count}",
                "should have at least {least} items, not {count}",
                least,
            )
        else:
            said = ngettext("should have at least {least} item", "should have at least {least} items", least)
        return said.format(**values)
    most = values["most"] or 0
    values["most"] = number(most)
    if has:
        said = ngettext(
            "should have at most {most} item, not {count}", "should have at most {most} items, not {count}", most
        )
    else:
        said = ngettext("should have at most {most} item", "should have at most {most} items", most)
    return said.format(**values)


def _location(loc: Loc, data: Any, missing: bool = False) -> Loc:
    """The path of `loc` through the input `data`: pydantic's own steps (union branches such as
    `int` and `float`, `function-after[...]`) are not keys of the data and are left out; only a
    key found `missing` from a table is named though it is not there."""
    path: list[str | int] = []
    for n, part in enumerate(loc):
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, (list, tuple)) and isinstance(part, int) and part < len(data):
            data = data[part]
        elif (
            n < len(loc) - 1
            or not missing
            or not isinstance(data, (dict, list, tuple))
            or "[" in str(part)
            or "-" in str(part)
        ):
            continue  # not in the data: a step of pydantic's, or a key below a value that is not a table
        path.append(part)
    return tuple(path)


MISSING = ("missing", "missing_keyword_argument", "missing_argument")


def faults_of(error: ValidationError, data: Any = None, text: str | None = None) -> list[Fault]:
    """Every fault of a failed shape check, once each (the deepest where a union's branches
    disagree), with its line when it can be found."""
    faults: dict[str, Fault] = {}
    for item in error.errors():
        loc = _location(tuple(item["loc"]), data, item["type"] in MISSING)
        if item["type"] == "missing" and loc and isinstance(loc[-1], int):
            loc, item = loc[:-1], {**item, "type": "too_few"}
        where = path_of(loc)
        if where in faults:
            continue
        faults[where] = Fault(where, _say(item), line_of(text, loc) if text else None)
    deepest = [
        f
        for f in faults.values()
        if not any(
            g.where.startswith(f.where + ".") or g.where.startswith(f.where + "[") for g in faults.values() if f.where
        )
    ]
    return deepest


def check_tagged(data: Any, by_type: Mapping[str, type[BaseModel]], one: str, unknown: str) -> dict[str, Any]:
    """`data` as one of the tagged models `by_type` (its "type" names which), read strictly;
    refused in one line naming every faulty field. `one` says what the data should be ("a
    tracker action"), `unknown` what an unknown type is ("tracker action"). The data is returned
    as it was given (dice and values written as typed)."""
    if not isinstance(data, dict):
        raise UserError(_("{one} is a JSON object with a 'type', not {data}").format(one=one, data=repr(data)))
    kind = data.get("type")
    model = by_type.get(kind) if isinstance(kind, str) else None
    if model is None:
        raise UserError(
            _("unknown {unknown} {kind} (known: {known})").format(
                unknown=unknown, kind=repr(kind), known=", ".join(by_type)
            )
        )
    try:  # by its own model: the union's tag in the fault's path could read as a field ("doctrine")
        model.model_validate(data)
    except ValidationError as exc:
        faults = [
            f"{fault.where}: {fault.what}" if fault.where not in ("", kind) else fault.what
            for fault in faults_of(exc, data)
        ]
        raise UserError(_("'{kind}' action: {faults}").format(kind=kind, faults="; ".join(faults))) from None
    return data


# -- lines -------------------------------------------------------------------------------------

_HEADER = re.compile(r"^\[\[?[\w.\-\" ]+\]\]?$")


def _is_header(line: str) -> bool:
    return bool(_HEADER.match(line.split("#")[0].strip()))


def line_of(text: str, loc: Loc) -> int | None:
    """The line of the TOML `text` holding the entry at `loc`, when it can be found: the
    deepest `[table]` or `[[list]]` header on the path, then each further key and list item
    inside that block (inline tables and lists written one item a line)."""
    lines = text.splitlines()
    start, rest = _header(lines, list(loc))
    if start is None:
        return None
    end = next((i for i in range(start + 1, len(lines)) if _is_header(lines[i])), len(lines))
    at, indexed = start, False
    for part in rest:
        if isinstance(part, int):
            if indexed:  # an item inside an item: on the same line
                continue
            first = lines[at].split("#")[0]
            items = [at] if re.search(r"=\s*\[\s*[{\[]", first) else []
            items += [i for i in range(at + 1, end) if lines[i].split("#")[0].strip()[:1] in ("{", "[")]
            if part < len(items):
                at, indexed = items[part], True
            continue
        pattern = re.compile(rf"(^|[\s{{,])\"?{re.escape(part)}\"?\s*=")
        found = next((i for i in range(at, end) if pattern.search(lines[i].split("#")[0])), None)
        if found is None:
            break
        at, indexed = found, False
    return at + 1


def _header(lines: list[str], parts: list[str | int]) -> tuple[int | None, list[str | int]]:
    for depth in range(len(parts), 0, -1):
        prefix = parts[:depth]
        if isinstance(prefix[-1], int):
            if any(isinstance(p, int) for p in prefix[:-1]):
                continue
            head = f"[[{'.'.join(map(str, prefix[:-1]))}]]"
            heads = [i for i, line in enumerate(lines) if line.split("#")[0].strip() == head]
            if prefix[-1] < len(heads):
                return heads[prefix[-1]], parts[depth:]
        elif not any(isinstance(p, int) for p in prefix):
            head = f"[{'.'.join(map(str, prefix))}]"
            found = next((i for i, line in enumerate(lines) if line.split("#")[0].strip() == head), None)
            if found is not None:
                return found, parts[depth:]
    return (0, parts) if parts else (None, parts)


# -- reading -----------------------------------------------------------------------------------


def read_model(
    adapter: TypeAdapter[M],
    data: Any,
    file: str,
    error: type[Exception],
    checks: Callable[[M], list[Fault]] | None = None,
    text: str | None = None,
) -> M:
    """`data` as the model `kind`, or `error` listing every fault: the shape first, then (when
    the shape is sound) the cross-checks `checks` returns."""
    found = check_model(adapter, data, checks, text)
    if found[0] is None or found[1]:
        raise refusal(error, file, found[1])
    return found[0]


def check_model(
    adapter: TypeAdapter[N],
    data: Any,
    checks: Callable[[N], list[Fault]] | None = None,
    text: str | None = None,
) -> tuple[N | None, list[Fault]]:
    """`data` read as the model, and every fault found: the faults of its shape (and then no
    model), else those its cross-checks `checks` return. With the file's `text`, each fault is
    given its line where it can be found."""
    try:
        model = adapter.validate_python(data)
    except ValidationError as exc:
        return None, faults_of(exc, data, text)
    faults = checks(model) if checks else []
    if text:
        faults = [f if f.line else Fault(f.where, f.what, line_of(text, split_path(f.where))) for f in faults]
    return model, faults


def refusal(error: type[Exception], file: str, faults: list[Fault]) -> Exception:
    """One exception naming every fault: a single fault in one line, more as a list; the faults
    themselves are kept on it (`faults`)."""
    if len(faults) == 1:
        exc = error(faults[0].words(file))
    else:
        heading = ngettext("{file}: {count} fault", "{file}: {count} faults", len(faults)).format(
            file=file, count=len(faults)
        )
        exc = error("\n".join([heading] + ["  " + fault.words(file) for fault in faults]))
    exc.faults = faults  # type: ignore[attr-defined]
    return exc


def split_path(where: str) -> Loc:
    """`turns[2].deployment[0].area` → `('turns', 2, 'deployment', 0, 'area')` (path_of undone)."""
    parts: list[str | int] = []
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", where):
        parts.append(int(index) if index else name)
    return tuple(parts)


def load_toml(path: Path, file: str, error: type[Exception]) -> tuple[dict[str, Any], str]:
    """A TOML file's data and text; a missing, unreadable or unparsable file is refused."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(_("{file}: the data file is missing (looked in {path})").format(file=file, path=path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise error(_("{file}: cannot be read ({error})").format(file=file, error=exc)) from None
    return parse_toml(text, file, error), text


def read_data_file(
    path: Path, adapter: TypeAdapter[M], error: type[Exception], checks: Callable[[M], list[Fault]] | None = None
) -> M:
    """A data file read, shape-checked and cross-checked; `error` lists every fault."""
    data, text = load_toml(path, Path(path).name, error)
    return read_model(adapter, data, Path(path).name, error, checks, text)


def parse_toml(text: str, file: str, error: type[Exception]) -> dict[str, Any]:
    """TOML text read within the limits of bounds.py: nesting and the length of numbers."""
    import tomllib  # here: a campaign whose scenario was checked before (scenario/cache.py) reads no TOML

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(_("{file}: is not valid TOML ({error})").format(file=file, error=exc)) from None
    except RecursionError:
        raise error(
            _("{file}: its tables and lists are nested more than {depth} deep").format(
                file=file, depth=bounds.MAX_DEPTH
            )
        ) from None
    except ValueError:  # a whole number past Python's own limit (4,300 digits)
        raise error(
            _("{file}: holds a number of thousands of digits (numbers have at most {digits})").format(
                file=file, digits=bounds.MAX_DIGITS
            )
        ) from None
    bounds.check_depth(data, file, _("its data"), error)
    bounds.check_numbers(data, file, _("it"), error)
    return data
