"""The `montecarlo` bot's search: equivalent cards pruned soundly, and its rollout policy."""

from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardlab.blackwidow import kernel
from cardlab.blackwidow.bots import _duck_policy, distinct_options, make_bot
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.playout import MaskRules, Position
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.cards import Card, parse_cards

C = Card.parse


def _worst_for(me: int, table: MaskRules, position: Position, card: int) -> int:
    """The most points `me` can be made to take from `position` after playing `card`, every
    other seat playing against it and `me` as well as it can (double dummy: all hands open)."""
    hands, taken = list(position.hands), list(position.taken)
    return _search(me, table, hands, list(position.trick), position.leader, taken,
                   position.hearts_broken, position.first_trick, card)


def _search(me, table, hands, trick, leader, taken, broken, first, forced=None):
    players = table.players
    if len(trick) == players:
        cards = sum(trick)
        seat = kernel.winner(trick, leader, players)
        taken = list(taken)
        taken[seat] |= cards
        if not hands[seat]:
            return kernel.points(taken[me], table.jack_of_diamonds)
        return _search(me, table, hands, [], seat, taken,
                       broken or kernel.breaks_hearts(cards, table.queen_breaks_hearts), False)
    seat = (leader + len(trick)) % players
    led = (trick[0].bit_length() - 1) // 13 if trick else None
    legal = kernel.legal(hands[seat], led, first, broken, table.opening if first and not trick
                         and hands[seat] & table.opening else None,
                         table.points_on_first_trick)
    choices = [forced] if forced else [1 << i for i in range(52) if legal >> i & 1]
    values = []
    for card in choices:
        hands[seat] ^= card
        values.append(_search(me, table, hands, [*trick, card], leader, taken, broken, first))
        hands[seat] ^= card
    return min(values) if seat == me else max(values)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(40, 47))
@example(seed=149, plays=43)     # the Ten of Hearts on the trick parts the Nine from the Jack
def test_pruned_cards_are_worth_exactly_what_the_kept_one_is(seed, plays):
    """Double dummy near the end of a hand: a card left out of the search is worth the same,
    on the real deal, as the lower card kept in its place."""
    rules = BlackWidowRules(pass_cycle=("hold",))
    game = BlackWidowGame.new(rules, seed)
    bots = [make_bot("random", seed + seat) for seat in range(4)]
    for _ in range(plays):
        game.play(bots[game.turn].play(seat_view(game, game.turn))[0])
    view = seat_view(game, game.turn)
    legal = view.legal()
    kept = distinct_options(view, legal)
    assert set(kept) <= set(legal) and kept
    deal = {card: seat for seat in range(4) if seat != view.me
            for card in game.cards_held(seat)}
    table = MaskRules.of(rules)
    position = Position.from_view(view, deal)
    worth = {card: _worst_for(view.me, table, position, 1 << card.index) for card in legal}
    for card in legal:
        stand_in = max(k for k in kept if k.suit is card.suit and k.index <= card.index)
        assert worth[card] == worth[stand_in], (card, stand_in)


def test_runs_of_cards_count_as_one_option_once_the_cards_between_are_gone():
    game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
    view = seat_view(game, 0)
    diamonds = [card for card in view.hand if card.suit is Card.parse("2D").suit]
    assert [c.code for c in diamonds] == ["2D", "3D", "KD", "AD"]
    assert [c.code for c in distinct_options(view, diamonds)] == ["2D", "KD"]


def _mask(codes):
    return kernel.mask(parse_cards(codes))


def test_rollouts_lead_low_by_rank_not_by_suit():
    duck = _duck_policy(MaskRules.of(BlackWidowRules()))
    assert duck(0, _mask("9C 2D 3H"), []) == _mask("2D")
    assert duck(0, _mask("KS 3D 2H"), []) == _mask("3D")       # the King of Spades waits
    assert duck(0, _mask("AS 2H"), []) == _mask("2H")


def test_rollouts_last_to_play_take_a_trick_they_cannot_duck_without_their_own_queen():
    duck = _duck_policy(MaskRules.of(BlackWidowRules()))
    trick = [_mask("9S"), _mask("2S"), _mask("5S")]
    assert duck(3, _mask("TS QS"), trick) == _mask("TS")


def test_rollouts_throw_the_dangerous_spades_then_hearts_then_the_highest_rank():
    duck = _duck_policy(MaskRules.of(BlackWidowRules()))
    trick = [_mask("4C")]
    assert duck(1, _mask("2S 4D KS 5H QS"), trick) == _mask("QS")
    assert duck(1, _mask("2S 4D KS 5H"), trick) == _mask("KS")
    assert duck(1, _mask("2S 4D 5H"), trick) == _mask("5H")
    assert duck(1, _mask("3S JD 9D"), trick) == _mask("JD")   # not the 3 of the highest suit
