"""The Black Widow table widget, driven through its Python API as a learner's clicks would."""

import asyncio
import base64
import concurrent.futures
import json
import re
from datetime import UTC, datetime
from html import unescape

import pytest

from cardlab.blackwidow import kernel
from cardlab.blackwidow.actions import Play
from cardlab.blackwidow.game import BlackWidowGame, Phase
from cardlab.blackwidow.graph import blackwidow_graph
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.blackwidow.widgets import play as module
from cardlab.blackwidow.widgets.play import LEARNER, BlackWidowWidget
from cardlab.cards import Card, parse_cards
from cardlab.i18n import catalogue

from helpers.blackwidow import NEAR, legal, play_until

HOLD = BlackWidowRules(pass_cycle=("hold",))
EPOCH = datetime.fromtimestamp(0, UTC)


def dealt(rules=HOLD, seed=3, **options):
    widget = BlackWidowWidget(rules, seed=seed, **options)
    widget.start_bar.click("deal")
    return widget


def test_the_setup_comes_first_and_a_bad_option_is_explained():
    widget = BlackWidowWidget()
    assert widget.table is None and widget.board.layout.display == "none"
    widget.setup.players.value = 3
    widget.setup.pass_cycle.value = "left, across"
    widget.start_bar.click("deal")
    assert widget.table is None
    assert "across" in widget.status
    widget.setup.pass_cycle.value = "left, right, hold"
    widget.start_bar.click("deal")
    assert widget.game.rules.players == 3 and len(widget.hand.cards) == 17


def test_passing_selects_three_cards_and_marks_those_received():
    widget = dealt(BlackWidowRules(), seed=4)
    assert widget.decision.kind == "pass"
    # A card pressed to pass switches on and off (a quick second press counts in the
    # browser); the pass itself, and a card played later, are decisions.
    assert not widget.hand.decisions and widget.actions.spec("pass").decides
    assert "pass to Seat 1 (Beginner): 0 of 3 chosen." in widget.status
    assert ") (" not in widget.status
    first = widget.hand.codes[:4]
    for code in first[:2]:
        widget.hand.click(code)
    assert widget.actions.spec("pass").disabled
    widget.actions._message(widget.actions, {"click": "pass"}, [])   # forged by the browser
    assert len(widget.hand.codes) == 13 and "2 of 3 chosen" in widget.status
    widget.hand.click(first[2])
    assert not widget.actions.spec("pass").disabled
    widget.hand.click(first[3])
    assert "already chosen three" in widget.status or "chosen three" in widget.status
    assert [c["pressed"] for c in widget.hand.cards[:4]] == [True, True, True, False]
    assert widget.actions.spec("pass").label.startswith("Pass")
    widget.actions.click("pass")
    codes = widget.hand.codes
    assert len(codes) == 13 and not set(first[:3]) & set(codes)
    received = {c["code"] for c in widget.hand.cards if c["received"]}
    assert received == {card.code for card in widget.game.hand.passes[3]}
    assert widget.decision.kind == "play" and widget.hand.decisions


def test_a_refused_card_says_why_and_changes_nothing():
    widget = dealt()
    play_until(widget, lambda w: w.decision is not None and len(legal(w)) < len(w.hand.cards)
               and w.decision.kind == "play")
    refused = next(c["code"] for c in widget.hand.cards if c["disabled"])
    before = (list(widget.game.hand.plays), widget.hand.codes)
    widget.hand.click(refused)
    assert widget.status.startswith("You cannot play the ")
    assert any(why in widget.status for why in (
        "must be followed", "first trick", "not broken", "opens with"))
    assert (list(widget.game.hand.plays), widget.hand.codes) == before


def test_a_whole_hand_ends_on_the_score_sheet_and_the_next_hand_follows():
    widget = dealt()
    assert "No hand finished yet" in widget.scores.value
    play_until(widget, lambda w: w.game.phase is Phase.SCORED)
    assert widget.hand.cards == []
    assert "Hand 1 is over" in widget.status
    assert "<th scope=\"row\">Hand 1" in widget.scores.value
    assert widget.chart.value.startswith("<svg role=\"img\"")
    widget.actions.click("next")
    assert len(widget.game.hands) == 2 and len(widget.hand.cards) == 13


