"""Tests for mtp_viz.fonts and the page's fonts: the shipped faces cover every character of the tables, the CJK
subset every Han character of the zh-TW table, the files are small, and the page names only them.

Knows the files under assets/fonts/ (read with fontTools) and the CSS the app serves; no browser here (the browser
test_browser_fonts.py checks what Chromium fetches and draws).
"""
from __future__ import annotations

import glob
from pathlib import Path

import gradio
import pytest
from fontTools.ttLib import TTFont

from mtp_viz import fonts
from mtp_viz.strings import TABLES


def cmap(face: str) -> set[int]:
    return set(TTFont(fonts.path(face)).getBestCmap())


def used(texts) -> set[int]:
    return {ord(c) for text in texts for c in text if ord(c) >= 0x20}


@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_the_cjk_subset_holds_every_character_of_the_zh_tw_table(weight):
    zh = {c for c in used(TABLES["zh-TW"].values()) if fonts.within(c, fonts.CJK)}
    missing = zh - cmap(f"cjk-{weight}")
    assert not missing, f"rebuild with `python -m mtp_viz.fonts`: {''.join(map(chr, sorted(missing)))}"


@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_every_character_of_every_table_has_a_shipped_face(weight):
    held = set().union(*(cmap(f"{kind}-{weight}") for kind in ("latin", "cjk", "symbols")))
    for lang, table in TABLES.items():
        missing = used(table.values()) - held
        assert not missing, f"{lang}: {''.join(map(chr, sorted(missing)))}"
    assert set(range(0x20, 0x7F)) <= held and set(map(ord, "äöüßÄÖÜ„“–—…→α")) <= held


def test_gradios_own_zh_tw_words_are_covered_too():
    words = glob.glob(str(Path(gradio.__file__).parent / fonts.GRADIO_ZH_TW))
    assert words, "Gradio's zh-TW locale file moved"
    han = {c for c in used(Path(words[0]).read_text(encoding="utf-8")) if fonts.within(c, fonts.CJK)}
    assert han - cmap("cjk-regular") == set()


def test_each_face_says_what_it_holds_and_the_files_are_small():
    for face, (_, _, weight) in fonts.FACES.items():
        assert set(fonts.covered(face)) == cmap(face), f"{face}: the .txt beside it is stale"
        assert fonts.path(face).stat().st_size < 400_000, face
        assert TTFont(fonts.path(face))["OS/2"].usWeightClass == weight, face    # a real bold, not a synthetic one
    assert sum(p.stat().st_size for p in fonts.FOLDER.iterdir()) < 1_000_000
    assert not set(fonts.covered("latin-regular")) & set(fonts.covered("symbols-regular"))   # each mark once


def test_the_page_names_only_the_shipped_faces():
    from mtp_viz.ui import CSS, THEME

    assert THEME.font.startswith(f"'{fonts.FAMILY}'") and not THEME._stylesheets    # no Google Fonts link
    for face in fonts.FACES:
        assert f"gradio_api/file={fonts.path(face)}" in CSS
    assert CSS.count("@font-face") == len(fonts.FACES) and "googleapis" not in CSS
    assert "font-weight: 700" in CSS and "font-weight: 400" in CSS
    assert fonts.ranges([0x41, 0x42, 0x43, 0xDF, 0x2713]) == "U+41-43, U+DF, U+2713"


def test_no_latin_mark_is_drawn_full_width():
    """Noto Sans CJK TC draws “ ” … · × one em wide, as Chinese sets them; beside Latin letters that reads as a space
    inside the quotes („Cluster-Fehlgriff  “). The Latin face leaves those marks to DejaVu Sans."""
    latin = TTFont(fonts.path("latin-regular"))
    assert not fonts.full_width(latin) & cmap("latin-regular")
    assert set(map(ord, "“”…·×")) <= cmap("symbols-regular")
