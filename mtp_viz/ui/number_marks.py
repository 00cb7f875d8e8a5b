"""The number boxes of sliders and number fields in the reader's decimal mark: 0,92 on a German page. Page script only.

Gradio's Slider and Number draw an <input type="number">, and Chromium writes its value with a decimal point whatever
the page's language (checked with lang="de" on the page, the box and the browser's locale: still "0.92"). So where the
page's language writes decimals with another mark, JS hides each box whose step is fractional and shows a text box
beside it with the value as Intl.NumberFormat writes it in that language (CLDR's marks, as strings.number does on the
server); what the reader types there (0,85 or 0.85) is handed back to the hidden box as Gradio expects it. Whole-number
boxes and pages with a decimal point are left alone. Knows no Python state and no tables.
"""
from __future__ import annotations

import json

from mtp_viz.strings import LOCALES, bcp47

# the first part of a page's language (?lang= or the browser's) -> the CLDR locale of the table that serves it
MARKS = {loc.split("-")[0].lower(): bcp47(table) for loc, table in LOCALES.items()}

JS = """
() => {
  const asked = (new URLSearchParams(window.location.search).get("lang") || navigator.language || "en");
  const locale = %s[asked.split("-")[0].toLowerCase()] || "en";
  const mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal").value;
  if (mark === ".") return;
  const digits = (box) => (box.step.split(".")[1] || "").length;
  const written = (box) => box.value === "" ? "" : Number(box.value).toLocaleString(locale,
    {minimumFractionDigits: digits(box), maximumFractionDigits: digits(box), useGrouping: false});
  const mirror = (box) => {
    const shown = document.createElement("input");
    shown.type = "text";
    shown.inputMode = "decimal";
    shown.className = box.className + " cldr-number";
    shown.dataset.testid = "cldr-number-input";
    shown.setAttribute("aria-label", box.getAttribute("aria-label") || "");
    shown.style.width = box.offsetParent ? getComputedStyle(box).width : "4em";      // the box's own size
    shown.addEventListener("change", () => {
      const x = Number(shown.value.trim().replace(mark, "."));
      if (shown.value.trim() !== "" && Number.isFinite(x)) {
        box.value = String(x);
        box.dispatchEvent(new Event("input", {bubbles: true}));
        box.dispatchEvent(new Event("blur"));
      }
      shown.dataset.was = "";                       // written again from the box on the next look
    });
    box.style.display = "none";
    box.after(shown);
    return shown;
  };
  const look = () => document.querySelectorAll('input[type="number"]').forEach((box) => {
    if (!box.step || !box.step.includes(".")) return;         // a whole number has no decimal mark to write
    box.cldrShown = box.cldrShown || mirror(box);
    const shown = box.cldrShown;
    shown.disabled = box.disabled;
    if (document.activeElement !== shown && shown.dataset.was !== box.value) {
      shown.value = written(box);
      shown.dataset.was = box.value;
    }
  });
  look();
  setInterval(look, 250);
}
""" % json.dumps(MARKS)
