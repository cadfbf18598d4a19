"""Turn order and the guessing rules, checked from what an observation log itself shows.

A log need not start at the first question, so the first asker is free. After
that, the next asker is the left neighbour of the last one, skipping seats the
log shows guessing wrong. Guesses follow a question, in seat order starting
with its asker, each seat once; nothing follows the end of the game (a right
guess, or everyone wrong). A broken rule raises a RecordError at "event N".

Each event is a `Turn`: the seat, and None for a question or whether the
guess was correct.

>>> check_order([(1, None), (1, False), (2, None)], players=4)
>>> check_order([(1, None), (1, None)], players=4)
Traceback (most recent call last):
...
cardlab.errors.RecordError: event 2: It is seat 2's turn to ask, not seat 1's.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardlab.errors import RecordError

#: (seat, None) for a question, (seat, correct) for a guess.
Turn = tuple[int, bool | None]


def check_order(events: Sequence[Turn], players: int) -> None:
    """Raise a RecordError at the first event that breaks turn order or the guessing rules."""
    eliminated: set[int] = set()
    asker: int | None = None  # of the last question
    last_guesser: int | None = None  # since that question
    over = False
    for number, (seat, correct) in enumerate(events, start=1):
        where = f"event {number}"
        if over:
            raise RecordError("fivesons.illegal.game_over", where=where)
        if correct is None:
            if asker is not None and seat != (turn := _next_asker(asker, eliminated, players)):
                raise RecordError("fivesons.illegal.not_your_turn", where=where, turn=turn,
                                  seat=seat)
            asker, last_guesser = seat, None
            continue
        if asker is None:
            raise RecordError("fivesons.illegal.no_question_yet", where=where)
        if seat in eliminated:
            raise RecordError("fivesons.illegal.eliminated_cannot_guess", where=where, seat=seat)
        if last_guesser is not None and (seat - asker) % players <= (
                last_guesser - asker) % players:
            raise RecordError("fivesons.illegal.guess_order", where=where, seat=seat,
                              last=last_guesser)
        last_guesser = seat
        if correct:
            over = True
        else:
            eliminated.add(seat)
            over = len(eliminated) == players


def _next_asker(last: int, eliminated: set[int], players: int) -> int:
    """The first seat left of `last` that has not guessed wrong (`last` itself if none)."""
    for step in range(1, players + 1):
        seat = (last + step) % players
        if seat not in eliminated:
            return seat
    return last
