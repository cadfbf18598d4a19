"""Pictures for the lessons: matplotlib charts shown as an image with a text alternative.

A `Chart` draws itself in JupyterLab, Voilà and exported HTML as a PNG
inside ``<figure>``, with the description as ``alt`` text and caption.

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

from matplotlib.figure import Figure

from cardlab.render.palette import seat_colour

#: Width and height of every chart, in inches at 100 dpi.
SIZE = (7.5, 3.4)


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
                     ylabel: str = "") -> Chart:
    """A bar per deal: how often each came up; a line at the count expected if all are equal."""
    figure = Figure(figsize=SIZE)
    axes = figure.subplots()
    axes.bar(range(len(counts)), list(counts.values()), color=seat_colour(0))
    if expected is not None:
        axes.axhline(expected, color="black", linestyle="--", linewidth=1.2)
    axes.set_xticks([])
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    return Chart(figure, description)


def lines(series: Mapping[str, Sequence[float]], description: str, xlabel: str,
          ylabel: str, log: bool = False) -> Chart:
    """One line per series (a seat's remaining deals, say), against the step number."""
    figure = Figure(figsize=SIZE)
    axes = figure.subplots()
    for index, (name, values) in enumerate(series.items()):
        axes.plot(range(len(values)), values, marker="o", markersize=3, label=name,
                  color=seat_colour(index), linestyle=("-", "--", ":", "-.")[index % 4])
    if log:
        axes.set_yscale("log")
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.legend()
    return Chart(figure, description)


def means_with_intervals(means: Mapping[str, tuple[float, float]], description: str,
                         ylabel: str) -> Chart:
    """A bar per name with its 95% interval as an error bar: (mean, half-width)."""
    figure = Figure(figsize=SIZE)
    axes = figure.subplots()
    names = list(means)
    axes.bar(names, [means[n][0] for n in names], yerr=[means[n][1] for n in names],
             capsize=8, color=[seat_colour(i) for i in range(len(names))])
    axes.set_ylabel(ylabel)
    return Chart(figure, description)
