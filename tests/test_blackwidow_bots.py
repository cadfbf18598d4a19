"""Black Widow bots decide from their view only, explain themselves, and play whole games."""

import math
import random
import re
import statistics

import pytest

from cardlab.advice import advice
from cardlab.blackwidow import kernel
from cardlab.blackwidow.bots import BOTS, make_bot, rollout
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.match import play_game, tournament
from cardlab.blackwidow.playout import MaskRules, Position, lead_draws, play_ducking
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.cards import STANDARD_DECK, Card, parse_cards
from cardlab.errors import CardlabError

C = Card.parse


def _game_after(plays, seed=4):
    game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed)
    bots = [make_bot("random", seat) for seat in range(4)]
    for _ in range(plays):
        game.play(bots[game.turn].play(seat_view(game, game.turn))[0])
    return game


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_decides_alike_from_the_same_view_whatever_the_other_hands(name):
    """The same view gives the same card, whatever the other hands hold (that a bot is
    handed only a view is proven in test_table.py)."""
    game = _game_after(9)
    seat = game.turn
    view = seat_view(game, seat)
    other = BlackWidowGame.new(game.rules, deal=_shuffle_others(game, seat))
    for card in game.hand.plays:
        other.play(card)
    if seat_view(other, seat) != view:
        pytest.skip("the reshuffle changed what the seat saw")
    first = make_bot(name, seed=3).play(view)
    second = make_bot(name, seed=3).play(seat_view(other, seat))
    assert first[0] == second[0] and first[1].text("de")


def _shuffle_others(game, seat):
    """Swap the unplayed cards of the two other seats after `seat`, suit for suit."""
    deal = [list(cards) for cards in game.hand.deal]
    a, b = (seat + 1) % 4, (seat + 2) % 4
    played = set(game.hand.plays)
    for card_a in [c for c in deal[a] if c not in played]:
        for card_b in [c for c in deal[b] if c not in played and c.suit is card_a.suit]:
            i, j = deal[a].index(card_a), deal[b].index(card_b)
            deal[a][i], deal[b][j] = card_b, card_a
            played |= {card_a, card_b}
            break
    return deal


