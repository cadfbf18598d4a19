"""The cardlab/1 JSON Schema, and checking data against it with located, translated errors.

The schema checks structure: keys, types, card code forms, ranges that do not
depend on the player count. What needs the rules (hand sizes, the deck, seats
beyond the player count, legal plays) is checked in Python. It comes in parts:
the shared one beside this module (cards, seats, names, the practice block)
and each game's own, ``record.schema.json`` in the game's package (its
``$defs`` and the ``allOf`` rule that picks them by ``game``). `document` joins
them into the whole schema, the one in ``docs/cardlab-1.schema.json``.

>>> check(7, "player_count", "rules.players")
Traceback (most recent call last):
...
cardlab.errors.RecordError: rules.players: 7 is out of range (3 to 6)
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from itertools import islice
from types import ModuleType
from typing import TYPE_CHECKING, Any

from cardlab.cards import Card
from cardlab.errors import CardError, RecordError
from cardlab.i18n import Count, Number, Text

if TYPE_CHECKING:  # jsonschema takes seconds to import: only code that validates pays for it
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

#: The whole schema's file name in docs/.
SCHEMA_FILE = "cardlab-1.schema.json"
#: A game's part of the schema, in the game's package.
PART_FILE = "record.schema.json"
#: A refusal counts the problems of a document up to this many, and says how many more.
MAX_PROBLEMS = 20


@cache
def shared() -> dict[str, Any]:
    """The shared part of the schema: the document's frame and the `$defs` every game uses.

    >>> shared()["$schema"], "card" in shared()["$defs"]
    ('https://json-schema.org/draft/2020-12/schema', True)
    """
    return _read(__name__, "shared.schema.json")


@cache
def part(package: str) -> dict[str, Any]:
    """The part of the schema that the game in `package` brings (its ``record.schema.json``).

    >>> from cardlab.games import in_menu_order
    >>> entry = in_menu_order()[0]
    >>> sorted(part(entry.schema_package)) == ["$defs", "$schema", "allOf", "description"]
    True
    """
    return _read(package, PART_FILE)


def document(packages: Mapping[str, str]) -> dict[str, Any]:
    """The whole schema for the games named in `packages` (a game's name: its package).

    >>> from cardlab.games import in_menu_order
    >>> entry = in_menu_order()[0]
    >>> document({entry.name: entry.schema_package})["properties"]["game"]["enum"] == [entry.name]
    True
    """
    whole = copy.deepcopy(shared())
    whole["properties"]["game"] = {"enum": list(packages)}
    for package in packages.values():
        whole["allOf"] += copy.deepcopy(part(package)["allOf"])
        whole["$defs"].update(copy.deepcopy(part(package)["$defs"]))
    return whole


def schema() -> dict[str, Any]:
    """The whole cardlab/1 schema of the registered games that have a part.

    >>> schema()["$schema"]
    'https://json-schema.org/draft/2020-12/schema'
    """
    from cardlab.games import Recorded, in_menu_order  # the registry loads the games

    return document({entry.name: entry.schema_package for entry in in_menu_order()
                     if isinstance(entry, Recorded)})


@cache
def validator(definition: str, package: str | None = None) -> Draft202012Validator:
    """A validator for one `$defs` entry, such as "cards", of the shared part or of the
    game in `package`."""
    make: type[Draft202012Validator] = _import_jsonschema().Draft202012Validator
    defs = {**shared()["$defs"], **(part(package)["$defs"] if package else {})}
    return make(_inline(defs[definition], defs))


def _read(package: str, name: str) -> dict[str, Any]:
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _import_jsonschema() -> ModuleType:
    """jsonschema, imported without the IRI parser that it loads where one is installed.

    That parser (rfc3987_syntax, which JupyterLab brings along) builds its grammar
    at import, seconds of CPU in every kernel and command; the cardlab/1 schema
    checks no IRIs. The block lasts only while jsonschema is imported.
    """
    if "jsonschema" in sys.modules:
        return sys.modules["jsonschema"]
    blocked = "rfc3987_syntax" not in sys.modules
    if blocked:
        sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # import fails fast
    try:
        import jsonschema
    finally:
        if blocked:
            del sys.modules["rfc3987_syntax"]
    return jsonschema


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    """`node` with every local `$ref` replaced by what it names.

    Resolving a reference for every card of a record is most of the work of
    validating it; the schema has no cycles, so the references can go once.
    A `$ref` beside other keywords means both apply: the two merge where they
    share no keyword, else they become an `allOf`.
    """
    if isinstance(node, list):
        return [_inline(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    inlined = {key: _inline(value, defs) for key, value in node.items()
               if key not in ("$ref", "description")}
    if "$ref" not in node:
        return inlined
    target = _inline(defs[node["$ref"].removeprefix("#/$defs/")], defs)
    if inlined.keys() & target.keys():
        return {**inlined, "allOf": [*inlined.get("allOf", []), target]}
    return {**inlined, **target}


def check(data: Any, definition: str, name: str, prefix: str = "", *,
          numbered_hands: bool = False, package: str | None = None) -> None:
    """Raise a RecordError for the first structural problem of `data`.

    The error is located at `name` when it concerns the whole document, else
    at its path inside it, after `prefix` ("rules." for the rules of a record);
    with `numbered_hands`, a problem inside ``hands[i]`` is located at "hand i+1".
    A game's own definitions are found with its `package`.

    >>> check({"teacher_view": True}, "practice", "practice", "practice.")
    >>> check({"teacher_view": "yes"}, "practice", "practice", "practice.")
    Traceback (most recent call last):
    ...
    cardlab.errors.RecordError: practice.teacher_view: must be true or false, not text
    """
    # Only the first few problems are looked at: a long malformed record has one per
    # entry, and each costs time and memory to describe.
    errors = list(islice(validator(definition, package).iter_errors(data),
                        MAX_PROBLEMS + 1))
    if errors:
        # The shallowest problem first (a missing key before a bad card inside it),
        # then document order; anyOf errors stay whole rather than split into branches.
        error = min(errors, key=lambda err: len(err.absolute_path))
        where = _where(name, prefix, error.absolute_path, numbered_hands)
        located = _located(error, where)
        raise RecordError(located.key, where=located.where, more=_more(len(errors) - 1),
                          **located.params)


def _more(others: int) -> Text | None:
    """How many more problems a document has, counted up to `MAX_PROBLEMS`."""
    if others >= MAX_PROBLEMS:
        return Text("records.many_more_problems", more=Count("count.problems", MAX_PROBLEMS))
    return Text("records.more_problems", more=Count("count.problems", others)) if others else None


def _located(error: ValidationError, where: str) -> RecordError:
    # jsonschema types these as possibly unset; an error from iter_errors always has them.
    value: Any = error.instance
    rule: Any = error.validator_value
    schema: Any = error.schema
    keyword = str(error.validator)
    custom = schema.get("x-messages", {}) if isinstance(schema, dict) else {}
    if keyword in custom:
        size = Number(len(value)) if isinstance(value, list) else None
        return RecordError(custom[keyword], where=where, actual=size,
                           expected=Number(rule) if isinstance(rule, int) else rule)
    if keyword == "required":
        missing = next(key for key in rule if key not in value)
        return RecordError("error.missing_key", where=where, key=missing)
    if keyword == "additionalProperties":
        allowed = list(schema.get("properties", {}))
        extra = next(key for key in value if key not in allowed)
        return RecordError("error.unknown_key", where=where, key=extra,
                           expected=", ".join(allowed))
    if keyword == "type":
        return RecordError("error.wrong_type", where=where, expected=_kinds(rule),
                           actual=_kind(value))
    if keyword == "pattern":
        return _card_form(value, where)
    if keyword in ("const", "enum"):
        choices = [rule] if keyword == "const" else rule
        return RecordError("error.bad_choice", where=where, value=value,
                           choices=", ".join(map(str, choices)))
    if keyword in ("minimum", "maximum"):
        return RecordError("error.out_of_range", where=where, value=value,
                           low=schema.get("minimum"), high=schema.get("maximum"))
    if keyword in ("minItems", "maxItems"):
        key = "records.too_short" if keyword == "minItems" else "records.too_long"
        return RecordError(key, where=where, actual=len(value), expected=rule)
    if keyword == "uniqueItems":
        return RecordError("error.duplicate_card", where=where, card=_first_repeat(value))
    return RecordError("records.schema_rule", where=where, rule=keyword)


def _card_form(value: str, where: str) -> RecordError:
    """The card reader's own reason for a code the schema refuses, or a general one."""
    try:
        Card.parse(value)
    except CardError as err:
        return RecordError(err.key, where=where, more=err.more, **err.params)
    return RecordError("records.card_form", where=where, value=value)


def _first_repeat(items: Sequence[Any]) -> Any:
    seen: list[Any] = []
    for item in items:
        if item in seen:
            return item
        seen.append(item)
    raise ValueError("no repeated item")


def _kind(value: Any) -> Text:
    names = {bool: "boolean", int: "integer", float: "number", str: "string",
             list: "array", dict: "object", type(None): "null"}
    return Text(f"records.kind.{names.get(type(value), 'other')}")


def _kinds(rule: str | list[str]) -> Text:
    if isinstance(rule, str):
        return Text(f"records.kind.{rule}")
    first, *rest = rule
    kinds = Text(f"records.kind.{first}")
    for other in rest:
        kinds = Text("records.either", a=kinds, b=Text(f"records.kind.{other}"))
    return kinds


def _where(name: str, prefix: str, path: Sequence[str | int], numbered_hands: bool) -> str:
    """A readable location: ``hands[1][2]``, ``events[0].shown``, ``hand 2, pass[1]``."""
    parts = list(path)
    if not parts:
        return name
    if numbered_hands and len(parts) >= 2 and parts[0] == "hands":
        rest = _path(parts[2:]).lstrip(".")
        return f"hand {int(parts[1]) + 1}" + (f", {rest}" if rest else "")
    return prefix + _path(parts).lstrip(".")


def _path(parts: Sequence[str | int]) -> str:
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in parts)
