"""The review of one seat's Five Sons game: every question, chance to guess and shown card, exactly.

Everything is measured from what the seat knew at that moment (its observation
log up to then), by exact counting over every consistent deal:

- **ask**: the expected information about the solution (bits) of the question
  asked and of every other question, the best one, and the loss in bits. A
  responder holding both cards is taken to show either with equal chance
  (as `cardlab.fivesons.bots.expected_entropy` does).
- **guess** / **no_guess** (each chance to guess): whether the seat was
  certain. Letting a certain win pass is a mistake that loses 1.0 (a sure win,
  unit `chance`); a guess while unsure loses the chance of being wrong.
- **show** (the seat held both cards asked): how many bits about the solution
  each card would tell the asker, measured against what the table knew plus
  every card this seat had already shown that asker (all the seat can know of
  the asker's knowledge); the better card tells less.

Questions about cards that this knowledge cannot tell apart (the same places
possible, in no clause, both faces or both hearts) are worth the same by
symmetry, so each such class is counted once.

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.match import play_game
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> game = play_game(FiveSonsRules(players=3, faces=FiveSonsRules().faces[:3],
...                  hearts=FiveSonsRules().hearts[:4]), ["infogain"] * 3, seed=1)
>>> review = review_game(game.to_record(), seat=0)
>>> review.unit, {moment.kind for moment in review.moments} <= {"ask", "guess", "no_guess", "show"}
('bits', True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from cardlab.cards import Card
from cardlab.deal_counting import SOLUTION, Counts, Location, Problem, count_deals, settle
from cardlab.fivesons.actions import Action, Deal, NoGuess, Question, Show
from cardlab.fivesons.bots import SHOWN_MIX, average_entropy, entropy
from cardlab.fivesons.evidence import Evidence
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.record import AskSeen, FiveSonsLog, FiveSonsRecord, Guess
from cardlab.i18n import Number, Text
from cardlab.review import BITS, CHANCE, Estimate, Moment, Option, Review

#: Told how far a review has come: (decisions done, decisions in all).
Progress = Callable[[int, int], None]


def review_game(record: FiveSonsRecord, seat: int, seed: int = 0,
                progress: Progress | None = None) -> Review:
    """The review of `seat`'s decisions in a full record (`seed` is unused: it is exact)."""
    steps: list[tuple[str, int]] = []

    def note(game: FiveSonsGame, action: Action) -> None:
        """Each decision of `seat` as it is replayed: (kind, index of the event it is about):
        `ask` and `show` the event asked, `guess` the seat's guess, `no_guess` the first
        event after the seat let its chance pass."""
        if action.seat == seat and not isinstance(action, Deal):
            steps.append((_KINDS[type(action)], len(game.events)))

    game = FiveSonsGame.from_record(record, before=note)
    log = game.observation_log(seat)
    public = game.observation_log(None)
    # What the seat knew before each decision: counted once, for the moment and its standing.
    known = {index: FiveSonsKnowledge.from_log(log, index) for _, index in steps}
    moments = []
    for done, (kind, index) in enumerate(steps):
        if progress is not None:
            progress(done, len(steps))
        if kind == "ask":
            moments.append(_ask(log, index, known[index]))
        elif kind == "show":
            moments.append(_show(log, public, index))
        else:
            moments.append(_guess_chance(known[index], record, seat, index))
    if progress is not None:
        progress(len(steps), len(steps))
    outcome = {"winner": game.winner, "eliminated": sorted(game.eliminated),
               "won": game.winner == seat}
    # The standing: the entropy (bits) of the solution for the seat before the decision.
    standings = tuple(replace(moment, standing=round(entropy(
        known[index].counts.pairs.values()), 6))
        for moment, (_, index) in zip(moments, steps, strict=True))
    return Review("fivesons", seat, seed, BITS.unit, standings, outcome, "uncertainty")


#: The review's name of each kind of decision.
_KINDS: dict[type, str] = {Question: "ask", Show: "show", Guess: "guess", NoGuess: "no_guess"}


