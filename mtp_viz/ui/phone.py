"""The page on a phone: a bar that keeps Step, Back and the round in reach, and a tap that shows what a hover shows.

Knows element ids (keys.py's), Plotly's click event and its hover layer; no handlers, no words of its own: the bar's
Step is the page's Step button (pressed, its label copied), Back is the ← key (keys.py), the round is the status's
heading. CSS shows the bar only where the page is narrow (screen.NARROW_PX). A tap (or click) on any chart's mark
shows the text its hover shows in a note above the bar, so no fact is for mouse users only.
"""
from __future__ import annotations

from mtp_viz.ui.keys import PLAY, RUN, STATUS, STEP
from mtp_viz.ui.screen import NARROW_PX

BAR = "step-bar"
NOTE = "tap-note"

# The bar's markup (a gr.HTML in the step-through tab): Back, Step and the round, filled in by BAR_JS.
BAR_HTML = ('<div class="step-bar-inner"><button type="button" class="bar-back" aria-label="←">◀</button>'
            '<button type="button" class="bar-step"></button><span class="bar-round" aria-live="off"></span></div>')

# js_on_load of the bar: `element` is its root. Copies the Step button's label (the visitor's language) and the
# status's heading; Step presses the page's Step, Back the ← key the page already answers (keys.py).
BAR_JS = """
const step = () => document.getElementById('%(step)s');
const back = element.querySelector('.bar-back'), next = element.querySelector('.bar-step');
const round = element.querySelector('.bar-round');
next.addEventListener('click', () => { const b = step(); if (b && !b.disabled) b.click(); });
back.addEventListener('click', () => document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'})));
const sync = () => {
  if (element.offsetParent === null && getComputedStyle(element).position !== 'fixed') return;
  const b = step(), heading = document.querySelector('#%(status)s h3, #%(status)s p');
  if (b && next.textContent !== b.textContent.trim()) next.textContent = b.textContent.trim() + ' ▶';
  const text = heading ? heading.textContent.trim() : '';
  if (round.textContent !== text) round.textContent = text;
};
sync();
setInterval(sync, 300);
""" % {"step": STEP, "status": STATUS}

# The page's head: on a narrow screen the in-page Step, Run and Play bring the token stream and the chosen view below
# it into sight (the bar then keeps Step, Back and the round in reach while they stay there); a tap on a chart's mark
# shows its hover text.
HEAD = """<script>(() => {
  const narrow = () => innerWidth <= %(px)d;
  document.addEventListener('click', (e) => {
    if (!narrow() || !e.isTrusted || !e.target.closest('#%(step)s, #%(run)s, #%(play)s')) return;
    const stream = document.getElementById('stream');     // the stream, the chooser and the view fill the screen
    if (stream) setTimeout(() => stream.scrollIntoView({block: 'start', behavior: 'smooth'}), 50);
  }, true);
  // Start race: once the lanes have arrived, both of them and the result under them are brought into sight
  document.addEventListener('click', (e) => {
    if (!narrow() || !e.isTrusted || !e.target.closest('#race-start')) return;
    const player = document.getElementById('race-player');
    if (!player) return;
    const old = player.querySelector('.race');         // a new race replaces the player's content
    let tries = 600;
    const wait = () => {
      const now = player.querySelector('.race');
      if ((!now || now === old || !now.querySelector('.race-lane')) && --tries > 0) { setTimeout(wait, 100); return; }
      player.scrollIntoView({block: 'start', behavior: 'smooth'});
    };
    setTimeout(wait, 100);
  }, true);
  const note = () => {
    let el = document.getElementById('%(note)s');
    if (!el) {
      el = document.createElement('div');
      el.id = '%(note)s';
      el.setAttribute('role', 'status');
      el.addEventListener('click', () => { el.hidden = true; });
      document.body.appendChild(el);
    }
    return el;
  };
  const plain = (html) => {
    const div = document.createElement('div');
    div.innerHTML = String(html).replace(/<br\\s*\\/?>/gi, '\\n');
    return div.textContent;
  };
  const said = (gd, pt) => {
    const layer = gd.querySelector('.hoverlayer');
    const drawn = layer ? [...layer.querySelectorAll('g.hovertext')].map((g) => [...g.querySelectorAll('text')]
      .map((t) => [...t.querySelectorAll('tspan.line')].map((s) => s.textContent).join('\\n') || t.textContent)
      .filter(Boolean).join('\\n')).join('\\n') : '';
    if (drawn.trim()) return drawn.trim();
    const own = pt.hovertext ?? pt.text;
    return own ? plain(own) : '';
  };
  let timer = null;
  const attach = (gd) => {
    if (gd.dataset.tapNote || typeof gd.on !== 'function') return;
    gd.dataset.tapNote = '1';
    gd.on('plotly_click', (ev) => {
      const pt = ev && ev.points && ev.points[0];
      if (!pt) return;
      const text = said(gd, pt);
      if (!text) return;
      const el = note();
      el.textContent = text;
      el.hidden = false;
      clearTimeout(timer);
      timer = setTimeout(() => { el.hidden = true; }, 8000);
    });
  };
  setInterval(() => document.querySelectorAll('.js-plotly-plot').forEach(attach), 700);
})();</script>""" % {"px": NARROW_PX, "step": STEP, "run": RUN, "play": PLAY, "note": NOTE}

