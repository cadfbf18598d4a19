"""The colours of the pictures, and the WCAG contrast arithmetic that keeps them legible.

Seats use the Okabe-Ito colours for colour-blind readers; the two lightest
(sky blue and orange) gave labels of about 2.3:1, so seats 4 and 5 take
Paul Tol's indigo and wine instead, which stay apart from the others under
the common colour-vision deficiencies. Every seat colour reaches 3:1 on
white (enough for lines and marks), and a label on it is written in black
or white, whichever contrasts more (always at least 4.58:1, the square
root of 21).

>>> round(contrast_ratio("#000000", "#ffffff"), 1)
21.0
>>> label_colour("#332288"), label_colour("#D55E00")
('#ffffff', '#000000')
"""

from __future__ import annotations

SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#C76C9F", "#332288", "#882255")
SOLUTION_COLOUR = "#5E3C99"
#: The halo and outline of what changed since the previous step (amber, 3.15:1 on white).
CHANGED = "#B88A00"
BACKGROUND = "#ffffff"
#: The stripe behind every other row of the notes sheet.
STRIPE = "#f4f4f4"
#: Ink for text and for the marks that carry no seat colour.
INK = "#222222"
SOFT_INK = "#333333"
#: Crosses and "cannot hold" lines: quieter than ink, still 5.3:1 on white.
MUTED = "#6b6b6b"
#: A card already played (in a trick-taking game), drawn on grey.
PLAYED = "#e6e6e6"
#: The darker stripe of a card that may not be played now (widgets/cards.css hatches it
#: with white): every suit colour, four-colour deck included, keeps 4.5:1 on it.
UNPLAYABLE_STRIPE = "#ececec"

#: WCAG 2 AA minimum contrast for text, and for marks and lines (non-text contrast).
TEXT_CONTRAST, MARK_CONTRAST = 4.5, 3.0


def seat_colour(seat: int) -> str:
    """The colour of a seat; more seats than colours wrap round.

    >>> seat_colour(0) == seat_colour(6)
    True
    """
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def relative_luminance(colour: str) -> float:
    """The WCAG relative luminance of a ``#rrggbb`` colour, from 0 (black) to 1 (white).

    >>> relative_luminance("#ffffff")
    1.0
    """
    channels = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    red, green, blue = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
                        for c in channels)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: str, second: str) -> float:
    """The WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white).

    >>> round(contrast_ratio("#0072B2", "#ffffff"), 2)
    5.19
    """
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)),
                             reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def label_colour(fill: str) -> str:
    """Black or white, whichever is easier to read on `fill`.

    >>> label_colour("#ffffff")
    '#000000'
    """
    return max(("#ffffff", "#000000"), key=lambda ink: contrast_ratio(ink, fill))


def tint(colour: str, amount: float = 0.88) -> str:
    """`colour` mixed with white (`amount` 1 is white): the background of a placed card.

    Pale enough that red card labels keep 4.5:1 on every seat's tint.

    >>> tint("#000000", 0.5)
    '#808080'
    """
    channels = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(round(c + (255 - c) * amount) for c in channels))