def _ask(log: FiveSonsLog, index: int, knowledge: FiveSonsKnowledge) -> Moment:
    """The question at event `index` (`knowledge`: the seat's before it): every question's
    expected information, exactly."""
    before = knowledge.log
    asked = log.events[index]
    assert isinstance(asked, AskSeen)
    values = question_values(before, knowledge)
    rules = log.rules
    options = tuple(Option(_question(f, h), Estimate.exact(values[f, h], knowledge.worlds))
                    for f in rules.faces for h in rules.hearts)
    # Ties go to the question asked, then to the first in the deck's order.
    best_pair = max(values, key=lambda pair: (round(values[pair], 9),
                                              pair == (asked.face, asked.heart),
                                              -rules.faces.index(pair[0]),
                                              -rules.hearts.index(pair[1])))
    chosen = _question(asked.face, asked.heart)
    best = _question(*best_pair)
    moment = Moment("ask", BITS, options, chosen, chosen, best, best, {"after": index})
    # A good question gets no "why": its small loss is no fault to explain.
    if moment.judged[0] == "good":
        return moment
    return replace(moment, reason=_ask_reason(knowledge, asked.face, asked.heart, best_pair))


def question_values(log: FiveSonsLog, knowledge: FiveSonsKnowledge) -> dict[tuple[Card, Card],
                                                                             float]:
    """Every question's expected information (bits) about the solution for `log.me`.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> rules = FiveSonsRules(players=3, faces=parse_cards("JC QC KC"),
    ...                       hearts=parse_cards("AH 2H 3H 4H"))
    >>> log = FiveSonsLog(rules, 0, parse_cards("JC AH"))
    >>> values = question_values(log, FiveSonsKnowledge.from_log(log))
    >>> values[parse_cards("JC AH")] == 0.0 < values[parse_cards("QC 2H")]
    True
    """
    before = entropy(knowledge.counts.pairs.values())
    # Settled first: a clause that certainties already satisfy no longer sets its cards apart.
    problem = settle(Evidence.from_log(log).problem())
    assert problem is not None, "the log is consistent"
    rules = log.rules
    face_class = _classes(log, problem, rules.faces)
    heart_class = _classes(log, problem, rules.hearts)
    tables: dict[Card, Joint] = {}
    anywhere: Joint | None = None
    measured: dict[tuple[Card, Card], float] = {}
    values = {}
    for face in rules.faces:
        for heart in rules.hearts:
            key = (face_class[face], heart_class[heart])
            if key not in measured:
                if _settled(knowledge, key[0]) and _settled(knowledge, key[1]):
                    measured[key] = 0.0  # the answer is certain: it tells nothing
                else:
                    if key[0] not in tables:
                        anywhere = anywhere or joint_counts(problem, None)
                        tables[key[0]] = (joint_counts(problem, key[0], anywhere)
                                          if key[0] in problem.allowed else anywhere)
                    answers = question_answers(problem, log, *key, tables[key[0]])
                    after = average_entropy([_mixed(*answer) for answer in answers])
                    measured[key] = max(0.0, before - after)
            values[face, heart] = measured[key]
    return values


def _settled(knowledge: FiveSonsKnowledge, card: Card) -> bool:
    """True if this seat knows where `card` is."""
    return _known_place(knowledge, card) is not None


#: The place of a card in the reviewed seat's own hand, in a `Joint` table.
MINE = "mine"
#: Deals by solution pair.
Cell = dict[tuple[Card, Card], int]
#: Deals by where one face is, where one heart is and the solution pair: (face's place,
#: heart, heart's place) -> deals; (face's place, None, None): the face's place alone.
Joint = dict[tuple[Location, Card | None, Location | None], Cell]


