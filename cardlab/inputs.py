"""Reading what people hand to cardlab: files and JSON text, refused in one line when bad.

Only regular files are read (a FIFO or a device such as /dev/zero could block
or never end), up to `MAX_FILE_BYTES`; the text must be UTF-8; JSON may nest
at most `MAX_DEPTH` levels and integers have at most `MAX_DIGITS` digits. Every
refusal is a located :class:`~cardlab.errors.RecordError`.

>>> parse_json('{"players": 5}', "--rules")
{'players': 5}
>>> parse_json("[" * 100 + "]" * 100, "--rules")
Traceback (most recent call last):
...
cardlab.errors.RecordError: --rules: nested more than 32 levels deep
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any

from cardlab.errors import RecordError
from cardlab.i18n import Text

#: A Black Widow game of a thousand hands is under 1 MB; nothing cardlab reads comes near this.
MAX_FILE_BYTES = 16 * 1024 * 1024
#: cardlab/1 documents nest five levels at most.
MAX_DEPTH = 32
#: Seats, player counts, scores and seeds all fit in far fewer digits.
MAX_DIGITS = 30

#: File-system errors a person can act on, by errno; anything else is `file.unreadable`.
_OS_ERRORS = {errno.ENOENT: "file.not_found", errno.EACCES: "file.no_permission",
              errno.EPERM: "file.no_permission", errno.EISDIR: "file.is_directory",
              errno.ENOTDIR: "file.not_found", errno.ENAMETOOLONG: "file.name_too_long",
              errno.ELOOP: "file.not_found"}

#: The json module's reasons (English only), by how they start, as catalogue keys.
_JSON_REASONS = {"Expecting value": "json.value", "Expecting ',' delimiter": "json.comma",
                 "Expecting ':' delimiter": "json.colon", "Expecting property name": "json.key",
                 "Unterminated string": "json.string", "Invalid control character": "json.control",
                 "Invalid \\": "json.escape", "Extra data": "json.extra"}


def read_text(path: str | Path) -> str:
    """The UTF-8 text of the regular file at `path`, at most `MAX_FILE_BYTES` long.

    >>> read_text("/dev/null")
    Traceback (most recent call last):
    ...
    cardlab.errors.RecordError: /dev/null: not a regular file
    """
    where = str(path)
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise RecordError("file.is_directory", where=where)
        if not stat.S_ISREG(info.st_mode):
            raise RecordError("file.not_regular", where=where)
        if info.st_size > MAX_FILE_BYTES:
            raise RecordError("file.too_big", where=where, limit=_megabytes(MAX_FILE_BYTES))
        with open(path, "rb") as file:
            # The file may have grown since stat(): never read more than the limit.
            raw = file.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise os_error(err, where) from None
    if len(raw) > MAX_FILE_BYTES:
        raise RecordError("file.too_big", where=where, limit=_megabytes(MAX_FILE_BYTES))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RecordError("file.not_utf8", where=where, offset=err.start) from None


def os_error(err: OSError, where: str) -> RecordError:
    """A file-system error as a translatable one-line error located at `where`.

    >>> os_error(FileNotFoundError(2, "No such file or directory"), "x.json").text("de")
    'x.json: Datei oder Verzeichnis nicht gefunden'
    """
    key = _OS_ERRORS.get(err.errno or 0)
    if key is None:
        return RecordError("file.unreadable", where=where, why=err.strerror or type(err).__name__)
    return RecordError(key, where=where)


def parse_json(text: str, where: str) -> Any:
    """JSON data from `text`, with the nesting and digit limits of this module."""
    try:
        data = json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise RecordError("error.not_json", where=where, why=_json_reason(err.msg),
                          line=err.lineno, column=err.colno) from None
    except RecursionError:
        raise RecordError("input.too_deep", where=where, limit=MAX_DEPTH) from None
    except RecordError as err:
        raise err.at(where) from None
    if _too_deep(data):
        raise RecordError("input.too_deep", where=where, limit=MAX_DEPTH)
    return data


def load_json(path: str | Path) -> Any:
    """JSON data from the file at `path`: file errors name the path, JSON errors the file."""
    return parse_json(read_text(path), Path(path).name)


def _json_reason(msg: str) -> Text:
    return Text(next((key for start, key in _JSON_REASONS.items() if msg.startswith(start)),
                     "json.other"))


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise RecordError("input.long_number", limit=MAX_DIGITS)
    return int(digits)


def _no_constant(name: str) -> Any:
    raise RecordError("input.not_a_number", value=name)


def _too_deep(data: Any) -> bool:
    """True if containers nest more than `MAX_DEPTH` levels (checked without recursion)."""
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        children = node.values() if isinstance(node, dict) else node if isinstance(
            node, list) else None
        if children is None:
            continue
        if depth > MAX_DEPTH:
            return True
        stack.extend((child, depth + 1) for child in children
                     if isinstance(child, dict | list))
    return False


def _megabytes(size: int) -> str:
    return f"{size // (1024 * 1024)} MB"
