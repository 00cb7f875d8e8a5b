"""The step-through's state: one frozen type per visitor (kept in gr.State) and its pure transitions.

Knows the trace on screen, the round, the chosen view and the request that made the trace. Knows no Gradio, no
drawing and no generation: a handler generates or reads a trace, then hands it to a transition.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from mtp_viz.figures import VIEWS
from mtp_viz.trace import Trace
from mtp_viz.settings import Request
from mtp_viz.ui.session import request_of

STREAM = "token_stream"                                   # always on screen, beside the chosen view
CHOICES = [key for key, _ in VIEWS if key != STREAM]      # the views the chooser offers
FIRST_VIEW = "timeline"


@dataclass(frozen=True)
class StepState:
    trace: Trace | None = None           # the trace on screen; None before the first Step and after Reset
    index: int = 0                       # the round shown
    request: Request | None = None       # the request that reproduces `trace`
    view: str = FIRST_VIEW               # the view shown beside the token stream (one of CHOICES)
    serial: int = 0                      # counts the traces shown: tells plots of different traces apart cheaply
    stale: bool = False                  # the controls no longer ask for `trace`
    asked: Request | None = None         # what the controls ask for now, None until they change (checked for a refusal)
    acted: bool = False                  # the visitor has done something (a late page load must not undo it)
    cached: bool = False                 # `trace` was answered from the server's cache: its times are an earlier run's
    exports: bool = False                # the Export panel is open: the downloads are wanted for each trace shown
    files: tuple[str, str] | None = None   # the JSON and CSV downloads written for `trace`, None until asked for
    narrow: bool = False                 # the visitor's screen is a phone's: the views are drawn for it
    shown: dict = field(default_factory=dict, compare=False)   # slot -> what that part of the page shows now

    @classmethod
    def of(cls, trace: Trace | None = None, index: int = 0, view: str = FIRST_VIEW) -> StepState:
        """A state showing `trace` (shipped or uploaded) at round `index`, nothing done yet."""
        return cls(trace, index, request_of(trace) if trace else None, view)

    @property
    def last(self) -> int:
        """The last round's index (0 with no trace)."""
        return len(self.trace.rounds) - 1 if self.trace is not None else 0

    @property
    def at_last(self) -> bool:
        return self.trace is not None and self.index >= self.last

    # -- transitions: each returns a new state ---------------------------------------------------------------------
    def showing(self, trace: Trace, request: Request, index: int = 0, cached: bool = False) -> StepState:
        """A new trace on screen at round `index` (-1: the last): generated, shipped or uploaded."""
        return replace(self, trace=trace, request=request, index=len(trace.rounds) - 1 if index < 0 else index,
                       serial=self.serial + 1, stale=False, acted=True, cached=cached, files=None)

    def replay(self, trace: Trace, index: int = -1) -> StepState:
        """A shipped or uploaded trace at round `index` (-1: its last), with the request that would make it again."""
        return self.showing(trace, request_of(trace), index)

    def reset(self) -> StepState:
        return replace(self, trace=None, request=None, index=0, serial=self.serial + 1, stale=False, acted=True,
                       cached=False, files=None)

    def step(self, again: bool = False) -> StepState:
        """The next round; at the last, the same (`again`: round 0, as Play starts over)."""
        if self.trace is None:
            return self
        return replace(self, index=0 if self.at_last and again else min(self.index + 1, self.last), acted=True)

    def back(self) -> StepState:
        return self.scrub(self.index - 1)

    def scrub(self, value) -> StepState:
        """Round `value`, kept within the trace (no trace or no value: where it was)."""
        if self.trace is None or value is None:
            return replace(self, acted=True)
        return replace(self, index=max(0, min(int(value), self.last)), acted=True)

    def seen(self, index, view) -> StepState:
        """The round and view the page shows after stepping in the browser (ui/player.js), which the server did not
        draw: the next screen it sends redraws the plots and the text under the view."""
        if self.trace is None or index is None:
            return self
        moved = self.choose(view) if isinstance(view, str) else self
        moved = replace(moved, index=max(0, min(int(index), self.last)))
        if (moved.index, moved.view) == (self.index, self.view):
            return self
        return replace(moved, acted=True).unshown()

    def unshown(self) -> StepState:
        """The state with no record of the plots and text on screen, so the next screen sends them all: the page
        has drawn something else since, or cannot draw what it asks for. The downloads and decks sent are kept."""
        return replace(self, shown={k: v for k, v in self.shown.items() if k in ("files", "deck", "sent")})

    def to_end(self) -> StepState:
        return replace(self, index=self.last, acted=True)

    def choose(self, view: str) -> StepState:
        """Another view beside the token stream (anything but one of CHOICES: the same)."""
        return replace(self, view=view) if view in CHOICES else self

    def asking(self, req: Request | None) -> StepState:
        """The controls now ask for `req`: stale when that is not what made the trace on screen."""
        return replace(self, stale=self.trace is not None and req != self.request, asked=req)

    def wanting(self, req: Request) -> StepState:
        """A Step or Run asks for `req`: no longer stale (the caller makes the trace when `has(req)` is False)."""
        return replace(self, stale=False, asked=req, acted=True)

    def has(self, req: Request) -> bool:
        """Whether the trace on screen is what `req` asks for (so Step walks it instead of generating)."""
        return self.trace is not None and self.request == req

    def export(self, wanted: bool) -> StepState:
        """The Export panel opened (the downloads are wanted) or closed."""
        return replace(self, exports=wanted)

    def exported(self, files: tuple[str, str]) -> StepState:
        return replace(self, files=files)

    def on_screen(self, narrow: bool) -> StepState:
        """The state for a narrow (phone) or wide screen: the views are drawn for it from the next screen on."""
        return self if self.narrow == narrow else replace(self, narrow=narrow)

    def showed(self, shown: dict) -> StepState:
        return replace(self, shown=shown)
