"""Every visible word of the app, one table per language, and t() to look one up. Knows no layout and no maths.

Tables: en.py (the reference), zh_tw.py (Traditional Chinese, Taiwan), de.py (German). Each maps a key to a
str.format template. A key missing from a table falls back to English, so a page is never blank. Numbers, plurals
and lists are written by Babel from CLDR's data for the language (number, large, count, listing), never by hand.
"""
from __future__ import annotations

import datetime
import numbers
import re
import string
from decimal import Decimal

from babel import Locale
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_compact_decimal, format_decimal, format_percent

from mtp_viz.strings import de, en, zh_tw

TABLES: dict[str, dict[str, str]] = {"en": en.STRINGS, "zh-TW": zh_tw.STRINGS, "de": de.STRINGS}
DEFAULT = "en"
CLDR = {"en": "en", "zh-TW": "zh_Hant_TW", "de": "de_DE"}     # our tables -> CLDR's locales
# Locales with no table of their own -> the table that serves them: "zh" catches zh-HK, zh-CN ... (the browser's
# locale in Gradio, the Accept-Language header here); any other locale is served by the table of its language.
ALIASES = {"zh": "zh-TW"}
LOCALES = {**{lang: lang for lang in TABLES}, **ALIASES}      # every locale a page is served in -> its table
DATES = {"en": "medium", "de": "medium", "zh-TW": "short"}    # CLDR's date lengths: Dec 2, 2026; 02.12.2026; 2026/12/2
SPEC = re.compile(r"(?P<group>,?)(?:\.(?P<digits>\d+)(?P<kind>[f%]))?")   # the number specs the tables use
# Chinese sets Latin letters, digits and Greek symbols apart from Han characters by one space: "傳播 5.30 次",
# "的 CPU 時間", "於 2026/12/2". One rule for the tables, for every value t() fills in, and for Babel's own words.
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
LATIN = "A-Za-z0-9\u0391-\u03a9\u03b1-\u03c9%"
UNSPACED = re.compile(f"(?<=[{HAN}])(?=[{LATIN}])|(?<=[{LATIN}])(?=[{HAN}])")


def t(key: str, lang: str = DEFAULT, **values) -> str:
    """The text for `key` in `lang` (English when that table lacks it), with `values` filled in; numbers are written
    in the language's marks by Babel, so a German {n:,} is 4.096 and {share:.1%} is 6,2 %; {n:guess} is n with the
    noun in its plural form (count()); in Chinese a value meets the text around it by the spacing rule (spaced())."""
    text = TABLES.get(lang, {}).get(key) or en.STRINGS[key]
    if not values:
        return text
    return _Numbers(lang).format(text, **values)


def spaced(text: str) -> str:
    """`text` with one space wherever a Han character touches a Latin letter, digit or Greek symbol (UNSPACED)."""
    return UNSPACED.sub(" ", text)


def _locale(lang: str) -> str:
    return CLDR.get(lang, CLDR[DEFAULT])


def number(x: float, lang: str = DEFAULT, digits: int = 2, fewest: int | None = None, group: bool = True) -> str:
    """x in the language's marks (CLDR, via Babel): 4,096.50 (en, zh-TW), 4.096,50 (de). `digits` decimals, or
    between `fewest` and `digits` when fewest is given (trailing zeros dropped down to it); rounded as Python's
    f-strings round, so every page agrees with the numbers the code computes."""
    fewest = digits if fewest is None else fewest
    pattern = ("#,##0" if group else "0") + ("." + "0" * fewest + "#" * (digits - fewest) if digits else "")
    return format_decimal(Decimal(f"{x:.{digits}f}"), format=pattern, locale=_locale(lang))


def percent(x: float, lang: str = DEFAULT, digits: int = 1) -> str:
    """x (a share, 0.062) as a percentage with `digits` decimals in the language's pattern: 6.2% (en), 6,2 % (de)."""
    pattern = Locale.parse(_locale(lang)).percent_formats[None].pattern
    pattern = pattern.replace("0", "0." + "0" * digits, 1) if digits else pattern
    return format_percent(Decimal(f"{x:.{digits + 2}f}"), format=pattern, locale=_locale(lang))


def large(x: float, lang: str = DEFAULT, digits: int = 1) -> str:
    """A large count in the language's words (CLDR's compact forms, from a million up; in Chinese from 萬 up): 10.3
    million, 10,3 Millionen, 1025 萬, 35 億; a smaller one in full (966,400)."""
    if lang == "zh-TW" and x >= 1e4:     # CLDR's own count of 萬 or 億, spaced as every Chinese text is: 1025 萬
        compact = format_compact_decimal(x, locale=_locale(lang), fraction_digits=digits)
        if float(re.match(r"[\d.]+", compact).group()) >= 100:                 # 1025 萬, not 1025.1 萬
            compact = format_compact_decimal(x, locale=_locale(lang))
        return spaced(compact)
    if x >= 1e6 and lang != "zh-TW":
        return format_compact_decimal(x, format_type="long", locale=_locale(lang), fraction_digits=digits)
    return number(x, lang, 0)


