"""Scripted Black Widow deals, and games played from them card by card."""

from __future__ import annotations

from cardlab.blackwidow.actions import Play
from cardlab.blackwidow.game import BlackWidowGame, Phase
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cards import parse_cards

# Scripted hands: every seat plays the first legal card in the order its cards are listed.
# MOON: seat 0 holds every club but the 2 and wins every trick; the others throw points on it.
MOON = ["AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C AS",
        "2C QS 2H 3H 4H 5H 6H 7H 2D 3D 4D 5D 6D",
        "8H 9H TH JH QH KH AH 7D 8D 9D TD JD QD",
        "KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS"]
# NEAR: the same, but seat 0's last lead is the 2 of spades and seat 3 takes the Ace of
# Hearts with the Ace of Spades: seat 0 takes 25 points (and the Jack of Diamonds), seat 3 one.
NEAR = ["AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2S",
        "2C QS 2H 3H 4H 5H 6H 7H 2D 3D 4D 5D 6D",
        "8H 9H TH JH QH KH 7D 8D 9D TD JD QD AH",
        "KD AD 3S 4S 5S 6S 7S 8S 9S TS JS KS AS"]


def scripted(script, hands=1, **options) -> BlackWidowGame:
    """A game of `hands` hands, each dealt and played as `script` says (no passing)."""
    rules = BlackWidowRules(players=4, pass_cycle=("hold",), **options)
    order = [parse_cards(cards) for cards in script]
    game = BlackWidowGame.new(rules, deal=[sorted(cards) for cards in order])
    for number in range(hands):
        if number:
            game.deal_next([sorted(cards) for cards in order])
        while game.phase == "play":
            legal = set(game.legal_cards())
            game.apply(Play(game.turn, next(c for c in order[game.turn] if c in legal)))
    return game


def legal(widget) -> list[str]:
    """The codes of the cards a Black Widow widget lets the learner play now."""
    return [card["code"] for card in widget.hand.cards if not card["disabled"]]


def play_until(widget, done) -> None:
    """Play a Black Widow widget's first legal card (or pass the first three, or give the
    moon's points to the others) until `done(widget)`."""
    while not done(widget):
        decision = widget.decision
        if decision is None:
            assert widget.game.phase is Phase.SCORED, widget.status
            widget.actions.click("next")
        elif decision.kind == "pass":
            for code in widget.hand.codes[:3]:
                widget.hand.click(code)
            widget.actions.click("pass")
        elif decision.kind == "moon":
            widget.actions.click("moon_others")
        else:
            widget.hand.click(legal(widget)[0])
