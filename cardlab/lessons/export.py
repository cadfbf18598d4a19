"""Lessons exported to HTML: links lead to the other exported lessons, and no dead widgets.

A lesson links to the others by their notebook files (``02_cards_and_counting.ipynb``),
which is right in Jupyter and Voilà; in a folder of exported pages the same links must
name the pages (``02_cards_and_counting.html``). A page also leaves out the saved state
of the widgets: drawn from it (with the widget scripts from the network), an exercise
would show a Check button that does nothing and hide the plain copy of its question,
which says where answers are checked. Installing cardlab registers this exporter with
nbconvert as ``cardlab_html``::

    jupyter nbconvert --to cardlab_html --execute notebooks/*.ipynb

>>> relink("See [lesson 2](02_cards_and_counting.ipynb) or [the rules](https://x.org/a.ipynb).")
'See [lesson 2](02_cards_and_counting.html) or [the rules](https://x.org/a.ipynb).'
"""

from __future__ import annotations

import re
from typing import Any

from nbconvert.exporters import HTMLExporter
from nbconvert.preprocessors import Preprocessor

#: A Markdown link to a notebook on the same site: no scheme, no leading slash.
_NOTEBOOK_LINK = re.compile(r"\]\((?![a-zA-Z][a-zA-Z0-9+.-]*:|/)([^()\s]+?)\.ipynb(#[^()\s]*)?\)")


def relink(markdown: str) -> str:
    """`markdown` with every relative link to a notebook pointing at its exported page."""
    return _NOTEBOOK_LINK.sub(lambda link: f"]({link[1]}.html{link[2] or ''})", markdown)


class NotebookLinksToPages(Preprocessor):
    """Points the relative notebook links of Markdown cells at the exported pages."""

    def preprocess_cell(self, cell: Any, resources: dict[str, Any], index: int
                        ) -> tuple[Any, dict[str, Any]]:
        if cell.cell_type == "markdown":
            cell.source = relink(cell.source)
        return cell, resources


class WithoutWidgetState(Preprocessor):
    """Drops the saved widget state, so that a page draws no widget it cannot run."""

    def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        nb.metadata.pop("widgets", None)
        return nb, resources


class LessonHTMLExporter(HTMLExporter):
    """nbconvert's HTML exporter, with links between lessons that work among the pages
    and no widgets that would be drawn dead."""

    export_from_notebook = "cardlab lesson (HTML)"

    @property
    def default_config(self) -> Any:
        config = super().default_config
        config.merge({"LessonHTMLExporter": {
            "preprocessors": [NotebookLinksToPages, WithoutWidgetState]}})
        return config
