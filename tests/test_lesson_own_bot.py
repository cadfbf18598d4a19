"""Lesson 11's parts: the learner's bot at the game's table, in a tournament, and the
exercises' checkers."""

from cardlab.lessons.exercises import BLANK
from cardlab.lessons.own_bot import (
    blackwidow_tournament,
    check_bot_card,
    check_line,
    check_upper_end,
    situation,
    watch_blackwidow,
    watch_fivesons,
)
from cardlab.lessons.tournament import intervals


def lowest_card(view, legal):
    return min(legal, key=lambda card: card.rank)


def third_card(view, legal):
    ranked = sorted(legal, key=lambda card: card.rank)
    return ranked[2]


def test_the_tournament_button_plays_the_learners_bot_and_then_shows_its_problems():
    tournament = blackwidow_tournament(third_card, hands=4, seed=2)
    assert tournament.stats is None and tournament.names[0] == "third_card"
    tournament.box.controls.click("play")
    stats = tournament.stats
    assert [len(stats[name].points) for name in tournament.names] == [4, 4, 4, 4]
    assert tournament.bot.problems                   # late in a hand fewer than 3 are legal
    assert "Your bot needed help" in tournament.problems.value
    assert "third_card" in tournament.box.table.value
    assert intervals(stats, tournament.names)["third_card"].hands == 4   # lesson 9's intervals


def test_a_learners_bot_named_like_a_built_in_one_keeps_a_name_of_its_own():
    def random(view, legal):
        return legal[0]

    tournament = blackwidow_tournament(random, hands=1, seed=1)
    assert tournament.names == ["random (yours)", "lowest", "heuristic", "random"]


def test_the_table_widgets_show_the_learners_bot_from_its_seat():
    watch = watch_blackwidow(lowest_card, seed=4, lang="de")
    assert watch.table.game.over and len(watch.table.game.results) == 1
    assert watch.widget.name(0) == "Platz 0 (lowest_card)"
    assert "Keine Probleme" in watch.problems.value

    def first_question(view, legal):
        return legal[0]

    asker = watch_fivesons(first_question, seed=2)
    assert asker.table.game.over and asker.bot.problems == []
    assert asker.widget.seat == 0 and asker.widget.names[0] == "Seat 0 (first_question)"


def test_the_line_exercise_names_the_def_line_as_a_mistake():
    watch = watch_blackwidow(third_card, seed=4)
    problem = watch.bot.problems[0]
    first = third_card.__code__.co_firstlineno
    assert problem.line == first + 2
    assert check_line(str(first + 2), problem, first).correct
    wrong = check_line(str(first), problem, first)
    assert not wrong.correct and "def line" in wrong.mistake[0].text()
    assert check_line(BLANK, problem, first).solution == first + 2


def test_the_card_exercise_takes_what_the_function_returns_as_the_truth():
    view = situation(5)
    highest = max(view.legal(), key=lambda card: card.rank)
    verdict = check_bot_card(BLANK, lambda v, legal: max(legal, key=lambda c: c.rank), view)
    assert verdict.solution == highest.code
    lowest = check_bot_card(highest.code, lowest_card, view)
    assert not lowest.correct and lowest.mistake and lowest.solution != highest.code


def test_the_interval_exercise_waits_for_the_hands_and_names_the_columns_mixed_up():
    assert check_upper_end("7", None, ["a"], "a").solution is BLANK
    tournament = blackwidow_tournament(lowest_card, hands=4, seed=2)
    tournament.play()
    found = intervals(tournament.stats, tournament.names)["lowest_card"]
    shown = {f"{value:.1f}" for value in (found.low, found.mean, found.high)}
    assert len(shown) == 3                                 # three different numbers to mix up
    check = [check_upper_end(f"{value:.1f}", tournament.stats, tournament.names, "lowest_card")
             for value in (found.high, found.mean, found.low)]
    assert [verdict.correct for verdict in check] == [True, False, False]
    assert "mean" in check[1].mistake[0].text() and "lower end" in check[2].mistake[0].text()
    assert f"{found.high:.1f}" in tournament.box.table.value   # the number the table shows
