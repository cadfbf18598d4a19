"""A learner's own bot (`cardlab.own_bot`): every failure is told with its line and the game
goes on with the beginner's move; a good function plays whole games; it sees one seat only."""

import functools
import gc
import inspect
import time
import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.blackwidow import own_bot as blackwidow_bot
from cardlab.blackwidow.actions import Play
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import BlackWidowView
from cardlab.cards import Card
from cardlab.fivesons import own_bot as fivesons_bot
from cardlab.fivesons.actions import Question
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.table import Person, Table


@functools.cache
def first_play():
    """A Black Widow game where seat 0 is to play a card with several legal ones (a bot's
    `decide` changes nothing, so the tests share it)."""
    game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=5)
    Table(game, blackwidow_bot.make_bots(["lowest"] * 4, 4, seed=1)).run(
        stop=lambda: game.decisions[0].seat == 0 and len(game.decisions[0].options) > 1
        and len(game.hand.plays) > 0)
    return game, game.decisions[0]


def beginners_move(game, decision):
    return blackwidow_bot.bot_seat(blackwidow_bot.beginner(), 7).decide(game, decision)[0]


def line(function, offset):
    """The line `offset` lines below `function`'s def."""
    return function.__code__.co_firstlineno + offset


def raises(view, legal):
    cards = sorted(legal, key=lambda card: card.rank)
    return cards[len(cards) // 0]


def illegal(view, legal):
    if legal:
        return "the Queen of Hearts"
    return legal[0]


def slow(view, legal):
    while True:
        pass


def test_an_exception_is_told_with_its_line_and_the_beginner_plays():
    game, decision = first_play()
    bot = blackwidow_bot.own_bot(raises, seed=7)
    action, _ = bot.decide(game, decision)
    assert action == beginners_move(game, decision)
    [problem] = bot.problems
    assert (problem.kind, problem.line) == ("raised", line(raises, 2))
    assert problem.code == "return cards[len(cards) // 0]"
    assert problem.detail == "ZeroDivisionError: integer division or modulo by zero"
    assert problem.text() == (f"Your bot stopped at line {line(raises, 2)} "
                              "(return cards[len(cards) // 0]) with ZeroDivisionError: integer "
                              "division or modulo by zero. The lowest bot decided instead.")
    assert problem.text("de").startswith(f"Dein Bot brach in Zeile {line(raises, 2)} (")


def test_an_error_deeper_down_names_the_last_line_in_the_learners_code():
    def helper(cards):
        return cards[99]

    def calls_a_helper(view, legal):
        return helper(legal)

    game, decision = first_play()
    bot = blackwidow_bot.own_bot(calls_a_helper)
    bot.decide(game, decision)
    assert bot.problems[0].line == line(helper, 1)   # the helper is the learner's code too

    def calls_the_library(view, legal):
        return int("not a number")

    bot = blackwidow_bot.own_bot(calls_the_library)
    bot.decide(game, decision)
    assert bot.problems[0].line == line(calls_the_library, 1)


def test_an_illegal_answer_is_told_with_the_line_of_its_return_and_the_beginner_plays():
    game, decision = first_play()
    told = []
    bot = blackwidow_bot.own_bot(illegal, seed=7, told=told.append)
    action, _ = bot.decide(game, decision)
    assert action == beginners_move(game, decision)
    assert told == bot.problems
    [problem] = bot.problems
    assert (problem.kind, problem.line, problem.code) == (
        "illegal", line(illegal, 2), "return \"the Queen of Hearts\"")
    assert "'the Queen of Hearts'" in problem.text()
    assert "not one of the legal choices" in problem.text()


def test_a_card_that_is_not_legal_now_is_illegal_too():
    game, decision = first_play()
    held_back = next(card for card in game.cards_held(0) if card not in decision.options)

    def plays_any_card(view, legal):
        return held_back

    bot = blackwidow_bot.own_bot(plays_any_card)
    action, _ = bot.decide(game, decision)
    assert action.card in decision.options and bot.problems[0].kind == "illegal"


def test_a_slow_function_is_stopped_told_with_its_line_and_the_beginner_plays():
    game, decision = first_play()
    bot = blackwidow_bot.own_bot(slow, seed=7, limit=0.2)
    started = time.monotonic()
    action, _ = bot.decide(game, decision)
    assert time.monotonic() - started < 5
    assert action == beginners_move(game, decision)
    [problem] = bot.problems
    assert problem.kind == "slow" and problem.line in (line(slow, 1), line(slow, 2))
    assert "longer than 0.2 seconds" in problem.text()
    assert not bot._running.is_alive()               # the loop was stopped, not left spinning
    bot.decide(game, decision)                       # so the next decision asks it again
    assert [problem.kind for problem in bot.problems] == ["slow", "slow"]


def test_a_function_still_blocked_is_not_called_again_until_it_returns():
    calls = []

    def sleeps(view, legal):
        calls.append(1)
        time.sleep(0.8 if len(calls) == 1 else 0)
        return legal[0]

    game, decision = first_play()
    bot = blackwidow_bot.own_bot(sleeps, limit=0.1)
    bot.decide(game, decision)
    bot.decide(game, decision)
    assert [problem.kind for problem in bot.problems] == ["slow", "busy"]
    assert bot.problems[1].line == line(sleeps, 2) and len(calls) == 1
    bot._running.join(5)
    action, _ = bot.decide(game, decision)
    assert action == Play(0, decision.options[0]) and len(bot.problems) == 2


class Awkward:
    """An answer that cannot even be compared or shown."""

    def __eq__(self, other):
        raise RuntimeError("no comparing")

    def __repr__(self):
        raise RuntimeError("no showing")

    __hash__ = None


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.none(), st.integers(), st.text(max_size=300), st.lists(st.integers()),
                 st.just(Awkward()), st.just(print), st.tuples(st.text(), st.integers())))
