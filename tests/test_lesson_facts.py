"""Issue 23's facts: each number the lessons state is computed by the engine and said right."""

import math
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from cardlab.blackwidow.match import HandStats
from cardlab.blackwidow.match import tournament as blackwidow_tournament
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cards import parse_cards
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.match import play_game
from cardlab.fivesons.match import tournament as fivesons_tournament
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.worlds import PossibleWorlds
from cardlab.i18n import message
from cardlab.lessons import cards_and_counting, long_runs, playing, questions
from cardlab.lessons import worlds as lesson_worlds
from cardlab.stats import t_quantile

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
HAND = parse_cards("KH JC AH 5H JD")
B, C = parse_cards("QS 3H"), parse_cards("KH 3H")


def source(name: str) -> str:
    return "\n".join(cell.source for cell in nbformat.read(NOTEBOOKS / name, as_version=4).cells)


@pytest.fixture
def log():
    return FiveSonsLog(FiveSonsRules(players=4), 0, HAND, ())


def test_question_c_is_explained_by_its_answers_not_by_seeing_the_card(log):
    chance_c, left_c = questions.nobody_shows(log, *C)
    chance_b, left_b = questions.nobody_shows(log, *B)
    assert chance_c == Fraction(1, 8) and left_c == pytest.approx(math.log2(9))
    assert chance_b == Fraction(1, 72) and left_b == 0
    # The expected information splits into the no-show answer and the shown answers.
    for face, heart in (B, C):
        chance, left = questions.nobody_shows(log, face, heart)
        whole = (float(chance) * (questions.uncertainty(log) - left)
                 + float(1 - chance) * questions.shown_average(log, face, heart))
        assert whole == pytest.approx(questions.information(log, face, heart))
    # The exercise: press the best question. B is told what its answers tell, C is right.
    weaker = questions.check_question({card.code for card in B}, log)
    better = questions.check_question({card.code for card in C}, log)
    assert not weaker.correct and better.correct
    for lang in ("en", "de"):
        full = better.text(lang)
        assert message("lesson.questions.assumption", lang) in full
        assert "12.5%" in full if lang == "en" else "12,5 %" in full
    assert "could be either" not in source("06_good_questions.ipynb")
    assert "either one with equal chance" in message("lesson.questions.assumption")


@pytest.mark.parametrize("hand", ["KH JC AH 5H JD", "KH AH 5H 2H 3H", "JC QC KC JD QD"])
def test_bits_are_the_least_number_of_questions_on_average(hand):
    log = FiveSonsLog(FiveSonsRules(players=4), 0, parse_cards(hand), ())
    n = len(log.rules.faces) - sum(c in log.rules.faces for c in log.hand)
    n *= len(log.rules.hearts) - sum(c in log.rules.hearts for c in log.hand)
    k = n.bit_length() - 1   # the optimal prefix code for n equally likely solutions
    assert questions.questions_needed(log) == k + Fraction(2 * (n - 2 ** k), n)
    bits = questions.uncertainty(log)
    assert bits <= questions.questions_needed(log) < bits + 1
    text = questions.bits_and_questions(log).text()
    assert f"{float(questions.questions_needed(log)):.2f} questions on average" in text


def test_the_uncertainty_chart_names_one_measure_in_its_text_and_axis():
    game = play_game(FiveSonsRules(players=4), ["logician", "random", "infogain", "random"],
                     seed=10)
    for lang in ("en", "de"):
        chart = questions.uncertainty_chart(game, lang)
        axis = chart.figure.axes[0].get_ylabel()
        assert axis == message("lesson.questions.chart_y", lang)
        measure = axis.split(" (")[0]
        assert measure.lower() in chart.description.lower()
    assert "possible deals" not in source("06_good_questions.ipynb")


def test_a_small_tournament_uses_student_t_and_one_value_per_hand():
    assert t_quantile(11) == pytest.approx(2.2010, abs=1e-3)
    assert t_quantile(1) == pytest.approx(12.706, abs=1e-2)
    interval = playing.Interval.of([1.0, 3.0] * 6)
    assert interval.half == pytest.approx(2.2010 * math.sqrt(12 / 11 / 12), abs=1e-3)
    # A bot on two seats: its two results in one hand count once, as their average.
    stats = {"a": HandStats([0, 2, 4, 6]), "b": HandStats([13, 13])}
    assert playing.per_hand(stats, ["a", "b", "a"]) == {"a": [1.0, 5.0], "b": [13.0, 13.0]}


