"""One registry of games: name -> rules, records, bots, play, reports, views, knowledge, graph.

The command line, the records loader and the apps look a game up here and
never branch on game types. A new game is its own package plus one line in
`GAMES`.

>>> game("fivesons").hint_bot, sorted(GAMES)
('infogain', ['blackwidow', 'fivesons'])
>>> parse_perspective("public"), parse_perspective("2"), parse_perspective(None)
('public', 2, None)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cardlab.blackwidow.entry import BlackWidow
from cardlab.decisions import Perspective
from cardlab.errors import RecordError
from cardlab.fivesons.entry import FiveSons
from cardlab.report import Report
from cardlab.table import SeatBot, Table

if TYPE_CHECKING:
    import networkx as nx

#: Seat numbers are short; a longer string of digits is a mistake, not a seat.
MAX_SEAT_DIGITS = 3


class GameEntry(Protocol):
    """What every game offers the command line and the apps."""

    name: str
    #: Bot names, weakest first; `hint_bot` is the one that gives hints.
    bots: tuple[str, ...]
    hint_bot: str
    #: The keys of `--rules` and of a record's `rules`.
    rule_options: tuple[str, ...]

    def read_rules(self, options: Any) -> Any:
        """Rules from a JSON object of options (unknown keys are errors)."""

    def read_record(self, data: dict[str, Any]) -> Any:
        """A record (or observation log) from cardlab/1 JSON data of this game."""

    def bot_seat(self, name: str, seed: int | None) -> SeatBot:
        """The named bot, ready to sit at a table."""

    def new_game(self, rules: Any, seed: int | None) -> Any:
        """A freshly dealt game."""

    def play(self, rules: Any, names: Sequence[str], seed: int | None) -> Table:
        """A whole game between the named bots, every move kept."""

    def tournament(self, rules: Any, names: Sequence[str], games: int, seed: int | None,
                   progress: Callable[[int], None]) -> Report:
        """A seat-rotated tournament and its results."""

    def result(self, game: Any) -> Report:
        """How a game stands (the `cardlab replay` report)."""

    def replay(self, record: Any, legal: bool) -> Report:
        """Replay a full record and report it (`legal`: list the legal moves too)."""

    def view(self, record: Any, perspective: Perspective, after: int | None) -> Any:
        """What `perspective` knows after the first `after` events or plays."""

    def knowledge(self, view: Any) -> Any:
        """Exact knowledge from a view."""

    def infer(self, knowledge: Any) -> Report:
        """The `cardlab infer` report of that knowledge."""

    def graph(self, knowledge: Any, lang: str) -> nx.DiGraph:
        """The knowledge graph of that knowledge."""

    def encode(self, action: Any) -> dict[str, Any]:
        """An action as JSON data."""

    def decode(self, data: dict[str, Any]) -> Any:
        """The action `encode` wrote (anything else: `RecordError`)."""


GAMES: dict[str, GameEntry] = {entry.name: entry for entry in (FiveSons(), BlackWidow())}


def game(name: Any) -> GameEntry:
    """The game called `name`; an unknown name is an error that lists the games."""
    if not isinstance(name, str) or name not in GAMES:
        raise RecordError("error.unknown_game", where="game", value=name)
    return GAMES[name]


def game_of(record: Any) -> GameEntry:
    """The game a record or observation log belongs to."""
    return game(record.game)


def parse_perspective(value: str | None) -> Perspective:
    """`--as`: a seat number in ASCII digits, `public`, or None when not given."""
    if value is None:
        return None
    if value == "public":
        return "public"
    if not (value.isascii() and value.isdigit()) or len(value) > MAX_SEAT_DIGITS:
        raise RecordError("error.bad_perspective", where="--as", value=value)
    return int(value)
