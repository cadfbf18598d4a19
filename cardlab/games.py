"""The registry of games: every game is a plugin found through the `cardlab.games` entry points.

A game is its own package plus one line in the ``[project.entry-points."cardlab.games"]``
table of its distribution's ``pyproject.toml``: the line names the game and
the class of its :class:`GameEntry`. The command line, the records loader,
the apps and the classroom look a game up here and never name one. A game's
entry is loaded (imported and made) the first time it is asked for, so an
unused game costs nothing and a broken one fails only when it is used, with
an error that names it.

>>> entry = in_menu_order()[0]                     # the apps' default game
>>> game(entry.name) is entry, entry.hint_bot in entry.bots, list(GAMES) == sorted(GAMES)
(True, True, True)
>>> parse_perspective("public"), parse_perspective("2"), parse_perspective(None)
('public', 2, None)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

from cardlab.action_codec import ActionCodec, SeatAction
from cardlab.cards import Card
from cardlab.decisions import Perspective
from cardlab.errors import RecordError
from cardlab.i18n import Text, message
from cardlab.replay import RecordedAction
from cardlab.report import Report
from cardlab.table import Game, SeatBot, Table

if TYPE_CHECKING:
    import networkx as nx

    from cardlab.bench import Benchmark
    from cardlab.classroom.shared import SharedTable
    from cardlab.levels import Duel
    from cardlab.review import Review
    from cardlab.widgets.classroom_student import SeatWidget
    from cardlab.worst import LimitCases

#: The entry-point group games register in.
GROUP = "cardlab.games"
#: Seat numbers are short; a longer string of digits is a mistake, not a seat.
MAX_SEAT_DIGITS = 3


class Rules(Protocol):
    """What shared code reads of any game's rules."""

    @property
    def players(self) -> int: ...


