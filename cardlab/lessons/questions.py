"""Lesson 6, asking good questions: uncertainty in bits, and what a question is expected to tell.

The numbers are the `infogain` bot's own: the entropy of the exact
distribution of solutions, before and (on average) after the answer.

>>> from cardlab.cards import parse_cards
>>> from cardlab.fivesons.record import FiveSonsLog
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
>>> f"{uncertainty(log):.2f}"
'6.17'
>>> check_bits("6.2", log).correct, check_bits("7", log).correct
(True, False)
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from cardlab.cards import Card, CardName
from cardlab.fivesons.bots import entropy, expected_entropy
from cardlab.fivesons.cards import QuestionSentence
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.record import FiveSonsLog
from cardlab.i18n import Text
from cardlab.lessons.exercises import Number, Verdict, parse_number

#: How close (in bits) an answer must be.
BITS = 0.05
#: Answers up to this many bits are turned back into a number of solutions.
MAX_BITS = 40
#: A base-2 logarithm as the lesson writes it: log2(72), log₂ 72.
_LOG2 = re.compile(r"log(?:2|₂)\s*\(?\s*([^()\s]+)\s*\)?", re.IGNORECASE)


def uncertainty(log: FiveSonsLog, after: int | None = None) -> float:
    """How many bits `log.me` is missing about the solution (0: it knows it)."""
    return entropy(FiveSonsKnowledge.from_log(log, after).counts.pairs.values())


def information(log: FiveSonsLog, face: Card, heart: Card) -> float:
    """How many bits asking about `face` and `heart` is expected to tell `log.me`, on average.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    >>> information(log, *parse_cards("KH AH")) < 0.001 < information(log, *parse_cards("QS 3H"))
    True
    """
    return uncertainty(log) - expected_entropy(log, face, heart)


def check_bits(answer: str, log: FiveSonsLog) -> Verdict:
    """How uncertain is `log.me` about the solution, in bits?

    A wrong number of bits is turned back into the number of equally likely
    solutions it would mean, next to the real number of solutions.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    >>> print(check_bits("6", log).reasons[0].text()[:59])
    6 bits is the uncertainty of 64 equally likely solutions (2
    """
    pairs = FiveSonsKnowledge.from_log(log).counts.pairs
    bits = uncertainty(log)
    log2 = math.log2(len(pairs))
    if abs(bits - log2) < 0.005:
        why = Text("lesson.questions.bits_equal", pairs=len(pairs), bits=Number(bits, 2))
    else:
        why = Text("lesson.questions.bits_why", pairs=len(pairs), bits=Number(bits, 2),
                   log=Number(log2, 2))
    value = bits_number(answer)
    if value is None:
        return Verdict(False, (Text("lesson.not_a_number", text=answer),))
    if abs(float(value) - bits) <= BITS:
        return Verdict(True, (why,))
    if abs(float(value) - len(pairs)) < 1:
        return Verdict(False, (Text("lesson.questions.counted_pairs", pairs=len(pairs)), why))
    if 0 < value <= MAX_BITS:
        power = 2 ** float(value)
        return Verdict(False, (Text("lesson.questions.as_count", answer=answer.strip(),
                                    power=Number(power, 0 if power.is_integer() else 1),
                                    pairs=len(pairs)), why))
    return Verdict(False, (why,))


def bits_number(answer: str) -> Fraction | float | None:
    """A number of bits as a learner types it: a number, or a logarithm as the lesson writes
    it (``log2(72)``, ``log₂ 72``); None if it is neither.

    >>> bits_number("6,17"), round(bits_number("log₂ 72"), 2), bits_number("log2(x)")
    (Fraction(617, 100), 6.17, None)
    """
    logarithm = _LOG2.fullmatch(str(answer).strip())
    if logarithm is None:
        return parse_number(answer)
    argument = parse_number(logarithm[1])
    return math.log2(argument) if argument is not None and argument > 0 else None


def check_best_question(answer: int, log: FiveSonsLog,
                        questions: list[tuple[Card, Card]]) -> Verdict:
    """Which of `questions` (by index) tells `log.me` most? Every question's bits are given."""
    bits = [information(log, face, heart) for face, heart in questions]
    best = max(bits)
    reasons = tuple(reason for (face, heart), b in zip(questions, bits, strict=True)
                    for reason in (Text("lesson.questions.expects",
                                        question=QuestionSentence(face, heart),
                                        bits=Number(b, 2)),
                                   *_why_bits(log, face, heart)))
    return Verdict(bits[answer] >= best - 1e-9, reasons)


def _why_bits(log: FiveSonsLog, face: Card, heart: Card) -> tuple[Text, ...]:
    """Why a question tells little or much: the asker's own cards among those asked about."""
    own = [card for card in (face, heart) if card in log.hand]
    if len(own) == 2:
        return (Text("lesson.questions.own_both"),)
    if own:
        other = heart if own[0] == face else face
        return (Text("lesson.questions.own_one", mine=CardName(own[0]),
                     other=CardName(other)),)
    return (Text("lesson.questions.own_none", face=CardName(face), heart=CardName(heart)),)
