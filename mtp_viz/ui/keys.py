"""Keys for the projector, as browser JavaScript for demo.launch(js=KEYS): it presses the page's own controls.

→ next round, ← previous round, space play / pause, Home round 0 on the step-through tab; → and ← turn the
tour's pages. Nothing happens while the focus is in a text box (a phone's Step bar and its scrolling: phone.py).
A screen reader reads the summary out when it changes (aria-live): a Step
that walks the trace is answered outside Gradio's queue, whose status line says nothing for it. Knows only the
elem_ids below, no handlers.
"""
ROUND, PLAY, STEP, RUN = "mtp-round", "mtp-play", "mtp-step", "mtp-run"   # step-through: round slider, buttons
STATUS = "round-status"                                     # the round's summary (a phone's bar shows its heading)
TOUR_NEXT, TOUR_BACK = "tour-next", "tour-back"

KEYS = """
() => {
  const shown = (id) => {
    const el = document.getElementById(id);
    return el && el.offsetParent !== null ? el : null;
  };
  const press = (id) => {
    const el = shown(id);
    const button = el && (el.tagName === "BUTTON" ? el : el.querySelector("button"));
    if (!button || button.disabled) return false;
    button.click();
    return true;
  };
  const typing = (el) => !!el && (el.isContentEditable || el.tagName === "TEXTAREA" || el.tagName === "SELECT" ||
    (el.tagName === "INPUT" && !["range", "checkbox", "radio", "button", "submit"].includes(el.type)));
  // move the round slider the way a drag does: set the value, then the input and pointerup a drag fires
  const scrub = (to) => {
    const box = shown("%(round)s");
    const range = box && box.querySelector("input[type=range]");
    if (!range || range.disabled) return false;
    const value = Math.max(+range.min, Math.min(+range.max, to(+range.value)));
    if (value !== +range.value) {
      range.value = value;
      range.dispatchEvent(new Event("input", {bubbles: true}));
      range.dispatchEvent(new PointerEvent("pointerup", {bubbles: true}));
    }
    return true;
  };
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    const tour = shown("%(tour_next)s");
    let done = false;
    if (e.key === "ArrowRight") done = tour ? press("%(tour_next)s") : (scrub((v) => v + 1) || press("%(step)s"));
    else if (e.key === "ArrowLeft") done = tour ? press("%(tour_back)s") : scrub((v) => v - 1);
    else if (e.key === "Home") done = !tour && scrub(() => 0);
    else if (e.key === " ") done = !tour && press("%(play)s");
    if (done) e.preventDefault();
  });
  const live = (tries) => {
    const status = document.getElementById("%(status)s");
    if (status) status.setAttribute("aria-live", "polite");
    else if (tries > 0) setTimeout(() => live(tries - 1), 200);
  };
  live(100);
}
""" % {"round": ROUND, "play": PLAY, "step": STEP, "status": STATUS, "tour_next": TOUR_NEXT,
       "tour_back": TOUR_BACK}