def joint_counts(problem: Problem, face: Card | None, anywhere: Joint | None = None) -> Joint:
    """The deals of `problem` by where `face` is (`MINE`: not in it), where each heart is,
    and the solution pair: every answer to a question about `face` is a sum of these.

    One exact count per place of `face` and per class of faces that may be in the
    solution (interchangeable cards count alike): with `face` and that class's first
    card fixed, every heart's places come split by the solution's heart. Given
    `anywhere` (the table of `face` None: where the face is left open), the face's
    last seat is not counted but what its other places leave of `anywhere`, and the
    face in the solution is read from `anywhere`'s rows with the face in the pair.

    >>> from cardlab.cards import parse_cards
    >>> qs, kd, ah, th = parse_cards("QS KD AH TH")
    >>> anywhere = frozenset({1, 2, SOLUTION})
    >>> problem = Problem(cards=(qs, kd, ah, th), capacity={1: 1, 2: 1},
    ...                   allowed=dict.fromkeys((qs, kd, ah, th), anywhere),
    ...                   first_kind=frozenset({qs, kd}), second_kind=frozenset({ah, th}))
    >>> joint_counts(problem, qs)[1, ah, 2] == {(kd, th): 1}
    True
    """
    hidden = [card for card in problem.cards
              if card in problem.first_kind and SOLUTION in problem.allowed[card]]
    held = problem.allowed.get(face) if face is not None else None
    places: list[Location] = sorted(held, key=str) if held is not None else [MINE]
    seats = [place for place in places if place not in (SOLUTION, MINE)]
    derived = seats[-1] if anywhere is not None and seats else None
    table: Joint = {}
    for place in places:
        if place == derived:
            continue
        if place == SOLUTION and face is not None and anywhere is not None:
            _read_solution(anywhere, face, table)
            continue
        groups = [[face]] if place == SOLUTION and face is not None else _interchangeable(
            problem, [card for card in hidden if card != face])
        for first, *like in groups:
            allowed = {**problem.allowed, first: frozenset({SOLUTION})}
            if face is not None and place != MINE:
                allowed[face] = frozenset({place})
            counts = count_deals(replace(problem, allowed=allowed),
                                 with_second=problem.second_kind)
            for card in (first, *like):
                row = table.setdefault((place, None, None), {})
                row.update({(card, second): n for (_, second), n in counts.pairs.items()})
                for (heart, where), by_second in counts.with_second.items():
                    cell = table.setdefault((place, heart, where), {})
                    cell.update({(card, second): n for second, n in by_second.items()})
    if anywhere is not None and derived is not None:
        for (_, open_heart, open_place), cell in anywhere.items():
            rest = dict(cell)
            for place in places:
                for pair, n in table.get((place, open_heart, open_place), {}).items():
                    rest[pair] -= n
            if left := {pair: n for pair, n in rest.items() if n}:
                table[derived, open_heart, open_place] = left
    return table


def _read_solution(anywhere: Joint, face: Card, table: Joint) -> None:
    """Fill `table` (of `face`) for `face` in the solution: the deals that put it there are
    the rows of `anywhere` with `face` in the solution pair, in the same order."""
    for (_, heart, where), cell in anywhere.items():
        rows = {pair: n for pair, n in cell.items() if pair[0] == face}
        if rows or heart is None:
            table[SOLUTION, heart, where] = rows


def _interchangeable(problem: Problem, cards: list[Card]) -> list[list[Card]]:
    """`cards` in groups that no constraint tells apart (same places, in no clause)."""
    in_clause = {card for _, *pair in problem.clauses for card in pair}
    groups: dict[object, list[Card]] = {}
    for card in cards:
        groups.setdefault(card if card in in_clause else problem.allowed[card], []).append(card)
    return list(groups.values())


def question_answers(problem: Problem, log: FiveSonsLog, face: Card, heart: Card,
                     table: Joint) -> list[tuple[Cell, Cell]]:
    """Every answer `log.me` could see to asking about `face` and `heart`, in seat order:
    (deals where the shower holds only the card shown, deals where it holds both);
    the last answer (nobody shows) has no second part. `table`: `joint_counts` of `face`.
    """
    me, players = log.me, log.rules.players
    assert me is not None, "only a seat asks"
    places = {card: sorted(problem.allowed[card], key=str) if card in problem.allowed
              else [MINE] for card in (face, heart)}

    def deals(face_at: list[Location], heart_at: list[Location]) -> Cell:
        total: Cell = {}
        for x in face_at:
            for y in heart_at:
                key = (x, None, None) if y == MINE else (x, heart, y)
                for pair, n in table.get(key, {}).items():
                    total[pair] = total.get(pair, 0) + n
        return total

    others = [(me + step) % players for step in range(1, players)]
    answers: list[tuple[Cell, Cell]] = []
    for step, shower in enumerate(others):
        later = set(others[:step]) | {shower}  # passers lack both cards; the shower is apart
        for shown, other in ((face, heart), (heart, face)):
            if shown not in problem.allowed:  # my own card: nobody else can show it
                continue
            elsewhere = [place for place in places[other] if place not in later]
            alone = (deals([shower], elsewhere) if shown == face
                     else deals(elsewhere, [shower]))
            both = deals([shower], [shower])
            if alone or both:
                answers.append((alone, both))
    hidden: tuple[Location, ...] = (SOLUTION, MINE)
    nobody = deals([place for place in places[face] if place in hidden],
                   [place for place in places[heart] if place in hidden])
    if nobody:
        answers.append((nobody, {}))
    return answers


