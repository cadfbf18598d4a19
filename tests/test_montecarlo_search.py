"""The `montecarlo` bot's search: alike cards left out soundly, without changing its play."""

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardlab.blackwidow import kernel
from cardlab.blackwidow.bots import cheapest, distinct_options, make_bot, rollout
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.playout import MaskRules, Position, lead_draws
from cardlab.blackwidow.review import _equal_cards
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.cards import Card, parse_cards

C = Card.parse
TABLE = MaskRules.of(BlackWidowRules())


def _open_worst(me, table, hands, trick, leader, taken, broken, first, forced=None):
    """Double dummy: the fewest points `me` can be held to, every other seat playing to
    give `me` as many as it can, all hands open."""
    players = table.players
    if len(trick) == players:
        cards = sum(trick)
        seat = kernel.winner(trick, leader, players)
        taken = [bits | cards if s == seat else bits for s, bits in enumerate(taken)]
        if not hands[seat]:
            return kernel.points(taken[me], table.jack_of_diamonds)
        return _open_worst(me, table, hands, [], seat, taken,
                           broken or kernel.breaks_hearts(cards, table.queen_breaks_hearts), False)
    seat = (leader + len(trick)) % players
    led = (trick[0].bit_length() - 1) // 13 if trick else None
    opening = table.opening if first and not trick and hands[seat] & table.opening else None
    legal = kernel.legal(hands[seat], led, first, broken, opening, table.points_on_first_trick)
    values = []
    for card in [forced] if forced else [1 << i for i in range(52) if legal >> i & 1]:
        hands[seat] ^= card
        values.append(_open_worst(me, table, hands, [*trick, card], leader, taken, broken, first))
        hands[seat] ^= card
    return min(values) if seat == me else max(values)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(40, 46))
@example(seed=149, plays=43)        # a heart between two of mine lies on the trick
def test_a_card_left_out_is_worth_exactly_what_its_kept_stand_in_is(seed, plays):
    rules = BlackWidowRules(pass_cycle=("hold",))
    game = BlackWidowGame.new(rules, seed)
    bots = [make_bot("random", seed + seat) for seat in range(4)]
    for _ in range(plays):
        game.play(bots[game.turn].play(seat_view(game, game.turn))[0])
    view = seat_view(game, game.turn)
    legal = view.legal()
    kept = distinct_options(view, legal)
    assert kept and set(kept) <= set(legal)
    deal = {card: seat for seat in range(4) if seat != view.me for card in game.cards_held(seat)}
    p = Position.from_view(view, deal)
    worth = {card: _open_worst(view.me, TABLE, list(p.hands), list(p.trick), p.leader,
                               list(p.taken), p.hearts_broken, p.first_trick, 1 << card.index)
             for card in legal}
    for card in legal:
        stand_in = max(k for k in kept if k.suit is card.suit and k.index <= card.index)
        assert worth[card] == worth[stand_in], (card, stand_in)


def test_cards_with_no_card_of_another_seat_between_them_are_one_option():
    game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
    view = seat_view(game, 0)
    diamonds = [card for card in view.hand if card.suit is C("2D").suit]
    assert [c.code for c in diamonds] == ["2D", "3D", "KD", "AD"]
    assert [c.code for c in distinct_options(view, diamonds)] == ["2D", "KD"]


def test_when_the_cards_to_choose_from_play_alike_montecarlo_says_so_without_sampling():
    game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
    view = seat_view(game, 0)
    bot = make_bot("montecarlo", seed=1, samples=10**6)     # sampling that many would hang
    card, why = bot.choose(view, parse_cards("3D 2D"))
    assert card == C("2D") and "play alike" in why.text() and "gleich" in why.text("de")


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 40))
def test_montecarlo_plays_the_card_rolling_out_every_legal_card_would(seed, plays):
    """Leaving alike cards out saves time only: over the same deals, rolling out every
    legal card and keeping the cheapest picks the same card, or one alike to it."""
    game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed)
    bots = [make_bot("random", seed + seat) for seat in range(4)]
    for _ in range(plays):
        game.play(bots[game.turn].play(seat_view(game, game.turn))[0])
    view = seat_view(game, game.turn)
    legal = view.legal()
    if len(distinct_options(view, legal)) == 1:
        return
    rng = random.Random(seed)          # as the bot draws: the deals, then each deal's leads
    deals = BlackWidowKnowledge.from_view(view).sample(rng, 16)
    totals = dict.fromkeys(legal, 0)
    for deal in deals:
        position = Position.from_view(view, deal)
        leads = lead_draws(rng, MaskRules.of(view.rules))
        for card in legal:
            totals[card] += rollout(view, position, card, leads).scores[view.me]
    every = cheapest(view, totals)
    card, _ = make_bot("montecarlo", seed, samples=16).choose(view, legal)
    assert card == every or len(distinct_options(view, [card, every])) == 1  # or alike


def _scripted(hands: dict[int, str], plays: str) -> BlackWidowGame:
    """A held hand where each seat holds the cards of `hands` (the rest of the deck dealt
    round the table), with `plays` played."""
    rules = BlackWidowRules(pass_cycle=("hold",))
    given = {seat: parse_cards(cards) for seat, cards in hands.items()}
    rest = [card for card in rules.deck if all(card not in cards for cards in given.values())]
    deal = [list(given.get(seat, [])) for seat in range(4)]
    for card in rest:
        deal[min(range(4), key=lambda seat: len(deal[seat]))].append(card)
    game = BlackWidowGame.new(rules, deal=deal)
    for card in parse_cards(plays):
        game.play(card)
    return game


def test_an_unplayed_queen_between_two_spades_parts_them_even_in_my_hand():
    """On the first trick the Queen may not be played: J♠ and K♠ around her leave a
    different spade beside her, to follow the next spade lead with."""
    game = _scripted({0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
                      1: "JS QS KS 2D 3D 4D 5D 2H 3H 4H 5H 6H 7H"}, "2C")
    view = seat_view(game, 1)
    legal = view.legal()
    assert C("QS") not in legal and {C("JS"), C("KS")} <= set(legal)
    assert {C("JS"), C("KS")} <= set(distinct_options(view, legal))


def test_a_card_on_the_trick_in_progress_parts_the_cards_around_it():
    """8♦ ducks under the T♦ led, J♦ takes the trick: the T♦ between them is not gone yet."""
    game = _scripted({0: "2C 7D", 1: "3C 8D 9D JD 2H 3H 4H 5H 6H 7H 8H 9H 2S", 2: "4C",
                      3: "AC TD"}, "2C 3C 4C AC TD 7D")
    view = seat_view(game, 1)
    assert [c.code for c in view.legal()] == ["8D", "9D", "JD"]
    assert [c.code for c in distinct_options(view, view.legal())] == ["8D", "JD"]
    # The review measures each run once, as the bot rolls it out.
    assert _equal_cards(view, view.legal()) == {C("8D"): C("8D"), C("9D"): C("8D"),
                                                 C("JD"): C("JD")}
