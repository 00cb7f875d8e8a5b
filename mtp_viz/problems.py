"""One error type for everything a caller can fix or a server refuses: a Problem, told by a code and its values.

Knows the string tables (the code is a key of mtp_viz.strings); knows no UI, no model and no torch. The engine, the
settings, the memory check, the deployment policy, the lab's sweep and the server-metrics reader raise it; str() is
the English text (what the API returns and the log says), said(lang) the reader's, looked up by code and filled
with the values. Nothing ever reads a message back: a page translates by code (compare Django's message ids).
"""
from __future__ import annotations

from typing import Any, Callable

from mtp_viz.strings import t


class Problem(ValueError):
    """Bad input or a refusal. `code` is a key of the string tables, `values` fill its template; a value may be a
    function of the language, for a part of the message that is itself translated (a list of allowed models)."""

    def __init__(self, code: str, **values: Any):
        self.code, self.values = code, values
        super().__init__(self.said("en"))

    def said(self, lang: str = "en") -> str:
        return t(self.code, lang, **{k: v(lang) if callable(v) else v for k, v in self.values.items()})


def in_words(key: str, **values: Any) -> Callable[[str], str]:
    """A value that is itself a table's text, said in the reader's language when the Problem is."""
    return lambda lang: t(key, lang, **values)
