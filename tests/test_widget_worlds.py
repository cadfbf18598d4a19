"""The possible worlds explorer through its Python API: steps, questions, seats, refusals."""

import re

import pytest

from cardlab.apps import read_settings
from cardlab.cards import parse_cards
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.widgets.worlds import PARAMETERS, SMALL, WorldsExplorer
from cardlab.fivesons.worlds import MAX_WORLDS, PossibleWorlds, deal_count
from cardlab.i18n import number


def explorer(query="seed=1"):
    """The explorer as the app's notebook makes it."""
    return WorldsExplorer.from_settings(read_settings("fivesons", query, PARAMETERS))


def test_the_default_is_the_small_deck_and_the_model_follows_the_steps():
    view = explorer()
    assert view.rules == SMALL and view.after == 0 and len(view.model.worlds) == 36
    counts = []
    for _ in range(view.count):
        view.controls.click("next")
        counts.append(len(view.model.worlds))
        assert view.model.events == tuple(view.game.events[:view.after])
        assert f"{counts[-1]} possible worlds" in view.controls.status
    assert counts[0] < 36 and counts == sorted(counts, reverse=True)
    assert view.controls.spec("next").disabled
    view.controls.click("back")
    assert view.after == view.count - 1


def test_each_step_says_what_happened_in_words():
    view = explorer()
    view.go(1)
    event = view.game.events[0]
    assert f"Seat {event.seat} asked: The " in view.controls.status
    assert view.controls.status.startswith(f"After 1 of {view.count} events:")


def test_back_and_next_stand_above_the_picture_and_asking_under_the_pickers():
    view = explorer()
    parts = list(view.children)
    assert parts.index(view.controls) + 1 == parts.index(view.picture)
    assert parts[-1] is view.question and parts[-2].children == (view.face, view.heart)
    assert [spec.id for spec in view.controls.specs] == ["back", "next"]


def test_a_question_of_the_learner_starts_a_new_branch():
    view = explorer()
    view.go(1)
    kept = view.game.events[0]
    turn = view._replayed(1).turn
    view.face.value, view.heart.value = "QC", "3H"
    view.question.click("ask")
    assert view.count == 2 and view.after == 2 and view.game.events[0] == kept
    asked = view.game.events[1]
    assert (asked.seat, asked.face.code, asked.heart.code) == (turn, "QC", "3H")
    fresh = PossibleWorlds.from_game(view.game)
    assert len(view.model.worlds) == len(fresh.worlds)


def test_a_question_after_the_game_is_over_is_refused_and_changes_nothing():
    view = explorer()
    view.go(view.count)                           # the bots' game ends with a right guess
    assert view.game.winner is not None and view.question.spec("ask").disabled
    events = list(view.game.events)
    view.ask("JC", "AH")
    assert view.question.status.startswith("Refused: ")
    assert view.game.events == events


def test_choosing_a_seat_draws_its_links_across_all_worlds():
    view = explorer()
    view.go(1)
    for seat in range(3):
        view.seat.value = seat
        wide, narrow = view.picture.value.split('class="cardlab-worlds-narrow"')
        links = len(re.findall(r'class="cardlab-link', wide))
        assert len(re.findall(r'class="cardlab-link', narrow)) == links    # the phone's
        groups = {tuple(view.model.indistinguishable(seat, w))
                  for w in range(len(view.model.worlds))}
        expected = sum(len(g) * (len(g) - 1) // 2 for g in groups)
        assert links == expected
        assert f"Seat {seat}'s links" in view.picture.value


def test_statements_in_words_and_in_k_notation():
    view = explorer()
    view.go(view.count)
    lines = dict(view.statement_lines())
    winner = view.game.winner
    assert lines[f"K{'₀₁₂'[winner]} solution"] == f"Seat {winner} knows the solution."
    assert "True in the real world now</caption>" in view.statements.value
    german = WorldsExplorer(seed=1, lang="de")
    german.go(german.count)
    assert dict(german.statement_lines())[f"K{'₀₁₂'[winner]} Lösung"] == \
        f"Platz {winner} kennt die Lösung."


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_deck_too_big_is_refused_with_its_number_of_worlds(lang):
    view = explorer(f"lang={lang}&players=3")
    deals = deal_count(FiveSonsRules(players=3))
    assert number(deals, lang) in view.refusal
    assert 'role="status"' in view.children[-1].value
    assert not hasattr(view, "game")               # nothing was dealt, nothing listed


def test_a_custom_deck_from_the_address_is_used():
    view = explorer('players=3&rules={"faces":["JC","QC","KC"],"hearts":["AH","2H","3H"]}')
    assert view.rules.faces == parse_cards("JC QC KC") and not view.refusal
    assert len(view.model.worlds) == deal_count(view.rules)


def test_a_bad_parameter_is_shown_and_the_small_deck_used():
    view = explorer("seed=x&lang=de")
    assert "seed" in view.problems.value and view.rules == SMALL
    assert view.controls.status.startswith("Nach 0 von")


def test_a_deck_with_more_deals_than_worlds_drawn_is_refused_before_any_work():
    # 4,200 deals: under the listing's limit of deals, over the worlds a picture may have.
    view = explorer('players=3&rules={"faces":["JC","QC","KC","JD"],'
                    '"hearts":["AH","2H","3H","4H","5H"]}')
    assert deal_count(view.rules) == 4200 > MAX_WORLDS
    assert "4,200 possible deals" in view.refusal and f"{MAX_WORLDS:,}" in view.refusal
    assert not hasattr(view, "game")


def test_players_alone_asks_for_the_standard_deck_with_that_many_seats():
    view = explorer("players=4&lang=de")
    assert view.rules == FiveSonsRules(players=4)
    assert number(deal_count(view.rules), "de") in view.refusal


@pytest.mark.parametrize("query", ["bots=random,random", "game=blackwidow", "players=9"])
def test_a_parameter_the_explorer_does_not_take_or_a_bad_value_is_named(query):
    view = explorer(query)
    assert query.split("=")[0] in view.problems.value and view.rules == SMALL
    assert view.controls.status.startswith("After 0 of")


#: A card by its code (QS, 10H) or its corner (Q♠, German D♠), inside a sentence.
CARD_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b|(?:10|[2-9JQKAB])[♠♥♦♣]")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_sentence_names_cards_in_full(lang):
    view = explorer(f"seed=1&lang={lang}")
    for after in range(view.count + 1):
        view.go(after)
        html_text = view.picture.value + view.statements.value + view.asker.value
        said = [text for _, text in re.findall(r"<(p|title|desc|td)\b[^>]*>(.*?)</\1>",
                                               html_text, re.DOTALL)]
        said.append(view.controls.status)
        assert any("+" in line for line in said)          # the worlds' solutions are named
        for line in said:
            assert not CARD_CODE.search(line), line
