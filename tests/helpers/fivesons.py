"""Shared helpers for the Five Sons tests: a fixed deal, random games, brute force."""

from __future__ import annotations

import itertools
import random

from cardlab.cards import parse_cards
from cardlab.deal_counting import SOLUTION
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.record import AskSeen, FiveSonsLog
from cardlab.fivesons.rules import FiveSonsRules

QS, H3 = parse_cards("QS 3H")
HANDS = [parse_cards(h) for h in ("KH JC AH 5H JD", "QC KC 2H 4H 6H", "QD KD JH 7H 8H",
                                  "QH JS KS 9H TH")]


def fixed_game() -> FiveSonsGame:
    """Four players, solution QS and 3H, hands as in HANDS."""
    return FiveSonsGame.start(FiveSonsRules(players=4), (QS, H3), HANDS)


def random_game(rules: FiveSonsRules, seed: int, questions: int = 10,
                wrong_guess_rate: float = 0.15) -> FiveSonsGame:
    """A game of random questions, random shows and the odd random wrong guess."""
    rng = random.Random(seed)
    game = FiveSonsGame.deal(rules, rng)
    for _ in range(questions):
        if game.over:
            break
        face, heart = rng.choice(rules.faces), rng.choice(rules.hearts)
        asker = game.turn
        options = game.showable(asker, face, heart)
        game.ask(asker, face, heart, rng.choice(options) if options else None)
        for step in range(rules.players):
            seat = (asker + step) % rules.players
            if game.over or seat in game.eliminated or rng.random() > wrong_guess_rate:
                continue
            wrong = [(f, h) for f in rules.faces for h in rules.hearts
                     if (f, h) != game.solution]
            game.guess(seat, *rng.choice(wrong))
            if len(game.eliminated) >= rules.players - 1:
                break
    return game


def brute_force(log: FiveSonsLog) -> list[tuple[int, dict, dict]]:
    """For every prefix of `log`: (deals, per card per place, per solution pair), by listing
    every deal and replaying the rules on it. Independent of cardlab's evidence code."""
    rules, me = log.rules, log.me
    places = [seat for seat in range(rules.players) if seat != me] + [SOLUTION]
    unknown = [card for card in rules.deck if card not in log.hand]
    results = [(0, {c: dict.fromkeys(places, 0) for c in unknown}, {})
               for _ in range(len(log.events) + 1)]
    for face in rules.faces:
        for heart in rules.hearts:
            if face in log.hand or heart in log.hand:
                continue
            rest = [card for card in unknown if card not in (face, heart)]
            for hands in _hands(rest, rules.hand_sizes, me, log.hand):
                valid = _valid_prefixes(log, hands, (face, heart))
                where = {card: seat for seat, hand in enumerate(hands) for card in hand}
                where[face] = where[heart] = SOLUTION
                for k in range(valid + 1):
                    worlds, at, pairs = results[k]
                    for card in unknown:
                        at[card][where[card]] += 1
                    pairs[face, heart] = pairs.get((face, heart), 0) + 1
                    results[k] = (worlds + 1, at, pairs)
    return results


def _hands(cards, sizes, me, my_hand):
    if not sizes:
        yield ()
        return
    seat = len(sizes) and 0
    yield from _deal(cards, list(sizes), me, my_hand, seat)


def _deal(cards, sizes, me, my_hand, seat):
    if seat == len(sizes):
        if not cards:
            yield ()
        return
    if seat == me:
        for rest in _deal(cards, sizes, me, my_hand, seat + 1):
            yield (frozenset(my_hand), *rest)
        return
    for hand in itertools.combinations(cards, sizes[seat]):
        remaining = [card for card in cards if card not in hand]
        for rest in _deal(remaining, sizes, me, my_hand, seat + 1):
            yield (frozenset(hand), *rest)


def _valid_prefixes(log: FiveSonsLog, hands, solution) -> int:
    """How many leading events this deal explains."""
    players = log.rules.players
    for k, event in enumerate(log.events):
        if isinstance(event, AskSeen):
            responder = next((s for s in ((event.seat + i) % players for i in range(1, players))
                              if event.face in hands[s] or event.heart in hands[s]), None)
            if responder != event.shown_by:
                return k
            if event.shown is not None and event.shown not in hands[responder]:
                return k
        elif event.solution is not None and tuple(event.solution) != solution:
            return k
    return len(log.events)


def consistent_deals(log: FiveSonsLog) -> list[tuple[tuple[frozenset, ...], tuple]]:
    """Every deal (hands, solution) that explains all of `log`, listed by brute force."""
    rules, deals = log.rules, []
    unknown = [card for card in rules.deck if card not in log.hand]
    for face in rules.faces:
        for heart in rules.hearts:
            if face in log.hand or heart in log.hand:
                continue
            rest = [card for card in unknown if card not in (face, heart)]
            for hands in _hands(rest, rules.hand_sizes, log.me, log.hand):
                if _valid_prefixes(log, hands, (face, heart)) == len(log.events):
                    deals.append((hands, (face, heart)))
    return deals


def play_fivesons_widget_to_the_end(widget) -> None:
    """Play a Five Sons widget to the end: the learner asks the first question offered,
    shows the first card it may, and never guesses."""
    from cardlab.fivesons.actions import Kind

    while not widget.game.over:
        decision = widget.decision
        if decision.kind == Kind.ASK:
            face, heart = decision.options[0]
            widget.choose(face.code)
            widget.choose(heart.code)
            widget.ask()
        elif decision.kind == Kind.SHOW:
            widget.show(decision.options[0].code)
        else:
            widget.pass_guess()
