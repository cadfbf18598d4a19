"""What each gallery notebook is: its title, one line on what it teaches, a picture.

The gallery is generated from the notebooks themselves, so a notebook added
under ``notebooks/`` (a lesson) or ``notebooks/apps/`` (an app) appears on
the next page load. A notebook says what it is in its metadata::

    "cardlab": {"title": {"en": "...", "de": "..."},
                "summary": {"en": "...", "de": "..."},
                "picture": "QS 3H"}

``picture`` (card codes) is optional. Without metadata, the first Markdown
heading is the title and the sentence after it the summary.

A lesson translated into another language has a copy of the same name in
that language's folder (``notebooks/de/03_x.ipynb`` for ``03_x.ipynb``); the gallery
links it in that language instead of listing it separately.

>>> entry = Entry("apps/stepper.ipynb", "app", None, {"en": "Stepper", "de": "Schrittweise"})
>>> entry.title("de"), entry.title("fr"), entry.summary("en")
('Schrittweise', 'Stepper', '')
>>> lesson = Entry("03_x.ipynb", "lesson", 3, {}, translations={"de": "de/03_x.ipynb"})
>>> lesson.path_in("de"), lesson.path_in("en")
('de/03_x.ipynb', '03_x.ipynb')
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardlab.cards import Card, parse_cards
from cardlab.errors import CardlabError
from cardlab.i18n import LANGUAGES

LESSON, APP = "lesson", "app"
APPS_FOLDER = "apps"
_FALLBACK_LANG = "en"
_MARKUP = re.compile(r"[*_`]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s")


@dataclass(frozen=True)
class Entry:
    """One lesson or app on the gallery page."""

    path: str                      #: relative to the notebooks folder, with ``/``
    kind: str                      #: LESSON or APP
    number: int | None             #: a lesson's number, from its file name
    titles: Mapping[str, str]      #: by language
    summaries: Mapping[str, str] = field(default_factory=dict)
    picture: tuple[Card, ...] = ()
    translations: Mapping[str, str] = field(default_factory=dict)  #: path by language

    def path_in(self, lang: str) -> str:
        """The notebook to open in `lang`: its translated copy if there is one."""
        return self.translations.get(lang, self.path)

    def title(self, lang: str) -> str:
        """The title in `lang`, else in English, else the file name."""
        return _pick(self.titles, lang) or Path(self.path).stem

    def summary(self, lang: str) -> str:
        """What the notebook teaches, in one line ('' when it does not say)."""
        return _pick(self.summaries, lang)


def _pick(texts: Mapping[str, str], lang: str) -> str:
    return texts.get(lang) or texts.get(_FALLBACK_LANG) or next(iter(texts.values()), "")


def gallery_entries(root: Path) -> list[Entry]:
    """Every lesson (``root/*.ipynb``, by file name) and then every app (``root/apps/``).

    A lesson's translated copies (``root/<lang>/<same name>``) go with it.

    >>> from cardlab.gallery import notebooks_dir
    >>> start = gallery_entries(notebooks_dir())[0]
    >>> start.title("en"), start.path_in("de")
    ('Start here', 'de/01_start_here.ipynb')
    """
    lessons = [replace(read_entry(path, root, LESSON), translations=_translations(path, root))
               for path in sorted(root.glob("*.ipynb"))]
    apps = [read_entry(path, root, APP)
            for path in sorted((root / APPS_FOLDER).glob("*.ipynb"))]
    return lessons + apps


def read_entry(path: Path, root: Path, kind: str) -> Entry:
    """The gallery entry of the notebook at `path` (a file under `root`)."""
    relative = path.relative_to(root).as_posix()
    number = _lesson_number(path.stem) if kind == LESSON else None
    try:
        notebook = json.loads(path.read_text("utf-8"))
        described = notebook.get("metadata", {}).get("cardlab") or _from_markdown(notebook)
        return Entry(relative, kind, number, _texts(described.get("title")),
                     _texts(described.get("summary")), _picture(described.get("picture")))
    except (OSError, ValueError, AttributeError, TypeError):
        # One broken notebook must not take the gallery down; it is listed by name.
        return Entry(relative, kind, number, {})


def _translations(path: Path, root: Path) -> dict[str, str]:
    """Where the lesson at `path` has a copy in another language's folder."""
    return {lang: f"{lang}/{path.name}" for lang in LANGUAGES
            if (root / lang / path.name).is_file()}


def _lesson_number(stem: str) -> int | None:
    digits = re.match(r"\d+", stem)
    return int(digits.group()) if digits else None


def _texts(value: Any) -> dict[str, str]:
    if isinstance(value, str):
        return {_FALLBACK_LANG: value}
    if isinstance(value, dict):
        return {lang: text for lang, text in value.items() if isinstance(text, str) and text}
    return {}


def _picture(codes: Any) -> tuple[Card, ...]:
    try:
        return parse_cards(codes) if isinstance(codes, str | list) else ()
    except CardlabError:
        return ()


def _from_markdown(notebook: dict[str, Any]) -> dict[str, str]:
    """Title and summary from the first Markdown cell: its ``# heading`` and next sentence."""
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            text = "".join(source) if isinstance(source, list) else source
            paragraphs = [_MARKUP.sub("", p).strip() for p in text.split("\n\n") if p.strip()]
            if paragraphs and paragraphs[0].startswith("#"):
                title = paragraphs[0].lstrip("#").strip()
                after = paragraphs[1] if len(paragraphs) > 1 else ""
                return {"title": title, "summary": _SENTENCE_END.split(after, maxsplit=1)[0]}
            return {}
    return {}
