"""A private link's QR code, folded away: opened on the projector, one student scans it.

>>> '<svg role="img"' in qr_code("http://10.0.0.5:8866/x?token=abc", "Seat 1 (student)", "en")
True
"""

from __future__ import annotations

import html

import segno

from cardlab.i18n import message


def qr_code(link: str, whose: str, lang: str) -> str:
    """The QR code of `link` (the link of `whose`: a seat, a student) in a closed
    ``<details>``, as HTML."""
    title = message("classroom.teacher.qr_title", lang, seat=whose)
    picture = segno.make(link, error="m").svg_inline(scale=4, border=4, dark="#000",
                                                     light="#fff", title=title)
    picture = picture.replace("<svg ", '<svg role="img" ', 1)
    return (f"<details><summary>{html.escape(message('classroom.teacher.qr', lang))}</summary>"
            f"{picture}</details>")


def link_item(whose: str, link: str, lang: str) -> str:
    """A list item of `whose` link (a seat, a student): its name, the link, its QR code.

    >>> link_item("Ada", "http://x/?token=t", "en").startswith('<li>Ada: <a href="http://x/?')
    True
    """
    escaped = html.escape(link)
    return (f'<li>{html.escape(whose)}: <a href="{escaped}" target="_blank">'
            f'<code style="word-break:break-all">{escaped}</code></a>'
            f"{qr_code(link, whose, lang)}</li>")