def test_undo_takes_back_the_learners_card_in_practice_mode_only():
    widget = dealt()
    play_until(widget, lambda w: w.decision is not None and w.decision.kind == "play")
    hand, plays = widget.hand.codes, len(widget.game.hand.plays)
    widget.hand.click(legal(widget)[0])
    assert len(widget.hand.codes) == len(hand) - 1
    widget.actions.click("undo")
    assert widget.hand.codes == hand and len(widget.game.hand.plays) == plays
    assert widget.status.startswith("Taken back")
    strict = BlackWidowWidget(HOLD, seed=3)
    strict.setup.mode.value = "game"
    strict.start_bar.click("deal")
    assert {b["id"] for b in strict.actions.buttons}.isdisjoint({"hint", "undo"})


def test_the_hint_plays_nothing_and_names_a_legal_card():
    widget = dealt()
    play_until(widget, lambda w: w.decision is not None and w.decision.kind == "play")
    plays = len(widget.game.hand.plays)
    widget.actions.click("hint")
    assert widget.status.startswith("Hint: play the ")
    names = [card["name"] for card in widget.hand.cards if not card["disabled"]]
    assert any(f"play the {name}." in widget.status for name in names)
    assert len(widget.game.hand.plays) == plays


def test_the_learner_who_shoots_the_moon_chooses_how_it_scores():
    top = parse_cards("AS KS QS AC KC QC JC TC AD KD QD JD TD")
    rest = [card for card in HOLD.deck if card not in top]
    rules = BlackWidowRules(pass_cycle=("hold",), moon="choose")
    game = BlackWidowGame.new(rules, deal=[top, rest[0::3], rest[1::3], rest[2::3]])
    widget = BlackWidowWidget(rules, seed=1)
    widget.start(game, ["heuristic"] * 3)
    play_until(widget, lambda w: w.decision is not None and w.decision.kind == "moon")
    assert widget.status.endswith("You shot the moon! Choose how to score it.")
    labels = {b["id"]: b["label"] for b in widget.actions.buttons}
    assert "mine: -26" in labels["moon_self"] and "mine: 0" in labels["moon_others"]
    widget.press("2C")          # a forged click: the hand is empty
    assert "first choose" in widget.status
    widget.actions.click("moon_self")
    assert widget.game.scores == [-26, 0, 0, 0]


def test_the_game_ends_by_the_rules_and_a_new_game_can_be_set_up():
    widget = dealt(BlackWidowRules(pass_cycle=("hold",), end_above=20), seed=8)
    play_until(widget, lambda w: w.game.over)
    assert "Game over" in widget.status
    assert "cardlab-bw-winners" in widget.scores.value
    assert widget.decision is None and all(c["disabled"] for c in widget.hand.cards)
    widget.views.click("new")
    assert widget.opening.layout.display == ""
    widget.start_bar.click("deal")
    assert widget.game.results == []


def test_the_finished_game_replays_in_the_stepper_from_seat_0_only():
    widget = dealt(BlackWidowRules(pass_cycle=("hold",), end_above=20), seed=8)
    widget.views.click("replay")
    assert widget.replay.children == () and "once the game is over" in widget.status
    play_until(widget, lambda w: w.game.over)
    widget.views.click("replay")
    (stepper,) = widget.replay.children
    assert [value for _, value in stepper.perspective.options] == [LEARNER]
    stepper.go(stepper.count)
    assert "Game over" in stepper.story.value
    widget.views.click("new")
    widget.start_bar.click("deal")
    assert widget.replay.children == ()


def test_german_throughout():
    widget = dealt(lang="de")
    assert widget.hand.label == "Deine Hand"
    assert all(card["name"] == Card.parse(card["code"]).name("de") for card in widget.hand.cards)
    assert widget.status.startswith("Du bist dran") or "ist am Zug" in widget.status
    assert "Punkteblatt" in widget.scores.value and "Platz 1" in widget.picture.value


