"""Black Widow in the game registry (`cardlab.games`): what the command line and apps need.

Registered through the `cardlab.games` entry point `blackwidow` (pyproject.toml).

>>> entry = BlackWidow()
>>> entry.read_rules({"players": 5}).hand_size
10
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import fields, replace
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from cardlab.blackwidow import match, report
from cardlab.blackwidow.actions import CODEC, Action
from cardlab.blackwidow.bots import BOTS
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.graph import blackwidow_graph
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.players import BotSeat, bot_seat
from cardlab.blackwidow.record import BlackWidowRecord, HandRecord
from cardlab.blackwidow.review import review_game
from cardlab.blackwidow.rules import MAX_HANDS, BlackWidowRules
from cardlab.blackwidow.view import BlackWidowView, seat_view
from cardlab.cards import Card
from cardlab.decisions import Perspective
from cardlab.errors import RecordError
from cardlab.games import (
    Adapted,
    Benchmarked,
    Bounded,
    GameEntry,
    HeavyParts,
    Knowing,
    Leveled,
    Recorded,
    Reviewing,
    Seated,
    Stepped,
)
from cardlab.i18n import Number, Text
from cardlab.levels import Duel
from cardlab.replay import RecordedAction
from cardlab.report import Report
from cardlab.review import Review, check_seat
from cardlab.table import Table

if TYPE_CHECKING:
    import networkx as nx


class BlackWidow(HeavyParts, Adapted[BlackWidowRules, Action],
                 GameEntry[BlackWidowRules, BlackWidowGame, Action, BlackWidowView,
                           BlackWidowRecord],
                 Knowing[BlackWidowView, BlackWidowKnowledge],
                 Stepped[BlackWidowRules, BlackWidowGame, BlackWidowRecord], Seated,
                 Benchmarked, Bounded, Leveled, Recorded, Reviewing[BlackWidowRecord]):
    """The trick-taking game: passing, tricks, points, the moon."""

    name = "blackwidow"
    rules_type = BlackWidowRules
    codec = CODEC
    schema_package = "cardlab.blackwidow"
    bots = tuple(BOTS)
    rule_options = tuple(option.name for option in fields(BlackWidowRules))
    hint_bot = "montecarlo"
    default_bot = "heuristic"
    #: Beginner passes high and follows low; standard follows the usual advice; expert plays
    #: sampled deals out.
    levels = MappingProxyType({"beginner": "lowest", "standard": "heuristic",
                               "expert": "montecarlo"})
    order = 1
    game_type = BlackWidowGame
    story_at = "cardlab.blackwidow.widgets.stepper:BlackWidowStory"
    table_at = "cardlab.blackwidow.widgets.play:BlackWidowWidget"
    benchmarks_at = "cardlab.blackwidow.bench:BENCHMARKS"
    limit_cases_at = "cardlab.blackwidow.limits:limit_cases"
    review_benchmark_at = "cardlab.blackwidow.bench:REVIEW"

    def endless(self, rules: BlackWidowRules) -> Text | None:
        """Rules under which nobody may ever reach the end: the game stops after `MAX_HANDS`."""
        return Text("blackwidow.report.endless", limit=Number(MAX_HANDS)) if rules.endless \
            else None

    def read_record(self, data: dict[str, Any]) -> BlackWidowRecord:
        """A full record (Black Widow has no observation logs), each hand replayed as soon
        as it is read: a long record stops at its first illegal play."""
        replay: list[BlackWidowGame] = []

        def check(rules: BlackWidowRules, hand: HandRecord) -> None:
            if not replay:
                replay.append(BlackWidowGame.empty(rules))
            replay[0].replay_hand(hand)

        return BlackWidowRecord.from_json(data, check)

    def bot_seat(self, name: str, seed: int | None) -> BotSeat:
        """The named bot at a table."""
        return bot_seat(name, seed)

    def new_game(self, rules: BlackWidowRules, seed: int | None) -> BlackWidowGame:
        """A game with its first hand dealt."""
        return BlackWidowGame.new(rules, seed)

    def undealt(self, rules: BlackWidowRules, seed: int | None = None) -> BlackWidowGame:
        """A game before its first hand is dealt."""
        return BlackWidowGame.empty(rules, seed)

    def recorded(self, game: BlackWidowGame, record: BlackWidowRecord
                 ) -> Iterator[RecordedAction]:
        """Each hand's deal, passes, plays and moon choice."""
        return game.recorded(record.hands)

    def play(self, rules: BlackWidowRules, names: Sequence[str], seed: int | None) -> Table:
        """A whole bot game."""
        return match.play_table(rules, names, seed)

    def example(self, rules: BlackWidowRules, names: Sequence[str], seed: int
                ) -> BlackWidowGame:
        """One hand played by the named bots."""
        return match.play_game(rules, names, seed, hands=1)

    def tournament(self, rules: BlackWidowRules, names: Sequence[str], games: int,
                   seed: int | None, progress: Callable[[int], None]) -> Report:
        """Points per hand over `games` seat-rotated hands."""
        stats = match.tournament(rules, names, games, seed, progress=progress)
        data = report.tournament_json(stats)
        return Report(lambda _: data, partial(report.tournament_text, stats, games))

    def duel(self, rules: BlackWidowRules, first: str, second: str, rounds: int,
             seed: int | None) -> Duel:
        """Two bots on alternate seats over `rounds` seat-rotated hands."""
        return match.duel(rules, first, second, rounds, seed)

    def result(self, game: BlackWidowGame) -> Report:
        """Points and scores per hand, the moon, the winners."""
        return Report(lambda _: report.replay_json(game, None),
                      partial(report.replay_text, game))

    def replay(self, record: BlackWidowRecord, legal: bool) -> Report:
        """Replay a record; with `legal`, the sorted legal cards before every play."""
        if not legal:
            return self.result(BlackWidowGame.from_record(record))
        cards: list[list[list[str]]] = [[] for _ in record.hands]

        def note_legal(game: BlackWidowGame) -> None:
            cards[len(game.hands) - 1].append([card.code for card in game.legal_cards()])

        game = BlackWidowGame.from_record(record, note_legal)
        return Report(lambda _: report.replay_json(game, cards),
                      partial(report.replay_text, game, legal=cards))

    def view(self, game: BlackWidowGame, seat: int) -> BlackWidowView:
        """`seat`'s cards, what it passed and received, the plays and the scores."""
        return seat_view(game, seat)

    def record_view(self, record: BlackWidowRecord, perspective: Perspective,
                    after: int | None) -> BlackWidowView:
        """What seat `perspective` sees after `after` plays of the record's last hand."""
        last = record.rules.players - 1
        if not isinstance(perspective, int) or perspective > last:
            raise RecordError("blackwidow.cli.needs_seat", where="--as", last=last)
        plays = record.hands[-1].plays
        if after is not None:
            if not 0 <= after <= len(plays):
                raise RecordError("blackwidow.cli.after_plays", where="--after", after=after,
                                  count=len(plays))
            last_hand = replace(record.hands[-1], plays=plays[:after], moon=None)
            record = replace(record, hands=(*record.hands[:-1], last_hand))
        return seat_view(BlackWidowGame.from_record(record), perspective)

    def hand(self, view: BlackWidowView) -> Collection[Card]:
        """The seat's cards now."""
        return view.hand

    def revealed(self, game: BlackWidowGame, names: Sequence[str], lang: str
                 ) -> list[tuple[str, Collection[Card]]]:
        """Every seat's cards as the last hand was dealt."""
        deal = game.to_record().hands[-1].deal
        return [(names[seat], cards) for seat, cards in enumerate(deal)]

    def knowledge(self, view: BlackWidowView) -> BlackWidowKnowledge:
        """Exact card counting from the view."""
        return BlackWidowKnowledge.from_view(view)

    def infer(self, knowledge: BlackWidowKnowledge) -> Report:
        """The `cardlab infer` report."""
        return Report(lambda _: knowledge.to_json(), partial(report.knowledge_text, knowledge))

    def graph(self, knowledge: BlackWidowKnowledge, lang: str) -> nx.DiGraph[str]:
        """The card-counting graph."""
        return blackwidow_graph(knowledge, lang)

    def notes_html(self, knowledge: BlackWidowKnowledge, graph: nx.DiGraph[str], lang: str) -> str:
        """The card count in words, a paragraph a line."""
        return "".join(f"<p>{html.escape(line)}</p>"
                       for line in report.knowledge_text(knowledge, lang).splitlines())

    def review(self, record: BlackWidowRecord, seat: int, seed: int,
               progress: Callable[[int, int], None] | None) -> Review:
        """Every pass, play and moon choice of `seat`, measured single-dummy over both cores."""
        check_seat(seat, record.rules.players)
        return review_game(record, seat, seed, progress)

    def hands_played(self, record: BlackWidowRecord) -> int:
        """How many hands `record` has, the last perhaps unfinished."""
        return len(record.hands)

    def review_hand(self, record: BlackWidowRecord, seat: int, hand: int, seed: int,
                    progress: Callable[[int, int], None] | None) -> Review:
        """`seat`'s pass, plays and moon choice in hand `hand` (from 1) alone."""
        check_seat(seat, record.rules.players)
        return review_game(record, seat, seed, progress, hand=hand)
