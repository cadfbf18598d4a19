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

import heapq
import math
import re
from collections import Counter
from collections.abc import Collection
from fractions import Fraction
from functools import lru_cache

from cardlab.cards import Card, CardName
from cardlab.fivesons.bots import entropy, expected_entropy
from cardlab.fivesons.cards import QuestionSentence
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.record import AskSeen, FiveSonsLog
from cardlab.i18n import Number, Text, message
from cardlab.lessons.charts import Chart, lines
from cardlab.lessons.exercises import Blank, Percent, Verdict, check_chance, parse_number

#: How close (in bits) an answer must be.
BITS = 0.05
#: Answers up to this many bits are turned back into a number of solutions.
MAX_BITS = 40
#: A base-2 logarithm as the lesson writes it: log2(72), log₂ 72.
_LOG2 = re.compile(r"log(?:2|₂)\s*\(?\s*([^()\s]+)\s*\)?", re.IGNORECASE)


def uncertainty(log: FiveSonsLog, after: int | None = None) -> float:
    """How many bits `log.me` is missing about the solution (0: it knows it)."""
    return entropy(FiveSonsKnowledge.from_log(log, after).counts.pairs.values())


def question_lengths(log: FiveSonsLog) -> Counter[int]:
    """With the best yes-or-no questions (a Huffman code over the solutions' chances): how
    many solutions are found after how many questions.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    >>> sorted(question_lengths(log).items())
    [(6, 56), (7, 16)]
    """
    weights = list(FiveSonsKnowledge.from_log(log).counts.pairs.values())
    if len(weights) < 2:
        return Counter({0: len(weights)})
    # Each entry: total weight, a tie-breaker, and the depths of the solutions below it.
    heap = [(weight, index, [0]) for index, weight in enumerate(weights)]
    heapq.heapify(heap)
    ties = len(heap)
    while len(heap) > 1:
        w1, _, d1 = heapq.heappop(heap)
        w2, _, d2 = heapq.heappop(heap)
        heapq.heappush(heap, (w1 + w2, ties, [d + 1 for d in d1 + d2]))
        ties += 1
    return Counter(heap[0][2])


def questions_needed(log: FiveSonsLog) -> Fraction:
    """How many yes-or-no questions the best questioning takes on average to find the solution.

    Never fewer than the uncertainty in bits, and less than one question more.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    >>> questions_needed(log), f"{float(questions_needed(log)):.2f}"
    (Fraction(56, 9), '6.22')
    """
    weights = list(FiveSonsKnowledge.from_log(log).counts.pairs.values())
    if len(set(weights)) > 1:
        raise ValueError("only for equally likely solutions")  # the lesson's case
    lengths = question_lengths(log)
    return Fraction(sum(depth * n for depth, n in lengths.items()), sum(lengths.values()))


def bits_and_questions(log: FiveSonsLog) -> Text:
    """How the uncertainty in bits compares with the questions the best questioning needs.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    >>> print(bits_and_questions(log).text())
    With the best yes-or-no questions for the 72 solutions, 56 are found after 6 questions and \
16 are found after 7 questions: 6.22 questions on average, a little more than the 6.17 bits. \
No way of asking needs fewer questions on average than the bits; the best way needs less than \
one more.
    """
    lengths = sorted(question_lengths(log).items())
    return Text("lesson.questions.vs_questions",
                groups=Joined(tuple(Text("lesson.questions.found_after", n=n, depth=depth)
                                    for depth, n in lengths)),
                pairs=sum(n for _, n in lengths),
                questions=Number(float(questions_needed(log)), 2),
                bits=Number(uncertainty(log), 2))


class Joined:
    """Sentence parts joined as a list: ``a, b and c``, in the reader's language."""

    def __init__(self, parts: tuple[Text, ...]) -> None:
        self.parts = parts

    def label(self, lang: str = "en") -> str:
        """The parts in `lang`, joined."""
        names = [part.text(lang) for part in self.parts]
        if len(names) < 2:
            return "".join(names)
        return f"{', '.join(names[:-1])} {message('lesson.cards.and', lang)} {names[-1]}"