def _mixed(alone: Cell, both: Cell) -> tuple[float, float]:
    """One answer's weight and the solution's entropy after it: a responder holding both
    cards shows this one half the time (`SHOWN_MIX`)."""
    (only, _), (half, _) = SHOWN_MIX
    mixture = {pair: only * n for pair, n in alone.items()}
    for pair, n in both.items():
        mixture[pair] = mixture.get(pair, 0.0) + half * n
    return sum(mixture.values()), entropy(mixture.values())


def _classes(log: FiveSonsLog, problem: Problem, group: tuple[Card, ...]) -> dict[Card, Card]:
    """Each card of `group` mapped to the first card it cannot be told apart from."""
    in_clause = {card for _, *cards in problem.clauses for card in cards}
    first: dict[object, Card] = {}
    classes = {}
    for card in group:
        if card in log.hand:
            signature: object = "mine"
        elif card in in_clause:
            signature = card
        else:
            signature = problem.allowed[card]
        classes[card] = first.setdefault(signature, card)
    return classes


def _ask_reason(knowledge: FiveSonsKnowledge, face: Card, heart: Card,
                best: tuple[Card, Card]) -> Text:
    """Why the best question was better: a card asked about (and not in the best) was
    known already, or bits;
    where the best asks about a card of the seat's own hand, also why that is no slip:
    only the other card can be shown, so the answer is about it alone."""
    own = [card for card in best if card in knowledge.log.hand]
    mine = {"own": own[0], "other": best[1 - best.index(own[0])]} if len(own) == 1 else {}
    suffix = "_own" if mine else ""
    for card in (face, heart):
        place = _known_place(knowledge, card) if card not in best else None
        if place is not None:
            return Text(f"fivesons.review.ask_known{suffix}", card=card, best=_Pair(*best),
                        **mine)
    return Text(f"fivesons.review.ask_bits{suffix}", best=_Pair(*best), **mine)


def _known_place(knowledge: FiveSonsKnowledge, card: Card) -> object | None:
    """Where `card` certainly is for this seat (its own hand: "mine"), else None."""
    if card in knowledge.log.hand:
        return "mine"
    for place, n in knowledge.counts.at[card].items():
        if n == knowledge.worlds:
            return place
    return None


def _guess_chance(knowledge: FiveSonsKnowledge, record: FiveSonsRecord, seat: int,
                  index: int) -> Moment:
    """A chance to guess at event `index` (`knowledge`: the seat's before it): certain or
    not, and the chance of the pair named."""
    worlds = knowledge.worlds
    pairs = knowledge.solution_pairs()
    likeliest = (pairs[0][0], pairs[0][1])
    chance = {(f, h): n / worlds for f, h, n in pairs}
    certain = len(pairs) == 1
    event = record.events[index]
    guessed = isinstance(event, Guess) and event.seat == seat
    named = (event.face, event.heart) if isinstance(event, Guess) and guessed else None
    shown = [likeliest] + ([named] if named is not None and named != likeliest else [])
    options = tuple(Option(_question(*pair), Estimate.exact(chance.get(pair, 0.0), worlds))
                    for pair in shown)
    if named is not None:
        p = chance.get(named, 0.0)
        loss = 0.0 if certain and named == likeliest else 1.0 - p
        judgement = (CHANCE.verdict(Estimate.exact(p, worlds), Estimate.exact(1.0, worlds))[0]
                     if loss else "good", round(loss, 9))
        key = "guess_certain" if loss == 0 else "guess_unsure"
        reason = Text(f"fivesons.review.{key}", pair=_Pair(*named),
                      chance=Number(100 * p, 1), solutions=len(pairs))
        best_key = _question(*likeliest) if certain else "no_guess"
        return Moment("guess", CHANCE, options, _question(*named), _question(*named),
                      best_key if certain else None, best_key, {"after": index},
                      reason, {"certain": certain, "chance": round(p, 6),
                               "solutions": len(pairs)}, judgement)
    if certain:
        pair = _question(*likeliest)
        return Moment("no_guess", CHANCE, options, None, "no_guess", pair, pair,
                      {"after": index}, Text("fivesons.review.missed_win", pair=_Pair(*likeliest)),
                      {"certain": True, "chance": 1.0, "solutions": 1}, ("mistake", 1.0))
    return Moment("no_guess", CHANCE, options, None, "no_guess", None, "no_guess",
                  {"after": index}, None,
                  {"certain": False, "chance": round(chance[likeliest], 6),
                   "solutions": len(pairs)}, ("good", 0.0), routine=True)


