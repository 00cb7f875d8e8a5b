"""Two costs that Gradio pays again for every visitor, paid once: the page's block configs are what they were, only
cheaper to make. Knows Python's `__signature__` and `__deepcopy__` protocols and Gradio's config objects; nothing of
what any block shows.

Why. Gradio 6 writes a block's config from the parameters of its class's __init__, calling inspect.signature for
each block each time: for all 204 blocks of this page when a visitor's session starts (its SessionState keeps every
block's config) and at every fetch of /config. And each /config deep-copies the whole page config, whose 133 labels
are gr.I18n keys (I18nData): copying one looks up five special methods through I18nData.__getattr__, which raises an
AttributeError for each. Under a class's burst (16 `trace` callers at once) sessions and /config were most of the
server's own CPU (py-spy).
- inspect.signature returns a function's `__signature__` when it has one, so each __init__ keeps the very signature
  inspect computes: a new session's configs 22.5 -> 6.9 ms, a /config 16.7 -> 10.6 ms (this page, one core).
- An I18nData (a key and a type, never changed after it is made) is its own deep copy: /config's copy 10.2 -> 3.7 ms.
tests/test_ui.py checks that /config and a session's configs are byte for byte what Gradio makes without these.
"""
from __future__ import annotations

import inspect

from gradio.i18n import I18nData


def remember(blocks) -> int:
    """Give each __init__ on the MRO of every block class in `blocks` (a gr.Blocks) its own signature, and make the
    I18n keys their own deep copies; returns how many signatures were set (those already set are left as they are)."""
    if "__deepcopy__" not in I18nData.__dict__:
        I18nData.__deepcopy__ = _itself
    made = 0
    for cls in {type(block) for block in blocks.blocks.values()}:
        for klass in cls.__mro__:
            init = klass.__dict__.get("__init__")
            if inspect.isfunction(init) and "__signature__" not in init.__dict__:
                init.__signature__ = inspect.signature(init)
                made += 1
    return made


def forget() -> None:
    """Undo the I18n keys' deep copy (tests compare with and without)."""
    if I18nData.__dict__.get("__deepcopy__") is _itself:
        del I18nData.__deepcopy__


def _itself(label: I18nData, memo: dict) -> I18nData:
    return label