def test_saving_waits_for_the_end_of_the_hand_and_a_saved_game_loads():
    widget = dealt()
    widget.views.click("save")
    assert widget.download.value == "" and "between hands" in widget.status
    play_until(widget, lambda w: w.game.phase is Phase.SCORED)
    widget.views.click("save")
    link = widget.download.value
    data = base64.b64decode(link.split("base64,")[1].split('"')[0])
    assert json.loads(data)["format"] == "cardlab/1"
    other = dealt(seed=11)
    other.load.value = ({"name": "blackwidow.json", "type": "application/json",
                         "size": len(data), "content": memoryview(data),
                         "last_modified": EPOCH},)
    assert other.game.results == widget.game.results
    assert "Game loaded" in other.status
    other.load.value = ({"name": "x.json", "type": "", "size": 3, "content": memoryview(b"{x"),
                         "last_modified": EPOCH},)
    assert "x.json: not valid JSON at line 1" in other.status


@pytest.mark.parametrize("pace", ["animated", "slow", "slower"])
def test_timed_paces_move_the_bots_one_by_one_without_blocking(monkeypatch, pace):
    monkeypatch.setitem(module.DELAYS, pace, 0)

    async def scenario():
        widget = dealt(BlackWidowRules(), pace=pace)
        moves = []
        while widget.table.bot_to_move:
            moves.append(len(widget.table.moves))
            await asyncio.sleep(0)
        return widget, moves

    # A loop of its own, in a thread: the browser tests' Playwright keeps one running here.
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        widget, moves = thread.submit(asyncio.run, scenario()).result()
    assert moves[0] == 0 and len(set(moves)) > 2     # one bot move at a time, in between
    assert widget.decision is not None


# -- hidden information -------------------------------------------------------------

def states(widget):
    """Every synced state of the widget and all its children."""
    found = []

    def walk(node):
        found.append(node.get_state())
        for child in getattr(node, "children", ()):
            walk(child)

    walk(widget)
    return json.dumps(found, ensure_ascii=False)


def hidden_cards(widget):
    """Cards other seats still hold that the learner cannot know of (not those it passed)."""
    hand = widget.game.hand
    mine = set(hand.passes[LEARNER] or ())
    return [card for seat, bits in enumerate(hand.holding) if seat != LEARNER
            for card in kernel.cards_of(bits) if card not in mine]


def assert_nothing_hidden_leaks(widget):
    text = states(widget)
    # The log's earlier hands name their cards, which this hand dealt anew.
    for earlier in widget.events_list.sections[:-1]:
        text = text.replace(json.dumps(earlier.value, ensure_ascii=False)[1:-1], "")
    # Set-up options ("The Queen of Spades breaks hearts") name cards, not where they are.
    for key, label in catalogue(widget.lang).items():
        if key.startswith("blackwidow.setup."):
            text = text.replace(label, "")
    cards = hidden_cards(widget)
    for card in cards:
        for lang in ("en", "de"):
            assert card.name(lang) not in text, card
        assert f'"code": "{card.code}"' not in text and f'data-card=\\"{card.code}\\"' \
            not in text, card
    return cards


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_synced_state_holds_another_seats_cards(lang):
    widget = dealt(BlackWidowRules(), seed=6, lang=lang)
    widget.views.click("last")
    assert assert_nothing_hidden_leaks(widget)                       # passing
    play_until(widget, lambda w: len(w.game.hand.plays) >= 18)
    widget.actions.click("hint")
    assert assert_nothing_hidden_leaks(widget)                       # mid-hand
    play_until(widget, lambda w: w.game.phase is Phase.SCORED)
    assert_nothing_hidden_leaks(widget)                              # the end
    widget.actions.click("next")
    widget.views.click("teacher")                                    # asks first
    assert_nothing_hidden_leaks(widget)
    widget.confirm.click("show_hands")                               # opened on purpose
    with pytest.raises(AssertionError):
        assert_nothing_hidden_leaks(widget)
    widget.views.click("teacher")
    assert_nothing_hidden_leaks(widget)


def saved(widget):
    """The record the save button offers, as JSON data."""
    widget.views.click("save")
    link = widget.download.value
    return json.loads(base64.b64decode(link.split("base64,")[1].split('"')[0]))