def test_two_bots_are_compared_hand_by_hand():
    # Hands vary a lot, but "a" always takes 1 point fewer than "b" in the same hand: pooled
    # intervals overlap, the per-hand difference does not include zero.
    swings = [0, 10, 3, 12, 5, 9, 1, 11, 4, 8, 2, 7]
    stats = {"a": HandStats(swings), "b": HandStats([p + 1 for p in swings])}
    each = {name: playing.Interval.of(s.points) for name, s in stats.items()}
    assert each["a"].high > each["b"].low          # the intervals overlap
    verdict = playing.check_clearly_better(True, stats, "a", "b", ["a", "b"])
    assert verdict.correct
    lesson = source("09_playing_well.ipynb")
    assert "95 times in 100" not in lesson and "t_quantile(11)" in lesson


@pytest.mark.parametrize("name", ["09_playing_well.ipynb", "de/09_playing_well.ipynb"])
def test_lesson_9_types_in_no_tournament_result(name):
    lesson = source(name)
    assert "3.24" not in lesson and "0.4 to 3.2" not in lesson and "0,4 bis 3,2" not in lesson
    assert "load().blackwidow" in lesson


def test_the_long_runs_are_what_the_engine_plays():
    runs = long_runs.load()
    names, hands, seed = long_runs.BLACKWIDOW
    assert (runs.blackwidow.names, runs.blackwidow.hands, runs.blackwidow.seed) == (
        names, hands, seed)
    replay = blackwidow_tournament(BlackWidowRules(), names, 3, seed=seed)
    for name, stats in replay.items():
        assert runs.blackwidow.stats[name].points[:len(stats.points)] == stats.points
    assert sum(len(s.points) for s in runs.blackwidow.stats.values()) == 4 * hands
    fs_names, players, games, fs_seed = long_runs.FIVESONS
    assert runs.fivesons.games == games
    assert sum(s.games for s in runs.fivesons.stats.values()) == players * games
    first = fivesons_tournament(FiveSonsRules(players=players), fs_names, 2, seed=fs_seed)
    assert sum(s.wins for s in first.values()) <= sum(s.wins for s in runs.fivesons.stats.values())


def test_lesson_1s_typical_mistake_is_explained():
    verdict = cards_and_counting.check_deck_size("24", FiveSonsRules())
    assert "The answer is" not in verdict.text()
    assert "twice" in verdict.coached(1) and "zählst du Karten doppelt" in verdict.coached(1, "de")


def test_one_world_is_one_world():
    jc, qc, ah, h2, h3 = parse_cards("JC QC AH 2H 3H")
    rules = FiveSonsRules(players=3, faces=(jc, qc), hearts=(ah, h2, h3))
    game = FiveSonsGame.start(rules, (jc, ah), [(qc,), (h2,), (h3,)])
    game.ask(0, jc, h2)
    game.ask(1, qc, h3)
    model = PossibleWorlds.from_game(game)
    texts = [lesson_worlds.check_solutions_left("1", model, seat).text(lang)
             for seat in range(3) for lang in ("en", "de")]
    texts += [lesson_worlds.check_cannot_tell("1", model, seat).text(lang)
              for seat in range(3) for lang in ("en", "de")]
    assert not [t for t in texts if "1 worlds" in t or "1 Welten" in t]
    assert any("(1 world)" in t or " 1 world," in t for t in texts)


@pytest.mark.parametrize(("name", "words"), [
    ("08_counting_cards.ipynb", ["leaves out", "choices"]),
    ("de/08_counting_cards.ipynb", ["lässt weg", "Wahl"]),
    ("09_playing_well.ipynb", ["leaves out", "choices"]),
    ("de/09_playing_well.ipynb", ["lässt weg", "Wahl"]),
    ("03_fivesons_rules.ipynb", ["rulings", "seat order"]),
    ("de/03_fivesons_rules.ipynb", ["Hausregeln", "Sitzreihenfolge"]),
    ("07_blackwidow_rules.ipynb", ["rulings", "does not break hearts"]),
    ("de/07_blackwidow_rules.ipynb", ["Hausregeln", "bricht Herz nicht"]),
    ("09_playing_well.ipynb", ["house rulings", "moon=\\\"choose\\\""]),
    ("de/09_playing_well.ipynb", ["Hausregeln", "moon=\\\"choose\\\""]),
])
def test_lessons_say_what_exact_leaves_out_and_which_rulings_decide(name, words):
    lesson = source(name)
    for word in words:
        assert word.replace("\\", "") in lesson, (name, word)