# On a narrow screen the page's side margins 12 px, not Gradio's 32 (40 px more for every control and chart). In the
# head: Gradio scopes the page's CSS to the blocks inside .main, whose own padding it cannot reach.
SIDES = """<style>@media (max-width: %dpx) {.gradio-container .main.fillable {padding-left: 0.75rem !important;
 padding-right: 0.75rem !important}}</style>""" % NARROW_PX

# The page's CSS (ui/__init__.py): the bar only on a narrow screen, fixed at the bottom, the page padded under it;
# Plotly's toolbar never over a chart's title there; the tap note just above the bar.
CSS = f"""
 #{BAR} {{display: none}}
 #{NOTE} {{position: fixed; left: 0.5rem; right: 0.5rem; bottom: 4.2rem; z-index: 60; white-space: pre-line;
   background: #222; color: #fff; padding: 0.5rem 0.75rem; border-radius: 0.5rem; font-size: 0.9rem;
   box-shadow: 0 2px 8px rgba(0,0,0,.3)}}
 @media (min-width: {NARROW_PX + 1}px) {{#{NOTE} {{bottom: 1rem; left: auto; max-width: 28rem}}}}
 @media (max-width: {NARROW_PX}px) {{
  #{BAR} {{display: block; position: fixed; left: 0; right: 0; bottom: 0; z-index: 50; margin: 0;
    padding: 0.4rem 0.5rem calc(0.4rem + env(safe-area-inset-bottom)); background: var(--background-fill-primary);
    border-top: 1px solid var(--border-color-primary); box-shadow: 0 -2px 6px rgba(0,0,0,.08)}}
  #{BAR} .step-bar-inner {{display: flex; align-items: center; gap: 0.5rem}}
  #{BAR} button {{border-radius: 0.5rem; padding: 0.55rem 0.8rem; font-weight: 600; font-size: 1rem;
    border: 1px solid var(--border-color-primary); background: var(--button-secondary-background-fill)}}
  #{BAR} .bar-step {{background: var(--button-primary-background-fill); color: var(--button-primary-text-color);
    border-color: transparent; min-width: 6rem}}
  #{BAR} .bar-round {{flex: 1; min-width: 0; font-size: 0.85rem; line-height: 1.2; overflow: hidden;
    display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical}}
  body {{padding-bottom: 4.5rem}}
  /* a dropdown's choice in smaller letters (with SIDES: a 390 px phone left a dropdown 266 px, which cut "Gemma 4
     26B A4B + Entwurfsmodell (hochgerechnet)") */
  input[role=combobox] {{font-size: 0.75rem !important}}
  .modebar-container {{display: none !important}}
 }}
"""