def uncertainty_chart(game: FiveSonsGame, lang: str = "en") -> Chart:
    """Each seat's uncertainty about the solution, in bits, after each event of `game`.

    The description (the chart's text alternative and caption) names the same measure
    as the chart's axis, and says where each seat's line starts and ends.
    """
    series = {seat: [uncertainty(game.observation_log(seat), after)
                     for after in range(len(game.events) + 1)]
              for seat in range(game.players)}
    ends = Joined(tuple(Text("lesson.questions.chart_seat", seat=seat,
                             start=Number(values[0], 2), end=Number(abs(values[-1]), 2))
                        for seat, values in series.items()))
    return lines({message("lesson.cards.seat", lang, seat=seat): values
                  for seat, values in series.items()},
                 Text("lesson.questions.chart", ends=ends).text(lang),
                 xlabel=message("lesson.questions.chart_x", lang),
                 ylabel=message("lesson.questions.chart_y", lang), lang=lang)


def nobody_shows(log: FiveSonsLog, face: Card, heart: Card) -> tuple[Fraction, float]:
    """The chance that nobody can show a card for `face` and `heart`, and the bits left then.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    >>> chance, left = nobody_shows(log, *parse_cards("KH 3H")); chance, f"{left:.2f}"
    (Fraction(1, 8), '3.17')
    """
    assert log.me is not None, "only a seat asks"
    before = FiveSonsKnowledge.from_log(log).worlds
    after = FiveSonsKnowledge.from_log(
        FiveSonsLog(log.rules, log.me, log.hand,
                    (*log.events, AskSeen(log.me, face, heart, None, None))))
    return (Fraction(after.worlds, before),
            entropy(after.counts.pairs.values()) if after.worlds else 0.0)


def shown_average(log: FiveSonsLog, face: Card, heart: Card) -> float:
    """How many bits a question tells on average in the deals where someone shows a card.

    The question's expected information, less what the no-show answer adds, per shown answer.
    """
    chance, left = nobody_shows(log, face, heart)
    if chance == 1:
        return 0.0
    rest = information(log, face, heart) - float(chance) * (uncertainty(log) - left)
    return rest / float(1 - chance)


def information(log: FiveSonsLog, face: Card, heart: Card) -> float:
    """How many bits asking about `face` and `heart` is expected to tell `log.me`, on average.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    >>> information(log, *parse_cards("KH AH")) < 0.001 < information(log, *parse_cards("QS 3H"))
    True
    """
    return uncertainty(log) - expected_entropy(log, face, heart)


def check_bits(answer: str | Blank, log: FiveSonsLog) -> Verdict:
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
    hint = (Text("lesson.coach.bits_hint"),)
    if isinstance(answer, Blank):
        return Verdict(False, solution=round(bits, 2), hint=hint)
    value = bits_number(answer)
    if value is None:
        nan = (Text("lesson.not_a_number", text=answer),)
        return Verdict(False, nan, nan, hint, round(bits, 2))
    if abs(float(value) - bits) <= BITS:
        return Verdict(True, (why,), solution=round(bits, 2))
    if abs(float(value) - len(pairs)) < 1:
        mistake: Text = Text("lesson.questions.counted_pairs", pairs=len(pairs))
    elif 0 < value <= MAX_BITS:
        power = 2 ** float(value)
        mistake = Text("lesson.questions.as_count", answer=answer.strip(),
                       power=Number(power, 0 if power.is_integer() else 1), pairs=len(pairs))
    else:
        mistake = Text("lesson.tier.too_high" if value > bits else "lesson.tier.too_low",
                       answer=answer.strip())
    return Verdict(False, (mistake, why), (mistake,), hint, round(bits, 2))


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


#: How close (in bits) a question must come to the best one to count as best too.
QUESTION_BITS = 0.005


@lru_cache(maxsize=8)
def best_questions(log: FiveSonsLog) -> tuple[float, tuple[tuple[Card, Card], ...]]:
    """The most a question can be expected to tell `log.me` (in bits), and every question
    that tells that much (ties: the hearts seat 0 cannot tell apart tell the same).

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> rules = FiveSonsRules(players=3, faces=parse_cards("JC QC KC"),
    ...                       hearts=parse_cards("AH 2H 3H 4H"))
    >>> bits, best = best_questions(FiveSonsLog(rules, 0, parse_cards("QC 2H"), ()))
    >>> round(bits, 2), [f"{face.code} {heart.code}" for face, heart in best][:3]
    (1.27, ['JC AH', 'JC 3H', 'JC 4H'])
    """
    bits = {(face, heart): information(log, face, heart)
            for face in log.rules.faces for heart in log.rules.hearts}
    most = max(bits.values())
    return most, tuple(pair for pair, b in bits.items() if b >= most - QUESTION_BITS)


