"""Tiny helpers for writing SVG by hand: elements, escaping, the accessible root.

>>> element("rect", width=3, fill="red")
'<rect width="3" fill="red"/>'
>>> element("text", "A & B", x=1)
'<text x="1">A &amp; B</text>'
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

SVG_NS = "http://www.w3.org/2000/svg"


def element(tag: str, text: str | None = None, /, *children: str, **attrs: object) -> str:
    """One SVG element; attribute names use `_` for `-` (``font_size`` is ``font-size``)."""
    attributes = "".join(
        f" {name.rstrip('_').replace('_', '-')}={quoteattr(_number(value))}"
        for name, value in attrs.items() if value is not None
    )
    body = (escape(text) if text is not None else "") + "".join(children)
    return f"<{tag}{attributes}>{body}</{tag}>" if body else f"<{tag}{attributes}/>"


def svg_document(width: float, height: float, title: str, *body: str,
                 description: str | None = None) -> str:
    """A standalone, accessible SVG: ``role="img"`` with a ``<title>`` (and ``<desc>``).

    >>> svg_document(10, 10, "Empty").startswith('<svg xmlns=')
    True
    """
    parts = [element("title", title)]
    if description:
        parts.append(element("desc", description))
    return element(
        "svg", None, *parts, *body, xmlns=SVG_NS, role="img", width=width, height=height,
        viewBox=f"0 0 {_number(width)} {_number(height)}",
    )


def _number(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)
