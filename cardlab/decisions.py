"""What must happen next, as data: decisions, and events told to those who may know them.

Every game exposes the same shape (as OpenSpiel's ``current_player`` and
``legal_actions``, pokerkit's ``can_x``/``verify_x``/``x``):

- ``game.decisions``: every :class:`Decision` open now (a seat, a kind, the
  legal options). Usually one; several where seats choose at the same time
  (one per seat that has not chosen yet, as when cards are passed).
- ``game.why_not(action)``: why an action is refused, as a catalogue
  :class:`~cardlab.i18n.Text` (None: it is allowed).
- ``game.apply(action)``: check and apply it, raising
  :class:`~cardlab.errors.IllegalAction` (state unchanged) or returning the
  :class:`Event` list of what happened.

Chance is a seat, as in OpenSpiel: when cards are to be dealt (a hand, a
hidden solution), ``game.decisions`` holds one decision of seat
:data:`CHANCE`, and the deal is an action like any other (``apply``, the
table's moves, a record's replay). Its options are not listed (there are too
many deals): the game's seeded dealer draws the action (``draw``, see
:class:`Chancy`), and nobody else may choose it. What a seat may know of a
deal is its `seen_by`: its own cards and the fact of the deal, never another's.

>>> decision = Decision(seat=2, kind="play", options=("2C",))
>>> decision.seat, decision.pick
(2, 1)
>>> event = Event("play", Text("suit.S"), seat=2, private=Text("suit.H"), told=frozenset({2}))
>>> event.told_to(2).text(), event.told_to(1).text(), event.told_to(None).text()
('Hearts', 'Spades', 'Spades')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar, runtime_checkable

from cardlab.errors import IllegalAction
from cardlab.i18n import Text

#: Whose view: a seat, the whole table ("public"), or None where nobody was named.
Perspective = int | Literal["public"] | None

#: The seat of chance: it deals (OpenSpiel's chance player). No player sits there.
CHANCE = -1

#: A game's kinds of decision or event: a `StrEnum` or a `Literal` of strings, its own.
KindT = TypeVar("KindT", bound=str)
#: What a decision chooses among: a card, a pair of cards, a choice.
OptionT = TypeVar("OptionT")


@dataclass(frozen=True)
class Decision(Generic[KindT, OptionT]):
    """`seat` must choose `pick` of `options` now; `kind` says what the choice is about.

    A game names its own kinds and options: a trick-taking game's play is a
    ``Decision[Kind, Card]``, a yes-or-no choice a ``Decision[Kind, bool]``.
    """

    seat: int
    kind: KindT
    options: tuple[OptionT, ...]
    pick: int = 1

    @property
    def chance(self) -> bool:
        """True for a deal: chance decides, drawing from the game's seeded dealer.

        >>> Decision(CHANCE, "deal", ()).chance, Decision(0, "play", ()).chance
        (True, False)
        """
        return self.seat == CHANCE


@runtime_checkable
class Chancy(Protocol):
    """A game with chance decisions: its dealer, seeded with the game's seed, draws each."""

    def draw(self) -> Any:
        """The chance action due now (the next deal), drawn from the game's random source."""
        ...


@dataclass(frozen=True)
class Event(Generic[KindT]):
    """Something that happened at the table, as each seat may hear it.

    `text` is what everybody learns; `private` is the fuller account that only
    the seats in `told` may read (a shown card, the cards passed to you).
    `data` holds public facts for views (the card played, the trick's winner).
    `kind` is one of the game's own event kinds (a `Literal` of its narration).
    """

    kind: KindT
    text: Text
    seat: int | None = None
    private: Text | None = None
    told: frozenset[int] = frozenset()
    data: dict[str, Any] = field(default_factory=dict)

    def told_to(self, viewer: int | None) -> Text:
        """The account `viewer` may read (None: the whole table, or a bystander)."""
        if self.private is not None and viewer in self.told:
            return self.private
        return self.text


def refusal(check: Callable[[Any], None], action: Any) -> Text | None:
    """Why `check` refuses `action` (it raises `IllegalAction`), or None if it passes.

    >>> def no_jokers(card):
    ...     if card == "joker":
    ...         raise IllegalAction("error.not_in_deck", card=card)
    >>> refusal(no_jokers, "joker").text(), refusal(no_jokers, "QS")
    ("joker is not in this game's deck", None)
    """
    try:
        check(action)
    except IllegalAction as err:
        return Text(err.key, **err.params)
    return None
