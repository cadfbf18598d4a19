"""High Card in the game registry: its bots and what the command line needs.

It offers the core of `cardlab.games.GameEntry`, a story for the stepper
(`cardlab.games.Stepped`) and a table widget for the classroom
(`cardlab.games.Seated`), but no knowledge: `cardlab infer` refuses it.
`Bare` is the same game with the core alone, which the apps leave out.

>>> entry = HighCard()
>>> entry.read_rules({"players": 2}).hand_size
3
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from cardlab.cards import Card, CardName
from cardlab.decisions import Decision, Perspective
from cardlab.errors import CardlabError, RecordError
from cardlab.games import Adapted, GameEntry
from cardlab.i18n import Text, message
from cardlab.replay import RecordedAction, replay_record
from cardlab.report import Report
from cardlab.table import Table
from cardlab_highcard.game import (
    CODEC,
    NAME,
    HighCardGame,
    HighCardRecord,
    HighCardRules,
    HighCardView,
    Play,
)
from cardlab_highcard.story import HighCardStory

if TYPE_CHECKING:
    from cardlab.classroom.shared import SharedTable
    from cardlab_highcard.widget import HighCardSeat

BOTS = ("random", "high")


@dataclass
class BotSeat:
    """A High Card bot: it decides from its seat's view, never from the game."""

    name: str
    rng: random.Random

    def decide(self, game: HighCardGame, decision: Decision[str, Card]) -> tuple[Play, Text]:
        """The card to play, and why."""
        hand = game.view(decision.seat).hand
        card = max(hand) if self.name == "high" else self.rng.choice(hand)
        return Play(decision.seat, card), Text(f"highcard.bot.{self.name}", card=CardName(card))


class Bare(Adapted[HighCardRules, Play],
           GameEntry[HighCardRules, HighCardGame, Play, HighCardView, HighCardRecord]):
    """A few spades each, one round per card, the highest card takes the round."""

    name = NAME
    rules_type = HighCardRules
    codec = CODEC
    bots = BOTS
    hint_bot = "high"
    default_bot = "high"
    rule_options = ("players", "hand_size")
    order = 10

    def endless(self, rules: HighCardRules) -> Text | None:
        """Never: every play uses up a card."""
        return None

    def read_record(self, data: dict[str, Any]) -> HighCardRecord:
        """A record, replayed as it is read: an illegal play is an error here."""
        record = HighCardRecord.from_json(data)
        replay_record(self, record)
        return record

    def bot_seat(self, name: str, seed: int | None) -> BotSeat:
        """The named bot."""
        if name not in BOTS:
            raise CardlabError("highcard.bot.unknown", name=name, choices=", ".join(BOTS))
        return BotSeat(name, random.Random(seed))

    def new_game(self, rules: HighCardRules, seed: int | None) -> HighCardGame:
        """A freshly dealt game."""
        return HighCardGame.deal(rules, seed)

    def undealt(self, rules: HighCardRules, seed: int | None = None) -> HighCardGame:
        """A game before the deal."""
        return HighCardGame.undealt(rules, seed)

    def recorded(self, game: HighCardGame, record: HighCardRecord
                 ) -> Iterator[RecordedAction]:
        """The deal, then the plays."""
        return game.recorded(record)

    def play(self, rules: HighCardRules, names: Sequence[str], seed: int | None) -> Table:
        """A whole game between the named bots."""
        return self._played(rules, names, seed)[0]

    def tournament(self, rules: HighCardRules, names: Sequence[str], games: int,
                   seed: int | None, progress: Callable[[int], None]) -> Report:
        """Games won by each bot, seats rotated every game."""
        wins = dict.fromkeys(names, 0)
        for number in range(games):
            seated = [names[(seat + number) % len(names)] for seat in range(len(names))]
            _, game = self._played(rules, seated, None if seed is None else seed + number)
            for seat in game.winners:
                wins[seated[seat]] += 1
            progress(number + 1)
        return Report(lambda _: {"games": games, "wins": wins}, lambda lang: "\n".join(
            message("highcard.report.tournament", lang, name=name, wins=won, games=games)
            for name, won in wins.items()))

    def result(self, game: HighCardGame) -> Report:
        """Rounds per seat and, once over, the winners."""
        data = {"over": game.over, "rounds": list(game.rounds),
                "winners": game.winners if game.over else []}

        def text(lang: str) -> str:
            rounds = message("highcard.report.rounds", lang,
                             rounds=", ".join(map(str, game.rounds)))
            end = message("highcard.report.winners", lang,
                          seats=", ".join(map(str, game.winners))) if game.over else \
                message("highcard.report.playing", lang)
            return f"{rounds}\n{end}"
        return Report(lambda _: data, text)

    def replay(self, record: HighCardRecord, legal: bool) -> Report:
        """The result of a recorded game."""
        return self.result(replay_record(self, record))

    def view(self, game: HighCardGame, seat: int) -> HighCardView:
        """`seat`'s cards and every card played."""
        return game.view(seat)

    def record_view(self, record: HighCardRecord, perspective: Perspective,
                    after: int | None) -> HighCardView:
        """What a seat knew after the first `after` plays."""
        last = record.rules.players - 1
        if not isinstance(perspective, int) or perspective > last:
            raise RecordError("highcard.error.needs_seat", where="--as", last=last)
        if after is not None:
            if after > len(record.plays):
                raise RecordError("highcard.error.after_plays", where="--after", after=after,
                                  count=len(record.plays))
            record = replace(record, plays=record.plays[:after])
        return replay_record(self, record).view(perspective)

    def hand(self, view: HighCardView) -> Collection[Card]:
        """The seat's cards now."""
        return view.hand

    def revealed(self, game: HighCardGame, names: Sequence[str], lang: str
                 ) -> list[tuple[str, Collection[Card]]]:
        """Every seat's cards now."""
        return [(names[seat], hand) for seat, hand in enumerate(game.hands)]

    def _played(self, rules: HighCardRules, names: Sequence[str], seed: int | None
                ) -> tuple[Table, HighCardGame]:
        game = self.undealt(rules, seed)
        table = Table(game, [self.bot_seat(name, None if seed is None else seed + seat)
                             for seat, name in enumerate(names)])
        table.run()
        return table, game


class HighCard(Bare):
    """High Card with a story for the stepper and a table widget for the classroom."""

    def example(self, rules: HighCardRules, names: Sequence[str], seed: int) -> HighCardGame:
        """A whole game between the named bots."""
        return self._played(rules, names, seed)[1]

    def story(self, source: HighCardGame | HighCardRecord, lang: str) -> HighCardStory:
        """The stepper's story of a game or a record."""
        record = source.to_record() if isinstance(source, HighCardGame) else source
        return HighCardStory(record, lang)

    def table_widget(self, shared: SharedTable, seat: int, names: Sequence[str],
                     lang: str) -> HighCardSeat:
        """The High Card table at a classroom seat."""
        from cardlab_highcard.widget import HighCardSeat  # widgets only in apps

        return HighCardSeat(shared, seat, names, lang)
