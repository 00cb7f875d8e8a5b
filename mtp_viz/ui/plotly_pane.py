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
let drawn = null;
const draw = async () => {
  const value = props.value;
  const Plotly = await plotly();
  if (value === drawn) return;
  drawn = value;
  if (!value) { gd.style.height = ''; Plotly.purge(gd); return; }
  const fig = typeof value === 'string' ? JSON.parse(value) : value;
  const layout = fig.layout || {};
  layout.autosize = true;                        // as gr.Plot draws it: the container's width, the figure's height
  // the div holds the figure's height itself: a resize (Plots.resize, a relayout with autosize) drops the height
  // from the layout, and a react after the first gives the chart 100%% of the div's height, which is otherwise 0
  gd.style.height = layout.height ? layout.height + 'px' : '';
  await Plotly.react(gd, fig.data || [], layout, {responsive: true});
  fit();                                         // the window resized while the figure was being drawn
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


# the page's CSS (ui/__init__.py): gr.Plot's frame, no padding between it and the chart
CSS = " .plotly-pane .html-container {padding: 0 !important}"


class PlotlyPane(gr.HTML):
    """gr.Plot's place and value (a Plotly figure, or gr.skip()), redrawn in place by Plotly.react."""

    def __init__(self, value=None, **kwargs):
        super().__init__(value, html_template='<div class="mtp-plotly"></div>', js_on_load=DRAW,
                         apply_default_css=False, container=True, elem_classes="plotly-pane", **kwargs)

    def postprocess(self, value) -> str | None:
        """A figure as the JSON the page draws (what gr.Plot sends: `fig.to_json()`); None as nothing."""
        if value is None or isinstance(value, str):
            return value
        return value.to_json()
