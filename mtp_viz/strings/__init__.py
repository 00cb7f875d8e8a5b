"""Every visible word of the app, one table per language, and t() to look one up. Knows no layout and no maths.

Tables: en.py (the reference), zh_tw.py (Traditional Chinese, Taiwan), de.py (German). Each maps a key to a
str.format template. A key missing from a table falls back to English, so a page is never blank.
"""
from __future__ import annotations

import numbers
import string

from mtp_viz.strings import de, en, zh_tw

TABLES: dict[str, dict[str, str]] = {"en": en.STRINGS, "zh-TW": zh_tw.STRINGS, "de": de.STRINGS}
DEFAULT = "en"


def t(key: str, lang: str = DEFAULT, **values) -> str:
    """The text for `key` in `lang` (English when that table lacks it), with `values` filled in; numbers are written
    in the language's marks, so a German {n:,} is 4.096 and {share:.1%} is 6,2 %."""
    text = TABLES.get(lang, {}).get(key) or en.STRINGS[key]
    if not values:
        return text
    return _GERMAN.format(text, **values) if lang == "de" else text.format(**values)


def marks(text: str, lang: str = DEFAULT) -> str:
    """A number written the English way in the language's marks: German swaps the decimal and thousands marks and
    puts a no-break space before a percent sign (4,096.5 -> 4.096,5; 6.25% -> 6,25 %); English and Chinese keep it."""
    if lang != "de":
        return text
    text = text.translate(str.maketrans(",.", ".,"))
    return text[:-1] + "\u00a0%" if text.endswith("%") else text


class _Marks(string.Formatter):
    """str.format that writes every number in German marks (see marks); any other value as str.format does."""

    def format_field(self, value, format_spec: str) -> str:
        text = super().format_field(value, format_spec)
        return marks(text, "de") if isinstance(value, numbers.Real) and not isinstance(value, bool) else text


_GERMAN = _Marks()


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
    return marks(f"{x:,.{digits}f}", lang)