def count(n: float, noun: str, lang: str = DEFAULT, digits: int = 0) -> str:
    """n and the noun in the plural form CLDR's rules give n in `lang` ("1 guess", "3 guesses", "2 Vorschläge"):
    the tables hold each form as "unit.<noun>.<form>" with n's place marked {n}; a missing form falls to "other"."""
    form = Locale.parse(_locale(lang)).plural_form(n)
    key = f"unit.{noun}.{form}"
    return t(key if key in TABLES.get(lang, en.STRINGS) or key in en.STRINGS else f"unit.{noun}.other", lang,
             n=number(n, lang, digits))


def listing(items, lang: str = DEFAULT) -> str:
    """Items joined as the language joins a list: "6.20 and 5.33", "6,20 und 5,33", "6.20和5.33"."""
    return format_list([str(i) for i in items], locale=_locale(lang))


def separators(lang: str = DEFAULT) -> str:
    """The decimal and thousands marks of `lang` as Plotly's layout.separators wants them: ".," (en), ",." (de)."""
    symbols = Locale.parse(_locale(lang)).number_symbols["latn"]
    return symbols["decimal"] + symbols["group"]


def language_of(accept_language: str | None) -> str:
    """The best table for an HTTP Accept-Language header ("zh-TW,zh;q=0.9,en;q=0.8" -> "zh-TW"); English else.
    A tag is served by the table of its language (its first part): de-AT by de, zh-HK by zh-TW (ALIASES)."""
    by_language = {loc.split("-")[0].lower(): table for loc, table in LOCALES.items()}
    for part in (accept_language or "").split(","):
        language = part.split(";")[0].strip().lower().split("-")[0]
        if language in by_language:
            return by_language[language]
    return DEFAULT


def bcp47(lang: str) -> str:
    """A table's locale as a BCP 47 tag, for the browser's Intl formatting: "de-DE", "zh-Hant-TW", "en"."""
    return _locale(lang).replace("_", "-")


class _Numbers(string.Formatter):
    """str.format that writes every number in the marks of one language (Babel); any other value as str.format
    does. The specs the tables use: "" (an int as it is, a float as CLDR writes it), ",", ".2f", ",.1f", ".1%"; a date
    is written in CLDR's form for the language (DATES)."""

    def __init__(self, lang: str):
        self.lang = lang

    def vformat(self, format_string, args, kwargs) -> str:
        """str.format's own loop, with each filled-in value joined to the text around it by the language's rule."""
        out = ""
        for literal, name, spec, conversion in self.parse(format_string):
            out = self._join(out, literal)
            if name is not None:
                value = self.convert_field(self.get_field(name, args, kwargs)[0], conversion)
                spec = self.vformat(spec, args, kwargs) if "{" in spec else spec
                out = self._join(out, self.format_field(value, spec))
        return out

    def _join(self, left: str, right: str) -> str:
        if self.lang != "zh-TW" or not left or not right:
            return left + right
        edge = re.sub(r"%\{[^}]*\}$", "0", left[-8:]) + re.sub(r"^%\{[^}]*\}", "0", right[:8])   # plotly's %{y}
        return left + (" " if UNSPACED.search(edge) else "") + right

    def format_field(self, value, format_spec: str) -> str:
        if isinstance(value, datetime.date):          # a day (never a time of day: no reader's time zone is known)
            return format_date(value, DATES.get(self.lang, DATES[DEFAULT]), locale=_locale(self.lang))
        if f"unit.{format_spec}.other" in en.STRINGS and isinstance(value, numbers.Real):
            return count(value, format_spec, self.lang)           # {n:guess} -> 1 guess, 3 guesses
        spec = SPEC.fullmatch(format_spec)
        if not isinstance(value, numbers.Real) or isinstance(value, bool) or spec is None or \
                (isinstance(value, numbers.Integral) and not format_spec):
            return super().format_field(value, format_spec)
        if spec["kind"] == "%":
            return percent(value, self.lang, int(spec["digits"]))
        if spec["kind"] == "f":
            return number(value, self.lang, int(spec["digits"]), group=bool(spec["group"]))
        if isinstance(value, numbers.Integral):
            return number(value, self.lang, 0, group=bool(spec["group"]))
        return format_decimal(value, locale=_locale(self.lang), group_separator=bool(spec["group"]))


def sentences(*parts: str, lang: str = DEFAULT) -> str:
    """Sentences run together as the language writes them: with a space between, none in Chinese."""
    return ("" if lang == "zh-TW" else " ").join(p for p in parts if p)
