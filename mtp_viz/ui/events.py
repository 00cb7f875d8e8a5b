"""The keywords every tab gives Gradio's event listeners, named once. Knows Gradio's listener keywords; no layout, no
handler, no words.

Each tab spreads a preset into its listeners (`button.click(fn, inputs, outputs, **QUIET)`) and adds what is its own:
where progress shows, a trigger mode, the generating events' concurrency (policy.generating_events).
"""
from __future__ import annotations

# The page's own events: none is part of the public API (that is ui/endpoint.py's `trace`).
PRIVATE = {"api_visibility": "private"}
# An event that shows no progress on any component: Gradio re-reads every component that any event has shown progress
# on, at each status change of every later event, so progress on the controls and outputs would slow every click.
QUIET = {**PRIVATE, "show_progress": "hidden", "show_progress_on": []}
