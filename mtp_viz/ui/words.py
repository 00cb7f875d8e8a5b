"""Words on components: L(key) for a label, button or tab name fixed at build time. Knows no layout.

Static texts go through L(), which hands Gradio a translation key (gr.I18n): the browser picks the table that
matches its language, English when none does. Texts made per request (round summaries, narration, figures) use
mtp_viz.strings.t(key, lang) with lang_of(request) instead. Pass I18N to demo.launch(i18n=...).
"""
from __future__ import annotations

import hashlib
import json

import gradio as gr
from gradio.i18n import I18nData

from mtp_viz.strings import DEFAULT, LOCALES, TABLES, language_of, t

MARK = "__i18n__"
# Copies: texts composed at build time (L with values, localized()) are added here, never to the tables.
I18N = gr.I18n(**{loc: {**TABLES[DEFAULT], **TABLES[lang]} for loc, lang in LOCALES.items()})


def localized(name: str, text_in) -> I18nData:
    """A text composed per language by `text_in(lang)`, registered under `name` for the browser to pick."""
    for loc, lang in LOCALES.items():
        I18N.translations[loc][name] = text_in(lang)
    return I18N(name)


def L(key: str, **values) -> I18nData:
    """`key`'s text in the visitor's browser language; values (plain or L()s) are filled in per language."""
    if not values:
        return I18N(key)
    digest = hashlib.sha1(repr(sorted((k, str(v)) for k, v in values.items())).encode()).hexdigest()[:10]
    return localized(f"{key}#{digest}", lambda lang: t(key, lang, **{k: text(v, lang) for k, v in values.items()}))


def text(value, lang: str = DEFAULT) -> str:
    """The plain text of an L() value (or of a plain string) in `lang`: for tests and composed texts."""
    if isinstance(value, str) and value.startswith(MARK):      # what some components keep: str(I18nData)
        value = I18N(json.loads(value[len(MARK):])["key"])
    if isinstance(value, I18nData):
        loc = next(loc for loc, table in LOCALES.items() if table == lang)
        return I18N.translations[loc].get(value.key, value.key)
    return value


def lang_asked(value) -> str | None:
    """The table a link's `lang=` names ("en", "de", "zh-TW" or "zh", in any case); None for none we have."""
    tag = str(value or "").strip().lower()
    return next((table for loc, table in LOCALES.items() if tag == loc.lower()), None)


def lang_of(request: gr.Request | None) -> str:
    """The visitor's table ("en", "zh-TW", "de"): the page link's `lang=` (every event carries the page's query),
    else the browser's Accept-Language header."""
    query = getattr(request, "query_params", None) or {}
    headers = getattr(request, "headers", None) or {}
    return lang_asked(query.get("lang")) or language_of(headers.get("accept-language"))


def lang_now() -> str:
    """The table of the visitor whose event is running (Gradio's request context), for code that is handed no
    request, such as a toast while a model loads; English outside any event."""
    from gradio.context import LocalContext

    return lang_of(LocalContext.request.get(None))


def choices(pairs) -> list:
    """(label, value) choices for a dropdown whose labels may be table keys: each key becomes L(key), so the browser
    shows it in the visitor's language; any other label (a model id, say) stays as it is."""
    return [(L(label) if label in TABLES[DEFAULT] else label, value) for label, value in pairs]


def captioned(short: str, rest: str, **values) -> I18nData:
    """A caption built at page time: "What you see." and table key `short` (at most about 60 English words), then the
    whole explanation `rest` folded behind "More"; both filled with `values`, in the visitor's language."""
    digest = hashlib.sha1(repr(sorted((k, str(v)) for k, v in values.items())).encode()).hexdigest()[:10]
    return localized(f"{short}+more#{digest}", lambda lang: t("step.what_you_see", lang, text=t(short, lang, **values))
                     + behind_more(t(rest, lang, **values), lang))


def behind_more(text: str, lang: str = DEFAULT) -> str:
    """Markdown that keeps `text` folded behind a "More" the reader opens (a caption's or a chapter's rest)."""
    return f"\n\n<details><summary>{t('step.more', lang)}</summary>\n\n{text}\n\n</details>" if text else ""
