"""Links to a place: a page URL's query (lang, tab, chapter, example, round, view) read into where the page opens, and
the query written for what is on screen. Knows ids and the shipped traces; no layout, no drawing, no generation.

Every id is stable and human, never a translated label: `?lang=zh-TW&tab=tour&chapter=6`,
`?example=tom-counted&round=6&view=clusters`. An example is a shipped trace (assets/traces, `session.recorded()`)
named in kebab case, so opening a link only ever reads what the app ships: it never loads a model or generates. A
value the page does not have is dropped with a note (`note`), and the page opens at its default instead.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from urllib.parse import urlencode

from mtp_viz.strings import t
from mtp_viz.ui.session import FIRST_TRACE, recorded, request_of, shipped
from mtp_viz.ui.step_state import CHOICES, StepState
from mtp_viz.ui.tour import CHAPTERS
from mtp_viz.ui.words import LOCALES, lang_asked

TABS = ("step", "race", "tour", "lab")         # the gr.Tab ids of ui/__init__.build_demo, in their order
KEYS = ("lang", "tab", "chapter", "example", "round", "view")


@dataclass(frozen=True)
class Place:
    """Where a link asks the page to open; None: the page's default. `bad` keeps "key=value" for each value dropped."""
    lang: str | None = None       # a table: "en", "de", "zh-TW"
    tab: str | None = None        # one of TABS
    chapter: int | None = None    # the tour's chapter, 0-based (a link counts from 1, as the tour does)
    example: str | None = None    # a name of session.recorded()
    round: int | None = None      # a round of that example (or of the first paint's)
    view: str | None = None       # one of step_state.CHOICES
    bad: tuple[str, ...] = ()


def example_id(name: str) -> str:
    """The link id of a shipped trace: its name in kebab case ("tom counted" -> "tom-counted")."""
    return name.replace(" ", "-")


def _whole(value: str) -> int | None:
    value = value.strip()
    return int(value) if value.isdigit() else None


def read(query) -> Place:
    """The place a page URL's query asks for (a mapping of parameter to value; other parameters are ignored)."""
    asked = {key: str(query.get(key))[:40] for key in KEYS if query.get(key) not in (None, "")}   # a note quotes it
    found, bad = {}, []

    def take(key: str, value) -> None:
        if value is None:
            bad.append(f"{key}={asked[key]}")
        else:
            found[key] = value

    for key, value in asked.items():
        if key == "lang":
            take(key, lang_asked(value))
        elif key == "tab":
            take(key, value.lower() if value.lower() in TABS else None)
        elif key == "chapter":
            k = _whole(value)
            take(key, k - 1 if k is not None and 1 <= k <= len(CHAPTERS) else None)
        elif key == "example":
            name = value.strip().lower().replace("-", " ").replace("_", " ")
            take(key, name if name in recorded() else None)
        elif key == "view":
            view = value.strip().lower().replace("-", "_")
            take(key, view if view in CHOICES else None)
    if "round" in asked:        # read last: its range is the example's
        trace = shipped(found.get("example", FIRST_TRACE))
        i = _whole(asked["round"])
        take("round", i if trace is not None and i is not None and i < len(trace.rounds) else None)
    if "tab" not in asked and "chapter" in found:
        found["tab"] = "tour"
    return Place(**found, bad=tuple(bad))


def place_of(request) -> Place:
    """The place the page's link asks for: every event's gr.Request carries the page's query."""
    return read(getattr(request, "query_params", None) or {})


def note(place: Place, lang: str = "en") -> str:
    """The note for a link with values the page does not have (Markdown); "" when all were found."""
    pairs = ", ".join("`" + pair.replace("`", "'") + "`" for pair in place.bad)
    return t("link.bad", lang, pairs=pairs) if pairs else ""


def shown_example(state: StepState | None) -> str | None:
    """The shipped trace the step-through shows (one whose request made the trace on screen), if any."""
    if state is None or state.trace is None:
        return None
    return next((name for name in recorded() if request_of(shipped(name)) == state.request), None)


def here(tab: str, chapter: int, state: StepState | None, lang: str) -> tuple[str, bool]:
    """The query of what is on screen: the language, the tab and, on the tour, its chapter; on the step-through its
    example, round and view. Also whether the step-through shows a trace no link can carry (made live here)."""
    tab = tab if tab in TABS else TABS[0]
    params: dict = {"lang": lang, "tab": tab}
    live = False
    if tab == "tour":
        params["chapter"] = chapter + 1
    elif tab == "step" and state is not None:
        name = shown_example(state)
        live = state.trace is not None and name is None
        if name is not None:
            params.update(example=example_id(name), round=state.index)
        params["view"] = state.view
    return "?" + urlencode(params), live


def page_url(headers) -> str:
    """The page's address without its query, from the Referer the browser sends with each event ("" without one)."""
    referer = (headers or {}).get("referer") or ""
    return referer.split("#")[0].split("?")[0]


# Sets the page's static words (gr.I18n) in the link's language: Gradio picks them from the browser's language, and
# its own language menu calls `changeLocale` in its core module, which this imports from the page's loaded assets.
LANG_JS = """
async () => {
  const asked = (new URLSearchParams(window.location.search).get("lang") || "").toLowerCase();
  const locale = %s[asked];
  if (!locale) return;
  const core = performance.getEntriesByType("resource").map((e) => e.name)
    .find((name) => /\\/assets\\/core-[^/]*\\.js$/.test(name));
  if (!core) return;
  const module = await import(core);
  if (module.changeLocale) module.changeLocale(locale);
}
""" % json.dumps({loc.lower(): loc for loc in LOCALES})

# The tab on screen, for "Link to this": the id of the tab whose panel is shown (each gr.Tab has elem_id "tab-<id>").
TAB_JS = """
(tab, ...rest) => {
  const shown = %s.find((id) => { const el = document.getElementById("tab-" + id); return el && el.offsetParent; });
  return [shown || tab, ...rest];
}
""" % json.dumps(list(TABS))
