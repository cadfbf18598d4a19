"""The HTML pages cardlab writes itself: the gallery, "all places taken", "wrong host".

Pure functions from data to HTML; the server only sends them. Every text is
from the message catalogue and every value from a notebook is escaped.

>>> from cardlab.serve.entries import Entry
>>> page = gallery_html([Entry("01_cards.ipynb", "lesson", 1, {"en": "Cards"})], "en")
>>> '<a href="/voila/render/01_cards.ipynb">Cards</a>' in page
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from urllib.parse import quote

from cardlab.i18n import LANGUAGES, Count, message
from cardlab.render.cards import hand_svg
from cardlab.serve.entries import APP, LESSON, Entry

RENDER_PREFIX = "/voila/render/"

# Colours meet WCAG AA on white: text 16:1, muted text 7.5:1, links and focus 7:1.
_STYLE = """
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.5 system-ui, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
       color: #1b1b1b; background: #ffffff; }
header, main, footer { max-width: 68rem; margin: 0 auto; padding: 1rem 1.25rem; }
header { display: flex; flex-wrap: wrap; gap: .5rem 2rem; align-items: baseline;
         justify-content: space-between; }
h1 { font-size: 1.75rem; margin: .25rem 0; }
h2 { font-size: 1.3rem; margin: 1.5rem 0 .75rem; }
h3 { font-size: 1.1rem; margin: .25rem 0; }
p { margin: .25rem 0; }
a { color: #0a4fb4; }
a:focus-visible { outline: 3px solid #0a4fb4; outline-offset: 3px; border-radius: 2px; }
nav ul { display: flex; gap: 1rem; list-style: none; margin: 0; padding: 0; }
nav a[aria-current] { color: #1b1b1b; font-weight: 600; text-decoration: none; }
.notice { border-left: 4px solid #a14a00; padding: .5rem .75rem; background: #fff4e5; }
.entries { display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr));
           gap: 1rem; list-style: none; margin: 0; padding: 0; }
.entry { position: relative; display: flex; flex-direction: column; gap: .35rem; height: 100%;
         padding: 1rem; border: 1px solid #767676; border-radius: 8px; background: #fafafa; }
.entry:hover { background: #eef3fb; }
.entry:focus-within { outline: 3px solid #0a4fb4; outline-offset: 2px; }
.entry a::after { content: ""; position: absolute; inset: 0; border-radius: 8px; }
.entry a:focus-visible { outline: none; }
.entry svg { height: 4.5rem; width: auto; max-width: 100%; }
.kind, .file { color: #4a4a4a; font-size: .9rem; }
.file code { font-size: .85rem; }
footer { color: #4a4a4a; border-top: 1px solid #767676; margin-top: 2rem; }
"""


def app_url(entry: Entry, lang: str, default_lang: str = "en") -> str:
    """Where Voilà renders `entry`; the language travels along when it is not the default.

    A lesson with a copy in `lang` links that copy.

    >>> app_url(Entry("apps/my game.ipynb", "app", None, {}), "de")
    '/voila/render/apps/my%20game.ipynb?lang=de'
    >>> app_url(Entry("03_x.ipynb", "lesson", 3, {}, translations={"de": "de/03_x.ipynb"}), "de")
    '/voila/render/de/03_x.ipynb?lang=de'
    """
    url = RENDER_PREFIX + quote(entry.path_in(lang))
    return url if lang == default_lang else f"{url}?lang={lang}"


def gallery_html(entries: Sequence[Entry], lang: str, *, default_lang: str = "en",
                 notice: str = "", lan: str = "") -> str:
    """The gallery page: every lesson and app with its title, summary and picture.

    `notice` (already in `lang`) is shown at the top, e.g. why a parameter was ignored.
    `lan`: the local network address the server also answers on (`cardlab classroom --lan`).

    >>> '<html lang="de">' in gallery_html([], "de")
    True
    >>> "at 192.168.1.20 too" in gallery_html([], "en", lan="192.168.1.20")
    True
    """
    sections = [
        _section(kind, heading, [e for e in entries if e.kind == kind], lang, default_lang)
        for kind, heading in ((LESSON, "serve.lessons"), (APP, "serve.apps"))
    ]
    status = f'<p class="notice" role="status">{escape(notice)}</p>' if notice else ""
    body = f"""<header>
<h1>{_t("serve.heading", lang)}</h1>
{_language_nav(lang, default_lang)}
</header>
<main>
{status}
<p>{_t("serve.intro", lang)}</p>
{"".join(sections)}
</main>
<footer><p>{escape(message("classroom.cli.footer_lan", lang, address=lan)) if lan else
            _t("serve.footer", lang)}</p></footer>"""
    return _document(lang, message("serve.page_title", lang), body)


def busy_html(cap: int, minutes: int, lang: str) -> str:
    """The page shown instead of an app when `cap` apps are already running.

    >>> 'at most 20 apps' in busy_html(20, 10, "en")
    True
    """
    body = f"""<main>
<h1>{_t("serve.busy_title", lang)}</h1>
<p>{escape(message("serve.busy", lang, apps=Count("count.apps", cap).label(lang),
                    minutes=Count("count.minutes", minutes).label(lang)))}</p>
<p><a href="/?lang={lang}">{_t("serve.back", lang)}</a></p>
</main>"""
    return _document(lang, message("serve.busy_title", lang), body)


def _section(kind: str, heading: str, entries: list[Entry], lang: str, default_lang: str) -> str:
    if not entries:
        return ""
    items = "\n".join(_entry(entry, lang, default_lang) for entry in entries)
    section_id = f"{kind}s"
    return (f'<section aria-labelledby="{section_id}">\n<h2 id="{section_id}">'
            f'{_t(heading, lang)}</h2>\n<ul class="entries">\n{items}\n</ul>\n</section>\n')


def _entry(entry: Entry, lang: str, default_lang: str) -> str:
    kind = (message("serve.lesson", lang, number=entry.number)
            if entry.kind == LESSON and entry.number is not None else message("serve.app", lang))
    picture = hand_svg(entry.picture, lang=lang) if entry.picture else ""
    summary = f"<p>{escape(entry.summary(lang))}</p>" if entry.summary(lang) else ""
    return f"""<li><article class="entry">
<h3><a href="{escape(app_url(entry, lang, default_lang))}">{escape(entry.title(lang))}</a></h3>
<p class="kind">{escape(kind)}</p>
{picture}
{summary}
<p class="file"><code>{escape(entry.path_in(lang))}</code></p>
</article></li>"""


def _language_nav(lang: str, default_lang: str) -> str:
    links = []
    for code in LANGUAGES:
        href = "/" if code == default_lang else f"/?lang={code}"
        current = ' aria-current="page"' if code == lang else ""
        links.append(f'<li><a href="{href}" lang="{code}" hreflang="{code}"{current}>'
                     f'{_t("serve.language_name", code)}</a></li>')
    return (f'<nav aria-label="{_t("serve.languages", lang)}"><ul>'
            f'{"".join(links)}</ul></nav>')


def _document(lang: str, title: str, body: str) -> str:
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{_STYLE}</style>
</head>
<body>
{body}
</body>
</html>
"""


def _t(key: str, lang: str) -> str:
    return escape(message(key, lang))
