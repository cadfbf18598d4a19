"""Black Widow bots. Each decides from its own seat's view, never the other hands.

- `random`: random legal cards and random passes.
- `lowest`: the first advice a beginner hears, and nothing more: pass the three
  highest cards and follow suit with the lowest card. It leads and throws off at
  random, never counts cards and never looks at the points on a trick.
- `heuristic`: passes its most dangerous cards, ducks under the winning card,
  throws the Queen of Spades on tricks it cannot win, avoids points, and takes
  a point itself when another seat is running for the moon. With the Jack of
  Diamonds in play it keeps the Jack and wins the tricks the Jack makes worth
  having.
- `montecarlo`: passes as `heuristic` does but keeps what is safe to keep
  (hearts below the Jack; the Queen and the spades above her behind about
  four lower spades; a Jack of Diamonds that counts), and plays by
  perfect-information Monte Carlo. It draws
  deals of the unseen cards uniformly from all those consistent with its
  view (exact card
  counting: the voids shown, the cards it passed, the hearts rule), and on
  each deal plays every distinct legal card, then every seat to the end of
  the hand by a fast ducking policy (`playout.play_ducking`; the chance of
  which suit each trick is led in is drawn once per deal and is the same
  after every card); it picks the card that leaves its game score lowest on
  average, scored under the rules (the Jack, the moon option, exactly 100);
  among cards tied for the fewest, the one `heuristic` would play. Cards with
  no card of another seat between them play alike and are rolled out once
  (when all are alike it plays the lowest without sampling): the same choice
  as rolling out each of them, for less time.

Legal cards, trick winners and scoring come from `kernel`, the engine's own
rules, so the bots plan under the options of the game they sit in.

Every decision comes with a one-sentence reason.

>>> from cardlab.blackwidow.game import BlackWidowGame
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> from cardlab.blackwidow.view import seat_view
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> card, why = make_bot("heuristic").play(seat_view(game, game.turn))
>>> card.code, why.text()
('2C', '2♣ must open the first trick.')
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardlab.blackwidow import kernel
from cardlab.blackwidow.kernel import MaskRules
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.playout import Playout, Position, lead_draws, play_ducking
from cardlab.blackwidow.rules import PASS_SIZE, BlackWidowRules, is_point
from cardlab.blackwidow.view import BlackWidowView
from cardlab.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, Card, Rank, Suit
from cardlab.errors import CardlabError
from cardlab.i18n import Number, Text


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
        choice = _better_moon(outcomes, view.me, view.rules.end_above)
        return choice, Text(f"blackwidow.bot.moon_{choice}")


class RandomBot(BlackWidowBot):
    """Random legal cards, random passes."""

    name = "random"


class LowestBot(BlackWidowBot):
    """Passes its highest cards, follows suit with its lowest; leads and throws off at random.

    >>> from cardlab.blackwidow.game import BlackWidowGame
    >>> from cardlab.blackwidow.view import seat_view
    >>> game = BlackWidowGame.new(BlackWidowRules(), seed=3)
    >>> cards, why = LowestBot(random.Random(1)).pass_cards(seat_view(game, 0))
    >>> [card.code for card in cards], why.text()
    (['AD', 'KD', 'KC'], 'I pass my three highest cards: A♦, K♦ and K♣.')
    """

    name = "lowest"

    def pass_cards(self, view: BlackWidowView) -> tuple[tuple[Card, ...], Text]:
        cards = tuple(sorted(view.hand, key=lambda c: (c.rank, c.index), reverse=True)[:PASS_SIZE])
        return cards, Text("blackwidow.bot.pass_highest", first=cards[0], second=cards[1],
                           third=cards[2])

    def choose(self, view: BlackWidowView, legal: list[Card]) -> tuple[Card, Text]:
        trick = view.trick
        if trick and legal[0].suit is trick[0][1].suit:
            card = min(legal, key=lambda c: c.rank)
            return card, Text("blackwidow.bot.follow_lowest", card=card)
        return super().choose(view, legal)


class HeuristicBot(BlackWidowBot):
    """Plays like a careful beginner who has learnt the basic advice."""

    name = "heuristic"

    def pass_cards(self, view: BlackWidowView) -> tuple[tuple[Card, ...], Text]:
        hand = view.hand
        cards = tuple(sorted(hand, key=lambda c: self.pass_danger(c, hand, view.rules),
                             reverse=True)[:PASS_SIZE])
        return cards, Text(f"blackwidow.bot.{self.pass_reason}", first=cards[0],
                           second=cards[1], third=cards[2])

    #: The catalogue key of the reason for a pass.
    pass_reason = "pass_danger"

    @staticmethod
    def pass_danger(card: Card, hand: list[Card], rules: BlackWidowRules) -> int:
        """How urgently to pass `card` out of `hand` (the three highest go).

        >>> hand = [Card.parse(code) for code in "QS 6S 5S 3S 2S 2H".split()]
        >>> HeuristicBot.pass_danger(Card.parse("QS"), hand, BlackWidowRules())
        20
        """
        return _danger(card, hand, rules)

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
        last = len(trick) == view.rules.players - 1
        if runner is not None and beating and _holds_points(trick) and winning_seat == runner:
            card = max(beating, key=lambda c: c.rank)
            return card, Text("blackwidow.bot.stop_moon", seat=runner, card=card)
        value = _trick_value(trick, view.rules)
        if last and beating and value < 0:
            card = max(beating, key=lambda c: c.rank)
            return card, Text("blackwidow.bot.jack.take", card=card, points=value)
        under = [card for card in legal if card.rank < best.rank]
        if under:
            card = QUEEN_OF_SPADES if QUEEN_OF_SPADES in under else max(under, key=lambda c: c.rank)
            key = "dump_queen" if card == QUEEN_OF_SPADES else "duck"
            return card, Text(f"blackwidow.bot.{key}", card=card)
        safe = [card for card in legal if card != QUEEN_OF_SPADES] or legal
        if last and not _holds_points(trick):
            card = max(safe, key=lambda c: c.rank)
            return card, Text("blackwidow.bot.win_clean", card=card)
        card = max(safe, key=lambda c: c.rank) if last else min(safe, key=lambda c: c.rank)
        return card, Text("blackwidow.bot.forced", card=card)

    def _discard(self, view: BlackWidowView, legal: list[Card], runner: int | None,
                 winning_seat: int) -> tuple[Card, Text]:
        def danger(card: Card) -> int:
            return _danger(card, view.hand, view.rules)
        if runner is not None and winning_seat == runner:
            clean = [card for card in legal if not is_point(card)] or legal
            card = max(clean, key=danger)
            return card, Text("blackwidow.bot.dump", card=card)
        if QUEEN_OF_SPADES in legal:
            return QUEEN_OF_SPADES, Text("blackwidow.bot.dump_queen")
        card = max(legal, key=danger)
        return card, Text("blackwidow.bot.dump", card=card)

    def _lead(self, view: BlackWidowView, legal: list[Card]) -> tuple[Card, Text]:
        queen_out = not any(card == QUEEN_OF_SPADES for _, card in view.plays)
        def risk(card: Card) -> tuple[int, int]:
            spade_risk = card.suit is Suit.SPADES and queen_out and card.rank >= Rank.QUEEN
            return (int(spade_risk or card.suit is Suit.HEARTS), card.rank)
        card = min(legal, key=risk)
        return card, Text("blackwidow.bot.lead_low", card=card)


class MonteCarloBot(HeuristicBot):
    """Plays out sampled consistent deals for each distinct legal card; keeps the cheapest.

    `samples` deals; `budget_ms` stops it sooner (see the module's description).
    """

    name = "montecarlo"
    samples: int = 48
    budget_ms: float | None = None
    pass_reason = "pass_keep"

    @staticmethod
    def pass_danger(card: Card, hand: list[Card], rules: BlackWidowRules) -> int:
        """As `heuristic`'s, but what is safe to keep is kept: hearts below the Jack, and
        the Queen and the spades above her behind enough lower spades (`_pass_danger`).

        >>> hand = [Card.parse(code) for code in "QS AS 6S 5S 3S 2S 2H 3H".split()]
        >>> MonteCarloBot.pass_danger(Card.parse("QS"), hand, BlackWidowRules()) < 0
        True
        >>> MonteCarloBot.pass_danger(Card.parse("QS"), hand[:5], BlackWidowRules())
        100
        """
        return _pass_danger(card, hand, rules)

    def choose(self, view: BlackWidowView, legal: list[Card]) -> tuple[Card, Text]:
        options = distinct_options(view, legal)
        if len(options) == 1:
            card = options[0]
            return card, Text("blackwidow.bot.alike", card=card)
        unseen = BlackWidowKnowledge.from_view(view).sample_hands(self.rng, self.samples)
        start = time.perf_counter()
        table = MaskRules.of(view.rules)
        seen = Position.from_view(view, {})
        totals = dict.fromkeys(options, 0)
        used = 0
        for hands in unseen:
            position = seen.with_unseen(hands)
            leads = lead_draws(self.rng, table)
            for card in options:
                playout = play_ducking(table, position, leads, 1 << card.index)
                scores = _score(view.rules, view.scores, playout)
                totals[card] += scores[view.me] - view.scores[view.me]
            used += 1
            if self.budget_ms and (time.perf_counter() - start) * 1000 > self.budget_ms:
                break
        card = cheapest(view, totals)
        return card, Text("blackwidow.bot.montecarlo", samples=used, card=card,
                          points=Number(totals[card] / max(used, 1), 1))


def cheapest(view: BlackWidowView, costs: Mapping[Card, float]) -> Card:
    """The card of `costs` (the points each cost `view.me` over the same deals) that cost
    the fewest; among cards tied for the fewest, the one `heuristic` plays.

    Where the playouts cannot tell cards apart, the careful player's rules can: when
    not following suit, get rid of the most dangerous card; else duck as high as
    possible, lead low. Taking the lowest tied card instead kept dangerous cards to
    the end (docs/play.md has the figures).

    >>> from cardlab.blackwidow.game import BlackWidowGame
    >>> from cardlab.blackwidow.view import seat_view
    >>> rules = BlackWidowRules(pass_cycle=("hold",))
    >>> suits = sorted(rules.deck, key=lambda card: (card.suit, card.rank))
    >>> game = BlackWidowGame.new(rules, deal=[suits[i:i + 13] for i in range(0, 52, 13)])
    >>> game.play(Card.parse("2C")).code                  # seat 1 holds only diamonds
    '2C'
    >>> two, ace = Card.parse("2D"), Card.parse("AD")
    >>> cheapest(seat_view(game, 1), {two: 0, ace: 0}).code
    'AD'
    >>> cheapest(seat_view(game, 1), {two: 0, ace: 3}).code
    '2D'
    """
    fewest = min(costs.values())
    tied = [card for card, cost in costs.items() if cost == fewest]
    if len(tied) == 1:
        return tied[0]
    return HeuristicBot(random.Random(0)).choose(view, tied)[0]


def distinct_options(view: BlackWidowView, legal: Sequence[Card]) -> list[Card]:
    """`legal` without the cards that play no differently from a lower one kept.

    Two cards of one suit are alike when every card between them is in my
    hand or already played in an earlier trick, and they score alike (hearts
    all count one; the Queen of Spades, and the Jack of Diamonds where it
    counts, stand alone): which one is played changes no trick's winner and
    no score. The lowest of each run is kept. An unplayed Queen of Spades
    (or Jack that counts) between them parts them even when it is mine: on
    the first trick, where she may not be played, J♠ and K♠ around her leave
    me K♠ or J♠ beside her, to follow a spade lead with.

    >>> from cardlab.blackwidow.game import BlackWidowGame
    >>> from cardlab.blackwidow.view import seat_view
    >>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
    >>> view = seat_view(game, 0)
    >>> diamonds = [card for card in view.hand if card.suit is Suit.DIAMONDS]
    >>> [card.code for card in diamonds], [card.code for card in distinct_options(view, diamonds)]
    (['2D', '3D', 'KD', 'AD'], ['2D', 'KD'])
    """
    done = len(view.plays) - len(view.trick)
    gone = kernel.mask(card for _, card in view.plays[:done])
    special = kernel.QUEEN_BIT | (kernel.JACK_BIT if view.rules.jack_of_diamonds else 0)
    elsewhere = kernel.mask(view.rules.deck) & ~(view.hand_mask | gone) | special & ~gone
    kept: list[Card] = []
    for card in sorted(legal, key=lambda c: c.index):
        lower = kept[-1] if kept else None
        if (lower is None or lower.suit is not card.suit
                or elsewhere & ((1 << card.index) - (1 << lower.index))
                or _card_points(lower, view.rules) != _card_points(card, view.rules)):
            kept.append(card)
    return kept


def _card_points(card: Card, rules: BlackWidowRules) -> int:
    return kernel.points(1 << card.index, rules.jack_of_diamonds)


@dataclass(frozen=True)
class Rollout:
    """One imagined end of the hand: the cards played, and the game scores after it."""

    playout: Playout
    scores: list[int]


def rollout(view: BlackWidowView, position: Position, card: Card,
            leads: Sequence[float]) -> Rollout:
    """`view.me` plays `card` in `position`, then every seat ducks to the end of the hand.

    `position` is what `view` sees, with one deal of the unseen cards
    (`Position.from_view`); `leads` choose what leaders lead (`playout.lead_draws`).
    The scores follow the game's rules; under ``moon: "choose"`` a shooter chooses as
    the bots do.

    >>> from cardlab.blackwidow.game import BlackWidowGame
    >>> from cardlab.blackwidow.view import seat_view
    >>> game = BlackWidowGame.new(BlackWidowRules(players=5, pass_cycle=("hold",)), seed=3)
    >>> view = seat_view(game, game.turn)
    >>> deal = BlackWidowKnowledge.from_view(view).sample(random.Random(1), 1)[0]
    >>> leads = lead_draws(random.Random(2), MaskRules.of(view.rules))
    >>> result = rollout(view, Position.from_view(view, deal), view.legal()[0], leads)
    >>> len(result.playout.plays), sum(result.scores) in (26, 104)
    (50, True)
    """
    return play_rest(view.rules, view.scores, position, leads, first=card)


def play_rest(rules: BlackWidowRules, scores: Sequence[int], position: Position,
              leads: Sequence[float], first: Card | None = None) -> Rollout:
    """Every seat ducks to the end of the hand from `position` (the seat to play plays
    `first`, if given; `leads` choose what leaders lead); the game scores after it, from
    `scores` before the hand.

    The rollout policy of `montecarlo`, for whole hands too (the review of a pass).
    """
    first_bit = 0 if first is None else 1 << first.index
    playout = play_ducking(MaskRules.of(rules), position, leads, first_bit)
    return Rollout(playout, _score(rules, scores, playout))


def _score(rules: BlackWidowRules, scores: Sequence[int], playout: Playout) -> list[int]:
    """The game scores after `playout` ends the hand, from `scores` before it; under
    ``moon: "choose"`` a shooter chooses as the bots do."""
    table = MaskRules.of(rules)
    points = playout.points(table)
    shooter = kernel.shooter(playout.taken)

    def after(moon: str) -> list[int]:
        return kernel.scores_after(points, shooter, moon, scores, table.exact_hundred)

    moon = table.moon
    if moon == "choose" and shooter is not None:
        moon = _better_moon({choice: after(choice) for choice in ("others", "self")},
                            shooter, rules.end_above)
    return after(moon)


def _better_moon(outcomes: dict[str, list[int]], seat: int, end_above: int) -> str:
    """The moon choice that leaves `seat` better placed (see `BlackWidowBot.choose_moon`)."""
    def standing(scores: list[int]) -> tuple[int, int, int]:
        best_other = min(s for other, s in enumerate(scores) if other != seat)
        ends = max(scores) > end_above
        outcome = (0 if scores[seat] <= best_other else 2) if ends else 1
        return (outcome, scores[seat] - best_other, scores[seat])
    return min(("others", "self"), key=lambda choice: standing(outcomes[choice]))


def _danger(card: Card, hand: list[Card], rules: BlackWidowRules) -> int:
    """How likely a card is to win a trick full of points (higher: pass or throw it first).

    About five spades guard the Queen in a 13-card hand and a suit of about
    three cards is short: proportionally fewer in smaller hands. A Jack of
    Diamonds that counts -10 is worth keeping.
    """
    same_suit = sum(1 for c in hand if c.suit is card.suit)
    if card == QUEEN_OF_SPADES:
        return 100 if same_suit < round(5 * rules.hand_size / 13) else 20
    if card.suit is Suit.SPADES and card.rank > Rank.QUEEN:
        return 90 + card.rank
    if card.suit is Suit.HEARTS:
        return 40 + card.rank
    if card == JACK_OF_DIAMONDS and rules.jack_of_diamonds:
        return 0
    return card.rank + (10 if same_suit <= round(3 * rules.hand_size / 13) else 0)


def _pass_danger(card: Card, hand: list[Card], rules: BlackWidowRules) -> int:
    """`montecarlo`'s pass order (higher: pass first; below zero: kept).

    A low heart wins a trick only when every other seat that follows plays a
    lower one, and passing it leaves the hand fewer ways to duck the hearts led
    later. Spades below the Queen let the seat follow spade leads low until she
    falls: behind about four of them (in a 13-card hand, proportionally fewer in
    smaller ones) the Queen and the spades above her are safe to keep. A Jack of
    Diamonds that counts -10 is kept. Otherwise the spades above the Queen and
    the Queen go first, then as `_danger`: high hearts, then high cards of short
    suits. Passing this way instead of as `heuristic` cut `montecarlo`'s points
    ratio against ISMCTS seats that pass as `heuristic` from 0.85 to 0.78
    (docs/play.md).
    """
    if card == JACK_OF_DIAMONDS and rules.jack_of_diamonds:
        return _KEEP
    if card.suit is Suit.SPADES and card.rank >= Rank.QUEEN:
        low = sum(1 for c in hand if c.suit is Suit.SPADES and c.rank < Rank.QUEEN)
        if low >= round(4 * rules.hand_size / 13):
            return card.rank - 20
        return 100 if card == QUEEN_OF_SPADES else 90 + card.rank
    if card.suit is Suit.HEARTS and card.rank < Rank.JACK:
        return card.rank - 20
    return _danger(card, hand, rules)


#: `_pass_danger` of a card never to pass: below every other card's.
_KEEP = -100


def _trick_value(trick: Sequence[tuple[int, Card]], rules: BlackWidowRules) -> int:
    """What the cards of a trick so far are worth (negative with the Jack of Diamonds)."""
    return kernel.points(kernel.mask(card for _, card in trick), rules.jack_of_diamonds)


def _holds_points(trick: Sequence[tuple[int, Card]]) -> bool:
    return any(is_point(card) for _, card in trick)


def _moon_runner(view: BlackWidowView) -> int | None:
    """Another seat that has taken every point card played so far, ten points or more."""
    taken = kernel.taken_cards([(seat, 1 << card.index) for seat, card in view.plays],
                               view.rules.players)
    out = sum(taken) & kernel.POINTS
    if kernel.points(out, jack_of_diamonds=False) < 10:
        return None
    return next((seat for seat, bits in enumerate(taken)
                 if seat != view.me and bits & kernel.POINTS == out), None)


BOTS = {bot.name: bot for bot in (RandomBot, LowestBot, HeuristicBot, MonteCarloBot)}


def make_bot(name: str, seed: int | None = None, **options: object) -> BlackWidowBot:
    """A bot by name (`montecarlo` takes `samples` and `budget_ms`)."""
    if name not in BOTS:
        raise CardlabError("blackwidow.bot.unknown", name=name, choices=", ".join(BOTS))
    bot = BOTS[name](random.Random(seed))
    for key, value in options.items():
        setattr(bot, key, value)
    return bot
