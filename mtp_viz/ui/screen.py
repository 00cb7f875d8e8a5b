"""The visitor's screen: narrow (a phone held upright) or wide. Knows a cookie and a width; no layout, no drawing.

HEAD, a script in the page's head, sets the cookie when the page opens and whenever the window crosses NARROW_PX,
so every event's request says which figures to draw: `narrow_of(request)` is the views' `narrow` hint, read the
way words.lang_of reads the language.
"""
from __future__ import annotations

NARROW_PX = 640          # a window this wide or narrower gets the phone's figures
COOKIE = "mtp_narrow"

HEAD = """<script>(() => {
  const narrow = matchMedia('(max-width: %(px)dpx)');
  const set = () => { document.cookie = '%(cookie)s=' + (narrow.matches ? 1 : 0) + '; path=/; SameSite=Lax'; };
  set();
  narrow.addEventListener('change', set);
})();</script>""" % {"px": NARROW_PX, "cookie": COOKIE}


def narrow_of(request) -> bool:
    """True when the page that sent `request` is on a narrow screen (its cookie says so); False without one."""
    cookies = getattr(request, "cookies", None) or {}
    return cookies.get(COOKIE) == "1"
