"""Chance is a seat: a deal (and Five Sons' hidden solution) is an action like any other.

The table keeps it as a move of seat `CHANCE`, drawn by the game's seeded dealer;
a record reads back as the same actions, deals included, and the one replay
(`cardlab.replay`) rebuilds the game from them; a seat sees of a deal only its
own cards.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.blackwidow.actions import Deal as BlackWidowDeal
from cardlab.blackwidow.actions import Kind as BlackWidowKind
from cardlab.blackwidow.game import BlackWidowGame, Phase
from cardlab.blackwidow.match import play_table as play_blackwidow
from cardlab.blackwidow.players import bot_seat as blackwidow_bot
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.decisions import CHANCE
from cardlab.errors import IllegalAction
from cardlab.fivesons.actions import Deal as FiveSonsDeal
from cardlab.fivesons.actions import Kind as FiveSonsKind
from cardlab.fivesons.actions import Question
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.match import play_game as play_fivesons
from cardlab.fivesons.players import bot_seat as fivesons_bot
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.replay import Step
from cardlab.table import Person, Table


def blackwidow_table(seed: int, players: int = 4, end_above: int = 30) -> Table:
    """Random bots at a Black Widow game that chance has still to deal."""
    game = BlackWidowGame.empty(BlackWidowRules(players=players, end_above=end_above), seed)
    return Table(game, [blackwidow_bot("random", seed + seat) for seat in range(players)])


def fivesons_table(seed: int, players: int = 4) -> Table:
    """Random bots at a Five Sons game that chance has still to deal."""
    game = FiveSonsGame.undealt(FiveSonsRules(players=players), seed)
    return Table(game, [fivesons_bot("random", seed + seat) for seat in range(players)])


def test_every_black_widow_deal_is_a_move_of_the_chance_seat_in_the_tables_moves():
    table = blackwidow_table(seed=4)
    decision, = table.game.decisions
    assert (decision.seat, decision.kind, decision.options) == (CHANCE, BlackWidowKind.DEAL, ())
    assert table.waiting == () and table.bot_to_move and table.chance_to_move
    table.run()
    game = table.game
    assert isinstance(game, BlackWidowGame) and game.over and len(game.hands) >= 2
    deals = [move for move in table.moves if move.seat == CHANCE]
    assert [move.action.cards for move in deals] == [hand.deal for hand in game.hands]
    assert all(isinstance(move.action, BlackWidowDeal) and move.reason is None
               and [event.kind for event in move.events] == ["deal"] for move in deals)
    assert table.moves[0] is deals[0]
    # A seeded game deals exactly the cards it dealt before deals were actions.
    assert game.hands[0].deal == BlackWidowGame.new(game.rules, 4).hands[0].deal


def test_the_five_sons_deal_and_solution_are_the_chance_seats_first_move():
    table = fivesons_table(seed=9)
    assert [(d.seat, d.kind) for d in table.game.decisions] == [(CHANCE, FiveSonsKind.DEAL)]
    with pytest.raises(IllegalAction, match="not dealt"):
        table.game.solution        # noqa: B018 (the property refuses)
    table.step()
    first, = table.moves
    assert first.seat == CHANCE and isinstance(first.action, FiveSonsDeal) and first.events == []
    seeded = FiveSonsGame.deal(FiveSonsRules(players=4), 9)
    game = table.game
    assert isinstance(game, FiveSonsGame)
    assert (game.solution, game.hands) == (seeded.solution, seeded.hands)
    assert first.action == FiveSonsDeal(seeded.solution, seeded.to_record().hands)


def test_nobody_but_the_dealer_deals_and_a_view_deals_when_it_is_ready():
    table = blackwidow_table(seed=2)
    with pytest.raises(IllegalAction) as refused:
        table.act(BlackWidowDeal(BlackWidowGame.new(table.game.rules, 99).hands[0].deal))
    assert refused.value.text() == "The dealer deals the cards: no player may choose them."
    assert table.moves == []
    paused = Table(table.game, table.seats, chance=Person())     # a view that shows the score
    assert not paused.bot_to_move and paused.waiting == () and paused.run() == []
    assert [event.kind for event in paused.deal()] == ["deal"]
    assert paused.moves[0].seat == CHANCE
    with pytest.raises(IllegalAction) as nothing:
        paused.deal()
    assert nothing.value.text() == "Nothing is to be dealt now."
    assert nothing.value.text("de") == "Gerade ist nichts zu geben."


def test_a_deal_that_is_not_one_of_the_rules_deck_is_refused_and_changes_nothing():
    game = BlackWidowGame.empty(BlackWidowRules(players=4))
    good = game.draw()
    bad = BlackWidowDeal((good.cards[0], good.cards[0], *good.cards[2:]))
    with pytest.raises(IllegalAction, match="different cards of the deck"):
        game.apply(bad)
    assert game.hands == [] and game.phase is Phase.SCORED
    fivesons = FiveSonsGame.undealt(FiveSonsRules(players=3), 1)
    deal = fivesons.draw()
    with pytest.raises(IllegalAction, match="hides one face and one heart"):
        fivesons.apply(FiveSonsDeal(None, deal.hands))
    fivesons.apply(deal)
    with pytest.raises(IllegalAction, match="dealt already"):
        fivesons.apply(deal)


@pytest.mark.parametrize("seed", [1, 5, 11])
def test_a_whole_game_replayed_from_its_record_is_the_game_that_was_played(seed):
    table = play_blackwidow(BlackWidowRules(players=4, end_above=40), ["random"] * 4, seed)
    steps: list[Step] = []
    again = BlackWidowGame.from_record(table.game.to_record(), told=steps.append)
    assert again == table.game and again.scores == table.game.scores
    # Every deal, the first included, is a move of the table's dealer.
    assert [step.action for step in steps] == [move.action for move in table.moves]
    assert steps[0].seat == table.moves[0].seat == CHANCE
    played = play_fivesons(FiveSonsRules(players=4), ["random"] * 4, seed)
    assert FiveSonsGame.from_record(played.to_record()) == played


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 140), players=st.integers(3, 5))
def test_blackwidow_played_n_steps_then_replayed_is_the_same_game_seen_alike(seed, steps,
                                                                            players):
    table = blackwidow_table(seed, players, end_above=26)
    for _ in range(steps):
        if not table.bot_to_move:
            break
        table.step()
    replayed: list[Step] = []
    again = BlackWidowGame.from_record(table.game.to_record(), told=replayed.append)
    assert again == table.game
    assert [(s.seat, s.action) for s in replayed] == [(m.seat, m.action) for m in table.moves]
    for seat in range(players):
        assert seat_view(again, seat) == seat_view(table.game, seat)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 80), players=st.integers(3, 6))
def test_fivesons_played_n_steps_then_replayed_is_the_same_game_seen_alike(seed, steps,
                                                                          players):
    table = fivesons_table(seed, players)
    for _ in range(steps):
        if not table.bot_to_move:
            break
        table.step()
    game = table.game
    assert isinstance(game, FiveSonsGame)
    replayed: list[Step] = []

    def heard(played: FiveSonsGame, action: object) -> None:
        replayed.append(Step(getattr(action, "seat", None), action, []))

    again = FiveSonsGame.from_record(game.to_record(), before=heard)
    assert again.to_record() == game.to_record()
    assert replayed[0].action == table.moves[0].action and replayed[0].seat == CHANCE
    for viewer in (*range(players), None):
        assert again.observation_log(viewer) == game.observation_log(viewer)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_seat_sees_of_a_deal_its_own_cards_and_that_cards_were_dealt(seat):
    table = blackwidow_table(seed=7)
    table.run()
    game = table.game
    assert isinstance(game, BlackWidowGame)
    for move in (move for move in table.moves if move.seat == CHANCE):
        seen = move.action.seen_by(seat)
        assert seen.cards[seat] == move.action.cards[seat]
        assert all(cards == () for other, cards in enumerate(seen.cards) if other != seat)
        heard = " ".join(event.told_to(seat).text() for event in move.events)
        assert heard.startswith("Hand ") and not any(
            card.name("en") in heard or card.code in heard for card in game.rules.deck)
    assert seat_view(game, seat).dealt == game.hand.deal[seat]
    fivesons = fivesons_table(seed=7)
    fivesons.step()
    deal = fivesons.moves[0].action
    assert deal.seen_by(seat) == FiveSonsDeal(None, tuple(
        hand if other == seat else () for other, hand in enumerate(deal.hands)))
    assert deal.seen_by(None) == FiveSonsDeal(None, ((),) * 4)
    assert tuple(fivesons.game.observation_log(seat).hand) == deal.hands[seat]


def test_before_the_deal_no_seat_may_ask_show_or_guess():
    game = FiveSonsGame.undealt(FiveSonsRules(players=3), 3)
    face, heart = game.rules.faces[0], game.rules.hearts[0]
    for attempt in (lambda: game.ask(0, face, heart), lambda: game.guess(0, face, heart),
                    lambda: game.apply(Question(0, face, heart))):
        with pytest.raises(IllegalAction) as refused:
            attempt()
        assert refused.value.text() == "The cards are not dealt yet."
    assert game.events == [] and game.decisions[0].seat == CHANCE


def test_no_hint_is_given_for_the_chance_seat():
    table = blackwidow_table(seed=3)
    with pytest.raises(IllegalAction):
        table.hint(CHANCE, blackwidow_bot("heuristic", 1))
    assert table.hints == 0 and table.moves == []
