"""Five Sons in the game registry (`cardlab.games`): what the command line and apps need.

Registered through the `cardlab.games` entry point `fivesons` (pyproject.toml).

>>> entry = FiveSons()
>>> entry.read_rules({"players": 3}).hand_sizes
(7, 7, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import fields, replace
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from cardlab.cards import Card
from cardlab.decisions import Perspective
from cardlab.errors import RecordError
from cardlab.fivesons import match, report
from cardlab.fivesons.actions import CODEC, Action
from cardlab.fivesons.bots import BOTS
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.graph import fivesons_graph
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.players import BotSeat, bot_seat
from cardlab.fivesons.record import FiveSonsLog, FiveSonsRecord
from cardlab.fivesons.render.notes import notes_svg
from cardlab.fivesons.review import review_game
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.view import FiveSonsView, seat_view
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
from cardlab.i18n import Text, message
from cardlab.levels import Duel
from cardlab.replay import RecordedAction, replay_record
from cardlab.report import Report
from cardlab.review import Review, check_seat
from cardlab.table import Table

if TYPE_CHECKING:
    import networkx as nx


class FiveSons(HeavyParts, Adapted[FiveSonsRules, Action],
               GameEntry[FiveSonsRules, FiveSonsGame, Action, FiveSonsLog,
                         FiveSonsRecord | FiveSonsLog],
               Knowing[FiveSonsLog, FiveSonsKnowledge],
               Stepped[FiveSonsRules, FiveSonsGame, FiveSonsRecord | FiveSonsLog], Seated,
               Benchmarked, Bounded, Leveled, Recorded, Reviewing[FiveSonsRecord | FiveSonsLog]):
    """The deduction game: questions, shown cards, guesses."""

    name = "fivesons"
    rules_type = FiveSonsRules
    codec = CODEC
    schema_package = "cardlab.fivesons"
    bots = tuple(BOTS)
    rule_options = tuple(option.name for option in fields(FiveSonsRules))
    hint_bot = "infogain"
    default_bot = "logician"
    #: Beginner ticks off only what it is shown; standard reasons from every answer; expert
    #: asks what tells it most.
    levels = MappingProxyType({"beginner": "checklist", "standard": "logician",
                               "expert": "infogain"})
    order = 0
    game_type = FiveSonsGame
    story_at = "cardlab.fivesons.widgets.stepper:FiveSonsStory"
    table_at = "cardlab.fivesons.widgets.play:FiveSonsWidget"
    benchmarks_at = "cardlab.fivesons.bench:BENCHMARKS"
    limit_cases_at = "cardlab.fivesons.limits:limit_cases"
    review_benchmark_at = "cardlab.fivesons.bench:REVIEW"

    def endless(self, rules: FiveSonsRules) -> Text | None:
        """Never: every guess puts a seat out or ends the game."""
        return None

    def read_record(self, data: dict[str, Any]) -> FiveSonsRecord | FiveSonsLog:
        """A full record, or an observation log (it has `me`)."""
        return FiveSonsLog.from_json(data) if "me" in data else FiveSonsRecord.from_json(data)

    def bot_seat(self, name: str, seed: int | None) -> BotSeat:
        """The named bot at a table."""
        return bot_seat(name, seed)

    def new_game(self, rules: FiveSonsRules, seed: int | None) -> FiveSonsGame:
        """A freshly dealt game."""
        return FiveSonsGame.deal(rules, seed)

    def undealt(self, rules: FiveSonsRules, seed: int | None = None) -> FiveSonsGame:
        """A game before the solution is hidden and the hands dealt."""
        return FiveSonsGame.undealt(rules, seed)

    def recorded(self, game: FiveSonsGame, record: FiveSonsRecord | FiveSonsLog
                 ) -> Iterator[RecordedAction]:
        """The deal, then each event as the actions it folds in (a log has no deal)."""
        if isinstance(record, FiveSonsLog):
            raise RecordError("cli.needs_full_record", command="cardlab replay")
        return game.recorded(record)

    def play(self, rules: FiveSonsRules, names: Sequence[str], seed: int | None) -> Table:
        """A whole bot game."""
        return match.play_table(rules, names, seed)

    def example(self, rules: FiveSonsRules, names: Sequence[str], seed: int) -> FiveSonsGame:
        """A whole game played by the named bots."""
        return match.play_game(rules, names, seed)

    def tournament(self, rules: FiveSonsRules, names: Sequence[str], games: int,
                   seed: int | None, progress: Callable[[int], None]) -> Report:
        """Win rates over a seat-rotated tournament."""
        stats = match.tournament(rules, names, games, seed, progress=progress)
        data = {name: {"games": s.games, "wins": s.wins, "win_rate": s.win_rate,
                       "questions_per_win": s.questions_per_win} for name, s in stats.items()}
        return Report(lambda _: data, partial(report.tournament_text, stats, games))

    def duel(self, rules: FiveSonsRules, first: str, second: str, rounds: int,
             seed: int | None) -> Duel:
        """Two bots on alternate seats over `rounds` seat-rotated games."""
        return match.duel(rules, first, second, rounds, seed)

    def result(self, game: FiveSonsGame) -> Report:
        """Winner, guessers out, over or not."""
        return Report(lambda _: report.replay_json(game), partial(report.replay_text, game))

    def replay(self, record: FiveSonsRecord | FiveSonsLog, legal: bool) -> Report:
        """Replay a full record (`legal` lists nothing more in Five Sons)."""
        return self.result(replay_record(self, record))

    def view(self, game: FiveSonsGame, seat: int) -> FiveSonsView:
        """`seat`'s observation log (its hand, the questions, what was shown to it), with who
        is out or won, and the solution and hands once the rules show them to `seat`."""
        return seat_view(game, seat)

    def record_view(self, record: FiveSonsRecord | FiveSonsLog, perspective: Perspective,
                    after: int | None) -> FiveSonsLog:
        """The observation log of `perspective` (a log file is one already), cut after K."""
        if isinstance(record, FiveSonsLog):
            if perspective is not None:
                raise RecordError("knowledge.log_has_perspective", where="--as")
            log = record
        else:
            if perspective is None:
                raise RecordError("knowledge.needs_perspective", where="--as")
            last = record.rules.players - 1
            if isinstance(perspective, int) and perspective > last:
                raise RecordError("knowledge.bad_perspective", where="--as", last=last,
                                  value=perspective)
            seat = perspective if isinstance(perspective, int) else None
            log = FiveSonsGame.from_record(record).observation_log(seat)
        if after is None:
            return log
        if not 0 <= after <= len(log.events):
            raise RecordError("knowledge.after_too_far", where="--after", after=after,
                              count=len(log.events))
        return replace(log, events=log.events[:after])

    def hand(self, view: FiveSonsLog) -> Collection[Card]:
        """The seat's cards (they stay in the hand all game)."""
        return view.hand

    def revealed(self, game: FiveSonsGame, names: Sequence[str], lang: str
                 ) -> list[tuple[str, Collection[Card]]]:
        """Every seat's hand, and the solution."""
        return [*((names[seat], game.hands[seat]) for seat in range(game.players)),
                (message("graph.solution", lang), game.solution)]

    def knowledge(self, view: FiveSonsLog) -> FiveSonsKnowledge:
        """Exact counts and every certainty with its reason."""
        return FiveSonsKnowledge.from_log(view)

    def infer(self, knowledge: FiveSonsKnowledge) -> Report:
        """The `cardlab infer` report."""
        def data(lang: str) -> dict[str, Any]:
            return {**knowledge.to_json(lang), "knows_solution": {
                str(seat): knows for seat, knows in report.knows_solution(knowledge).items()}}
        return Report(data, partial(report.knowledge_text, knowledge))

    def graph(self, knowledge: FiveSonsKnowledge, lang: str) -> nx.DiGraph[str]:
        """The knowledge graph."""
        return fivesons_graph(knowledge, lang)

    def notes_html(self, knowledge: FiveSonsKnowledge, graph: nx.DiGraph[str], lang: str) -> str:
        """The notes sheet of the graph."""
        return notes_svg(graph, lang)

    def review(self, record: FiveSonsRecord | FiveSonsLog, seat: int, seed: int,
               progress: Callable[[int, int], None] | None) -> Review:
        """Every question, chance to guess and shown card of `seat`, measured exactly."""
        if isinstance(record, FiveSonsLog):
            raise RecordError("cli.needs_full_record", command="cardlab review")
        check_seat(seat, record.rules.players)
        return review_game(record, seat, seed, progress)
