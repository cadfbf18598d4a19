"""The green table that every game's table picture is drawn on.

A table picture starts with `felt`: one face-down card defined once (each
seat's cards reuse it by `BACK_ID`, a full table has dozens) and the felt.

>>> parts = felt(600, 400, rx=150)
>>> f'id="{BACK_ID}"' in parts[0] and f'fill="{FELT}"' in parts[1]
True
"""

from __future__ import annotations

from cardlab.render.cards import card_back
from cardlab.render.svg import element

FELT, FELT_EDGE, ON_FELT = "#1f5b3a", "#143d27", "#ffffff"
#: The ring drawn round the seat whose turn it is (7.6:1 on the felt).
TURN = "#ffd54a"
#: The id of the face-down card that every seat's cards reuse.
BACK_ID = "cardlab-table-back"


def felt(width: int, height: int, *, rx: int, lang: str = "en") -> list[str]:
    """The shared face-down card and the felt of a `width` × `height` table."""
    return [element("defs", None, element("g", None, card_back(lang=lang), id=BACK_ID)),
            element("rect", x=4, y=4, width=width - 8, height=height - 8, rx=rx,
                    fill=FELT, stroke=FELT_EDGE, stroke_width=8)]
