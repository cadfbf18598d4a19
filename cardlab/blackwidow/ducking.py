"""The `montecarlo` bot's rollouts: every seat plays a cheap ducking policy to the end of a hand.

`duck` is the policy (one card for one seat, from its legal cards and the
trick so far); `duck_out` plays a whole hand with it, fast, on masks. Rules
of play come from `kernel`, as everywhere.

>>> from cardlab.cards import parse_cards
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> table = MaskRules.of(BlackWidowRules())
>>> m = lambda codes: kernel.mask(parse_cards(codes))
>>> kernel.cards_of(duck(table, m("9C KD 3H"), []))            # lead low, not a heart
[Card('9C')]
>>> kernel.cards_of(duck(table, m("AS 4H 9D"), [m("5C")]))     # void: the highest heart
[Card('4H')]
"""

from __future__ import annotations

from cardlab.blackwidow import kernel
from cardlab.blackwidow.kernel import MaskRules
from cardlab.blackwidow.playout import Playout, Position

_SUITS = tuple(kernel.SUIT_MASKS)


def duck(table: MaskRules, legal: int, trick: list[int]) -> int:
    """One card, as a one-bit mask, from `legal` for the next seat to play to `trick`.

    - Leading: the lowest card of the lowest suit, hearts last.
    - Following: the highest card under the trick's winning card; with none,
      the lowest, or, last to play, the highest (the trick is taken anyway).
      Last to play, a trick with the Jack of Diamonds (where it counts) and
      no points is taken with the highest card.
    - Cannot follow: the Queen of Spades, else the highest heart, else the
      highest card in deck order; the Jack of Diamonds that counts is kept.
    """
    if not trick:
        low = legal & ~kernel.HEARTS or legal
        return low & -low
    led = _SUITS[(trick[0].bit_length() - 1) // 13]
    top = 1 << (legal.bit_length() - 1)
    jack = kernel.JACK_BIT if table.jack_of_diamonds else 0
    if legal & led:
        cards = sum(trick)
        last = len(trick) == table.players - 1
        if last and cards & jack and not cards & kernel.POINTS:
            return top
        under = legal & ((1 << ((cards & led).bit_length() - 1)) - 1)
        if under:
            return 1 << (under.bit_length() - 1)
        return top if last else legal & -legal
    if legal & kernel.QUEEN_BIT:
        return kernel.QUEEN_BIT
    worst = legal & kernel.HEARTS or legal & ~jack or legal
    return 1 << (worst.bit_length() - 1)


def duck_out(table: MaskRules, position: Position, first: int = 0) -> Playout:
    """Play the rest of the hand from `position`, every seat by `duck`; the seat to play
    plays `first` (a one-bit mask of a legal card) if given. `position` is left as it was.

    >>> import random
    >>> from cardlab.blackwidow.playout import random_deal
    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> table = MaskRules.of(BlackWidowRules())
    >>> hands = random_deal(table, random.Random(4))
    >>> playout = duck_out(table, Position.opening(table, hands))
    >>> len(playout.plays), sum(playout.points(table))
    (52, 26)
    """
    hands = list(position.hands)
    taken = list(position.taken)
    trick = list(position.trick)
    leader, broken, first_trick = position.leader, position.hearts_broken, position.first_trick
    players, pof = table.players, table.points_on_first_trick
    queen_breaks = table.queen_breaks_hearts
    legal_of, winner, breaks = kernel.legal, kernel.winner, kernel.breaks_hearts
    plays: list[int] = []
    seat = (leader + len(trick)) % players
    led = (trick[0].bit_length() - 1) // 13 if trick else None
    while True:
        for _ in range(players - len(trick)):
            hand = hands[seat]
            if first:
                card, first = first, 0
            else:
                legal = legal_of(hand, led, first_trick, broken,
                                 table.opening if first_trick else None, pof)
                card = legal if legal & (legal - 1) == 0 else duck(table, legal, trick)
            hands[seat] = hand ^ card
            if not trick:
                led = (card.bit_length() - 1) // 13
            trick.append(card)
            seat = seat + 1 if seat + 1 < players else 0
        cards = sum(trick)
        leader = seat = winner(trick, leader, players)
        taken[seat] |= cards
        plays += trick
        if not hands[seat]:
            return Playout(plays[len(position.trick):], taken)
        broken = broken or breaks(cards, queen_breaks)
        trick = []
        led = None
        first_trick = False