def check_question(answer: Collection[str] | Blank, log: FiveSonsLog) -> Verdict:
    """Which question (one face card and one heart, pressed) tells `log.me` most, on average?

    Any question within `QUESTION_BITS` of the best is right; a weaker one is told how many
    bits it is expected to tell, and what its answers can tell, in the engine's terms.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> rules = FiveSonsRules(players=3, faces=parse_cards("JC QC KC"),
    ...                       hearts=parse_cards("AH 2H 3H 4H"))
    >>> log = FiveSonsLog(rules, 0, parse_cards("QC 2H"), ())
    >>> check_question({"QC", "3H"}, log).correct, check_question({"JC", "3H"}, log).correct
    (False, True)
    >>> print(check_question({"JC", "2H"}, log).coached(1))
    Not quite. “The Jack of Clubs has two sons.” is expected to tell 1.00 bits; another \
question tells more. You hold the Two of Hearts yourself, so a card shown to you must be the \
Jack of Clubs; and if nobody can show, the Jack of Clubs is the hidden card.
    """
    most, best = best_questions(log)
    hint = (Text("lesson.coach.construct_hint"),)
    solution = {card.code for card in best[0]}
    if isinstance(answer, Blank):
        return Verdict(False, solution=solution, hint=hint)
    chosen = sorted(Card.parse(code) for code in answer)
    faces = [card for card in chosen if card in log.rules.faces]
    hearts = [card for card in chosen if card in log.rules.hearts]
    top = Text("lesson.questions.best", bits=Number(most, 2),
               question=QuestionSentence(*best[0]), count=len(best))
    if len(faces) != 1 or len(hearts) != 1 or len(chosen) != 2:
        shape = Text("lesson.coach.question_shape")
        return Verdict(False, (shape, top, why_bits(log, *best[0])), (shape,), hint, solution)
    face, heart = faces[0], hearts[0]
    bits = information(log, face, heart)
    mine = Text("lesson.questions.expects", question=QuestionSentence(face, heart),
                bits=Number(bits, 2))
    if bits >= most - QUESTION_BITS:
        return Verdict(True, (mine, why_bits(log, face, heart), top,
                              Text("lesson.questions.assumption")), solution=solution)
    mistake = (Text("lesson.coach.question_tells", question=QuestionSentence(face, heart),
                    bits=Number(bits, 2)), why_bits(log, face, heart, numbers=False))
    return Verdict(False, (*mistake, top, why_bits(log, *best[0]),
                           Text("lesson.questions.assumption")), mistake, hint, solution)


def check_win_share(answer: str | Blank, wins: int, games: int, players: int) -> Verdict:
    """What share of its `games` did a bot win (`wins`), against a fair share of 1/`players`?

    >>> check_win_share("1/3", 50, 100, 3).coached(1)
    'Not quite. That is a fair share, what a bot no better than the others would win.'
    """
    truth = Fraction(wins, games)
    why = Text("lesson.questions.share_why", wins=wins, games=games,
               fair=Percent(Fraction(1, players)))
    fair = [(Fraction(1, players), Text("lesson.coach.share_fair"))] \
        if Fraction(1, players) != truth else []
    return check_chance(answer, truth, why, fair, Text("lesson.coach.share_hint"))


def why_bits(log: FiveSonsLog, face: Card, heart: Card, numbers: bool = True) -> Text:
    """What a question's answers can tell: nothing if the asker holds both cards; else how
    often nobody can show (and what that tells) and what a shown card tells on average.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> log = FiveSonsLog(FiveSonsRules(players=4), 0, parse_cards("KH JC AH 5H JD"), ())
    >>> print(why_bits(log, *parse_cards("KH 3H")).text())
    You hold the King of Hearts yourself, so a card shown to you must be the Three of Hearts, \
and you learn where it is (0.19 bits on average). If nobody can show, the Three of Hearts is \
the hidden card: that happens in 12.5% of the deals and tells you 3.00 bits at once.
    """
    own = [card for card in (face, heart) if card in log.hand]
    if len(own) == 2:
        return Text("lesson.questions.own_both")
    chance, left = nobody_shows(log, face, heart)
    gain = Number(uncertainty(log) - left, 2)
    shown = Number(shown_average(log, face, heart), 2)
    suffix = "" if numbers else "_plain"
    if own:
        other = heart if own[0] == face else face
        return Text(f"lesson.questions.own_one{suffix}", mine=CardName(own[0]),
                    other=CardName(other), chance=Percent(chance), gain=gain, shown=shown)
    return Text(f"lesson.questions.own_none{suffix}", face=CardName(face),
                heart=CardName(heart), chance=Percent(chance), gain=gain, shown=shown)
