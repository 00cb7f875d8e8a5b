"""A plot that the page redraws in place: a gr.HTML holding one Plotly div, updated with Plotly.react.

Knows Gradio's HTML component and its Plotly bundle; nothing of any view or figure. gr.Plot wraps its chart in a
keyed block, so every new figure destroys the chart and draws a new one from scratch, measuring every text and
laying out the page again (about 400 ms of main-thread work per Step in Chromium on two cores). Here the div stays:
a new figure goes to Plotly.react, which redraws only what changed. It draws with the very Plotly that gr.Plot
uses (Gradio's own chunk, loaded once), with gr.Plot's settings (autosize, responsive), so a figure looks the same.
A handler returns a Plotly figure, or gr.skip(), exactly as for gr.Plot.
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
DRAW = """
const gd = element.querySelector('.mtp-plotly');
const plotly = () => window.__mtpPlotly || (window.__mtpPlotly = window.Plotly ? Promise.resolve(window.Plotly) :
  import(new URL('./%(chunk)s', document.querySelector('script[src*="/assets/index-"]').src).href)
    .then(() => window.Plotly));
let drawn = null, hid = null;
// Plotly.react keeps the margin an axis pushed out for its labels once that axis is hidden (visible: false): the
// activation diagram drawn after the timeline sat in a plot area shrunk by the timeline's axes (on a phone 250 px of
// 310, its labels spilling over its boxes). A figure that hides an axis the drawn one did not hide is drawn afresh
// (player.js's walkthrough does the same); every other figure, a round of the same view, is only reacted to.
const hidden = layout => Object.keys(layout).filter(k => /^[xy]axis[0-9]*$/.test(k) && layout[k] && layout[k].visible === false);
const draw = async () => {
  const value = props.value;
  const Plotly = await plotly();
  if (value === drawn) return;
  drawn = value;
  if (!value) { gd.style.height = ''; Plotly.purge(gd); hid = null; return; }
  const fig = typeof value === 'string' ? JSON.parse(value) : value;
  const layout = fig.layout || {};
  layout.autosize = true;                        // as gr.Plot draws it: the container's width, the figure's height
  // the div holds the figure's height itself: a resize (Plots.resize, a relayout with autosize) drops the height
  // from the layout, and a react after the first gives the chart 100%% of the div's height, which is otherwise 0
  gd.style.height = layout.height ? layout.height + 'px' : '';
  if (hid !== null && hidden(layout).some(k => !hid.includes(k))) Plotly.purge(gd);
  hid = hidden(layout);
  await Plotly.react(gd, fig.data || [], layout, {responsive: true});
  fit();                                         // the window resized while the figure was being drawn
  const dimmed = gd.closest('.mtp-waiting');     // a view the page asked the server for (player.js): drawn now
  if (dimmed) dimmed.classList.remove('mtp-waiting');
};
// the chart as wide as its div: a tab shown again, a column that changed width, a window resized mid-draw
const fit = () => {
  const w = Math.round(gd.getBoundingClientRect().width), full = gd._fullLayout;
  if (w && drawn && full && Math.abs(full.width - w) > 1) window.Plotly.Plots.resize(gd);
};
draw();
watch('value', draw);
new ResizeObserver(fit).observe(gd);
""" % {"chunk": CHUNK}


# the page's CSS (ui/__init__.py): gr.Plot's frame, no padding between it and the chart; a pane given a min_width
# keeps it (Gradio's HTML block writes min-width: min(0px, 100%) on itself whatever min_width says, so two panes in a
# row never wrapped: a 390 px phone squeezed both into halves)
STACKS = 340            # the one min_width a pane takes: a 390 px phone puts the second pane under the first
CSS = (" .plotly-pane .html-container {padding: 0 !important}"
       " .plotly-pane.mtp-waiting .mtp-plotly {opacity: 0.3; transition: opacity 0.2s}"
       f" .plotly-pane.stacks {{min-width: min({STACKS}px, 100%) !important}}")


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
