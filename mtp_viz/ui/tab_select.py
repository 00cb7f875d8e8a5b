"""Opening a tab from the browser, as JavaScript for an event's `js` with no server function. Knows gr.Tabs' update.

Why not a server event with gr.Tabs(selected=...): Gradio keeps every component that any server event has updated,
and at each status change of every later event (pending, started, done) it re-reads each of them with all its
children. A server event that once updated gr.Tabs, or a gr.Tab, makes every later click re-read the whole page
(issue 27: 8,300 structured clones and about 150 ms of a Step's main-thread time on two cores). An event that only
the browser runs has no status, so the tabs never join that list.
"""
from __future__ import annotations

import json

# (tab id or "") -> gr.Tabs' update, or nothing: for `.then(None, carrier, tabs, js=SELECT)` after a server event
# that wrote the tab's id into a hidden Textbox
SELECT = "(tab) => tab ? {__type__: 'update', selected: tab} : undefined"

# (JSON {"tab": id or null, "labels": [label of each tab] or null}) -> [gr.Tabs' update, one gr.Tab update each]
OPEN = """
(opened) => {
  const asked = opened ? JSON.parse(opened) : {};
  return [asked.tab ? {__type__: 'update', selected: asked.tab} : undefined,
          ...(asked.labels || []).map((label) => ({__type__: 'update', label}))];
}
"""


def select(tab: str) -> str:
    """JavaScript that opens tab `tab` (a gr.Tab id): for `.click(None, None, tabs, js=select(tab))`."""
    return "() => ({__type__: 'update', selected: %s})" % json.dumps(tab)


def opening(tab: str | None, labels: list[str] | None) -> str:
    """What OPEN reads: the tab to open (None: stay) and each tab's label in the link's language (None: keep)."""
    return json.dumps({"tab": tab, "labels": labels})