def upload(data):
    content = json.dumps(data).encode()
    return ({"name": "blackwidow.json", "type": "application/json", "size": len(content),
             "content": memoryview(content), "last_modified": EPOCH},)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_teachers_view_asks_first_and_the_saved_game_says_it_was_used(lang):
    widget = dealt(lang=lang)
    play_until(widget, lambda w: w.game.phase is Phase.SCORED)
    unhelped = {"mode": "practice", "hints": 0, "take_backs": 0}
    assert saved(widget)["practice"] == unhelped
    widget.views.click("teacher")
    question = widget.confirm.status
    assert question == catalogue(lang)["blackwidow.table.teacher_question"]
    assert [(b["id"], b["label"]) for b in widget.confirm.buttons] == [
        ("show_hands", catalogue(lang)["blackwidow.table.teacher_confirm"]),
        ("cancel", catalogue(lang)["blackwidow.table.teacher_cancel"])]
    assert widget.confirm.label and widget.confirm.layout.display != "none"
    assert widget.teacher.value == "" and not widget.views.spec("teacher").pressed
    widget.confirm.click("cancel")                      # changed their mind
    assert widget.confirm.buttons == [] and widget.confirm.layout.display == "none"
    widget.confirm.click("show_hands")                  # a late or forged click: nothing
    assert widget.teacher.value == "" and saved(widget)["practice"] == unhelped
    widget.views.click("teacher")
    widget.confirm.click("show_hands")
    assert "<svg" in widget.teacher.value and widget.views.spec("teacher").pressed
    widget.views.click("teacher")                       # closing needs no question
    assert widget.teacher.value == "" and widget.confirm.buttons == []
    record = saved(widget)
    used = {**unhelped, "teacher_view": True, "teacher_views": 1}
    assert record["practice"] == used
    other = dealt(seed=11, lang=lang)
    other.load.value = upload(record)                   # continued elsewhere: still said
    assert other.teacher_view is False and saved(other)["practice"] == used
    other.views.click("new")
    other.start_bar.click("deal")                       # a new game starts clean
    play_until(other, lambda w: w.game.phase is Phase.SCORED)
    assert saved(other)["practice"] == unhelped


def test_no_bot_reason_reaches_the_page():
    widget = dealt(seed=2)
    play_until(widget, lambda w: w.game.phase is Phase.SCORED)
    text = states(widget)
    reasons = {move.reason.text("en") for move in widget.table.moves
               if move.reason is not None and move.seat != LEARNER}
    assert reasons and not any(reason in text for reason in reasons)


def test_the_counting_panel_shows_only_what_seat_0_can_count():
    widget = dealt(seed=6)
    play_until(widget, lambda w: len(w.game.hand.plays) >= 10)
    widget.views.click("counting")
    assert "Ways the unseen cards can lie" in widget.counting.value
    assert "<svg" in widget.counting.value
    widget.views.click("counting")
    assert widget.counting.value == ""


#: A card by its code (QS, 10H) or its corner (Q♠, German D♠), inside a sentence.
CARD_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b|(?:10|[2-9JQKAB])[♠♥♦♣]")
#: What a counting panel's sentences must not call the learner: a seat number, "I", "me".
NOT_YOU = re.compile(r"\b(?:seat 0|platz 0|me|my|ich|mir|meiner)\b|\bI\b", re.IGNORECASE)


def sentences(html_text):
    """The sentences a screen reader or tooltip reads out of a panel: paragraphs, titles and
    descriptions (not the corner labels drawn on the card pictures)."""
    return [unescape(re.sub(r"<[^>]+>", "", text)) for _, text in re.findall(
        r"<(p|title|desc)\b[^>]*>(.*?)</\1>", html_text, re.DOTALL)]


@pytest.mark.parametrize(("lang", "heading"), [
    ("en", "What you can count after "), ("de", "Was du nach ")])
