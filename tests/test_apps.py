"""App addresses: every query parameter of the apps, and bad ones refused with a reason."""

from urllib.parse import quote

import pytest

from cardlab.apps import chosen_game, read_settings
from cardlab.widgets.stepper_app import StepperApp


def texts(settings, lang="en"):
    return [problem.text(lang) for problem in settings.problems]


def test_defaults_without_a_query():
    settings = read_settings("blackwidow", "")
    assert (settings.lang, settings.seed, settings.rules.players) == ("en", None, 4)
    assert settings.level == "beginner" and settings.problems == ()
    assert settings.bots == ("lowest",) * 3          # the beginner's bot, at every other seat


@pytest.mark.parametrize(("game", "level", "bot"), [
    ("fivesons", "beginner", "checklist"), ("fivesons", "standard", "logician"),
    ("fivesons", "expert", "infogain"), ("blackwidow", "beginner", "lowest"),
    ("blackwidow", "standard", "heuristic"), ("blackwidow", "expert", "montecarlo")])
def test_the_level_sets_every_other_seats_bot(game, level, bot):
    settings = read_settings(game, f"level={level}&players=5")
    assert settings.level == level and settings.bots == (bot,) * 4 and settings.problems == ()


def test_bots_named_seat_by_seat_take_the_place_of_a_level():
    settings = read_settings("fivesons", "level=expert&players=3&bots=random,logician")
    assert settings.bots == ("random", "logician") and settings.level is None


@pytest.mark.parametrize("value", ["Expert", "grandmaster", " ", "x" * 3000, "beginner\n<b>"])
def test_an_unknown_level_is_refused_with_the_levels_and_the_beginner_used(value):
    settings = read_settings("blackwidow", "level=" + quote(value))
    assert settings.level == "beginner" and settings.bots == ("lowest",) * 3
    [problem] = texts(settings)
    assert problem.startswith("level: '") and len(problem) < 250
    assert problem.endswith("is not a level of this game's bots (beginner, standard, expert)")
    assert texts(settings, "de")[0].endswith(
        "ist keine Stufe der Bots dieses Spiels (beginner, standard, expert)")


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
