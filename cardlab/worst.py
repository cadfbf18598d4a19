"""The largest games cardlab accepts and the worst inputs it refuses, with what they cost.

`cardlab bench limits` runs each case through the command line, in this
process, from a file: once timed, once with tracemalloc for the peak memory.
The targets (checked here, never in tests): every case within 2 s and 300 MB.

- ``blackwidow_replay``, ``blackwidow_infer``: the largest Black Widow record,
  `MAX_HANDS` hands, each a moon shot under ``moon: self`` (a game that could
  go on for ever, so it ends at the limit);
- ``fivesons_infer``: the largest Five Sons record, `MAX_EVENTS` questions and
  no guess, inferred from seat 0;
- ``refused_*``: a file of `MAX_FILE_BYTES` empty objects, a record of
  `MAX_EVENTS` malformed events, and one nested as deep as the file allows;
- ``stepper_*``: the largest Black Widow record and the empty objects through
  the stepper app's upload button (reading checks the record by replaying it;
  the stepper replays it once more for its steps and counts only the step shown).

>>> record = endless_blackwidow(hands=2)
>>> len(record["hands"]), record["rules"]
(2, {'moon': 'self', 'pass_cycle': ['hold']})
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from functools import partial
from itertools import cycle, islice
from pathlib import Path
from typing import Any

from cardlab.blackwidow.rules import MAX_HANDS
from cardlab.cards import STANDARD_DECK, Suit, codes
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.rules import MAX_EVENTS, FiveSonsRules
from cardlab.i18n import message, number
from cardlab.inputs import MAX_FILE_BYTES

#: The targets of `cardlab bench limits`.
TARGET_SECONDS = 2.0
TARGET_MB = 300.0


def endless_blackwidow(hands: int = MAX_HANDS) -> dict[str, Any]:
    """A legal Black Widow record of `hands` moon shots under ``moon: self``: nobody's
    score ever rises, so only the hand limit ends it.

    Seat 3 holds every club and wins every trick; seat 0 holds the hearts and
    throws one on each, seat 1 the spades (the Queen after the first trick).
    """
    suits = {suit: [card for card in STANDARD_DECK if card.suit is suit] for suit in Suit}
    deal = [suits[Suit.HEARTS], suits[Suit.SPADES], suits[Suit.DIAMONDS], suits[Suit.CLUBS]]
    plays = [card for trick in zip(suits[Suit.CLUBS], suits[Suit.HEARTS], suits[Suit.SPADES],
                                   suits[Suit.DIAMONDS], strict=True) for card in trick]
    hand = {"deal": [codes(cards) for cards in deal], "plays": codes(plays)}
    return {"format": "cardlab/1", "game": "blackwidow",
            "rules": {"moon": "self", "pass_cycle": ["hold"]}, "hands": [hand] * hands}


def long_fivesons(events: int = MAX_EVENTS, seed: int = 0) -> dict[str, Any]:
    """A legal Five Sons record of `events` questions, every pair in turn, and no guess."""
    rules = FiveSonsRules()
    game = FiveSonsGame.deal(rules, seed)
    pairs = cycle([(face, heart) for face in rules.faces for heart in rules.hearts])
    for face, heart in islice(pairs, events):
        shown = game.showable(game.turn, face, heart)
        game.ask(game.turn, face, heart, shown[0] if shown else None)
    return game.to_record().to_json()


def malformed_fivesons(events: int = MAX_EVENTS) -> dict[str, Any]:
    """A Five Sons record whose `events` events are each wrong in several ways."""
    record = long_fivesons(events=0)
    record["events"] = [{"ask": "x", "face": 1, "heart": None, "extra": []}] * events
    return record


def cases() -> dict[str, tuple[bytes, list[str]]]:
    """Each case: the file's bytes and the command run on it (its path goes after the
    command's name), or ``upload``: the stepper app's upload button."""
    empties = (MAX_FILE_BYTES - 2) // 3
    return {
        "blackwidow_replay": (_json(endless_blackwidow()), ["replay", "--format", "json"]),
        "blackwidow_infer": (_json(endless_blackwidow()), ["infer", "--as", "0"]),
        "fivesons_infer": (_json(long_fivesons()), ["infer", "--as", "0"]),
        "refused_empty_objects": (b"[" + b"{}," * empties + b"{}]", ["replay"]),
        "refused_malformed_events": (_json(malformed_fivesons()), ["replay"]),
        "refused_deep": (b"[" * MAX_FILE_BYTES, ["replay"]),
        "stepper_blackwidow_upload": (_json(endless_blackwidow()), ["upload"]),
        "stepper_refused_empty_objects": (b"[" + b"{}," * empties + b"{}]", ["upload"]),
    }


def limits(names: list[str] | None = None) -> dict[str, Any]:
    """Seconds, peak MB and exit status of every case (or of the named ones)."""
    from cardlab.cli import main  # the command line imports this module's callers

    chosen = {name: case for name, case in cases().items() if names is None or name in names}
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
            "limits": {"file_bytes": MAX_FILE_BYTES, "blackwidow_hands": MAX_HANDS,
                       "fivesons_events": MAX_EVENTS}}


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
