"""The fast playouts follow the engine's rules under every option and player count."""

import random
from collections import Counter

import pytest

from cardlab.blackwidow import kernel
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.playout import (
    MaskRules,
    Position,
    lead_draws,
    play_ducking,
    play_out,
    random_deal,
    random_hand,
)
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.cards import Rank, Suit

OPTIONS = [
    {},
    {"queen_breaks_hearts": True},
    {"first_trick_points": True},
    {"jack_of_diamonds": True},
    {"moon": "self", "exact_hundred": "minus50"},
    {"moon": "choose", "exact_hundred": "zero"},
]


def _engine_policy(game, rng, greedy):
    """A playout policy that checks every step against `game` and plays the same card there.

    Seat `greedy` plays its highest card (dealt the strongest hand, it shoots the moon).
    """
    def choose(seat, legal, trick):
        assert seat == game.turn
        assert legal == kernel.mask(game.legal_cards())
        assert trick == [1 << card.index for _, card in game.hand.trick()]
        cards = game.legal_cards()
        card = max(cards, key=lambda c: c.rank) if seat == greedy else rng.choice(cards)
        game.play(card)
        return 1 << card.index
    return choose


def _pass_at_random(game, rng):
    while game.phase == "pass":
        game.pass_cards(game.turn, rng.sample(kernel.cards_of(game.hand.holding[game.turn]), 3))


def _deal(rules, rng, strong):
    """A random deal, or one that gives seat `strong` the highest cards."""
    cards = sorted(rules.deck, key=lambda c: (c.rank, c.suit), reverse=True)
    size = rules.hand_size
    if strong is None:
        rng.shuffle(cards)
        return [cards[seat::rules.players] for seat in range(rules.players)]
    rest = cards[size:]
    rng.shuffle(rest)
    others = [rest[i::rules.players - 1] for i in range(rules.players - 1)]
    return [*others[:strong], cards[:size], *others[strong:]]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "standard")
def test_playouts_agree_with_the_engine_over_whole_games(players, options):
    """Same seat to play, same legal cards, same tricks taken, same points and scores.

    In one hand of four a seat gets the strongest cards and shoots the moon;
    games go on until one has shown a moon (and, where the option is on, a
    score of exactly 100).
    """
    rules = BlackWidowRules(players=players, **options)
    table = MaskRules.of(rules)
    rng = random.Random(f"{players}{options}")
    wanted = {"moon"} | ({"hundred"} if rules.exact_hundred != "none" else set())
    seen = Counter()
    for _ in range(40):
        greedy = None
        game = BlackWidowGame.new(rules, deal=_deal(rules, rng, greedy))
        while True:
            _pass_at_random(game, rng)
            before = list(game.scores)
            playout = play_out(table, Position.opening(table, list(game.hand.holding)), rng,
                               policy=_engine_policy(game, rng, greedy))
            assert playout.plays == [1 << card.index for card in game.hand.plays]
            assert playout.taken == game.hand.taken
            points = playout.points(table)
            assert points == game.hand.points()
            shooter = kernel.shooter(playout.taken)
            assert shooter == game.hand.shooter()
            moon = rules.moon
            if game.phase == "moon":
                moon = rng.choice(("self", "others"))
                game.choose_moon(moon)
            assert kernel.scores_after(points, shooter, moon, before,
                                       rules.exact_hundred) == game.scores
            seen["moon"] += shooter is not None
            seen["hundred"] += 100 in kernel.scores_after(points, shooter, moon, before, "none")
            if game.over:
                break
            greedy = rng.choice([None, None, None, rng.randrange(players)])
            game.start_hand(_deal(rules, rng, greedy))
        if wanted <= set(+seen):
            break
    assert wanted <= set(+seen)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_position_seen_from_a_seat_is_the_engines_state(players):
    """Given the true deal, a seat's view rebuilds the engine's hands, tricks and hearts."""
    rules = BlackWidowRules(players=players, queen_breaks_hearts=True)
    rng = random.Random(players)
    for seed in range(10):
        game = BlackWidowGame.new(rules, seed)
        _pass_at_random(game, rng)
        for _ in range(rng.randrange(len(rules.deck))):
            game.play(rng.choice(game.legal_cards()))
        me = game.turn
        deal = {card: seat for seat, bits in enumerate(game.hand.holding) if seat != me
                for card in kernel.cards_of(bits)}
        position = Position.from_view(seat_view(game, me), deal)
        hand = game.hand
        assert position.hands == hand.holding
        assert position.taken == hand.taken
        assert position.hearts_broken == hand.hearts_broken
        assert position.first_trick == (len(hand.plays) < players)
        assert [1 << card.index for _, card in hand.trick()] == position.trick
        assert (position.leader + len(position.trick)) % players == me


