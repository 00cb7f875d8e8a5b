"""A plot that the page redraws in place: a gr.HTML holding one Plotly div, updated with Plotly.react.

Knows Gradio's HTML component and its Plotly bundle; nothing of any view or figure. gr.Plot wraps its chart in a
keyed block, so every new figure destroys the chart and draws a new one from scratch, measuring every text and
laying out the page again (about 400 ms of main-thread work per Step in Chromium on two cores). Here the div stays:
a new figure goes to Plotly.react, which redraws only what changed. It draws with the very Plotly that gr.Plot
uses (Gradio's own chunk, loaded once), with gr.Plot's settings (autosize, responsive), so a figure looks the same.
A handler returns a Plotly figure, or gr.skip(), exactly as for gr.Plot.

Even a react is two full Plotly drawings per Step (40 to 120 ms each on a loaded two-core host), so a pane also keeps
figures drawn ahead, off the page: the rounds the in-page player (player.js) says come next, drawn while the visitor
reads. A Step to one of them only moves its drawn div onto the page.
"""
from __future__ import annotations

from pathlib import Path

import gradio as gr

# Gradio's lazily loaded Plotly chunk, named by its build hash: the page imports it beside Gradio's own scripts
_CHUNKS = sorted((Path(gr.__file__).parent / "templates" / "frontend" / "assets").glob("PlotlyPlot-*.js"))
if len(_CHUNKS) != 1:
    raise ImportError(f"expected one PlotlyPlot chunk in Gradio's frontend, found {[p.name for p in _CHUNKS]}")
CHUNK = _CHUNKS[0].name

