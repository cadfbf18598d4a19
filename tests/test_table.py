"""One play loop for bots and people: decisions as data, tables, undo, and what each seat hears."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from cardlab.blackwidow.actions import Kind as BlackWidowKind
from cardlab.blackwidow.actions import Moon, MoonChoice, Pass, Play
from cardlab.blackwidow.game import BlackWidowGame, Phase
from cardlab.blackwidow.players import bot_seat as blackwidow_bot
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import BlackWidowView
from cardlab.cards import parse_cards
from cardlab.decisions import CHANCE
from cardlab.errors import IllegalAction
from cardlab.fivesons.actions import Guess, Kind, NoGuess, Question, Show
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.players import bot_seat as fivesons_bot
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.table import Person, Table

from helpers.blackwidow import MOON, scripted
from helpers.fivesons import H3, QS, fixed_game

KH, JC, H2, H7, H9, QD, KD = parse_cards("KH JC 2H 7H 9H QD KD")


def refused(game, action) -> tuple[str, str]:
    """The reason `action` is refused, in English and German; the game must not change."""
    before = copy.deepcopy(game)
    why = game.why_not(action)
    assert why is not None
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert game == before
    assert info.value.text("en") == why.text("en")
    return why.text("en"), why.text("de")


# Five Sons: ask, show, guess


def test_five_sons_decisions_go_ask_then_guesses_in_seat_order_from_the_asker():
    game = fixed_game()
    (decision,) = game.decisions
    assert (decision.seat, decision.kind, len(decision.options)) == (0, Kind.ASK, 12 * 10)
    game.apply(Question(0, QD, H9))            # seat 2 shows QD: it holds no 9H
    assert [game.decisions[0].seat for _ in range(1)] == [0]
    order = []
    while game.decisions[0].kind is Kind.GUESS:
        order.append(game.decisions[0].seat)
        game.apply(NoGuess(game.decisions[0].seat))
    assert order == [0, 1, 2, 3] and game.decisions[0].kind is Kind.ASK
    assert game.decisions[0].seat == 1


def test_a_responder_holding_both_cards_decides_which_to_show():
    game = fixed_game()
    events = game.apply(Question(0, QD, H7))    # seat 2 holds both
    (decision,) = game.decisions
    assert (decision.seat, decision.kind, decision.options) == (2, Kind.SHOW, (QD, H7))
    assert game.events == []                   # the question is not over yet
    assert [e.kind for e in events] == ["ask", "pass"]   # nobody hears that seat 2 holds both
    en, de = refused(game, Show(2, KD))
    assert en == "Seat 2 does not hold K♦ and cannot show it."
    assert de == "Platz 2 hat K♦ nicht und kann die Karte nicht zeigen."
    assert refused(game, Show(1, QD))[0] == "Seat 1 is not answering this question: seat 2 is."
    assert "must first choose" in refused(game, Question(0, KH, H2))[0]
    events = game.apply(Show(2, H7))
    assert game.events[-1].shown == H7
    assert events[0].told_to(0).text() == "Seat 2 showed seat 0 the Seven of Hearts."
    assert events[0].told_to(3).text() == "Seat 2 showed seat 0 a card."


def test_guess_decisions_refuse_out_of_order_and_early_guesses_in_both_languages():
    game = fixed_game()
    en, de = refused(game, Guess(1, KD, H7))
    assert "nobody has asked yet" in en and "niemand gefragt" in de
    game.apply(Question(0, QD, H9))
    en, de = refused(game, Guess(2, KD, H7))
    assert en == ("Guesses go in seat order from the asker: seat 0 decides first, "
                  "then seat 2.")
    assert "Erst entscheidet Platz 0" in de
    assert "must first decide whether to guess" in refused(game, Question(1, QD, H9))[0]
    game.apply(NoGuess(0))
    assert "already let its chance" in refused(game, Guess(0, QS, H3))[0]
    events = game.apply(Guess(1, KD, H7))
    assert 1 in game.eliminated
    assert events[0].told_to(1).text() == ("Seat 1 guessed wrong and saw the solution: "
                                           "the Queen of Spades and the Three of Hearts.")
    assert events[0].told_to(2).text() == "Seat 1 guessed wrong and can no longer win."
    game.apply(Guess(2, QS, H3))
    assert game.over and game.winner == 2 and game.decisions == ()
    assert refused(game, Question(2, QD, H9))[0] == "The game is over."


def test_a_person_at_seat_0_plays_five_sons_through_the_table_loop():
    game = FiveSonsGame.deal(FiveSonsRules(players=4), seed=11)
    seats = [Person("Ada"), *(fivesons_bot("logician", seed) for seed in range(3))]
    table = Table(game, seats)
    kinds = set()
    for _ in range(400):
        table.run()
        if game.over:
            break
        (decision,) = table.waiting
        assert decision.seat == 0
        kinds.add(decision.kind)
        if decision.kind is Kind.ASK:
            action = Question(0, *decision.options[len(table.moves) % len(decision.options)])
        elif decision.kind is Kind.SHOW:
            action = Show(0, decision.options[0])
        else:
            action = NoGuess(0)
        table.act(action)
    assert game.over and game.winner in (1, 2, 3)
    assert {Kind.ASK, Kind.GUESS} <= kinds
    replayed = FiveSonsGame.from_record(game.to_record())
    assert replayed.winner == game.winner and replayed.events == game.events


def test_a_bot_game_runs_through_the_same_loop_and_keeps_reasons_apart():
    game = FiveSonsGame.deal(FiveSonsRules(players=3), seed=4)
    table = Table(game, [fivesons_bot(name, 7) for name in ("infogain", "logician", "random")])
    table.run()
    assert game.over
    assert all(move.reason is not None for move in table.moves)
    assert all(move.reason not in [e.text for e in move.events] for move in table.moves)


def test_undo_takes_back_the_persons_last_decision_and_the_bot_moves_after_it():
    game = fixed_game()
    table = Table(game, [Person(), *(fivesons_bot("random", s) for s in range(3))],
                  practice=True)
    with pytest.raises(IllegalAction, match="nothing to take back"):
        table.undo()
    table.act(Question(0, QD, H9))
    table.act(NoGuess(0))
    table.run()
    moves = len(table.moves)
    assert moves > 2
    table.undo()
    assert len(table.moves) == 1 and table.waiting[0].kind is Kind.GUESS
    table.undo()
    assert table.moves == [] and table.game.events == [] and table.waiting[0].kind is Kind.ASK


def test_undo_is_for_practice_and_a_bot_seat_cannot_be_played_by_hand():
    table = Table(fixed_game(), [Person(), *(fivesons_bot("random", s) for s in range(3))])
    table.act(Question(0, QD, H9))
    with pytest.raises(IllegalAction, match="practice mode only"):
        table.undo()
    with pytest.raises(IllegalAction, match="Seat 1 is played by a bot"):
        table.act(NoGuess(1))
    with pytest.raises(IllegalAction, match="4 seats, but 2 players"):
        Table(fixed_game(), [Person(), Person()])


def test_bots_are_handed_a_seat_view_that_cannot_reach_the_game():
    """Every object a bot receives is a log or view of plain values: no engine inside."""
    seen: list[object] = []

    class Spy:
        def __init__(self, bot):
            self.bot = bot

        def __getattr__(self, name):
            method = getattr(self.bot, name)

            def record(*args, **kwargs):
                seen.extend(args)
                return method(*args, **kwargs)
            return record

    fivesons = FiveSonsGame.deal(FiveSonsRules(players=3), seed=2)
    seats = [fivesons_bot("logician", s) for s in range(3)]
    for seat in seats:
        seat.bot = Spy(seat.bot)
    Table(fivesons, seats).run()
    blackwidow = BlackWidowGame.new(BlackWidowRules(players=3, end_above=20), seed=2)
    seats = [blackwidow_bot("heuristic", s) for s in range(3)]
    for seat in seats:
        seat.bot = Spy(seat.bot)
    Table(blackwidow, seats).run(stop=lambda: len(blackwidow.results) >= 1)
    assert any(isinstance(arg, FiveSonsLog) for arg in seen)
    assert any(isinstance(arg, BlackWidowView) for arg in seen)
    for arg in seen:
        assert not _reaches_an_engine(arg), arg


def _reaches_an_engine(value, depth=0) -> bool:
    if isinstance(value, FiveSonsGame | BlackWidowGame):
        return True
    if depth > 6:
        return False
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(_reaches_an_engine(getattr(value, f.name), depth + 1)
                   for f in dataclasses.fields(value))
    if isinstance(value, dict):
        return any(_reaches_an_engine(v, depth + 1) for v in value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return any(_reaches_an_engine(v, depth + 1) for v in value)
    return False


# Black Widow: pass, play, moon


def _game(hands, **options) -> BlackWidowGame:
    rules = BlackWidowRules(players=4, **options)
    return BlackWidowGame.new(rules, deal=[parse_cards(h) for h in hands])


HANDS = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
         "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
         "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
         "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]


def test_black_widow_seats_pass_at_the_same_time_and_hear_only_their_own_cards():
    game = _game(HANDS)
    decisions = game.decisions
    assert [(d.seat, d.kind, d.pick) for d in decisions] == [
        (seat, BlackWidowKind.PASS, 3) for seat in range(4)]
    assert decisions[2].options == parse_cards(HANDS[2])
    en, de = refused(game, Pass(1, parse_cards("2D 3D")))
    assert en == "Pass exactly 3 different cards, not 2." and "nicht 2" in de
    assert refused(game, Pass(1, parse_cards("2D 3D 2C")))[0] == "Seat 1 does not hold 2♣."
    assert "Everyone passes cards first" in refused(game, Play(0, parse_cards("2C")[0]))[0]
    events = game.apply(Pass(3, parse_cards("QS KS AS")))
    assert [d.seat for d in game.decisions] == [0, 1, 2]
    assert "Queen of Spades" in events[0].told_to(3).text()
    assert "Queen of Spades" not in events[0].told_to(0).text()
    for seat in range(3):
        events = game.apply(Pass(seat, parse_cards(HANDS[seat])[-3:]))
    received = [e for e in events if e.kind == "receive"]
    assert len(received) == 4
    to_seat_0 = next(e for e in received if e.seat == 0)
    assert to_seat_0.told_to(0).text() == ("Seat 0 received the Queen of Spades, the King of "
                                           "Spades and the Ace of Spades from seat 3.")
    assert "Queen" not in to_seat_0.told_to(1).text()
    assert game.decisions[0].kind is BlackWidowKind.PLAY


def test_a_refused_card_says_why_in_both_languages_and_changes_nothing():
    game = _game(HANDS, pass_cycle=("hold",))
    (decision,) = game.decisions
    assert (decision.seat, decision.options) == (0, parse_cards("2C"))
    en, de = refused(game, Play(0, parse_cards("3C")[0]))
    assert en == "3♣ is not legal for seat 0: the first trick opens with 2♣"
    assert de.startswith("3♣ ist für Platz 0 nicht erlaubt")
    assert refused(game, Play(1, parse_cards("2D")[0]))[0] == (
        "It is seat 0's turn to play, not seat 1's.")
    events = game.apply(Play(0, parse_cards("2C")[0]))
    assert events[0].told_to(None).text() == "Seat 0 played the Two of Clubs."


def test_moon_decision_belongs_to_the_shooter():
    game = scripted(MOON, moon="choose")
    (decision,) = game.decisions
    assert (decision.seat, decision.kind, decision.options) == (0, BlackWidowKind.MOON,
                                                                tuple(MoonChoice))
    en, de = refused(game, Moon(1, MoonChoice.SELF))
    assert en == "Seat 1 did not shoot the moon: seat 0 did." and "Platz 0" in de
    events = game.apply(Moon(0, MoonChoice.SELF))
    assert [e.kind for e in events] == ["moon_choice", "scored"]
    assert events[0].told_to(2).text() == "Seat 0 takes 26 points off their own score."
    assert game.phase is Phase.SCORED and game.scores == [-26, 0, 0, 0]


def test_a_person_at_seat_0_plays_black_widow_through_the_table_loop():
    game = BlackWidowGame.new(BlackWidowRules(players=4, end_above=30), seed=5)
    table = Table(game, [Person(), *(blackwidow_bot("heuristic", s) for s in range(3))],
                  practice=True, chance=Person())
    kinds = set()
    for _ in range(2000):
        table.run()
        if game.over:
            break
        if not table.waiting:
            assert game.phase is Phase.SCORED and table.chance_to_move
            table.deal()
            assert table.moves[-1].seat == CHANCE and table.moves[-1].reason is None
            continue
        (decision,) = table.waiting
        kinds.add(decision.kind)
        if decision.kind is BlackWidowKind.PASS:
            table.act(Pass(0, decision.options[:3]))
        elif decision.kind is BlackWidowKind.PLAY:
            table.act(Play(0, decision.options[-1]))
        else:
            table.act(Moon(0, MoonChoice.OTHERS))
    assert game.over and game.winners
    assert {BlackWidowKind.PASS, BlackWidowKind.PLAY} <= kinds
    assert BlackWidowGame.from_record(game.to_record()).scores == game.scores


def test_black_widow_undo_restores_the_hand_before_the_persons_card():
    game = BlackWidowGame.new(BlackWidowRules(players=4, pass_cycle=("hold",)), seed=8)
    table = Table(game, [Person(), *(blackwidow_bot("random", s) for s in range(3))],
                  practice=True)
    table.run()
    before = copy.deepcopy(table.game)
    (decision,) = table.waiting
    table.act(Play(0, decision.options[0]))
    table.run()
    table.undo()
    assert table.game == before and table.waiting == (decision,)


def test_hint_is_what_a_bot_would_do_from_that_seat():
    game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
    seat = game.turn
    seats = [blackwidow_bot("random", s) for s in range(4)]
    seats[seat] = Person()
    table = Table(game, seats)
    action, why = table.hint(seat, blackwidow_bot("heuristic", 1))
    assert action == Play(seat, parse_cards("2C")[0]) and "must open" in why.text()
    with pytest.raises(IllegalAction, match="nothing to decide"):
        table.hint((seat + 1) % 4, blackwidow_bot("heuristic", 1))
