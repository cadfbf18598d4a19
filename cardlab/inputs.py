"""Reading what people hand to cardlab: files, uploads and JSON text, refused in one line when bad.

Every way a record gets in (a file on the command line, an app's upload
button, an app's address) goes through this one reader, so the same bounds
hold everywhere. Only regular files are read (a FIFO or a device such as
/dev/zero could block or never end), up to `MAX_FILE_BYTES`; the text must be
UTF-8 (a byte-order mark, as Windows editors write it, is skipped); JSON may
nest at most `MAX_DEPTH` levels, no list or object may hold more than
`MAX_ITEMS` entries, and integers have at most `MAX_DIGITS` digits. The size
is checked before the bytes are decoded and the text before it is parsed, so
the work spent on a refused input is bounded by these numbers. Every refusal
is a located :class:`~cardlab.errors.RecordError`.

>>> parse_json('{"players": 5}', "--rules")
{'players': 5}
>>> parse_json("[" * 100 + "]" * 100, "--rules")
Traceback (most recent call last):
...
cardlab.errors.RecordError: --rules: nested more than 32 levels deep
>>> parse_bytes('{"me": null}'.encode("utf-8-sig"), "upload.json")
{'me': None}
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any

from cardlab.errors import RecordError, echo
from cardlab.i18n import Number, Text

#: The largest game cardlab accepts (see `cardlab bench limits`) is under 300 kB as written;
#: parsing 4 MB of the most wasteful JSON (empty objects) takes well under 300 MB of memory.
MAX_FILE_BYTES = 4 * 1024 * 1024
#: cardlab/1 documents nest five levels at most.
MAX_DEPTH = 32
#: Seats, player counts, scores and seeds all fit in far fewer digits.
MAX_DIGITS = 30
#: The longest list in a cardlab/1 document (events, at most 1,000) is far shorter.
MAX_ITEMS = 2000

#: File-system errors a person can act on, by errno; anything else is `file.unreadable`.
_OS_ERRORS = {errno.ENOENT: "file.not_found", errno.EACCES: "file.no_permission",
              errno.EPERM: "file.no_permission", errno.EISDIR: "file.is_directory",
              errno.ENOTDIR: "file.not_found", errno.ENAMETOOLONG: "file.name_too_long",
              errno.ELOOP: "file.link_loop"}

#: The json module's reasons (English only), by how they start, as catalogue keys.
_JSON_REASONS = {"Expecting value": "json.value", "Expecting ',' delimiter": "json.comma",
                 "Expecting ':' delimiter": "json.colon", "Expecting property name": "json.key",
                 "Unterminated string": "json.string", "Invalid control character": "json.control",
                 "Invalid \\": "json.escape", "Extra data": "json.extra"}


def read_bytes(path: str | Path) -> bytes:
    """The bytes of the regular file at `path`; never more than `MAX_FILE_BYTES` are read.

    >>> read_bytes("/dev/null")
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
        _expect_size(info.st_size, where)
        with open(path, "rb") as file:
            # The file may have grown since stat(): never read more than the limit.
            raw = file.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise os_error(err, where) from None
    _expect_size(len(raw), where)
    return raw


def decode(raw: bytes, where: str) -> str:
    """`raw` as UTF-8 text, without a leading byte-order mark, if it is at most
    `MAX_FILE_BYTES` long.

    >>> decode(b"\\xef\\xbb\\xbf[1]", "x.json")
    '[1]'
    >>> decode(b"\\xff", "x.json")
    Traceback (most recent call last):
    ...
    cardlab.errors.RecordError: x.json: not UTF-8 text (byte 0 is not UTF-8): save the file as UTF-8
    """
    _expect_size(len(raw), where)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise RecordError("file.not_utf8", where=where, offset=err.start) from None


def _expect_size(size: int, where: str) -> None:
    if size > MAX_FILE_BYTES:
        raise RecordError("file.too_big", where=where, limit=_megabytes(MAX_FILE_BYTES))


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
    """JSON data from `text`, with the size, nesting, length and digit limits of this module."""
    if len(text) > MAX_FILE_BYTES:
        raise RecordError("file.too_big", where=where, limit=_megabytes(MAX_FILE_BYTES))
    try:
        data = json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise RecordError("error.not_json", where=where, why=_json_reason(err.msg),
                          line=err.lineno, column=err.colno) from None
    except RecursionError:
        raise RecordError("input.too_deep", where=where, limit=MAX_DEPTH) from None
    except RecordError as err:
        raise err.at(where) from None
    _expect_bounded(data, where)
    return data


def parse_bytes(raw: bytes, where: str) -> Any:
    """JSON data from the bytes of an upload (or a file), named `where` in errors."""
    return parse_json(decode(raw, where), where)


def _json_reason(msg: str) -> Text:
    return Text(next((key for start, key in _JSON_REASONS.items() if msg.startswith(start)),
                     "json.other"))


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise RecordError("input.long_number", limit=MAX_DIGITS)
    return int(digits)


def _no_constant(name: str) -> Any:
    raise RecordError("input.not_a_number", value=name)


def _expect_bounded(data: Any, where: str) -> None:
    """Refuse containers nested more than `MAX_DEPTH` deep or longer than `MAX_ITEMS`
    (checked without recursion, before anything else looks at the data)."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            children: Any = node.items()
        elif isinstance(node, list):
            children = enumerate(node)
        else:
            continue
        if len(path) >= MAX_DEPTH:
            raise RecordError("input.too_deep", where=where, limit=MAX_DEPTH)
        if len(node) > MAX_ITEMS:
            inside = "".join(f"[{step}]" if isinstance(step, int) else f".{step}"
                             for step in path).lstrip(".")
            located = ", ".join(str(part) for part in (where, echo(inside)) if part)
            raise RecordError("input.too_many_items", where=located, count=Number(len(node)),
                              limit=Number(MAX_ITEMS))
        stack.extend((child, (*path, key)) for key, child in children
                     if isinstance(child, dict | list))


def _megabytes(size: int) -> str:
    return f"{size // (1024 * 1024)} MB"
