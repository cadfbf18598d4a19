"""Five Sons rule options: player count and the (possibly smaller) deck.

>>> rules = FiveSonsRules.from_json({"players": 5})
>>> rules.hand_sizes
(4, 4, 4, 4, 4)
>>> FiveSonsRules(players=3).hand_sizes
(7, 7, 6)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardlab.cards import FACE_CARDS, Card, codes
from cardlab.errors import RulesError, rule_options
from cardlab.fivesons.cards import HEART_NUMBERS, five_sons_deck, sons
from cardlab.schema import check
from cardlab.validate import expect_int, read_cards

MIN_PLAYERS, MAX_PLAYERS = 3, 6
#: The longest game cardlab plays or reads, in events: real games have a few dozen, and
#: the inference over this many takes well under a second.
MAX_EVENTS = 1000


@dataclass(frozen=True)
class FiveSonsRules:
    """One game's rules. Defaults are the standard game for four."""

    players: int = 4
    faces: tuple[Card, ...] = field(default=FACE_CARDS)
    hearts: tuple[Card, ...] = field(default=HEART_NUMBERS)

    def __post_init__(self) -> None:
        # Canonical order, so that equal decks compare equal however they were typed.
        object.__setattr__(self, "faces", tuple(sorted(self.faces)))
        object.__setattr__(self, "hearts", tuple(sorted(self.hearts, key=sons)))
        with rule_options():
            expect_int(self.players, "rules.players", MIN_PLAYERS, MAX_PLAYERS)
        for card in self.faces:
            if card not in FACE_CARDS:
                raise RulesError("fivesons.rules.not_a_face", where="rules.faces", card=card)
        for card in self.hearts:
            if card not in HEART_NUMBERS:
                raise RulesError("fivesons.rules.not_a_heart", where="rules.hearts", card=card)
        if len(self.faces) < 2 or len(self.hearts) < 2 or self.dealt_cards < self.players:
            raise RulesError(
                "fivesons.rules.too_few_cards", where="rules", faces=len(self.faces),
                hearts=len(self.hearts), players=self.players,
            )

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card of this game: faces, then hearts."""
        return five_sons_deck(self.faces, self.hearts)

    @property
    def dealt_cards(self) -> int:
        """How many cards go to the players (all but the two hidden ones)."""
        return len(self.faces) + len(self.hearts) - 2

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards per seat, dealt round from seat 0, so earlier seats may hold one more."""
        base, extra = divmod(self.dealt_cards, self.players)
        return tuple(base + (seat < extra) for seat in range(self.players))

    @classmethod
    def from_json(cls, data: Any, where: str = "rules") -> FiveSonsRules:
        """Rules from a record's `rules` object (only options that differ from defaults)."""
        with rule_options():
            check(data, "fivesons_rules", where, f"{where}.", package=__package__)
        options: dict[str, Any] = {}
        if "players" in data:
            options["players"] = data["players"]
        for key in ("faces", "hearts"):
            if key in data:
                options[key] = read_cards(data[key], f"{where}.{key}")
        return cls(**options)

    def to_json(self) -> dict[str, Any]:
        """The options that differ from the defaults (players always, for readers)."""
        data: dict[str, Any] = {"players": self.players}
        if self.faces != FACE_CARDS:
            data["faces"] = codes(self.faces)
        if self.hearts != HEART_NUMBERS:
            data["hearts"] = codes(self.hearts)
        return data