def test_play_out_leaves_the_position_unchanged():
    table = MaskRules.of(BlackWidowRules())
    game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), 5)
    position = Position.opening(table, list(game.hand.holding))
    copy = Position(list(position.hands), position.leader, [], [0] * 4, False, True)
    play_out(table, position, random.Random(1))
    assert position == copy


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_hands_score_26_per_hand(players):
    """Every hand deals out all 26 points; a moon gives 26 to each of the others."""
    table = MaskRules.of(BlackWidowRules(players=players))
    rng = random.Random(players)
    totals = Counter(sum(random_hand(table, rng)) for _ in range(300))
    assert set(totals) <= {26, 26 * (players - 1)}
    assert totals[26] > 0


def test_random_hands_count_the_jack_of_diamonds_and_the_moon_option():
    rng = random.Random(3)
    jack = MaskRules.of(BlackWidowRules(jack_of_diamonds=True, moon="self"))
    totals = Counter(sum(random_hand(jack, rng)) for _ in range(300))
    # 26 points and the Jack's -10 in every hand; a shooter would score 52 less.
    assert set(totals) <= {16, -36} and totals[16] > 0



@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("offset", [1, -1, 2])
def test_random_deals_share_out_the_deck_and_pass_three_cards(players, offset):
    """The same shuffle with and without passing: each seat gave 3 cards the passing way."""
    rules = BlackWidowRules(players=players)
    table = MaskRules.of(rules)
    for seed in range(20):
        held = random_deal(table, random.Random(seed), pass_offset=0)
        hands = random_deal(table, random.Random(seed), pass_offset=offset)
        assert sum(hands) == kernel.mask(rules.deck)            # a partition of the deck
        for seat in range(players):
            assert hands[seat].bit_count() == rules.hand_size
            passed = held[seat] & ~hands[seat]
            assert passed.bit_count() == 3
            assert hands[(seat + offset) % players] & passed == passed


def _ducking_policy(table, position, leads, first=0):
    """The rollout policy as a policy function, plainly: the specification `play_ducking`
    writes into its loop, `first` (if given) played first. It follows the hand from
    `position` to know each seat's cards and the cards played."""
    last = table.players - 1
    jack = kernel.JACK_BIT if table.jack_of_diamonds else 0
    hands = list(position.hands)
    gone = [sum(position.taken) | sum(position.trick)]
    pending = [first] if first else []

    def lead(seat, legal):
        low = legal & ~kernel.HEARTS or legal
        suits = []
        for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES):
            cards = kernel.cards_of(low & kernel.SUIT_MASKS[suit])
            queen_out = not gone[0] & kernel.QUEEN_BIT
            if cards and not (suit is Suit.SPADES and queen_out and (
                    hands[seat] & kernel.QUEEN_BIT or cards[0].rank > Rank.QUEEN)):
                suits.append(cards[0])
        if low & ~kernel.HEARTS and suits:
            trick_number = gone[0].bit_count() // table.players
            return 1 << suits[int(leads[trick_number] * len(suits))].index
        return low & -low

    def choose(seat, legal, trick):
        if not trick:
            return lead(seat, legal)
        led = kernel.SUIT_MASKS[(trick[0].bit_length() - 1) // 13]
        top = 1 << (legal.bit_length() - 1)
        if legal & led:
            cards = sum(trick)
            if len(trick) == last and cards & jack and not cards & kernel.POINTS:
                return top
            under = legal & ((1 << ((cards & led).bit_length() - 1)) - 1)
            if under:
                return 1 << (under.bit_length() - 1)
            return top if len(trick) == last else legal & -legal
        if legal & kernel.QUEEN_BIT:
            return kernel.QUEEN_BIT
        worst = legal & kernel.HEARTS or legal & ~jack or legal
        return 1 << (worst.bit_length() - 1)

    def play(seat, legal, trick):
        card = pending.pop() if pending else choose(seat, legal, trick)
        hands[seat] ^= card
        gone[0] |= card
        return card
    return play


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "standard")
def test_the_ducking_playout_plays_as_its_policy_says(players, options):
    """From the start and from the middle of hands, with and without a first card given,
    `play_ducking` plays every card the policy chooses and ends with the same tricks."""
    rules = BlackWidowRules(players=players, **options)
    table = MaskRules.of(rules)
    rng = random.Random(f"duck{players}{options}")
    for _ in range(30):
        game = BlackWidowGame.new(rules, deal=_deal(rules, rng, rng.choice([None, 0])))
        _pass_at_random(game, rng)
        for _ in range(rng.randrange(len(rules.deck) - 1)):
            game.play(rng.choice(game.legal_cards()))
        me = game.turn
        deal = {card: seat for seat, bits in enumerate(game.hand.holding) if seat != me
                for card in kernel.cards_of(bits)}
        position = Position.from_view(seat_view(game, me), deal)
        first = 1 << rng.choice(game.legal_cards()).index if rng.random() < 0.5 else 0
        leads = lead_draws(rng, table)
        policy = _ducking_policy(table, position, leads, first)
        expected = play_out(table, position, rng, policy=policy)
        assert play_ducking(table, position, leads, first) == expected
