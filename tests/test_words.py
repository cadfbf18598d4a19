"""Words a learner reads: hints speak to the learner ("you", cards by their full names,
units explained, never a card code or a bot's word such as 'self'), and counts agree with
their nouns (1 event, 2 events)."""

from __future__ import annotations

import json
import re

import pytest

from cardlab.advice import advice
from cardlab.blackwidow.bots import make_bot
from cardlab.blackwidow.game import BlackWidowGame, Phase
from cardlab.blackwidow.match import play_game
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.blackwidow.widgets.play import LEARNER, BlackWidowWidget
from cardlab.blackwidow.widgets.stepper import BlackWidowStory
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.render.worlds import worlds_svg
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.widgets.play import FiveSonsWidget
from cardlab.fivesons.widgets.stepper import FiveSonsStory
from cardlab.fivesons.worlds import PossibleWorlds, tiny_game
from cardlab.games import Leveled, game
from cardlab.i18n import Text
from cardlab.review import POINTS, Estimate, Moment, Option, Review
from cardlab.widgets.review import summary

#: A card as a code (QS, 10H, TH) or as its corner shows it (Q♠).
CODE = re.compile(r"\b(10|[2-9TJQKA])[CDHS]\b|[♠♥♦♣]")
LANGS = ("en", "de")


def reasons(name: str, bot: str, seed: int, moves: int) -> list[Text]:
    """The reasons `bot` gives for the first `moves` moves of a seeded game it plays alone."""
    entry = game(name)
    played = entry.new_game(entry.read_rules({}), seed)
    seats = [entry.bot_seat(bot, seed + seat) for seat in range(4)]
    said = []
    for _ in range(moves):
        if played.over or not played.decisions:
            break
        decision = played.decisions[0]
        action, why = seats[decision.seat].decide(played, decision)
        said.append(why)
        played.apply(action)
    return said


def check(hint: str) -> None:
    assert not CODE.search(hint), hint
    assert "self" not in hint and "'" not in hint, hint


@pytest.mark.parametrize("name", ["fivesons", "blackwidow"])
def test_every_levels_reasons_read_as_a_hint_without_codes(name):
    entry = game(name)
    assert isinstance(entry, Leveled)
    keys = set()
    for level, bot in entry.levels.items():
        said = [why for seed in (1, 2) for why in reasons(name, bot, seed, 40)]
        assert said, level
        for why in said:
            keys.add(why.key)
            for lang in LANGS:
                check(advice(why).text(lang))
    assert len(keys) >= 5, keys       # several kinds of reason, not one repeated


@pytest.mark.parametrize("choice", ["self", "others"])
def test_the_moon_choice_is_said_in_words(choice):
    view = seat_view(BlackWidowGame.new(BlackWidowRules(), seed=1), 0)
    scores = {"self": [0, 26, 26, 26], "others": [0, 52, 52, 52]}
    if choice == "self":
        scores = {"self": [0, 26, 26, 26], "others": [95, 99, 40, 52]}
    picked, why = make_bot("heuristic").choose_moon(view, scores)
    assert picked == choice
    for lang in LANGS:
        check(advice(why).text(lang))
    assert "26" in advice(why).text("de")


def test_a_bits_figure_is_written_as_the_language_writes_it_and_explained():
    widget = FiveSonsWidget(FiveSonsRules(players=3), ["random", "random"], seed=3,
                            practice=True, lang="de")
    widget.controls.click("hint")
    hint = widget.advice.value
    check(hint)
    assert re.search(r"\d,\d\d Bit ", hint) and "Lektion 6" in hint, hint
    english = FiveSonsWidget(FiveSonsRules(players=3), ["random", "random"], seed=3,
                             practice=True)
    english.controls.click("hint")
    assert re.search(r"\d\.\d\d bits ", english.advice.value)
    assert "lesson 6" in english.advice.value and "infogain" not in english.advice.value


def hinted_pass(lang: str) -> BlackWidowWidget:
    """A Black Widow practice table just dealt, its learner given a hint for the pass."""
    widget = BlackWidowWidget(BlackWidowRules(), ("random",) * 3, seed=2, lang=lang)
    widget.setup.mode.value = "practice"
    widget.start_bar.click("deal")
    widget.actions.click("hint")
    return widget


@pytest.mark.parametrize("lang", LANGS)
def test_a_black_widow_hint_names_the_cards(lang):
    widget = hinted_pass(lang)
    said = widget.status
    assert said.startswith({"en": "Hint: pass the ", "de": "Tipp: gib "}[lang]), said
    check(said)


@pytest.mark.parametrize(("events", "en", "de"), [
    (1, "After 1 of 1 event", "Nach 1 von 1 Ereignis"),
    (2, "After 2 of 2 events", "Nach 2 von 2 Ereignissen")])
def test_the_five_sons_stepper_counts_events(events, en, de):
    played = FiveSonsGame.deal(FiveSonsRules(players=3), 5)
    seats = [game("fivesons").bot_seat("logician", seat) for seat in range(3)]
    while len(played.events) < events:
        decision = played.decisions[0]
        played.apply(seats[decision.seat].decide(played, decision)[0])
    logs = {seat: played.observation_log(seat) for seat in range(3)}
    assert FiveSonsStory(logs, "en").status(events) == en
    assert FiveSonsStory(logs, "de").status(events) == de


