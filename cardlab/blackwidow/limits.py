"""Black Widow's largest record, for `cardlab bench limits` (`cardlab.worst`).

>>> record = endless_record(hands=2)
>>> len(record["hands"]), record["rules"]
(2, {'moon': 'self', 'pass_cycle': ['hold']})
"""

from __future__ import annotations

from typing import Any

from cardlab.blackwidow.rules import MAX_HANDS
from cardlab.cards import STANDARD_DECK, Suit, codes
from cardlab.worst import LimitCases


def endless_record(hands: int = MAX_HANDS) -> dict[str, Any]:
    """A legal record of `hands` moon shots under ``moon: self``: nobody's score ever
    rises, so only the hand limit ends it.

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


def limit_cases() -> LimitCases:
    """The largest record (a game that could go on for ever, so it ends at the limit),
    replayed, inferred from seat 0 and uploaded to the stepper."""
    record = endless_record()
    return LimitCases(accepted={"blackwidow_replay": (record, ("replay", "--format", "json")),
                                "blackwidow_infer": (record, ("infer", "--as", "0"))},
                      uploaded={"stepper_blackwidow_upload": record},
                      limits={"blackwidow_hands": MAX_HANDS})