def _show(log: FiveSonsLog, public: FiveSonsLog, index: int) -> Moment:
    """The card shown at event `index`: what each of the two told the asker, in bits."""
    asked = log.events[index]
    assert isinstance(asked, AskSeen) and asked.shown is not None and log.me is not None
    me, asker = log.me, asked.seat
    # The asker's knowledge as far as this seat can know it: the table's, and what I showed it.
    shown_before = {e.shown for e in log.events[:index]
                    if isinstance(e, AskSeen) and e.seat == asker and e.shown_by == me}
    base = Evidence.from_log(replace(public, events=public.events[:index + 1])).problem()

    def told(card: Card) -> tuple[float, int]:
        known = {c for c in shown_before if c is not None}
        before = _fixed(base, known, me)
        after = _fixed(base, known | {card}, me)
        return (max(0.0, entropy(before.pairs.values()) - entropy(after.pairs.values())),
                before.worlds)

    values = {card: told(card) for card in (asked.face, asked.heart)}
    worlds = values[asked.face][1]
    options = tuple(Option(card.code, Estimate.exact(bits, worlds))
                    for card, (bits, _) in values.items())
    best = min(values, key=lambda card: (round(values[card][0], 9), card != asked.shown))
    # Telling less is better here: the loss is the extra information given away.
    loss = round(max(0.0, values[asked.shown][0] - values[best][0]), 9)
    verdict = "good" if loss < BITS.inaccuracy else ("inaccuracy" if loss < BITS.mistake
                                                     else "mistake")
    reason = None
    if asked.shown in shown_before:
        reason = Text("fivesons.review.show_seen", card=asked.shown, seat=asker)
    elif loss:
        reason = Text("fivesons.review.show_less", card=best, seat=asker)
    return Moment("show", BITS, options, asked.shown.code, asked.shown.code, best.code,
                  best.code, {"after": index}, reason, {"asker": asker},
                  (verdict, loss), public=True)


def _fixed(problem: Problem, cards: set[Card], seat: int) -> Counts:
    """The counts of `problem` with every card of `cards` put at `seat`."""
    allowed = {**problem.allowed}
    for card in cards:
        allowed[card] = allowed[card] & {seat}
    return count_deals(replace(problem, allowed=allowed))


def _question(face: Card, heart: Card) -> str:
    """A question (or a solution pair) written as in the review: ``"KC+5H"``."""
    return f"{face.code}+{heart.code}"


@dataclass(frozen=True)
class _Pair:
    """A question (or a solution pair) inside a reason: as a learner reads the cards'
    corners, or written as in the review where messages name cards by their codes.

    >>> from cardlab.i18n import card_codes
    >>> pair = _Pair(Card.parse("JC"), Card.parse("5H"))
    >>> Text("fivesons.review.ask_bits", best=pair).text("de").startswith("B♣ + 5♥ ")
    True
    >>> with card_codes():
    ...     Text("fivesons.review.ask_bits", best=pair).text()
    'JC+5H was expected to tell you more about the solution.'
    """

    face: Card
    heart: Card

    @property
    def code(self) -> str:
        return _question(self.face, self.heart)

    def label(self, lang: str = "en") -> str:
        return f"{self.face.label(lang)} + {self.heart.label(lang)}"