class GameRecord(Protocol):
    """A cardlab/1 record (or observation log) of any game."""

    @property
    def game(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


class Story(Protocol):
    """A game told step by step, from each perspective on offer (a game's `story`)."""

    @property
    def game(self) -> str:
        """The game's name, as in its records."""
        ...

    @property
    def lang(self) -> str:
        """The language the story is told in."""
        ...

    @property
    def count(self) -> int:
        """How many steps there are."""
        ...

    @property
    def views(self) -> tuple[str, ...]:
        """The pictures on offer: "graph", and "notes" where the game draws a notes sheet."""
        ...

    @property
    def perspectives(self) -> list[tuple[str, Any]]:
        """(label, value) of each perspective on offer."""
        ...

    @property
    def places(self) -> list[tuple[str, str]]:
        """(label, graph node) of each place a card may be, for the focus."""
        ...

    @property
    def cards(self) -> list[tuple[str, str]]:
        """(full name, code) of each card, for the focus."""
        ...

    def status(self, after: int) -> str:
        """Where the stepper stands, in words."""
        ...

    def sentences(self, who: Any, after: int) -> list[str]:
        """Step `after` in words, as `who` saw it."""
        ...

    def graph(self, who: Any, after: int) -> nx.DiGraph[str]:
        """`who`'s knowledge graph after `after` steps."""
        ...

    def previous(self, who: Any, after: int) -> nx.DiGraph[str] | None:
        """The graph one step earlier (None before the first)."""
        ...

    def certainties(self, who: Any, after: int) -> list[str]:
        """The reasons of the certainties step `after` added for `who`."""
        ...

    def jumps(self) -> list[int]:
        """Steps worth jumping to (the end of each trick, say)."""
        ...


#: The game's own types: rules, game state, action, what one seat sees, record, knowledge.
R = TypeVar("R", bound=Rules)
S = TypeVar("S", bound=Game)
A = TypeVar("A")
V = TypeVar("V")
Rec = TypeVar("Rec", bound=GameRecord)
K = TypeVar("K")
#: The same, where a capability only takes them.
R_in = TypeVar("R_in", bound=Rules, contravariant=True)
V_in = TypeVar("V_in", contravariant=True)
Rec_in = TypeVar("Rec_in", bound=GameRecord, contravariant=True)
#: The same, where a capability only gives them.
R_out = TypeVar("R_out", covariant=True)
#: An action that names its seat (an `ActionCodec` writes it).
SA = TypeVar("SA", bound=SeatAction)


@runtime_checkable
class GameEntry(Protocol[R, S, A, V, Rec]):
    """What every game offers the command line, the records loader and the classroom.

    A game may offer more (`Knowing`, `Stepped`, `Seated`): shared code offers
    those features only for the games that have them.

    `view(game, seat)` is the one thing a seat's widget, bot or classroom page
    receives of a game: what that seat may know, never more.
    """

    #: The game's name: the entry point's name, a record's `game`.
    name: str
    #: Bot names, weakest first; `hint_bot` is the one that gives hints.
    bots: tuple[str, ...]
    hint_bot: str
    #: The bot of every seat an app's address does not name (and of the stepper's learner).
    default_bot: str
    #: The keys of `--rules` and of a record's `rules`.
    rule_options: tuple[str, ...]
    #: Where the game stands in the apps' game menus (lowest first: the default game).
    order: int

    def title(self, lang: str) -> str:
        """The game's name in words, in `lang` (for menus)."""
        ...

    def read_rules(self, options: object) -> R:
        """Rules from a JSON object of options (unknown keys are errors)."""
        ...

    def endless(self, rules: R) -> Text | None:
        """What to tell before a game under `rules` that may never end (None: it ends)."""
        ...

    def read_record(self, data: dict[str, Any]) -> Rec:
        """A record (or observation log) from cardlab/1 JSON data of this game."""
        ...

    def bot_seat(self, name: str, seed: int | None) -> SeatBot:
        """The named bot, ready to sit at a table."""
        ...

    def new_game(self, rules: R, seed: int | None) -> S:
        """A freshly dealt game."""
        ...

    def undealt(self, rules: R, seed: int | None = None) -> S:
        """A game before its first deal: chance is to move, its dealer seeded with `seed`
        (a record's replay starts here, `cardlab.replay.replay_record`)."""
        ...

    def recorded(self, game: S, record: Rec) -> Iterable[RecordedAction]:
        """`record`'s actions, deals (chance's) first, each with where the record has it,
        to apply in order to `game` (made by `undealt`). An observation log, which holds
        no deal, is a `RecordError`."""
        ...

    def play(self, rules: R, names: Sequence[str], seed: int | None) -> Table:
        """A whole game between the named bots, every move kept."""
        ...

    def tournament(self, rules: R, names: Sequence[str], games: int, seed: int | None,
                   progress: Callable[[int], None]) -> Report:
        """A seat-rotated tournament and its results."""
        ...

    def result(self, game: S) -> Report:
        """How a game stands (the `cardlab replay` report)."""
        ...

    def replay(self, record: Rec, legal: bool) -> Report:
        """Replay a full record and report it (`legal`: list the legal moves too)."""
        ...

    def view(self, game: S, seat: int) -> V:
        """What `seat` sees of `game` now."""
        ...

    def record_view(self, record: Rec, perspective: Perspective, after: int | None) -> V:
        """What `perspective` knows after the first `after` events or plays of a record."""
        ...

    def hand(self, view: V) -> Collection[Card]:
        """The cards the seat of `view` holds."""
        ...

    def revealed(self, game: S, names: Sequence[str], lang: str) -> list[
            tuple[str, Collection[Card]]]:
        """Every hidden card of `game`, by whom (or what) holds it, for a teacher to show."""
        ...

    def encode(self, action: A) -> dict[str, Any]:
        """An action as JSON data."""
        ...

    def decode(self, data: dict[str, Any]) -> A:
        """The action `encode` wrote (anything else: `RecordError`)."""
        ...


@runtime_checkable
class Knowing(Protocol[V_in, K]):
    """A game with exact knowledge: `cardlab infer` and `graph`, the teacher's seat panels."""

    def knowledge(self, view: V_in) -> K:
        """Exact knowledge from a view."""
        ...

    def infer(self, knowledge: K) -> Report:
        """The `cardlab infer` report of that knowledge."""
        ...

    def graph(self, knowledge: K, lang: str) -> nx.DiGraph[str]:
        """The knowledge graph of that knowledge."""
        ...

    def notes_html(self, knowledge: K, graph: nx.DiGraph[str], lang: str) -> str:
        """The seat's notes beside its graph on the teacher's screen, as HTML."""
        ...


@runtime_checkable
class Stepped(Protocol[R_in, S, Rec_in]):
    """A game the stepper can tell step by step."""

    def example(self, rules: R_in, names: Sequence[str], seed: int) -> S:
        """A short game played by the named bots, to step through (the stepper's example)."""
        ...

    def story(self, source: S | Rec_in, lang: str) -> Story:
        """The stepper's story of a game or a record."""
        ...


@runtime_checkable
class Seated(Protocol):
    """A game with a table widget, so that a classroom can seat students at it."""

    def table_widget(self, shared: SharedTable, seat: int, names: Sequence[str],
                     lang: str) -> SeatWidget:
        """The widget of a classroom seat (`names`: every seat's, as that seat calls them)."""
        ...


@runtime_checkable
class Benchmarked(Protocol):
    """A game with speed benchmarks (`cardlab bench NAME`)."""

    def benchmarks(self) -> dict[str, Benchmark]:
        """The game's benchmarks by name (names are the command line's, unique among games)."""
        ...


@runtime_checkable
class Bounded(Protocol):
    """A game whose largest and malformed records `cardlab bench limits` measures."""

    def limit_cases(self) -> LimitCases:
        """The game's cases, records made on the spot."""
        ...


@runtime_checkable
class Reviewing(Protocol[Rec_in]):
    """A game that reviews a seat's decisions in a full record (`cardlab review`)."""

    def review(self, record: Rec_in, seat: int, seed: int,
               progress: Callable[[int, int], None] | None) -> Review:
        """The review of `seat`'s decisions, from what it knew at each (`seed`: for sampling).

        `progress(done, total)` hears how far it has come, and may raise to cancel.
        """
        ...

    def review_benchmark(self) -> Benchmark:
        """How `cardlab bench review` times this game's review."""
        ...


@runtime_checkable
class ReviewingHands(Protocol[Rec_in]):
    """A game played in hands, whose review can take one hand alone (`cardlab review --hand`).

    Its `review` is still of the whole game; a learner after a long game reviews one
    hand at a time, the last one played first.
    """

    def hands_played(self, record: Rec_in) -> int:
        """How many hands `record` has (the last may be unfinished); each can be reviewed."""
        ...

    def review_hand(self, record: Rec_in, seat: int, hand: int, seed: int,
                    progress: Callable[[int, int], None] | None) -> Review:
        """The review of `seat`'s decisions in hand `hand` (from 1) alone, as `review`
        measures them; a hand the record does not have is a `RecordError` about ``--hand``."""
        ...


@runtime_checkable
class Recorded(Protocol):
    """A game whose records the cardlab/1 JSON Schema describes (`cardlab.schema`)."""

    #: The game's name (as in `GameEntry`).
    name: str
    #: The package whose ``record.schema.json`` is the game's part of the schema.
    schema_package: str


@runtime_checkable
class Leveled(Protocol):
    """A game whose bots come in levels a learner picks (`cardlab.levels`)."""

    #: The game's name (as in `GameEntry`).
    name: str
    #: Each level's bot, weakest first ("beginner", "standard", "expert").
    levels: Mapping[str, str]

    def duel(self, rules: Any, first: str, second: str, rounds: int,
             seed: int | None) -> Duel:
        """`rounds` seat-rotated rounds, the bot `first` on every other seat from seat 0 and
        `second` on the rest (`cardlab bench levels`)."""
        ...


def load(path: str) -> Any:
    """What `path` names, "package.module:attribute", its module imported only now.

    >>> load("cardlab.cards:Card").__name__
    'Card'
    """
    module, _, attribute = path.partition(":")
    return getattr(import_module(module), attribute)


class HeavyParts:
    """The parts of a game entry that load much (widgets, benchmarks), each named by where it
    is and imported when first used: the command line never loads ipywidgets, nor numpy for
    a benchmark. An entry that inherits this names its parts instead of writing the methods
    of `Stepped`, `Seated`, `Benchmarked`, `Bounded` and `Reviewing`'s benchmark.
    """

    #: The game's state: `story` tells a game of this type, and anything else as a record.
    game_type: type
    #: "module:Class" of the stepper's story (`from_game`, `from_record`).
    story_at: str
    #: "module:Class" of the classroom seat's table widget (`at_table`).
    table_at: str
    #: "module:NAME" of the game's `Benchmark`s by name.
    benchmarks_at: str
    #: "module:function" that makes the game's `LimitCases`.
    limit_cases_at: str
    #: "module:NAME" of the `Benchmark` that times the game's review (a `Reviewing` game).
    review_benchmark_at: str

    def story(self, source: Any, lang: str) -> Story:
        """The stepper's story of a game or a record."""
        told = load(self.story_at)
        story: Story = (told.from_game(source, lang) if isinstance(source, self.game_type)
                        else told.from_record(source, lang))
        return story

    def table_widget(self, shared: SharedTable, seat: int, names: Sequence[str],
                     lang: str) -> SeatWidget:
        """The game's table at a classroom seat."""
        widget: SeatWidget = load(self.table_at).at_table(shared, seat, names, lang)
        return widget

    def benchmarks(self) -> dict[str, Benchmark]:
        """The game's benchmarks by name."""
        found: dict[str, Benchmark] = load(self.benchmarks_at)
        return found

    def limit_cases(self) -> LimitCases:
        """The game's cases of `cardlab bench limits`, made now."""
        cases: LimitCases = load(self.limit_cases_at)()
        return cases

    def review_benchmark(self) -> Benchmark:
        """How `cardlab bench review` times the game's review."""
        timed: Benchmark = load(self.review_benchmark_at)
        return timed


class RulesType(Protocol[R_out]):
    """A game's rules class: it reads rules from JSON options."""

    def from_json(self, options: object) -> R_out:
        """Rules from a JSON object of options (unknown keys are errors)."""
        ...


class Adapted(Generic[R, SA]):
    """The members of a game entry that only hand on to the game's own parts, written once.

    Its title is the catalogue's ``<name>.title``, its rules are read by its rules
    class's `from_json`, and its actions are written and read by its `ActionCodec`.
    An entry that inherits this names its rules class and its codec instead of
    writing `title`, `read_rules`, `encode` and `decode`.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Pick:
    ...     seat: int
    ...     card: Card
    >>> class Picking(Adapted):
    ...     name = "picking"
    ...     codec = ActionCodec({"pick": Pick})
    >>> Picking().decode(Picking().encode(Pick(1, Card.parse("QS"))))
    Pick(seat=1, card=Card('QS'))
    """

    #: The game's name: its catalogue section holds its `title`.
    name: str
    #: The game's rules class.
    rules_type: RulesType[R]
    #: Writes and reads the game's actions (a shared table's store keeps them so).
    codec: ActionCodec[SA]

    def title(self, lang: str) -> str:
        """The game's name in words, in `lang` (its catalogue's ``<name>.title``)."""
        return message(f"{self.name}.title", lang)

    def read_rules(self, options: object) -> R:
        """Rules from a JSON object of options."""
        return self.rules_type.from_json(options)

    def encode(self, action: SA) -> dict[str, Any]:
        """An action as JSON data."""
        return self.codec.to_json(action)

    def decode(self, data: dict[str, Any]) -> SA:
        """The action `encode` wrote (anything else: `RecordError`)."""
        return self.codec.from_json(data)


#: A game whose types shared code does not know: what the registry hands out.
AnyGame = GameEntry[Any, Any, Any, Any, Any]


class Registry(Mapping[str, AnyGame]):
    """The games of the `cardlab.games` entry points, each loaded when first asked for.

    Names come from the entry points alone; `registry[name]` imports and makes
    that game's entry (once), and a plugin that cannot be loaded, or is not a
    game entry, is a `RecordError` that names it.
    """

    def __init__(self, group: str = GROUP) -> None:
        self.group = group
        self._points: dict[str, EntryPoint] | None = None
        self._loaded: dict[str, AnyGame] = {}

    def _entry_points(self) -> dict[str, EntryPoint]:
        if self._points is None:
            points: dict[str, EntryPoint] = {}
            for point in entry_points(group=self.group):
                points.setdefault(point.name, point)    # the first on sys.path wins
            self._points = points
        return self._points

    def __getitem__(self, name: str) -> AnyGame:
        if name not in self._loaded:
            point = self._entry_points()[name]
            self._loaded[name] = _load(point)
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._entry_points()))

    def __len__(self) -> int:
        return len(self._entry_points())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._entry_points()

    def refresh(self) -> None:
        """Look for entry points again (after a distribution was installed, or in tests)."""
        self._points = None
        self._loaded.clear()