def test_heuristic_passes_the_unguarded_queen_and_high_spades():
    game = BlackWidowGame.new(BlackWidowRules(), deal=[
        parse_cards("QS KS 2S 2C 3C 4C 5C 6C 7C 8C 9C TC JC"),
        parse_cards("AS 3S 4S 5S 6S 7S 8S 9S TS JS QC KC AC"),
        parse_cards("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
        parse_cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")])
    cards, why = make_bot("heuristic").pass_cards(seat_view(game, 0))
    assert set(cards) >= {C("QS"), C("KS")}
    assert "Q♠" in why.text()          # as its corner shows it, like every bot reason


def _passes(bot: str, hand: str, rules: BlackWidowRules) -> set[Card]:
    """What `bot` passes from `hand`, dealt to seat 0 (the other seats get the rest)."""
    mine = parse_cards(hand)
    rest = [card for card in rules.deck if card not in mine]
    size = rules.hand_size
    deal = [mine, *(rest[i:i + size] for i in range(0, len(rest), size))]
    game = BlackWidowGame.new(rules, deal=deal)
    return set(make_bot(bot).pass_cards(seat_view(game, 0))[0])


def test_montecarlo_keeps_low_hearts_and_a_guarded_queen_when_passing():
    guarded = "QS AS 6S 5S 4S 3S 2H 3H AC KC 2D 3D 4D"
    assert _passes("montecarlo", guarded, BlackWidowRules()) == set(parse_cards("AC KC 4D"))
    assert _passes("heuristic", guarded, BlackWidowRules()) == set(parse_cards("AS 3H 2H"))
    # Two low spades guard nothing, however many spades above the Queen stand beside them.
    short = "QS KS AS 3S 2S 2H 3H 4H AC 2D 3D 4D 5D"
    assert _passes("montecarlo", short, BlackWidowRules()) == set(parse_cards("QS KS AS"))
    # The hint says why the Queen stays, in the learner's words.
    game = BlackWidowGame.new(BlackWidowRules(), seed=3)
    why = make_bot("montecarlo").pass_cards(seat_view(game, 0))[1]
    assert advice(why).text() == ("They are the cards most likely to win tricks full of points. "
                                  "Low hearts, and high spades guarded by enough lower spades, "
                                  "are safe to keep.")
    # In an 8-card hand two low spades are enough.
    six = BlackWidowRules(players=6)
    assert not _passes("montecarlo", "QS AS 3S 2S 2H 9C TC KD", six) & set(parse_cards("QS AS"))


def test_montecarlo_keeps_a_jack_of_diamonds_that_counts_when_passing():
    rules = BlackWidowRules(players=6, jack_of_diamonds=True)
    hand = "2H 3H 4H 5H 6H 7H JD 9C"
    assert _passes("montecarlo", hand, rules) == set(parse_cards("9C 7H 6H"))


def test_heuristic_dumps_the_queen_when_void():
    bot = make_bot("heuristic")
    hand = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), deal=[
        parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
        parse_cards("QS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"),
        parse_cards("AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"),
        parse_cards("AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS")])
    hand.play(C("2C"))
    hand.play(C("2D"))
    hand.play(C("AD"))
    hand.play(C("2S"))
    hand.play(C("3C"))                  # seat 0 leads clubs again; seat 1 has none
    card, why = bot.play(seat_view(hand, 1))
    assert card == C("QS") and "Queen of Spades" in why.text()


def test_montecarlo_explains_its_choice_and_keeps_to_its_budget():
    game = next(g for g in (_game_after(k) for k in range(12, 40)) if len(g.legal_cards()) > 2)
    view = seat_view(game, game.turn)
    card, why = make_bot("montecarlo", seed=1, samples=20).play(view)
    assert card in game.legal_cards()
    assert why.text().startswith("Over 20 sampled deals")
    # The average is written as each language writes decimals: 3.5 / 3,5.
    assert re.search(r"\(\d+\.\d\)\.$", why.text()) and re.search(r"\(\d+,\d\)\.$", why.text("de"))
    _, hurried = make_bot("montecarlo", seed=1, samples=20, budget_ms=0.001).play(view)
    assert hurried.text().startswith("Over 1 sampled deals")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bot_games_finish_and_are_reproducible(players):
    rules = BlackWidowRules(players=players, end_above=50)
    names = (["heuristic", "random", "montecarlo"] * 2)[:players]
    game = play_game(rules, names, seed=players, hands=2)
    again = play_game(rules, names, seed=players, hands=2)
    assert game.to_record() == again.to_record()
    assert len(game.results) == 2


def test_moon_choice_picks_the_better_standing():
    bot = make_bot("heuristic")
    view = seat_view(_game_after(0), 0)
    choice, _ = bot.choose_moon(view, {"self": [40, 50, 60, 70], "others": [66, 76, 86, 96]})
    assert choice == "self"
    choice, _ = bot.choose_moon(view, {"self": [-16, 90, 95, 80], "others": [10, 116, 121, 106]})
    assert choice == "others"      # ends the game with this seat as the winner
    choice, _ = bot.choose_moon(view, {"self": [64, 60, 20, 30], "others": [90, 86, 46, 56]})
    assert choice == "self"


def test_tournament_rotates_seats():
    stats = tournament(BlackWidowRules(), ["heuristic", "random", "random", "random"], 8, seed=2)
    assert len(stats["heuristic"].points) == 8 and len(stats["random"].points) == 24
    points = stats["heuristic"].points
    assert stats["heuristic"].mean == statistics.fmean(points)
    # Student's t with 7 degrees of freedom, not the normal 1.96: eight hands are few.
    assert stats["heuristic"].interval == pytest.approx(
        2.365 * statistics.stdev(points) / math.sqrt(len(points)), rel=1e-3)
    assert stats["heuristic"].interval > 0


def test_unknown_bot():
    with pytest.raises(CardlabError, match="unknown bot 'shark'"):
        make_bot("shark")


def _random_game_at(rules, seed, hands_before, plays):
    """A game with `hands_before` random hands played, then `plays` random cards of the next."""
    rng = random.Random(seed)
    game = BlackWidowGame.new(rules, seed)
    for number in range(hands_before + 1):
        while game.phase == "pass":
            game.pass_cards(game.turn, rng.sample(seat_view(game, game.turn).hand, 3))
        while game.phase == "play" and (number < hands_before or len(game.hand.plays) < plays):
            game.play(rng.choice(game.legal_cards()))
        if game.phase == "moon":
            game.choose_moon("others")
        if number < hands_before:
            game.start_hand()
    return game


@pytest.mark.parametrize("options", [
    {"jack_of_diamonds": True},
    {"jack_of_diamonds": True, "moon": "choose", "exact_hundred": "minus50",
     "queen_breaks_hearts": True, "first_trick_points": True},
])
def test_montecarlo_rollouts_score_like_the_engine(options):
    """Five players: each rollout's plays, replayed through the engine, give its scores."""
    rules = BlackWidowRules(players=5, **options)
    table = MaskRules.of(rules)
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        game = _random_game_at(rules, seed, hands_before=seed % 3, plays=seed * 4 % 50)
        view = seat_view(game, game.turn)
        deal = {card: seat for seat, bits in enumerate(game.hand.holding) if seat != view.me
                for card in kernel.cards_of(bits)}
        position = Position.from_view(view, deal)
        for card in view.legal():
            result = rollout(view, position, card, lead_draws(rng, table))
            replay = BlackWidowGame.from_record(game.to_record())
            for bit in result.playout.plays:
                replay.play(kernel.cards_of(bit)[0])
            assert kernel.cards_of(result.playout.plays[0]) == [card]
            assert result.playout.points(table) == replay.hand.points()
            if replay.phase == "moon":
                shooter = replay.turn
                choice, _ = make_bot("heuristic").choose_moon(seat_view(replay, shooter),
                                                              replay.moon_outcomes())
                replay.choose_moon(choice)
            assert result.scores == replay.results[-1].scores
            checked += 1
    assert checked > 12


def test_rollouts_duck_by_the_player_count():
    """Last of five to play a trick it cannot duck, a rollout seat plays its highest card."""
    table = MaskRules.of(BlackWidowRules(players=5))

    def first_card(trick, hands):
        masks = [kernel.mask(parse_cards(cards)) for cards in hands]
        position = Position(masks, 0, [1 << c.index for c in parse_cards(trick)], [0] * 5,
                            False, False)
        return kernel.cards_of(play_ducking(table, position, (0.0,) * 10).plays[0])

    # not last: the lowest
    assert first_card("3C 7C 4C", ["2D", "3D", "4D", "8C KC", "5C 9D"]) == [C("8C")]
    # last: the highest
    assert first_card("3C 7C 4C 5C", ["2D", "3D", "4D", "6D", "8C KC"]) == [C("KC")]


JACK_TRICK_DEAL = [
    "AC 2D 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS",
    "3C JD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "4C 3D KH AH KS AS 5D 6D 7D 8D 9D TD KD",
    "2C QD 4D 5C 6C 7C 8C 9C TC JC QC KC AD",
]


@pytest.mark.parametrize(("jack", "expected"), [(True, "AD"), (False, "4D")])
def test_heuristic_takes_a_trick_the_jack_of_diamonds_makes_worth_having(jack, expected):
    rules = BlackWidowRules(pass_cycle=("hold",), jack_of_diamonds=jack)
    game = BlackWidowGame.new(rules, deal=[parse_cards(cards) for cards in JACK_TRICK_DEAL])
    for code in ("2C", "AC", "3C", "4C", "2D", "JD", "3D"):
        game.play(C(code))
    card, why = make_bot("heuristic").play(seat_view(game, 3))
    assert card == C(expected)
    assert ("Jack of Diamonds" in why.text()) == jack


def test_heuristic_keeps_the_jack_of_diamonds_when_passing():
    hand = "JD 2D 2C 3C 4C 5C 6C 2S 3S 4S 5S 6S 7S"
    rest = [c for c in STANDARD_DECK if c not in set(parse_cards(hand))]
    deal = [parse_cards(hand), rest[0:13], rest[13:26], rest[26:39]]
    for jack in (False, True):
        game = BlackWidowGame.new(BlackWidowRules(jack_of_diamonds=jack), deal=deal)
        cards, _ = make_bot("heuristic").pass_cards(seat_view(game, 0))
        assert (C("JD") in cards) == (not jack)
