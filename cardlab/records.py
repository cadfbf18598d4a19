"""Loading and saving cardlab/1 records of any game (docs/records.md describes them).

Each game reads its own records (`GameEntry.read_record`); this module checks
the envelope (`format`, `game`) and hands the rest to the game named.

>>> from cardlab.games import in_menu_order
>>> entry = in_menu_order()[0]
>>> record = entry.new_game(entry.read_rules({}), seed=1).to_record()
>>> parse_record(record.to_json()).to_json() == record.to_json()
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardlab.errors import CardlabError, IllegalAction, RecordError, echo
from cardlab.games import GameRecord, game
from cardlab.inputs import os_error, parse_bytes, read_bytes

FORMAT = "cardlab/1"

#: A record or observation log of any game.
Record = GameRecord


def parse_record(data: Any) -> Record:
    """A typed record from JSON data, read by the game its `game` names."""
    if not isinstance(data, dict):
        raise RecordError("error.not_object")
    if "format" not in data:
        raise RecordError("error.missing_key", where="record", key="format")
    if data["format"] != FORMAT:
        raise RecordError("error.unknown_format", where="format", value=data["format"])
    if "game" not in data:
        raise RecordError("error.missing_key", where="record", key="game")
    return game(data["game"]).read_record(data)


def load_record(path: str | Path) -> Record:
    """Read and check the record in the JSON file at `path`.

    Format errors name the file; an illegal move names the hand and play, as
    `cardlab replay` always has (``hand 1, play 17: 3H is not legal ...``).
    """
    return read_record(read_bytes(path), Path(path).name)


def read_record(raw: bytes, name: str) -> Record:
    """Read and check the record in `raw`, the bytes of a file called `name` (an upload,
    say; errors name it, unless it is ""): the same reader, bounds and errors as
    `load_record`.

    >>> read_record(b'{"format": "cardlab/1", "game": "chess"}', "game.json")
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlab.errors.RecordError: game.json, game: unknown game 'chess' (expected '...')
    """
    where = str(echo(Path(name).name))
    data = parse_bytes(raw, where)
    try:
        return parse_record(data)
    except IllegalAction:
        raise
    except CardlabError as err:
        raise (err.at(where) if where else err) from None


def dump_record(record: Record) -> str:
    """The record as JSON text, one event or hand per line where that helps reading."""
    return json.dumps(record.to_json(), ensure_ascii=False, indent=1)


def save_record(record: Record, path: str | Path) -> None:
    """Write `record` to `path` as cardlab/1 JSON; a file-system error is a RecordError."""
    try:
        Path(path).write_text(dump_record(record) + "\n", encoding="utf-8")
    except OSError as err:
        raise os_error(err, str(path)) from None
