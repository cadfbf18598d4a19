"""App addresses: every query parameter of the apps, and bad ones refused with a reason."""

import pytest

from cardlab.apps import chosen_game, read_settings
from cardlab.widgets.stepper_app import StepperApp


def texts(settings, lang="en"):
    return [problem.text(lang) for problem in settings.problems]


def test_defaults_without_a_query():
    settings = read_settings("blackwidow", "")
    assert (settings.lang, settings.seed, settings.rules.players) == ("en", None, 4)
    assert settings.bots == ("heuristic",) * 3 and settings.problems == ()


def test_rules_and_players_combine_and_bots_fill_the_other_seats():
    settings = read_settings("blackwidow", 'rules={"moon":"choose"}&players=5'
                                           "&bots=random,heuristic,montecarlo,random")
    assert settings.rules.players == 5 and settings.rules.moon == "choose"
    assert settings.bots == ("random", "heuristic", "montecarlo", "random")


@pytest.mark.parametrize(("query", "reason"), [
    ("rules={", "rules: not valid JSON at line 1, column 2"),
    ("rules=" + "[" * 1500, "rules: nested more than 32 levels deep"),
    ('rules={"colour":1}', "rules: "),
    ("bots=random", "bots: 1 names given, but there are 3 other seats"),
    ("bots=deep-blue,random,random", "bots: 'deep-blue' is not a bot of this game"),
    ("lang=fr", "lang: 'fr' is not a language of cardlab"),
    ("seed=-3", "seed: '-3' is not a whole number"),
    ("seed=" + "9" * 5000, "seed: '"),
    ("colour=red", "The address has 'colour'"),
])
def test_a_bad_parameter_is_explained_and_its_default_used(query, reason):
    settings = read_settings("fivesons", query)
    assert len(settings.problems) == 1 and texts(settings)[0].startswith(reason)
    assert settings.rules.players == 4 and len(settings.bots) == 3
    assert texts(settings, "de")[0] != texts(settings)[0]


def test_a_five_sons_custom_deck_from_the_address():
    settings = read_settings("fivesons", 'players=3&rules={"faces":["JC","QD","KS"],'
                                         '"hearts":["AH","2H","3H","4H"]}')
    assert settings.rules.players == 3 and len(settings.rules.deck) == 7


def test_the_game_parameter_chooses_among_an_apps_games():
    games = ("fivesons", "blackwidow")
    assert chosen_game("game=blackwidow", games) == ("blackwidow", ())
    assert chosen_game("", games) == ("fivesons", ())
    name, problems = chosen_game("game=poker&lang=de", games)
    assert name == "fivesons" and len(problems) == 1
    assert problems[0].text("en") == (
        "game: 'poker' is not a game of this app (fivesons, blackwidow); fivesons is used.")
    assert "poker" in problems[0].text("de") and problems[0].text("de") != problems[0].text("en")
    assert read_settings("blackwidow", "game=blackwidow").problems == ()


def test_the_stepper_app_opens_the_game_the_address_names():
    app = StepperApp.from_query("game=blackwidow&seed=2")
    assert app.game.value == "blackwidow" and app.stepper.story_source.game == "blackwidow"
    assert app.problems.value == ""
    bad = StepperApp.from_query("game=poker&lang=de")
    assert bad.game.value == "fivesons" and "poker" in bad.problems.value
    bad.choose_game("blackwidow")                  # the reason stays on the page
    assert "poker" in bad.problems.value
