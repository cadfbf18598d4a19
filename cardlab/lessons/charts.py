"""Pictures for the lessons: matplotlib charts shown as an image with a text alternative.

A `Chart` draws itself in JupyterLab, Voilà and exported HTML as a PNG
inside ``<figure>``, with the description as ``alt`` text and caption.
Every chart function takes the reader's language (`lang`): the numbers on
its axes are written as that language writes them (``0.25`` and ``25%`` in
English, ``0,25`` and ``25 %`` in German).

>>> chart = deal_frequencies({"a": 9, "b": 11}, "Two deals")
>>> 'alt="Two deals' in chart._repr_html_()
True
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import Formatter

from cardlab.i18n import message, number
from cardlab.render.palette import seat_colour

#: Width and height of every chart, in inches at 100 dpi.
SIZE = (7.5, 3.4)


#: The most decimals a tick label shows.
_MAX_DIGITS = 6


class NumberFormatter(Formatter):
    """Tick labels written as `lang` writes numbers, with as few decimals as the ticks need.

    With `percent`, a tick at 0.25 reads ``25%`` (``25 %`` in German).

    >>> NumberFormatter("de").format_ticks([0.0, 0.1, 0.2])
    ['0,0', '0,1', '0,2']
    >>> NumberFormatter("de", percent=True).format_ticks([0.0, 0.25, 0.5])
    ['0 %', '25 %', '50 %']
    >>> NumberFormatter("en").format_ticks([0, 5000, 10000])
    ['0', '5,000', '10,000']
    """

    def __init__(self, lang: str = "en", percent: bool = False) -> None:
        self.lang = lang
        self.percent = percent

    def __call__(self, x: float, pos: int | None = None) -> str:
        return self.format_ticks([x])[0]

    def format_ticks(self, values: Sequence[float]) -> list[str]:
        """All of an axis's tick labels, with the same number of decimals."""
        scaled = [float(value) * 100 if self.percent else float(value) for value in values]
        digits = next((d for d in range(_MAX_DIGITS)
                       if all(abs(v - round(v, d)) < 1e-9 * max(1.0, abs(v)) for v in scaled)),
                      _MAX_DIGITS)
        labels = [number(round(v, digits) + 0.0, self.lang, digits) if digits
                  else number(round(v), self.lang) for v in scaled]
        if self.percent:
            return [message("number.percent", self.lang, value=label) for label in labels]
        return labels


def _speak(axes: Axes, lang: str, x: bool = True, percent: bool = False) -> None:
    """Write the y axis's numbers (and the x axis's, if `x`) as `lang` writes them."""
    axes.yaxis.set_major_formatter(NumberFormatter(lang, percent))
    if x:
        axes.xaxis.set_major_formatter(NumberFormatter(lang))


@dataclass(frozen=True)
class Chart:
    """A matplotlib figure and a sentence saying what it shows."""

    figure: Figure
    description: str

    def png(self) -> bytes:
        """The chart as PNG bytes."""
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
        return buffer.getvalue()

    def _repr_html_(self) -> str:
        data = base64.b64encode(self.png()).decode("ascii")
        text = html.escape(self.description)
        return (f'<figure class="cardlab-chart" style="margin:0;max-width:100%">'
                f'<img src="data:image/png;base64,{data}" alt="{text}" '
                f'style="max-width:100%;height:auto"><figcaption>{text}</figcaption></figure>')


def deal_frequencies(counts: Mapping[str, int], description: str,
                     expected: float | None = None, xlabel: str = "",
                     ylabel: str = "", *, lang: str = "en") -> Chart:
    """A bar per deal: how often each came up; a line at the count expected if all are equal."""
    figure = Figure(figsize=SIZE)
    axes = figure.subplots()
    axes.bar(range(len(counts)), list(counts.values()), color=seat_colour(0))
    if expected is not None:
        axes.axhline(expected, color="black", linestyle="--", linewidth=1.2)
    axes.set_xticks([])
    _speak(axes, lang, x=False)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    return Chart(figure, description)


def lines(series: Mapping[str, Sequence[float]], description: str, xlabel: str,
          ylabel: str, log: bool = False, *, lang: str = "en", percent: bool = False) -> Chart:
    """One line per series (a seat's remaining deals, say), against the step number.

    On a `log` scale the y axis keeps its powers of ten (``10³`` reads the same in every
    language); with `percent`, the values are chances and the y axis reads ``25%``.

    >>> chart = lines({"seat 1": [0.5, 0.25]}, "Falling", "plays", "chance", lang="de",
    ...               percent=True)
    >>> chart.figure.axes[0].yaxis.get_major_formatter().format_ticks([0.3, 0.5])
    ['30 %', '50 %']
    """
    figure = Figure(figsize=SIZE)
    axes = figure.subplots()
    for index, (name, values) in enumerate(series.items()):
        axes.plot(range(len(values)), values, marker="o", markersize=3, label=name,
                  color=seat_colour(index), linestyle=("-", "--", ":", "-.")[index % 4])
    if log:
        axes.set_yscale("log")
        axes.xaxis.set_major_formatter(NumberFormatter(lang))
    else:
        _speak(axes, lang, percent=percent)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.legend()
    return Chart(figure, description)


def means_with_intervals(means: Mapping[str, tuple[float, float]], description: str,
                         ylabel: str, *, lang: str = "en") -> Chart:
    """A bar per name with its 95% interval as an error bar: (mean, half-width)."""
    figure = Figure(figsize=SIZE)
    axes = figure.subplots()
    names = list(means)
    axes.bar(names, [means[n][0] for n in names], yerr=[means[n][1] for n in names],
             capsize=8, color=[seat_colour(i) for i in range(len(names))])
    _speak(axes, lang, x=False)
    axes.set_ylabel(ylabel)
    return Chart(figure, description)
