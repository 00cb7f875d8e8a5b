"""Every visible word of the app, one table per language, and t() to look one up. Knows no layout and no maths.

Tables: en.py (the reference), zh_tw.py (Traditional Chinese, Taiwan), de.py (German). Each maps a key to a
str.format template. A key missing from a table falls back to English, so a page is never blank.
"""
from __future__ import annotations

from mtp_viz.strings import de, en, zh_tw

TABLES: dict[str, dict[str, str]] = {"en": en.STRINGS, "zh-TW": zh_tw.STRINGS, "de": de.STRINGS}
DEFAULT = "en"


def t(key: str, lang: str = DEFAULT, **values) -> str:
    """The text for `key` in `lang` (English when that table lacks it), with `values` filled in."""
    text = TABLES.get(lang, {}).get(key) or en.STRINGS[key]
    return text.format(**values) if values else text


def language_of(accept_language: str | None) -> str:
    """The best table for an HTTP Accept-Language header ("zh-TW,zh;q=0.9,en;q=0.8" -> "zh-TW"); English else."""
    for part in (accept_language or "").split(","):
        tag = part.split(";")[0].strip().lower()
        if tag.startswith("zh"):
            return "zh-TW"
        if tag.startswith("de"):
            return "de"
        if tag.startswith("en"):
            return "en"
    return DEFAULT


def number(x: float, lang: str = DEFAULT, digits: int = 2) -> str:
    """x with `digits` decimals, grouped in thousands, in the language's marks: 4,096.5 (en, zh-TW), 4.096,5 (de)."""
    text = f"{x:,.{digits}f}"
    return text.translate(str.maketrans(",.", ".,")) if lang == "de" else text