@pytest.mark.parametrize(("tricks", "en", "de"), [
    (1, "1 trick done", "1 Stich gespielt"), (2, "2 tricks done", "2 Stiche gespielt")])
def test_the_black_widow_stepper_counts_tricks(tricks, en, de):
    played = play_game(BlackWidowRules(), ["heuristic"] * 4, seed=3, hands=1)
    for lang, said in (("en", en), ("de", de)):
        story = BlackWidowStory.from_game(played, lang)
        step = next(k for k, s in enumerate(story.steps) if s.tricks == tricks)
        assert story.status(step).endswith(said), story.status(step)


@pytest.mark.parametrize("lang", LANGS)
def test_one_world_is_one_world(lang):
    played = tiny_game()
    seats = [game("fivesons").bot_seat("logician", seat) for seat in range(played.players)]
    while len(played.events) < 2:                   # after two questions seat 0 is sure
        decision = played.decisions[0]
        played.apply(seats[decision.seat].decide(played, decision)[0])
    said = {len(model.indistinguishable(seat)): worlds_svg(model, lang, seat)
            for model in (PossibleWorlds.from_game(played, after) for after in (0, 2))
            for seat in range(model.rules.players)}
    assert 1 in said and max(said) > 1          # a seat sure of the world, and one unsure
    assert {"en": "cannot tell 1 world from", "de": "kann 1 Welt nicht"}[lang] in said[1]
    assert {"en": f"cannot tell {max(said)} worlds from",
            "de": f"kann {max(said)} Welten nicht"}[lang] in said[max(said)]


#: The learner's seat by its number, in either language.
SEAT_0 = re.compile(r"\b(Seat|seat|Platz) 0\b")
YOU = {"en": ("You played the ", "You passed ", "You"),
       "de": ("Du spielst ", "Du hast Platz ", "Du")}


def shown(widget: BlackWidowWidget) -> str:
    """Every string the widget's page holds (its synced states and its children's)."""
    found = []

    def walk(node):
        found.append(json.dumps(node.get_state(), ensure_ascii=False))
        for child in getattr(node, "children", ()):
            walk(child)

    walk(widget)
    return "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_the_black_widow_learner_is_you_never_seat_0(lang):
    widget = BlackWidowWidget(BlackWidowRules(players=3, end_above=30), ("random",) * 2,
                              seed=1, lang=lang)
    widget.start_bar.click("deal")
    pages = []
    while widget.game.phase is not Phase.OVER:
        decision = widget.decision
        pages.append(shown(widget))
        if decision is None:
            widget.actions.click("next")
        elif decision.kind == "pass":
            widget.actions.click("hint")
            pages.append(shown(widget))
            for code in widget.hand.codes[:3]:
                widget.hand.click(code)
            widget.actions.click("pass")
        elif decision.kind == "moon":
            widget.actions.click("moon_others")
        else:
            widget.hand.click(next(c["code"] for c in widget.hand.cards if not c["disabled"]))
            widget.views.click("last")
            pages.append(shown(widget))
            widget.views.click("last")
    pages.append(shown(widget))
    for page in pages:
        assert not SEAT_0.search(page), SEAT_0.search(page)
    everything = "\n".join(pages)
    played, passed, you = YOU[lang]
    assert played in everything and passed in everything
    log = "".join(section.value for section in widget.events_list.sections)
    assert played in log
    assert f">{you}<" in widget.scores.value and f">{you}<" in widget.end.summary.value
    assert f"<desc>{you}: " in everything                   # the table picture's label
    title = {"en": "Game over", "de": "Spielende"}[lang]
    end = widget.end.title.value + widget.end.summary.value
    assert end.count(title) == 1, end
    assert LEARNER not in widget.view.winners           # seat 1 wins this seed's game
    assert {"en": "Lowest score: ", "de": "Niedrigster Stand: "}[lang] in end


@pytest.mark.parametrize("lang", LANGS)
def test_a_black_widow_pass_hint_says_and_before_the_last_card(lang):
    widget = hinted_pass(lang)
    assert re.search({"en": r", the [\w ]+ and the [\w ]+\. ",
                      "de": r", [\w-]+ und [\w-]+ weiter\. "}[lang], widget.status), \
        widget.status


def moment(verdict: str) -> Moment:
    loss = {"good": 0.0, "inaccuracy": 1.5, "mistake": 4.0}[verdict]
    options = (Option("a", Estimate.exact(loss, 5)), Option("b", Estimate.exact(0.0, 5)))
    return Moment("play", POINTS, options, "a", "a", "b", "b")


@pytest.mark.parametrize(("verdicts", "en", "de"), [
    (("mistake",), "1 decision, 0 inaccuracies, 1 mistake;",
     "1 Entscheidung, 0 Ungenauigkeiten, 1 Fehler;"),
    (("inaccuracy", "mistake", "mistake"), "3 decisions, 1 inaccuracy, 2 mistakes;",
     "3 Entscheidungen, 1 Ungenauigkeit, 2 Fehler;")])
def test_the_review_summary_counts_in_the_right_number(verdicts, en, de):
    review = Review("blackwidow", 0, 1, "points", tuple(map(moment, verdicts)))
    assert en in summary(review, "en") and de in summary(review, "de")