def _load(point: EntryPoint) -> AnyGame:
    """The entry an entry point names (a class is made with no arguments)."""
    try:
        target = point.load()
        entry = target() if isinstance(target, type) else target
    except Exception as err:  # a plugin's import may fail in any way: say which game
        raise RecordError("error.broken_game", where="game", name=point.name,
                          target=point.value, why=f"{type(err).__name__}: {err}") from None
    if not isinstance(entry, GameEntry):
        missing = sorted(member for member in _MEMBERS if not hasattr(entry, member))
        raise RecordError("error.broken_game", where="game", name=point.name,
                          target=point.value, why=Text("error.not_an_entry",
                                                       missing=", ".join(missing)))
    if entry.name != point.name:
        raise RecordError("error.broken_game", where="game", name=point.name,
                          target=point.value, why=Text("error.entry_name", actual=entry.name))
    return entry


_MEMBERS = tuple(sorted(name for name in {*GameEntry.__annotations__, *vars(GameEntry)}
                        if not name.startswith("_")))

GAMES = Registry()


def in_menu_order() -> list[AnyGame]:
    """Every game that loads, in the order the apps offer them (the first is their default).

    A broken plugin is left out of the menus; asked for by name, it says what is wrong.
    """
    entries = []
    for name in GAMES:
        try:
            entries.append(GAMES[name])
        except RecordError:
            continue
    return sorted(entries, key=lambda entry: (entry.order, entry.name))