def test_the_counting_panel_speaks_to_the_learner_and_names_cards_in_full(lang, heading):
    widget = dealt(BlackWidowRules(), seed=6, lang=lang)
    play_until(widget, lambda w: len(w.game.hand.plays) >= 20)
    widget.views.click("counting")
    said = sentences(widget.counting.value)
    assert said[0].startswith(heading), said[0]
    assert any(widget.name(1) in line for line in said)       # "Seat 1 (Beginner)"
    you = catalogue(lang)["graph.you"]
    assert any(line.startswith(f"{you} – ") for line in said)  # the learner's own edges
    for line in said:
        assert not CARD_CODE.search(line), line
        assert not NOT_YOU.search(line), line


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_replay_of_the_learners_game_calls_them_you(lang):
    widget = dealt(BlackWidowRules(pass_cycle=("hold",), end_above=20), seed=8, lang=lang)
    play_until(widget, lambda w: w.game.over)
    widget.views.click("replay")
    (stepper,) = widget.replay.children
    you = catalogue(lang)["stepper.you"]
    assert stepper.perspective.options == ((you, LEARNER),)
    said = []
    for after in range(1, stepper.count + 1, 5):
        stepper.go(after)
        said += sentences(stepper.story.value) + sentences(stepper.picture.value)
        said += [unescape(text) for text in re.findall(r"<li>(.*?)</li>", stepper.story.value)]
    assert any(("You played the " in line) or ("Du spielst " in line) for line in said)
    for line in said:
        assert not CARD_CODE.search(line), line
        assert not NOT_YOU.search(line), line


def test_the_german_counting_reasons_name_cards_with_article_and_case():
    widget = dealt(BlackWidowRules(), seed=6, lang="de")
    play_until(widget, lambda w: len(w.game.hand.plays) >= 20)
    knowledge = BlackWidowKnowledge.from_view(seat_view(widget.game, LEARNER))
    graph = blackwidow_graph(knowledge, "de", widget.name)
    reasons = {data["why"] for _, _, data in graph.edges(data=True) if data.get("why")}
    card = r"(?:Kreuz|Pik|Herz|Karo)-\w+"
    bare = [why for why in reasons
            if re.search(rf"(?<!\b(?i:der|die|das|den|dem) ){card}", why)]
    assert not bare, bare[:3]
    assert any(re.search(rf"hat den {card} als \d+\. Karte gespielt", why) for why in reasons)
    assert "Der Pik-Bube ist in deiner Hand." in reasons


# -- the table as a learner reads it --------------------------------------------------

def test_a_refusal_or_a_hint_shows_beside_the_prompt_not_instead_of_it():
    widget = dealt()
    play_until(widget, lambda w: w.decision is not None and len(legal(w)) < len(w.hand.cards)
               and w.decision.kind == "play")
    prompt = widget.prompt
    assert prompt.startswith("Your turn") or "Your turn" in prompt
    widget.hand.click(next(c["code"] for c in widget.hand.cards if c["disabled"]))
    assert widget.note.status.startswith("You cannot play the ")
    assert widget.prompt == prompt                 # still says what to do
    widget.actions.click("hint")
    assert widget.note.status.startswith("Hint: play the ") and widget.prompt == prompt
    widget.hand.click(legal(widget)[0])
    assert widget.note.status == ""                # the next move clears the side message


def test_the_last_trick_stays_on_the_table_until_the_learners_next_card():
    widget = dealt()          # instant pace: the bots finish the trick at once
    play_until(widget, lambda w: w.decision is not None and w.decision.kind == "play"
               and len(w.game.hand.plays) >= 4)
    view = widget.view
    assert view.last_trick_fresh and not widget.views.spec("last").pressed
    winner = widget.name(view.last_trick_winner)
    assert f"taken by {winner}" in widget.last_trick.value
    for _, card in view.last_trick:
        assert card.name() in widget.last_trick.value
    widget.hand.click(legal(widget)[0])
    if widget.view.last_trick_fresh:     # the bots completed the learner's trick: it shows
        assert widget.view.last_trick != view.last_trick
        assert "taken by" in widget.last_trick.value
    else:
        assert widget.last_trick.value == ""


