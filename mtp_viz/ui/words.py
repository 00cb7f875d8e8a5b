"""Words on components: L(key) for a label, button or tab name fixed at build time. Knows no layout.

Static texts go through L() so the browser's language can pick the table; texts made per request (round
summaries, figures) use mtp_viz.strings.t(key, lang) with the visitor's language instead.
"""
from __future__ import annotations

from mtp_viz.strings import t


def L(key: str, **values) -> str:
    """The English text of `key` for a component built once for every visitor."""
    return t(key, **values)