def game(name: object) -> AnyGame:
    """The game called `name`; an unknown name is an error that lists the games."""
    if not isinstance(name, str) or name not in GAMES:
        raise RecordError("error.unknown_game", where="game", value=name, known=_known())
    return GAMES[name]


def game_of(source: Any) -> AnyGame:
    """The game a record, observation log or game (anything with `to_record`) belongs to.

    >>> entry = in_menu_order()[0]
    >>> game_of(entry.new_game(entry.read_rules({}), 1)) is entry
    True
    >>> game_of("a game")
    Traceback (most recent call last):
    ...
    TypeError: not a game or record: str
    """
    name = getattr(source, "game", None)
    if not isinstance(name, str):
        to_record = getattr(source, "to_record", None)
        if not callable(to_record):
            raise TypeError(f"not a game or record: {type(source).__name__}")
        name = to_record().game
    return game(name)


def knowing(entry: AnyGame) -> Knowing[Any, Any]:
    """`entry`, if it keeps knowledge (`cardlab infer`, `graph`); else a `RecordError`."""
    if not isinstance(entry, Knowing):
        raise RecordError("error.cannot_infer", where="game", game=entry.name)
    return entry


def stepped(entry: AnyGame) -> Stepped[Any, Any, Any]:
    """`entry`, if the stepper can tell its games; else a `RecordError`."""
    if not isinstance(entry, Stepped):
        raise RecordError("error.cannot_step", where="game", game=entry.name)
    return entry


def reviewing(entry: AnyGame) -> Reviewing[Any]:
    """`entry`, if it reviews games; else a `RecordError`."""
    if not isinstance(entry, Reviewing):
        raise RecordError("review.cannot", where="game", game=entry.name)
    return entry


def reviewing_hands(entry: AnyGame) -> ReviewingHands[Any]:
    """`entry`, if its review can take one hand alone; else a `RecordError` about ``--hand``."""
    if not isinstance(entry, ReviewingHands):
        raise RecordError("review.no_hands", where="--hand", game=entry.name)
    return entry


def _known() -> Text | str:
    """The games' names in words: 'a', 'b' or 'c'."""
    names = [f"'{name}'" for name in GAMES]
    if len(names) < 2:
        return "".join(names)
    return Text("error.one_of", names=", ".join(names[:-1]), last=names[-1])


def parse_perspective(value: str | None) -> Perspective:
    """`--as`: a seat number in ASCII digits, `public`, or None when not given."""
    if value is None:
        return None
    if value == "public":
        return "public"
    if not (value.isascii() and value.isdigit()) or len(value) > MAX_SEAT_DIGITS:
        raise RecordError("error.bad_perspective", where="--as", value=value)
    return int(value)
