"""Black Widow bots. Each decides from its own seat's view, never the other hands.

- `random`: random legal cards and random passes.
- `heuristic`: passes its most dangerous cards, ducks under the winning card,
  throws the Queen of Spades on tricks it cannot win, avoids points, and takes
  a point itself when another seat is running for the moon.
- `montecarlo`: for each legal card, plays out deals of the unseen cards drawn
  uniformly from all consistent ones (exact card counting), with a fast
  ducking policy for everyone, and picks the card that costs least on average.

Every decision comes with a one-sentence reason.

>>> from cardlab.blackwidow.game import BlackWidowGame
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> from cardlab.blackwidow.view import seat_view
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> card, why = make_bot("heuristic").play(seat_view(game, game.turn))
>>> card.code, why.text()
('2C', '2C must open the first trick.')
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from cardlab.blackwidow import kernel
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.playout import play_out
from cardlab.blackwidow.view import BlackWidowView
from cardlab.cards import QUEEN_OF_SPADES, Card, Rank, Suit
from cardlab.errors import CardlabError
from cardlab.i18n import Text

PASS_SIZE = 3


@dataclass
class BlackWidowBot:
    """Shared behaviour: the moon choice, and the forced moves."""

    rng: random.Random
    name = "bot"

    def pass_cards(self, view: BlackWidowView) -> tuple[tuple[Card, ...], Text]:
        """Three cards to pass, and why."""
        return tuple(self.rng.sample(view.hand, PASS_SIZE)), Text("blackwidow.bot.pass_random")

    def play(self, view: BlackWidowView) -> tuple[Card, Text]:
        """The card to play, and why."""
        legal = view.legal()
        if len(legal) == 1:
            key = "opening" if not view.plays else "only"
            return legal[0], Text(f"blackwidow.bot.{key}", card=legal[0])
        return self.choose(view, legal)

    def choose(self, view: BlackWidowView, legal: list[Card]) -> tuple[Card, Text]:
        """The choice among several legal cards."""
        card = self.rng.choice(legal)
        return card, Text("blackwidow.bot.random", card=card)

    def choose_moon(self, view: BlackWidowView, outcomes: dict[str, list[int]]) -> tuple[str, Text]:
        """Whichever moon scoring leaves this seat better placed.

        Best is ending the game as a winner, worst ending it as a loser; between
        those, the smaller lead of this seat over the best other seat.
        """
        def standing(scores: list[int]) -> tuple[int, int, int]:
            best_other = min(s for seat, s in enumerate(scores) if seat != view.me)
            ends = max(scores) > view.rules.end_above
            outcome = (0 if scores[view.me] <= best_other else 2) if ends else 1
            return (outcome, scores[view.me] - best_other, scores[view.me])
        choice = min(("others", "self"), key=lambda c: standing(outcomes[c]))
        return choice, Text("blackwidow.bot.moon_choice", choice=choice)


class RandomBot(BlackWidowBot):
    """Random legal cards, random passes."""

    name = "random"


class HeuristicBot(BlackWidowBot):
    """Plays like a careful beginner who has learnt the basic advice."""

    name = "heuristic"

    def pass_cards(self, view: BlackWidowView) -> tuple[tuple[Card, ...], Text]:
        hand = view.hand
        cards = tuple(sorted(hand, key=lambda c: _danger(c, hand), reverse=True)[:PASS_SIZE])
        return cards, Text("blackwidow.bot.pass_danger", cards=" ".join(c.code for c in cards))

    def choose(self, view: BlackWidowView, legal: list[Card]) -> tuple[Card, Text]:
        trick = view.trick
        runner = _moon_runner(view)
        if not trick:
            return self._lead(view, legal)
        led = trick[0][1].suit
        best = max((card for _, card in trick if card.suit is led), key=lambda c: c.rank)
        winning_seat = next(seat for seat, card in trick if card == best)
        if legal[0].suit is not led:
            return self._discard(view, legal, runner, winning_seat)
        beating = [card for card in legal if card.rank > best.rank]
        if runner is not None and beating and _trick_points(trick) and winning_seat == runner:
            card = max(beating, key=lambda c: c.rank)
            return card, Text("blackwidow.bot.stop_moon", seat=runner, card=card)
        under = [card for card in legal if card.rank < best.rank]
        if under:
            card = QUEEN_OF_SPADES if QUEEN_OF_SPADES in under else max(under, key=lambda c: c.rank)
            key = "dump_queen" if card == QUEEN_OF_SPADES else "duck"
            return card, Text(f"blackwidow.bot.{key}", card=card)
        last = len(trick) == view.rules.players - 1
        safe = [card for card in legal if card != QUEEN_OF_SPADES] or legal
        if last and not _trick_points(trick):
            card = max(safe, key=lambda c: c.rank)
            return card, Text("blackwidow.bot.win_clean", card=card)
        card = max(safe, key=lambda c: c.rank) if last else min(safe, key=lambda c: c.rank)
        return card, Text("blackwidow.bot.forced", card=card)

    def _discard(self, view, legal, runner, winning_seat) -> tuple[Card, Text]:
        if runner is not None and winning_seat == runner:
            clean = [card for card in legal if not card.is_point] or legal
            card = max(clean, key=lambda c: _danger(c, view.hand))
            return card, Text("blackwidow.bot.dump", card=card)
        if QUEEN_OF_SPADES in legal:
            return QUEEN_OF_SPADES, Text("blackwidow.bot.dump_queen")
        card = max(legal, key=lambda c: _danger(c, view.hand))
        return card, Text("blackwidow.bot.dump", card=card)

    def _lead(self, view, legal) -> tuple[Card, Text]:
        queen_out = not any(card == QUEEN_OF_SPADES for _, card in view.plays)
        def risk(card: Card) -> tuple[int, int]:
            spade_risk = card.suit is Suit.SPADES and queen_out and card.rank >= Rank.QUEEN
            return (int(spade_risk or card.suit is Suit.HEARTS), card.rank)
        card = min(legal, key=risk)
        return card, Text("blackwidow.bot.lead_low", card=card)


class MonteCarloBot(HeuristicBot):
    """Plays out sampled consistent deals for each legal card; keeps the cheapest."""

    name = "montecarlo"
    samples: int = 48
    budget_ms: float | None = None

    def choose(self, view: BlackWidowView, legal: list[Card]) -> tuple[Card, Text]:
        knowledge = BlackWidowKnowledge.from_view(view)
        deals = knowledge.sample(self.rng, self.samples)
        start = time.perf_counter()
        totals = dict.fromkeys(legal, 0)
        used = 0
        for deal in deals:
            for card in legal:
                totals[card] += self._rollout(view, deal, card)
            used += 1
            if self.budget_ms and (time.perf_counter() - start) * 1000 > self.budget_ms:
                break
        card = min(legal, key=lambda c: (totals[c], c.rank))
        return card, Text("blackwidow.bot.montecarlo", samples=used, card=card,
                          points=f"{totals[card] / max(used, 1):.1f}")

    def _rollout(self, view: BlackWidowView, deal: dict[Card, int], card: Card) -> int:
        """My points (after the moon rule) if I play `card` and everyone then ducks."""
        n = view.rules.players
        hands = [0] * n
        for unseen, seat in deal.items():
            hands[seat] |= 1 << unseen.index
        hands[view.me] = view.hand_mask & ~(1 << card.index)
        trick = [1 << c.index for _, c in view.trick] + [1 << card.index]
        leader = view.trick[0][0] if view.trick else view.me
        broken = view.hearts_broken or card.suit is Suit.HEARTS
        first = len(view.plays) < n
        taken_now = view.taken()
        if len(trick) == n:  # my card completes the trick: score it, then play on
            winner = kernel.trick_winner([c.bit_length() - 1 for c in trick], leader, n)
            points = kernel.points(sum(trick), False)
            taken_now[winner] += points
            if not hands[winner]:
                return _moon(taken_now, view.me)
            leader, trick, first = winner, [], False
        later = play_out(hands, leader, trick, broken, first, self.rng, policy=_duck_policy)
        return _moon([a + b for a, b in zip(taken_now, later, strict=True)], view.me)


def _moon(taken: list[int], me: int) -> int:
    if 26 in taken:
        return 0 if taken[me] == 26 else 26
    return taken[me]


def _duck_policy(seat: int, legal: int, trick: list[int]) -> int:
    """Fast rollout play: duck under the winner, else dump the worst card; lead low."""
    if trick:
        led = kernel.SUIT_MASKS[(trick[0].bit_length() - 1) // 13]
        if legal & led:
            best = max(c for c in trick if c & led)
            under = legal & (best - 1)
            if under:
                return 1 << (under.bit_length() - 1)
            return 1 << (legal.bit_length() - 1) if len(trick) == 3 else legal & -legal
        if legal & kernel.QUEEN_BIT:
            return kernel.QUEEN_BIT
        hearts = legal & kernel.HEARTS
        return 1 << ((hearts or legal).bit_length() - 1)
    low = legal & ~kernel.HEARTS or legal
    return low & -low


def _danger(card: Card, hand: list[Card]) -> int:
    """How likely a card is to win a trick full of points (higher: pass or throw it first)."""
    same_suit = sum(1 for c in hand if c.suit is card.suit)
    if card == QUEEN_OF_SPADES:
        return 100 if same_suit < 5 else 20
    if card.suit is Suit.SPADES and card.rank > Rank.QUEEN:
        return 90 + card.rank
    if card.suit is Suit.HEARTS:
        return 40 + card.rank
    return card.rank + (10 if same_suit <= 3 else 0)


def _trick_points(trick: list[tuple[int, Card]]) -> int:
    return sum(1 for _, card in trick if card.is_point)


def _moon_runner(view: BlackWidowView) -> int | None:
    """Another seat that has taken every point so far, at least ten of them."""
    taken = view.taken()
    total = sum(taken)
    for seat, points in enumerate(taken):
        if seat != view.me and points == total and total >= 10:
            return seat
    return None


BOTS = {bot.name: bot for bot in (RandomBot, HeuristicBot, MonteCarloBot)}


def make_bot(name: str, seed: int | None = None, **options) -> BlackWidowBot:
    """A bot by name (`montecarlo` takes `samples` and `budget_ms`)."""
    if name not in BOTS:
        raise CardlabError("blackwidow.bot.unknown", name=name, choices=", ".join(BOTS))
    bot = BOTS[name](random.Random(seed))
    for key, value in options.items():
        setattr(bot, key, value)
    return bot