def test_whatever_a_function_returns_the_game_goes_on(answer):
    game, decision = first_play()
    bot = blackwidow_bot.own_bot(lambda view, legal: answer)
    action, _ = bot.decide(game, decision)
    assert game.why_not(action) is None
    [problem] = bot.problems
    assert problem.kind == "illegal" and len(problem.detail) <= 80


def lowest_card(view, legal):
    return min(legal, key=lambda card: card.rank)


def test_a_good_function_plays_a_whole_black_widow_hand_itself():
    asked = []

    def records(view, legal):
        card = lowest_card(view, legal)
        asked.append(card)
        return card

    game = BlackWidowGame.new(BlackWidowRules(), seed=2)
    bot = blackwidow_bot.own_bot(records, seed=1)
    table = Table(game, [bot, *blackwidow_bot.make_bots(["heuristic"] * 3, 3, seed=1)],
                  chance=Person())                   # no next deal: one hand
    table.run()
    assert len(game.results) == 1 and bot.problems == []
    mine = [move.action.card for move in table.moves
            if move.seat == 0 and isinstance(move.action, Play)]
    assert mine == asked and len(mine) == 13


def test_a_good_function_asks_every_question_of_a_five_sons_game():
    asked = []

    def unheld(view, legal):
        pair = next((pair for pair in legal if not set(pair) & set(view.hand)), legal[0])
        asked.append(pair)
        return pair

    game = FiveSonsGame.deal(FiveSonsRules(players=3), seed=4)
    bot = fivesons_bot.own_bot(unheld, seed=1)
    table = Table(game, [bot, *fivesons_bot.make_bots(["checklist"] * 2, 2, seed=1)])
    table.run()
    assert game.over and bot.problems == [] and asked
    mine = [(move.action.face, move.action.heart) for move in table.moves
            if move.seat == 0 and isinstance(move.action, Question)]
    assert mine == asked


def reachable(roots, limit=200_000):
    """Objects reachable from `roots` through references, not through modules, classes or
    functions' globals (which reach every module)."""
    seen, todo, found = set(), list(roots), []
    while todo and len(seen) < limit:
        item = todo.pop()
        if id(item) in seen or isinstance(item, types.ModuleType | type):
            continue
        seen.add(id(item))
        found.append(item)
        if isinstance(item, types.FunctionType):
            todo.extend(cell.cell_contents for cell in item.__closure__ or ())
            continue
        todo.extend(gc.get_referents(item))
    return found


@pytest.mark.parametrize("which", ["blackwidow", "fivesons"])
def test_the_function_reaches_no_game_and_no_other_hand(which):
    spied = {}

    def spy(view, legal):
        frames, frame = [], inspect.currentframe().f_back
        while frame is not None:
            frames.append(dict(frame.f_locals))
            frame = frame.f_back
        spied["view"], spied["legal"], spied["frames"] = view, legal, frames
        return legal[0]

    if which == "blackwidow":
        game, decision = first_play()
        bot, kind = blackwidow_bot.own_bot(spy), BlackWidowView
        others = [card for seat in (1, 2, 3) for card in game.cards_held(seat)]
        mine = game.cards_held(0)
    else:
        game = FiveSonsGame.deal(FiveSonsRules(players=3), seed=4)
        decision = game.decisions[0]
        bot, kind = fivesons_bot.own_bot(spy), FiveSonsLog
        others = [card for seat in (1, 2) for card in game.hands[seat]]
        mine = list(game.hands[0])
    bot.decide(game, decision)
    assert isinstance(spied["view"], kind) and bot.problems == []
    found = reachable([spied["view"], spied["legal"], *spied["frames"]])
    assert not [item for item in found if item is game or isinstance(
        item, BlackWidowGame | FiveSonsGame | Table)]
    # Cards are values, shared by every hand: what matters is that no collection of the
    # other seats' cards is there, only the seat's own.
    hands = [set(item) for item in found if isinstance(item, tuple | list | frozenset | set)
             and item and all(isinstance(card, Card) for card in item)]
    assert not [cards for cards in hands if cards <= set(others) and len(cards) > 2]
    assert set(mine) in hands
