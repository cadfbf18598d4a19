"""Tiny helpers for writing SVG by hand: elements, escaping, the accessible root.

>>> element("rect", width=3, fill="red")
'<rect width="3" fill="red"/>'
>>> element("text", "A & B", x=1)
'<text x="1">A &amp; B</text>'
>>> element("circle", tooltip="A <b>", r=2)
'<circle r="2"><title>A &lt;b&gt;</title></circle>'
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

SVG_NS = "http://www.w3.org/2000/svg"


def element(tag: str, text: str | None = None, /, *children: str, **attrs: object) -> str:
    """One SVG element; attribute names use `_` for `-` (``font_size`` is ``font-size``).

    `text` is escaped, `children` are markup and are not. A `tooltip` attribute
    becomes the element's first child, a ``<title>``: browsers show it on hover and screen
    readers read it. (Passing ``element("title", ...)`` as `text` would escape it
    into visible characters instead.)
    """
    tooltip = attrs.pop("tooltip", None)
    attributes = "".join(
        f" {name.rstrip('_').replace('_', '-')}={quoteattr(_number(value))}"
        for name, value in attrs.items() if value is not None
    )
    title = element("title", str(tooltip)) if tooltip else ""
    body = title + (escape(text) if text is not None else "") + "".join(children)
    return f"<{tag}{attributes}>{body}</{tag}>" if body else f"<{tag}{attributes}/>"


def svg_document(width: float, height: float, title: str, *body: str,
                 description: str | None = None, fluid: bool = False) -> str:
    """A standalone, accessible SVG: ``role="img"`` with a ``<title>`` (and ``<desc>``).

    A `fluid` picture shrinks to the width of its container (a phone) and
    never grows beyond its natural size; the viewBox keeps its proportions.

    >>> svg_document(10, 10, "Empty").startswith('<svg xmlns=')
    True
    >>> 'max-width:980px' in svg_document(980, 10, "Wide", fluid=True)
    True
    """
    parts = [element("title", title)]
    if description:
        parts.append(element("desc", description))
    style = f"width:100%;max-width:{_number(width)}px;height:auto" if fluid else None
    return element(
        "svg", None, *parts, *body, xmlns=SVG_NS, role="img", width=width, height=height,
        viewBox=f"0 0 {_number(width)} {_number(height)}", style=style,
    )


def _number(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)