def test_the_log_keeps_the_current_hand_open_and_earlier_hands_collapsed():
    widget = dealt(seed=5)
    play_until(widget, lambda w: w.game.phase is Phase.SCORED)
    widget.actions.click("next")
    play_until(widget, lambda w: w.decision is not None and w.decision.kind == "play"
               and len(w.game.hand.plays) >= 8)
    first, current = widget.events_list.sections
    assert first.value.startswith('<details class="cardlab-log-section"><summary>Hand 1 is over')
    assert "open" not in first.value.split(">")[0]
    assert current.value.startswith('<div role="group"')
    assert 'aria-label="Hand 2"' in current.value
    assert "Hand 1 is over" not in current.value
    # Only the lines since the learner's last card are marked new, all of this hand.
    new = current.value.count('class="cardlab-new"')
    assert 0 < new <= len(widget.table.events) - widget._seen


def test_the_bots_pace_slows_down_in_both_languages():
    for lang in ("en", "de"):
        widget = BlackWidowWidget(lang=lang)
        labels = dict((value, label) for label, value in widget.pace.options)
        assert list(labels) == ["instant", "animated", "slow", "slower", "step"]
        assert len(set(labels.values())) == 5
        assert module.DELAYS["animated"] < module.DELAYS["slow"] < module.DELAYS["slower"]


def test_hearts_broken_is_said_above_the_table_not_on_a_seats_label():
    widget = dealt()
    play_until(widget, lambda w: w.view.hearts_broken and w.decision is not None)
    badge, svg = widget.picture.value.split("<svg", 1)
    assert badge == '<p class="cardlab-bw-broken">♥ Hearts are broken</p>'
    assert "Hearts are broken" not in svg           # nothing drawn over the seats' labels


@pytest.mark.parametrize(("lang", "names"), [
    ("en", ["Seat 1 (Beginner)", "Seat 2 (Random)", "Seat 3 (Standard)"]),
    ("de", ["Platz 1 (Anfänger)", "Platz 2 (Zufall)", "Platz 3 (Standard)"])])
def test_the_bots_are_named_in_the_learners_language_never_by_their_code(lang, names):
    widget = BlackWidowWidget(HOLD, ("lowest", "random", "heuristic"), seed=3, lang=lang)
    offered = list(widget.setup.bots[0]._options_labels)    # what the drop-down shows
    given = widget.setup.level.note.value                  # the line-up as set
    widget.start_bar.click("deal")
    play_until(widget, lambda w: w.game.phase is Phase.SCORED)
    shown = widget.picture.value + widget.scores.value + widget.end.summary.value + given
    assert all(name in widget.picture.value and name in widget.scores.value for name in names)
    assert all(code not in shown + " ".join(offered)
               for code in ("lowest", "random", "heuristic", "montecarlo"))
    assert names[1].split("(")[1].rstrip(")") in offered


def test_a_shared_practice_win_is_told_as_shared_and_helped_and_the_log_names_the_seats():
    # NEAR, one seat on: the seat left of the learner takes 25 points, the learner and
    # seat 1 none, so both share the win once the hand ends the game.
    order = [parse_cards(cards) for cards in NEAR[1:] + NEAR[:1]]
    rules = BlackWidowRules(pass_cycle=("hold",), end_above=20)
    game = BlackWidowGame.new(rules, deal=[sorted(cards) for cards in order])
    while len(game.hand.plays) < 48 or game.turn != LEARNER:     # up to its last card
        legal_now = set(game.legal_cards())
        game.apply(Play(game.turn, next(c for c in order[game.turn] if c in legal_now)))
    widget = BlackWidowWidget(rules, seed=1)
    widget.start(game, ["heuristic"] * 3)
    widget.actions.click("hint")
    widget.hand.click(widget.hand.codes[0])
    assert widget.game.over and list(widget.view.winners) == [0, 1]
    helped = "You shared the win with help (1 hint, 0 take backs)"
    assert helped in widget.status and helped in widget.end.summary.value
    assert "You win" not in widget.status + widget.end.summary.value
    log = unescape(widget.events_list.sections[-1].value)
    assert f"Game over. {helped}" in log and "share the win." not in log
    seats = [widget.name(seat) for seat in range(4)]
    assert f"Points this hand: You 0, {seats[1]} 0, {seats[2]} 1, {seats[3]} 25." in log
