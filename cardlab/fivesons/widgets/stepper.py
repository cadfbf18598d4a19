"""A Five Sons game as the stepper tells it: each perspective's log, event by event.

Every perspective is an observation log (a seat's, or the table's), derived
in Python from the full record; the stepper shows one of them at a time.

>>> from cardlab.fivesons.match import play_game
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> story = FiveSonsStory.from_game(play_game(FiveSonsRules(), ["logician"] * 4, seed=1))
>>> [value for _, value in story.perspectives]
[0, 1, 2, 3, 'public']
>>> story.sentences(0, 1)[0].startswith("Seat 0 asked: The ")
True

`DeductionStepper` is the shared `Stepper` over such a story:

>>> stepper = DeductionStepper.from_game(play_game(FiveSonsRules(), ["logician"] * 4, seed=1))
>>> stepper.steps.click("next"); stepper.after
1
>>> stepper.perspective.value = PUBLIC; stepper.perspective.label
'The table'

Opened by the learner at seat `you` after a game, it calls that seat "You" in every view:

>>> mine = FiveSonsStory.from_game(play_game(FiveSonsRules(), ["logician"] * 4, seed=1), you=0)
>>> [label for label, _ in mine.perspectives], mine.sentences(PUBLIC, 1)[0][:11]
(['You', 'Seat 1', 'Seat 2', 'Seat 3', 'The table'], 'You asked: ')
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.graph import fivesons_graph
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.reasoning import to_learner
from cardlab.fivesons.record import FiveSonsLog, FiveSonsRecord
from cardlab.fivesons.render.notes import notes_svg
from cardlab.fivesons.story import story
from cardlab.i18n import Count, message
from cardlab.widgets.stepper import Stepper

if TYPE_CHECKING:
    import networkx as nx

#: The perspective value of the table's view: a selection widget shows nothing for None.
PUBLIC = "public"


class FiveSonsStory:
    """The events of one Five Sons game, told and drawn from any logged perspective."""

    game = "fivesons"
    views = ("graph", "notes")
    unit = "stepper.event"

    def __init__(self, logs: dict[int | None, FiveSonsLog], lang: str = "en",
                 you: int | None = None) -> None:
        self.logs: dict[int | str, FiveSonsLog] = {
            PUBLIC if seat is None else seat: log for seat, log in logs.items()}
        self.lang = lang
        #: The learner's seat, called "You" (None: every seat by its number).
        self.you = you
        self.count = max(len(log.events) for log in logs.values())
        self._knowledge = lru_cache(maxsize=64)(self._know)

    @classmethod
    def from_game(cls, game: FiveSonsGame, lang: str = "en",
                  you: int | None = None) -> FiveSonsStory:
        """Every seat's log of `game`, and the table's."""
        logs: dict[int | None, FiveSonsLog] = {
            seat: game.observation_log(seat) for seat in range(game.players)}
        logs[None] = game.observation_log(None)
        return cls(logs, lang, you)

    @classmethod
    def from_record(cls, record: FiveSonsRecord | FiveSonsLog, lang: str = "en") -> FiveSonsStory:
        """A full record (every perspective) or one observation log (that one only)."""
        if isinstance(record, FiveSonsLog):
            return cls({record.me: record}, lang)
        return cls.from_game(FiveSonsGame.from_record(record), lang)

    @property
    def perspectives(self) -> list[tuple[str, int | str]]:
        """(label, value) of each view on offer: the seats, then the table."""
        return [(message("stepper.public", self.lang) if who == PUBLIC else
                 self._seat(cast(int, who)), who) for who in self.logs]

    @property
    def places(self) -> list[tuple[str, str]]:
        """(label, graph node) of each seat and the solution, for the graph's focus."""
        rules = next(iter(self.logs.values())).rules
        return [*((self._seat(seat), str(seat)) for seat in range(rules.players)),
                (message("graph.solution", self.lang), "solution")]

    @property
    def cards(self) -> list[tuple[str, str]]:
        """(full name, code) of every card in the game, for the graph's focus."""
        rules = next(iter(self.logs.values())).rules
        return [(card.name(self.lang), card.code) for card in rules.deck]

    def status(self, after: int) -> str:
        """Where the stepper stands, in words."""
        return message("stepper.event", self.lang, after=after,
                       count=Count("count.of_events", self.count).label(self.lang))

    def sentences(self, who: int | str, after: int) -> list[str]:
        """Event `after` in words, as `who` saw it (nothing before the first event)."""
        if not after:
            return []
        return [text.text(self.lang) for text in story(self.logs[who], after, self.you)]

    def knowledge(self, who: int | str, after: int) -> FiveSonsKnowledge:
        """What `who` knows after `after` events."""
        return self._knowledge(who, after)

    def graph(self, who: int | str, after: int) -> nx.DiGraph[str]:
        """The knowledge graph of `who` after `after` events."""
        return fivesons_graph(self.knowledge(who, after), self.lang, you=who == self.you)

    def previous(self, who: int | str, after: int) -> nx.DiGraph[str] | None:
        """The graph one event earlier (None before the first)."""
        return self.graph(who, after - 1) if after else None

    def certainties(self, who: int | str, after: int) -> list[str]:
        """The reasons of the certainties event `after` added for `who`, each once."""
        if not after:
            return []
        old = {(f.card, f.place, f.holds) for f in self.knowledge(who, after - 1).facts}
        told = to_learner if who == self.you else (lambda reason: reason)
        reasons = [told(fact.reason).text(self.lang) for fact in self.knowledge(who, after).facts
                   if (fact.card, fact.place, fact.holds) not in old]
        return list(dict.fromkeys(reasons))         # one reason can settle two cards

    def jumps(self) -> list[int]:
        """Positions worth jumping to (none: every event is one step)."""
        return []

    def step_before(self, kind: str, where: Mapping[str, Any]) -> int:
        """A reviewed decision's step: after the `after` events its seat had seen.

        >>> from cardlab.fivesons.match import play_game
        >>> from cardlab.fivesons.rules import FiveSonsRules
        >>> FiveSonsStory.from_game(play_game(FiveSonsRules(), ["logician"] * 4, seed=1)
        ...                         ).step_before("ask", {"after": 3})
        3
        """
        return min(max(int(where["after"]), 0), self.count)

    def picture(self, view: str, who: int | str, after: int) -> str:
        """The notes sheet (the one view besides the graph) of `who` after `after` events."""
        return notes_svg(self.graph(who, after), self.lang)

    def _know(self, who: int | str, after: int) -> FiveSonsKnowledge:
        return FiveSonsKnowledge.from_log(self.logs[who], after)

    def _seat(self, seat: int) -> str:
        """What the stepper calls `seat`: "You" for the learner's."""
        if seat == self.you:
            return message("stepper.you", self.lang)
        return message("stepper.seat", self.lang, seat=seat)


class DeductionStepper(Stepper):
    """The Five Sons stepper over observation logs: a seat's (or None, the table's)."""

    def __init__(self, logs: dict[int | None, FiveSonsLog], lang: str = "en",
                 you: int | None = None) -> None:
        story = FiveSonsStory(logs, lang, you)
        self.logs = story.logs
        super().__init__(story)

    @classmethod
    def from_game(cls, game: FiveSonsGame, lang: str = "en") -> DeductionStepper:
        """A stepper over every seat's log of `game`, and the table's."""
        logs: dict[int | None, FiveSonsLog] = {
            seat: game.observation_log(seat) for seat in range(game.players)}
        logs[None] = game.observation_log(None)
        return cls(logs, lang)
