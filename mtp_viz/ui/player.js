// The in-page player: walks a trace's rounds from its deck (ui/player.py), in the page and in a walkthrough file,
// and turns the guided tour's chapters from the tour's deck (ui/tour.py).
// Knows the decks' fields, Plotly.react and the page's chart panes' `prepare` and `keep` (ui/plotly_pane.py: what to
// draw ahead, what to keep);
// no server, no Gradio (the page hands it the values of its components).
(() => {
  if (window.mtpPlayer) return;
  const none = {key: null, deck: null, bytes: 0};
  const opened = {step: none, tour: none};      // the deck open in each slot: a trace's, the tour's

  // a packed deck ({key, gz: base64 of gzipped JSON}) opened once; the same key again: the deck already open
  const open = async (packed, slot = "step") => {
    if (!packed || !packed.gz) return null;
    if (opened[slot].key !== packed.key) {
      const bytes = Uint8Array.from(atob(packed.gz), (c) => c.charCodeAt(0));
      const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
      opened[slot] = {key: packed.key, deck: JSON.parse(text), bytes: packed.gz.length};
    }
    return opened[slot].deck;
  };

  // what round i shows with `view` beside the token stream (`again`: a Step pressed at the last round)
  const frame = (deck, i, view, again) => {
    const r = Math.max(0, Math.min(deck.last, Math.round(+i || 0)));
    return {round: r, stream: deck.figs[deck.stream[r]], view: deck.figs[deck.views[view][r]], what: deck.what[view],
            status: again && r === deck.last ? deck.again : deck.status[r], text: deck.text[r]};
  };

  // drawn ahead by the page's two panes while the visitor is idle (ui/plotly_pane.py), so a Step, Back, slider move
  // or view switch to them only puts a drawn chart on screen: the rounds nearest `round` (the next before the
  // previous), and after the two nearest, this round in every other view the deck holds
  // A view switch keeps the chart it replaces drawn (prepare's `true`), so switching back is a swap too.
  let viewShown = null;
  const ahead = (deck, round, view) => {
    const panes = window.mtpPanes || {}, switched = viewShown !== null && view !== viewShown;
    viewShown = view;
    const near = [...Array(deck.last + 1).keys()].sort((a, b) => Math.abs(a - round) - Math.abs(b - round) || b - a);
    if (panes.stream) panes.stream.prepare(near.map((r) => deck.figs[deck.stream[r]]));
    if (!panes.view || !deck.views[view]) return;
    const rounds = near.map((r) => deck.figs[deck.views[view][r]]);
    const others = Object.keys(deck.views).filter((v) => v !== view).map((v) => deck.figs[deck.views[v][round]]);
    panes.view.prepare([...rounds.slice(0, 3), ...others, ...rounds.slice(3)], switched);
  };

  // the page's controls ask for the trace the deck shows (else the server is asked: it generates or warns)
  // (an empty text box's value is null or "": the same request)
  const same = (deck, controls) => deck.controls.every((v, k) =>
    typeof v === "number" ? +controls[k] === v : (v ?? "") === (controls[k] ?? ""));
  const usable = (deck, view, controls) => !!deck && !!deck.views[view] && same(deck, controls);

  // -- the page: each function takes the values of its event's inputs and returns its outputs' new values, in the
  // order step_through.build wires them (stream, view, what, status, text, rounds, then its own); undefined: kept
  const U = undefined;
  const drawn = (f, what) => [f.stream, f.view, what ? f.what : U, f.status, f.text];
  let timer = null;
  const stop = () => { if (timer) clearTimeout(timer); timer = null; };

  // Step: the next round; at the last, stay there and say so. Outputs + [ask, play button]: `ask` + 1 asks the server
  const step = async (packed, round, view, ask, ...controls) => {
    const deck = await open(packed);
    if (!usable(deck, view, controls)) return [U, U, U, U, U, U, (+ask || 0) + 1, U];
    const f = frame(deck, +round + 1, view, +round >= deck.last);
    const done = timer !== null && f.round >= deck.last;      // playing: the last round ends the play
    if (done) stop();
    ahead(deck, f.round, view);
    return [...drawn(f, false), f.round, U, done ? deck.words.play : U];
  };

  // a view the deck lacks (a trace made here: each view comes with the next deck, after the server drew it once):
  // the chart on screen is dimmed until the server's drawing of the chosen view replaces it (ui/plotly_pane.py
  // undims it), so the view chooser never names one chart while another stands there at full strength
  const WAIT_MS = 30000;
  const waiting = () => {
    const pane = document.getElementById("view");
    if (!pane) return;
    pane.classList.add("mtp-waiting");
    setTimeout(() => pane.classList.remove("mtp-waiting"), WAIT_MS);     // an answer that drew nothing new
  };

  // the round slider, the arrow keys (which move it) and the view chooser: that round with that view
  const show = async (packed, round, view, redraw, ...controls) => {
    const deck = await open(packed);
    if (!usable(deck, view, controls)) {
      if (deck && !deck.views[view]) {
        waiting();
        const panes = window.mtpPanes || {};
        if (panes.view && view !== viewShown) panes.view.keep();    // the server draws it: the chart now shown is kept
        viewShown = view;
      }
      return [U, U, U, U, U, U, (+redraw || 0) + 1];
    }
    const f = frame(deck, round, view, false);
    ahead(deck, f.round, view);
    return [...drawn(f, true), f.round === +round ? U : f.round, U];
  };

  // Play / Pause: the next round (round 0 after the last), then a Step every `speed` seconds until the last
  const play = async (packed, round, view, ask, speed, label, ...controls) => {
    const deck = await open(packed);
    if (timer) { stop(); return [U, U, U, U, U, U, U, deck ? deck.words.play : U]; }
    if (!usable(deck, view, controls) || label === deck.words.pause) return [U, U, U, U, U, U, (+ask || 0) + 1, U];
    const f = frame(deck, +round >= deck.last ? 0 : +round + 1, view, false);
    const tick = () => {
      const button = document.querySelector("#mtp-step button, button#mtp-step");
      if (button) button.click();
      if (timer) timer = setTimeout(tick, 1000 * (+speed || 1));
    };
    if (f.round < deck.last) timer = setTimeout(tick, 1000 * (+speed || 1));
    ahead(deck, f.round, view);
    return [...drawn(f, false), f.round, U, f.round < deck.last ? deck.words.pause : deck.words.play];
  };

  // -- the tour: chapter `to` (0-based) as the server's answer sets the tour's `count` outputs (the deck holds that
  // answer per chapter, ui/tour.py), then `ask` kept. No deck yet: wait for it (it follows the page load's chapter,
  // which would otherwise land after this turn and undo it), up to DECK_WAIT_MS; still none: only output `at` (the
  // chapter) set to `to`, and `ask` + 1, which asks the server to show it
  const DECK_WAIT_MS = 15000;
  const arrived = async (slot) => {
    for (const until = Date.now() + DECK_WAIT_MS; !opened[slot].deck && Date.now() < until;)
      await new Promise((done) => setTimeout(done, 50));
    return opened[slot].deck;
  };
  const tour = async (packed, to, ask, count, at) => {
    const deck = (await open(packed, "tour")) || (await arrived("tour"));
    if (!deck) return [...Array.from({length: count}, (_, i) => i === at ? to : U), (+ask || 0) + 1];
    return [...deck.chapters[Math.max(0, Math.min(Math.round(+to || 0), deck.chapters.length - 1))], U];
  };

  // the axes a figure hides: Plotly.react keeps the margin an axis once pushed out after it is hidden, so a figure
  // that hides an axis the drawn one did not is drawn afresh (as ui/plotly_pane.py does in the page)
  const hidden = (layout) => Object.keys(layout).filter((k) => /^[xy]axis[0-9]*$/.test(k) && layout[k] &&
                                                          layout[k].visible === false);

  // -- a walkthrough file (ui/walkthrough.py): the same deck, drawn into the file's own elements
  const file = async (root, packed) => {
    const deck = await open(packed);
    const $ = (sel) => root.querySelector(sel);
    const range = $("#w-round"), chooser = $("#w-view");
    let at = 0;
    const draw = async (i, again) => {
      const f = frame(deck, i, chooser.value, again);
      at = f.round;
      range.value = at;
      $("#w-status").innerHTML = f.status;
      $("#w-text").innerHTML = f.text;
      $("#w-what").innerHTML = f.what;
      for (const [id, fig] of [["#w-stream", f.stream], ["#w-view-plot", f.view]]) {
        const spec = JSON.parse(fig), layout = Object.assign(spec.layout || {}, {autosize: true}), hid = hidden(layout);
        if ($(id).dataset.hidden !== undefined && hid.some((k) => !$(id).dataset.hidden.split(",").includes(k)))
          Plotly.purge($(id));
        $(id).dataset.hidden = hid.join();
        $(id).style.height = layout.height ? layout.height + "px" : "";     // as ui/plotly_pane.py says why
        await Plotly.react($(id), spec.data || [], layout, {responsive: true});
      }
    };
    range.max = deck.last;
    $("#w-step").addEventListener("click", () => draw(at + 1, at >= deck.last));
    $("#w-back").addEventListener("click", () => draw(at - 1));
    range.addEventListener("input", () => draw(+range.value));
    chooser.addEventListener("change", () => draw(at));
    document.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.target === chooser) return;
      const to = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0}[e.key];
      if (to === undefined) return;
      e.preventDefault();
      draw(to, e.key === "ArrowRight" && at >= deck.last);
    });
    await draw(0);
  };

  // a deck as it arrives (the page's round and view beside it): opened, and the rounds near the one on screen drawn
  // ahead
  const arrive = async (packed, round, view) => {
    const deck = await open(packed);
    if (deck) ahead(deck, Math.max(0, Math.min(deck.last, +round || 0)), view);
  };

  // the deck open now (null before one arrives) and its size as it came (base64): tests and benchmarks read them
  const current = (slot = "step") => opened[slot].deck;
  const size = (slot = "step") => ({key: opened[slot].key, bytes: opened[slot].bytes});
  window.mtpPlayer = {open, frame, same, stop, current, size, page: {step, show, play, tour, arrive}, file};
})();