# js_on_load: `element` is the component's root, `props.value` the figure's JSON, `watch` runs after each update.
# Besides the chart on screen, a pane keeps up to KEEP figures drawn off the page (in the page's one shelf, which is
# never shown): the rounds player.js says come next (`window.mtpPanes[elem_id].prepare(figures)`), drawn while the
# visitor is idle (no key, pointer or wheel for IDLE_MS and no event pending), one figure per task; and the chart a
# swap took off the screen. A figure kept is put on screen by moving its div into the pane: no drawing at the click.
# When player.js says the chart on screen is worth keeping (`prepare(figures, true)` or `keep()`: a view switch), the
# next figure is drawn on the shelf too and swapped in, and the chart it replaces is kept: going back to the view
# before is a swap. Any other figure (a round of the same view) is redrawn in place by Plotly.react, which is cheaper.
KEEP, IDLE_MS = 40, 1000
DRAW = """
const box = element.querySelector('.mtp-plotly').parentElement;
let gd = element.querySelector('.mtp-plotly');
const plotly = () => window.__mtpPlotly || (window.__mtpPlotly = window.Plotly ? Promise.resolve(window.Plotly) :
  import(new URL('./%(chunk)s', document.querySelector('script[src*="/assets/index-"]').src).href)
    .then(() => window.Plotly));
let drawn = null;
// Plotly.react keeps the margin an axis pushed out for its labels once that axis is hidden (visible: false): the
// activation diagram drawn after the timeline sat in a plot area shrunk by the timeline's axes (on a phone 250 px of
// 310, its labels spilling over its boxes). A figure that hides an axis the drawn one did not hide is drawn afresh
// (player.js's walkthrough does the same); every other figure, a round of the same view, is only reacted to.
const hidden = layout => Object.keys(layout).filter(k => /^[xy]axis[0-9]*$/.test(k) && layout[k] && layout[k].visible === false);
const paint = async (div, value) => {
  const Plotly = await plotly();
  const fig = typeof value === 'string' ? JSON.parse(value) : value;
  const layout = fig.layout || {};
  layout.autosize = true;                        // as gr.Plot draws it: the container's width, the figure's height
  // the div holds the figure's height itself: a resize (Plots.resize, a relayout with autosize) drops the height
  // from the layout, and a react after the first gives the chart 100%% of the div's height, which is otherwise 0
  div.style.height = layout.height ? layout.height + 'px' : '';
  const hid = hidden(layout);
  if (div.mtpHidden && hid.some(k => !div.mtpHidden.includes(k))) Plotly.purge(div);
  div.mtpHidden = hid;
  await Plotly.react(div, fig.data || [], layout, {responsive: true});
};
// -- the figures kept drawn off the page: value (the figure's JSON) -> its div in the shelf, oldest first
const kept = new Map();
let wanted = [];
const shelf = () => document.querySelector('body > .mtp-shelf') || document.body.appendChild(
  Object.assign(document.createElement('div'), {className: 'mtp-shelf', ariaHidden: 'true'}));
const shelve = (div, value) => {
  div.classList.add('mtp-kept');
  shelf().appendChild(div);
  kept.set(value, div);
  trim(%(keep)d);
};
// down to `limit` figures: the oldest no longer wanted go (a figure still wanted is never traded for another)
const trim = limit => {
  for (const [v, d] of kept) {
    if (kept.size <= limit) break;
    if (wanted.includes(v)) continue;
    window.Plotly.purge(d); d.remove(); kept.delete(v);
  }
};
const swap = (value, div = kept.get(value)) => {   // a figure drawn off the page on screen, the one it replaces kept
  const old = gd, was = drawn;
  kept.delete(value);
  div.classList.remove('mtp-kept');
  div.style.width = '';
  old.replaceWith(div);
  gd = div;
  if (was) shelve(old, was); else { window.Plotly.purge(old); }
};
const width = () => Math.round(box.getBoundingClientRect().width);
// one wanted figure drawn on the shelf at the pane's width (true), or nothing left to draw (false)
const missing = () => wanted.find(v => v !== drawn && !kept.has(v));
const spent = {figures: 0, ms: 0};               // drawn ahead so far, and the main thread's time it took
// a figure drawn on the shelf at width w, on an easel of its own (the chart on screen stays as it is meanwhile)
const sketch = async (value, w) => {
  const easel = document.createElement('div');
  easel.className = 'mtp-plotly mtp-easel';
  easel.style.width = w + 'px';
  shelf().appendChild(easel);
  await paint(easel, value);
  easel.classList.remove('mtp-easel');
  return easel;
};
const ahead = async () => {
  const w = width(), value = missing();
  trim(%(keep)d - 1);
  if (!w || value === undefined || kept.size >= %(keep)d) return false;
  const began = performance.now();
  const easel = await sketch(value, w);
  spent.figures += 1;
  spent.ms += performance.now() - began;
  // on screen meanwhile, no longer wanted (forgotten) or drawn at a width the pane no longer has: not kept
  if (props.value === value || !wanted.includes(value) || width() !== w) {
    window.Plotly.purge(easel); easel.remove(); return true;
  }
  shelve(easel, value);
  return true;
};
// the page's one idle runner: each pane's job runs, one figure per task, once nothing happened for IDLE_MS
const idle = window.__mtpIdle || (window.__mtpIdle = (() => {
  let last = performance.now(), timer = null;
  const jobs = new Set();
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart'])
    document.addEventListener(type, () => { last = performance.now(); }, true);
  const run = async () => {
    timer = null;
    const wait = last + %(idle)d - performance.now();
    if (wait > 0 || document.hidden || document.querySelector('.pending')) {
      timer = setTimeout(run, Math.max(wait, 100));
      return;
    }
    for (const job of jobs) {
      if (await job()) { timer = setTimeout(run, 0); return; }
      jobs.delete(job);
    }
  };
  return job => { jobs.add(job); if (!timer) timer = setTimeout(run, %(idle)d); };
})());
let keepNext = false;                           // the chart on screen is kept when the next figure comes
const prepare = (values, keep = false) => {
  keepNext = keep;
  wanted = [...new Set(values.filter(Boolean))].slice(0, %(keep)d);
  for (const [v, d] of kept) if (Math.abs((d._fullLayout || {}).width - width()) > 1) {   // drawn at another width
    window.Plotly.purge(d); d.remove(); kept.delete(v);
  }
  idle(ahead);
};
// every kept figure dropped (benchmarks/browser_step.py's method check: a Step that must draw)
const forget = () => { wanted = []; trim(0); };
const pane = element.closest('.block');         // the block carries the elem_id
// (and for benchmarks: whether a wanted figure is still to draw, what drawing ahead has cost)
if (pane && pane.id) (window.mtpPanes || (window.mtpPanes = {}))[pane.id] = {
  prepare, forget, keep: () => { keepNext = true; }, kept: () => kept.size,
  pending: () => width() > 0 && missing() !== undefined, spent: () => spent};
const undim = () => {
  const dimmed = gd.closest('.mtp-waiting');     // a view the page asked the server for (player.js): drawn now
  if (dimmed) dimmed.classList.remove('mtp-waiting');
};
const draw = async () => {
  const value = props.value;
  const Plotly = await plotly();
  if (value === drawn) return;
  const keeping = keepNext;
  keepNext = false;
  if (value && kept.has(value)) { swap(value); drawn = value; fit(); undim(); return; }
  const w = width();
  if (value && drawn && w && keeping) {          // drawn beside the chart on screen, which a swap then keeps: a
    const easel = await sketch(value, w);        // visitor going back to the view before finds it drawn
    if (props.value !== value || width() !== w) { window.Plotly.purge(easel); easel.remove(); return; }   // superseded
    swap(value, easel); drawn = value; fit(); undim();
    return;
  }
  drawn = value;
  if (!value) { gd.style.height = ''; Plotly.purge(gd); gd.mtpHidden = null; return; }
  await paint(gd, value);
  fit();                                         // the window resized while the figure was being drawn
  undim();
};
// the chart as wide as its div: a tab shown again, a column that changed width, a window resized mid-draw
const fit = () => {
  const w = Math.round(gd.getBoundingClientRect().width), full = gd._fullLayout;
  if (w && drawn && full && Math.abs(full.width - w) > 1) window.Plotly.Plots.resize(gd);
};
draw();
watch('value', draw);
new ResizeObserver(fit).observe(box);
""" % {"chunk": CHUNK, "keep": KEEP, "idle": IDLE_MS}


