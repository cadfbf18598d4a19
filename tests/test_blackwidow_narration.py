"""How Black Widow's events read: lists of seats as each language lists them."""

from types import SimpleNamespace

import pytest

from cardlab.blackwidow.narration import addressed, game_over
from cardlab.blackwidow.view import Phase
from cardlab.blackwidow.widgets.status import prompt


@pytest.mark.parametrize(("lang", "me", "said"), [
    ("en", None, "Game over: seats 0, 1 and 3 share the win."),
    ("en", 1, "Game over: you and seats 0 and 3 share the win."),
    ("en", 3, "Game over: you and seats 0 and 1 share the win."),
    ("de", None, "Spielende: Die Plätze 0, 1 und 3 teilen sich den Sieg."),
    ("de", 0, "Spielende: Du und die Plätze 1 und 3 teilt euch den Sieg.")])
def test_a_shared_win_lists_the_seats_as_the_language_lists_them(lang, me, said):
    assert addressed(game_over([0, 1, 3]), me).text(lang) == said


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Game over. Lowest score: Seat 1, Seat 2 and Seat 4."),
    ("de", "Spielende. Niedrigster Stand: Platz 1, Platz 2 und Platz 4.")])
def test_the_status_lists_the_winners_as_the_language_lists_them(lang, said):
    over = SimpleNamespace(phase=Phase.OVER, winners=(1, 2, 4), me=0)
    name = {"en": "Seat {}", "de": "Platz {}"}[lang].format
    assert prompt(over, None, selected=0, name=name, lang=lang) == said
