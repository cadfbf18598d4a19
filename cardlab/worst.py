"""The largest games cardlab accepts and the worst inputs it refuses, with what they cost.

`cardlab bench limits` runs each case through the command line, in this
process, from a file: once timed, once with tracemalloc for the peak memory.
The targets (checked here, never in tests): every case within 2 s and 300 MB.

Each game that has limits (`Bounded` in `cardlab.games`) gives its cases
(`LimitCases`): its largest records with the commands run on them, records
refused for being malformed, and records to upload to the stepper. To them
this module adds what every game shares:

- ``refused_*``: a file of `MAX_FILE_BYTES` empty objects, and one nested
  as deep as the file allows;
- ``stepper_*``: the games' records and the empty objects through the stepper
  app's upload button (reading checks the record by replaying it; the stepper
  replays it once more for its steps and counts only the step shown).

>>> [name for name in cases() if name.startswith(("refused", "stepper_refused"))]
... # doctest: +NORMALIZE_WHITESPACE
['refused_empty_objects', 'refused_malformed_events', 'refused_deep',
 'stepper_refused_empty_objects']
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from cardlab.i18n import message, number
from cardlab.inputs import MAX_FILE_BYTES

#: The targets of `cardlab bench limits`.
TARGET_SECONDS = 2.0
TARGET_MB = 300.0


@dataclass(frozen=True)
class LimitCases:
    """One game's cases of `cardlab bench limits`, each by name; records are JSON data."""

    #: The largest records accepted, each with the command run on it (without the file).
    accepted: dict[str, tuple[Any, tuple[str, ...]]]
    #: Records `cardlab replay` refuses for their content.
    refused: dict[str, Any] = field(default_factory=dict)
    #: Records loaded through the stepper app's upload button.
    uploaded: dict[str, Any] = field(default_factory=dict)
    #: The limits the cases reach, as reported beside the figures.
    limits: dict[str, int] = field(default_factory=dict)


def game_cases() -> list[LimitCases]:
    """The cases of every game that has limits, in the order of the games' names."""
    from cardlab.games import Bounded, in_menu_order  # the games import this module

    entries = sorted(in_menu_order(), key=lambda entry: entry.name)
    return [entry.limit_cases() for entry in entries if isinstance(entry, Bounded)]


def cases(games: list[LimitCases] | None = None) -> dict[str, tuple[bytes, list[str]]]:
    """Each case: the file's bytes and the command run on it (its path goes after the
    command's name), or ``upload``: the stepper app's upload button."""
    games = game_cases() if games is None else games
    empties = b"[" + b"{}," * ((MAX_FILE_BYTES - 2) // 3) + b"{}]"
    found: dict[str, tuple[bytes, list[str]]] = {}
    for limits in games:
        found |= {name: (_json(record), list(command))
                  for name, (record, command) in limits.accepted.items()}
    found["refused_empty_objects"] = (empties, ["replay"])
    for limits in games:
        found |= {name: (_json(record), ["replay"]) for name, record in limits.refused.items()}
    found["refused_deep"] = (b"[" * MAX_FILE_BYTES, ["replay"])
    for limits in games:
        found |= {name: (_json(record), ["upload"]) for name, record in limits.uploaded.items()}
    found["stepper_refused_empty_objects"] = (empties, ["upload"])
    return found


def limits(names: list[str] | None = None) -> dict[str, Any]:
    """Seconds, peak MB and exit status of every case (or of the named ones)."""
    from cardlab.cli import main  # the command line imports this module's callers

    games = game_cases()
    chosen = {name: case for name, case in cases(games).items()
              if names is None or name in names}
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, (raw, command) in chosen.items():
            path = Path(folder) / f"{name}.json"
            path.write_bytes(raw)
            run = partial(_upload, raw) if command == ["upload"] else partial(
                main, [*command[:1], str(path), *command[1:]])
            status, seconds = _timed(run)
            figures[name] = {"status": status, "seconds": round(seconds, 3),
                             "peak_mb": round(_peak_mb(run), 1),
                             "file_kb": round(len(raw) / 1024)}
    return {"cases": figures, "max_seconds": max(case["seconds"] for case in figures.values()),
            "max_peak_mb": max(case["peak_mb"] for case in figures.values()),
            "target_seconds": TARGET_SECONDS, "target_mb": TARGET_MB,
            "limits": {"file_bytes": MAX_FILE_BYTES,
                       **{key: value for limits in games for key, value in limits.limits.items()}}}


def text(figures: dict[str, Any], lang: str = "en") -> str:
    """The figures as a few readable lines."""
    lines = [message("bench.limits_header", lang, seconds=number(TARGET_SECONDS, lang, 1),
                     mb=number(TARGET_MB, lang))]
    for name, case in figures["cases"].items():
        lines.append(message("bench.limits_case", lang, name=name, status=case["status"],
                             seconds=number(case["seconds"], lang, 2),
                             mb=number(case["peak_mb"], lang, 1)))
    return "\n".join(lines)


def _upload(raw: bytes) -> int:
    """Load `raw` through the stepper app's upload path: 0 if it shows the record, else 2."""
    from cardlab.widgets.stepper_app import StepperApp  # widgets only for this case

    app = StepperApp("")
    shown = app.stepper
    app.load_bytes(raw, "upload.json")
    return 0 if app.stepper is not shown else 2


def _json(data: Any) -> bytes:
    return json.dumps(data, indent=1).encode()


def _timed(run: Callable[[], int]) -> tuple[int, float]:
    start = time.perf_counter()
    with _quiet():
        status = run()
    return status, time.perf_counter() - start


def _peak_mb(run: Callable[[], int]) -> float:
    tracemalloc.start()
    try:
        with _quiet():
            run()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        yield