# the page's CSS (ui/__init__.py): gr.Plot's frame, no padding between it and the chart; a pane given a min_width
# keeps it (Gradio's HTML block writes min-width: min(0px, 100%) on itself whatever min_width says, so two panes in a
# row never wrapped: a 390 px phone squeezed both into halves)
STACKS = 340            # the one min_width a pane takes: a 390 px phone puts the second pane under the first
CSS = (" .plotly-pane .html-container {padding: 0 !important}"
       " .plotly-pane.mtp-waiting .mtp-plotly {opacity: 0.3; transition: opacity 0.2s}"
       f" .plotly-pane.stacks {{min-width: min({STACKS}px, 100%) !important}}"
       # the shelf of figures drawn ahead: laid out where a figure is being drawn (its easel), never shown
       " body > .mtp-shelf {position: fixed; left: 0; top: 0; width: 0; height: 0; overflow: hidden;"
       " visibility: hidden; pointer-events: none; z-index: -1}"
       " body > .mtp-shelf > .mtp-kept {display: none}")


class PlotlyPane(gr.HTML):
    """gr.Plot's place and value (a Plotly figure, or gr.skip()), redrawn in place by Plotly.react."""

    def __init__(self, value=None, stacks: bool = False, **kwargs):
        """`stacks`: at least STACKS px wide, so a phone puts a pane beside it under it instead (Gradio's min_width
        does not reach an HTML block)."""
        super().__init__(value, html_template='<div class="mtp-plotly"></div>', js_on_load=DRAW,
                         apply_default_css=False, container=True,
                         elem_classes=["plotly-pane"] + (["stacks"] if stacks else []), **kwargs)

    def postprocess(self, value) -> str | None:
        """A figure as the JSON the page draws (what gr.Plot sends: `fig.to_json()`); None as nothing."""
        if value is None or isinstance(value, str):
            return value
        return value.to_json()
