"""Three costs that Gradio pays again for every visitor, paid once or when needed: the page's block configs are what
they were, only cheaper to make. Knows Python's `__signature__` and `__deepcopy__` protocols and Gradio's config
objects and sessions; nothing of what any block shows.

Why. Gradio 6 writes a block's config from the parameters of its class's __init__, calling inspect.signature for
each block each time: for all the page's blocks (204 when measured below, 226 now) when a visitor's session started
(Gradio's SessionState keeps every block's config) and at every fetch of /config. And each /config deep-copies the
whole page config, whose 133 labels are gr.I18n keys (I18nData): copying one looks up five special methods through
I18nData.__getattr__, which raises an AttributeError for each. Under a class's burst (16 `trace` callers at once)
sessions and /config were most of the server's own CPU (py-spy).
- inspect.signature returns a function's `__signature__` when it has one, so each __init__ keeps the very signature
  inspect computes: a new session's configs 22.5 -> 6.9 ms, a /config 16.7 -> 10.6 ms (this page, one core).
- An I18nData (a key and a type, never changed after it is made) is its own deep copy: /config's copy 10.2 -> 3.7 ms.
- A new session (Gradio's SessionState, made when a visitor's first event joins the queue, on the server's event loop)
  no longer writes every block's config up front: it writes a block's config when an event sets that block's value,
  as Gradio does for a block it has none for, and all of them only when asked for the session's components (a deep
  link, which this page has none of). 16 visitors calling `trace` at once reached the workers within 0.42 s, one
  session after another; now within 0.15 s. The session's memory holds only the configs its events wrote.
tests/test_ui.py checks that /config and a session's configs are byte for byte what Gradio makes without these.
"""
from __future__ import annotations

import inspect
from types import SimpleNamespace

from gradio import state_holder
from gradio.i18n import I18nData

GRADIOS_SESSION = state_holder.SessionState


def remember(blocks) -> int:
    """Give each __init__ on the MRO of every block class in `blocks` (a gr.Blocks) its own signature, and make the
    I18n keys their own deep copies; returns how many signatures were set (those already set are left as they are)."""
    if "__deepcopy__" not in I18nData.__dict__:
        I18nData.__deepcopy__ = _itself
    state_holder.SessionState = Session     # what Gradio's StateHolder makes for each new visitor
    made = 0
    for cls in {type(block) for block in blocks.blocks.values()}:
        for klass in cls.__mro__:
            init = klass.__dict__.get("__init__")
            if inspect.isfunction(init) and "__signature__" not in init.__dict__:
                init.__signature__ = inspect.signature(init)
                made += 1
    return made


def forget() -> None:
    """Undo the I18n keys' deep copy and the sessions' configs written when needed (tests compare with and without)."""
    if I18nData.__dict__.get("__deepcopy__") is _itself:
        del I18nData.__deepcopy__
    state_holder.SessionState = GRADIOS_SESSION


class Session(GRADIOS_SESSION):
    """Gradio's session, with its blocks' configs (`config_values`) written when needed instead of when it is made."""

    def __init__(self, blocks):
        super().__init__(SimpleNamespace(default_config=blocks.default_config, blocks={}))   # no block's config yet
        self._page = blocks

    @property
    def components(self):
        """Every block's config, as Gradio's session holds them: those not written yet are written now, in the page's
        order, from the blocks as they are (a block replaced by an event has had its config written then)."""
        made = self.config_values
        self.config_values = {k: made[k] if k in made else self.blocks_config.config_for_block(k, [], block)
                              for k, block in self.blocks_config.blocks.items() if k in self._page.blocks}
        self.config_values.update(made)        # and those of blocks rendered since, after them, as Gradio keeps them
        return super().components


def _itself(label: I18nData, memo: dict) -> I18nData:
    return label
