"""Fast random play on bitmasks: whole hands for the benchmark, rollouts for the Monte Carlo bot.

>>> import random
>>> points = random_hand(random.Random(1))
>>> sum(points) in (26, 78)
True
"""

from __future__ import annotations

import random

from cardlab.blackwidow.kernel import HEARTS, POINTS, QUEEN_BIT, SUIT_MASKS

_FULL_DECK = (1 << 52) - 1
_TWO_OF_CLUBS = 1


def _pick(bits: int, rng: random.Random) -> int:
    """A uniformly random set bit of `bits`, as a one-bit mask."""
    count = bits.bit_count()
    if count == 1:
        return bits
    for _ in range(int(rng.random() * count)):
        bits &= bits - 1
    return bits & -bits


def play_out(hands: list[int], leader: int, trick: list[int], hearts_broken: bool,
             first_trick: bool, rng: random.Random, policy=None) -> list[int]:
    """Play the rest of a hand at random (standard rules); points taken per seat.

    `trick` holds the one-bit masks already played to the current trick, led by
    `leader`. `policy(seat, legal_bits, trick)` may choose instead of chance.
    Leading hearts needs hearts broken by an earlier trick, so breaking is
    only checked as each trick closes.
    """
    hands = list(hands)
    players = len(hands)
    random = rng.random
    taken = [0] * players
    trick = list(trick)
    seat = (leader + len(trick)) % players
    led = SUIT_MASKS[(trick[0].bit_length() - 1) // 13] if trick else 0
    while True:
        for _ in range(players - len(trick)):
            hand = hands[seat]
            if trick:
                legal = hand & led or (hand & ~POINTS if first_trick and hand & ~POINTS
                                       else hand)
            elif hearts_broken or not hand & ~HEARTS:
                legal = hand
            else:
                legal = hand & ~HEARTS
            if policy:
                card = policy(seat, legal, trick)
            else:  # _pick, inlined: this line runs for every card of every playout
                card = legal
                for _ in range(int(random() * legal.bit_count())):
                    card &= card - 1
                card &= -card
            hands[seat] = hand ^ card
            if not trick:
                led = SUIT_MASKS[(card.bit_length() - 1) // 13]
            trick.append(card)
            seat = seat + 1 if seat + 1 < players else 0
        cards = sum(trick)  # distinct bits, so the sum is their union
        winner = (leader + trick.index(1 << ((cards & led).bit_length() - 1))) % players
        taken[winner] += (cards & HEARTS).bit_count() + (13 if cards & QUEEN_BIT else 0)
        if not hands[winner]:
            return taken
        hearts_broken = hearts_broken or bool(cards & HEARTS)
        leader = seat = winner
        trick = []
        first_trick = False


def random_hand(rng: random.Random) -> list[int]:
    """One whole 4-player hand from a random deal, with random passes to the left.

    Returns each seat's points after the moon rule (`others`).
    """
    random = rng.random
    # Sorting by random keys shuffles uniformly, and faster than random.shuffle.
    cards = sorted(range(52), key=lambda _: random())
    hands = [0, 0, 0, 0]
    for i, card in enumerate(cards):
        hands[i & 3] |= 1 << card
    passes = []
    for seat in range(4):
        passed = 0
        for _ in range(3):
            passed |= _pick(hands[seat] & ~passed, rng)
        passes.append(passed)
    for seat in range(4):
        hands[seat] = (hands[seat] & ~passes[seat]) | passes[(seat - 1) & 3]
    leader = next(seat for seat in range(4) if hands[seat] & _TWO_OF_CLUBS)
    hands[leader] ^= _TWO_OF_CLUBS
    taken = play_out(hands, leader, [_TWO_OF_CLUBS], False, True, rng)
    if 26 in taken:
        return [0 if points == 26 else 26 for points in taken]
    return taken
