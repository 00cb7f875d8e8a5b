"""The fonts the app serves itself (assets/fonts/), so that no page asks a font host: faces, files, @font-face CSS.

Knows no layout and no Gradio. One family, FAMILY, made of faces the browser fetches only for the characters it
draws (each face's unicode-range is exactly what its file holds):
  latin    Noto Sans CJK TC's proportional Latin (Source Sans' design, Gradio's default look), Greek and punctuation,
           regular and a real bold, less the marks it draws full-width for Chinese (“ ” … ·, see full_width);
  cjk      the same fonts' Han characters and CJK punctuation, cut to what the zh-TW table and Gradio's own zh-TW
           words use, regular and bold;
  symbols  DejaVu Sans for the few marks of the tables that Noto Sans CJK lacks (↺ ✗ ...).
`python -m mtp_viz.fonts` rebuilds the files with fontTools' subsetter (pinned in requirements-dev.txt; the running
app never imports it) from Debian's fonts-noto-cjk and fonts-dejavu-core. Run it after the zh-TW table changes:
tests/test_fonts.py fails while a character of that table is missing.
"""
from __future__ import annotations

import re
from pathlib import Path

FOLDER = Path(__file__).resolve().parents[1] / "assets" / "fonts"
FAMILY = "MTP Sans"
# What draws a character the shipped faces lack (the CJK face holds only the zh-TW table's Han characters, and a
# visitor may type any): the system's own CJK fonts, named before the generic families, whose fallback some systems
# leave without CJK. Noto Sans CJK is what `make browser` installs (fonts-noto-cjk); then macOS's, Windows' and Android's.
SYSTEM_FALLBACK = ["Noto Sans CJK TC", "Noto Sans TC", "Source Han Sans TC", "PingFang TC", "Microsoft JhengHei",
                   "Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Sans CJK KR", "Noto Sans", "DejaVu Sans"]
NOTO = Path("/usr/share/fonts/opentype/noto")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
NOTO_TC = 3                      # the face of Traditional Chinese in NotoSansCJK-*.ttc (0 JP, 1 KR, 2 SC, 3 TC, 4 HK)
GRADIO_ZH_TW = "templates/frontend/assets/zh-TW-*.js"     # Gradio's own zh-TW words (upload boxes, "loading", ...)

# Unicode blocks: where each face's characters come from. The Latin face holds its blocks whole (a model writes any
# Latin text), the marks of SIGNS only where the tables use them, the CJK face only what the zh-TW words use.
LATIN = [(0x20, 0x7E), (0xA0, 0x17F), (0x370, 0x3FF), (0x2000, 0x206F), (0x20AC, 0x20AC)]
SIGNS = [(0x2100, 0x2BFF)]      # letterlike symbols, arrows, maths, shapes, dingbats
CJK = [(0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3400, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF)]

# face -> (source file, face index in a collection or None, CSS weight)
FACES = {
    "latin-regular": (NOTO / "NotoSansCJK-Regular.ttc", NOTO_TC, 400),
    "latin-bold": (NOTO / "NotoSansCJK-Bold.ttc", NOTO_TC, 700),
    "cjk-regular": (NOTO / "NotoSansCJK-Regular.ttc", NOTO_TC, 400),
    "cjk-bold": (NOTO / "NotoSansCJK-Bold.ttc", NOTO_TC, 700),
    "symbols-regular": (DEJAVU / "DejaVuSans.ttf", None, 400),
    "symbols-bold": (DEJAVU / "DejaVuSans-Bold.ttf", None, 700),
}


def stack(*first: str) -> str:
    """A CSS font-family list: `first`, then FAMILY, then the system's fallbacks and the generic sans-serif."""
    return ", ".join(f"'{name}'" if " " in name else name for name in (*first, FAMILY, *SYSTEM_FALLBACK)) + \
        ", sans-serif"


def path(face: str) -> Path:
    return FOLDER / f"MTPSans-{face}.woff2"


def within(code: int, blocks) -> bool:
    return any(lo <= code <= hi for lo, hi in blocks)


# -- what the page serves (no fontTools) ----------------------------------------------------------------------------
def ranges(codes) -> str:
    """Code points as a CSS unicode-range: consecutive runs joined (U+41-5A, U+DF)."""
    runs, codes = [], sorted(set(codes))
    for code in codes:
        if runs and code == runs[-1][1] + 1:
            runs[-1][1] = code
        else:
            runs.append([code, code])
    return ", ".join(f"U+{lo:X}" if lo == hi else f"U+{lo:X}-{hi:X}" for lo, hi in runs)


def covered(face: str) -> list[int]:
    """The code points a shipped face holds, as written beside it by build() (FOLDER/MTPSans-<face>.txt)."""
    text = path(face).with_suffix(".txt").read_text(encoding="utf-8")
    return [int(lo, 16) + i for lo, hi in re.findall(r"U\+([0-9A-F]+)(?:-([0-9A-F]+))?", text)
            for i in range((int(hi, 16) if hi else int(lo, 16)) - int(lo, 16) + 1)]


def css(url_of) -> str:
    """@font-face rules for every shipped face; `url_of(path)` is the URL the page fetches that file from.

    The CJK faces claim the CJK blocks whole (a short rule; no other face has them, so a character they lack falls to
    the next family of the page's font list); the others claim exactly what they hold."""
    rules = []
    for face, (_, _, weight) in FACES.items():
        if path(face).exists():
            claimed = (", ".join(f"U+{lo:X}-{hi:X}" for lo, hi in CJK) if face.startswith("cjk") else
                       path(face).with_suffix(".txt").read_text(encoding="utf-8").strip())
            rules.append(f"@font-face {{font-family: '{FAMILY}'; src: url('{url_of(path(face))}') format('woff2');"
                         f" font-weight: {weight}; font-style: normal; font-display: swap; unicode-range: {claimed}}}")
    return "\n".join(rules)


# -- building the subsets (fontTools) -------------------------------------------------------------------------------
def wanted() -> dict[str, set[int]]:
    """The code points each kind of face should hold: Latin blocks whole, CJK only as used, symbols as missing."""
    import glob

    import gradio

    from mtp_viz.strings import TABLES

    used = {ord(c) for table in TABLES.values() for text in table.values() for c in text}
    for name in glob.glob(str(Path(gradio.__file__).parent / GRADIO_ZH_TW)):
        used |= {ord(c) for c in Path(name).read_text(encoding="utf-8")}
    latin = {code for lo, hi in LATIN for code in range(lo, hi + 1)} | {c for c in used if within(c, SIGNS)}
    cjk = {code for code in used if within(code, CJK)}
    return {"latin": latin, "cjk": cjk, "symbols": {c for c in used if c > 0x7E and not within(c, CJK)}}


def _load(source: Path, index: int | None):
    from fontTools.ttLib import TTFont

    # the source's own timestamp is kept, so the same sources give the same bytes
    return TTFont(source, fontNumber=index, recalcTimestamp=False) if index is not None else \
        TTFont(source, recalcTimestamp=False)


def full_width(font) -> set[int]:
    """The marks outside the CJK blocks that a CJK font draws one em wide, as Chinese sets them (“ ” ‘ ’ … · •):
    beside Latin letters they read as a space inside the quotes („Cluster-Fehlgriff  “), so the Latin face leaves
    them to DejaVu Sans. The spaces that are an em wide by design stay."""
    widths, em = font["hmtx"].metrics, font["head"].unitsPerEm
    return {code for code, glyph in font.getBestCmap().items() if code > 0x7E and not within(code, CJK) and
            widths[glyph][0] >= 0.9 * em and chr(code) not in "\u2001\u2003"}


def build() -> dict[str, int]:
    """Write every face (woff2) and the code points it holds (.txt, its CSS unicode-range); returns bytes per face."""
    from fontTools import subset

    want, sizes, taken = wanted(), {}, {"regular": set(), "bold": set()}     # per weight: what a face holds
    for face in sorted(FACES, key=lambda f: f.startswith("symbols")):     # symbols last: only what is left
        source, index, _ = FACES[face]
        font = _load(source, index)
        kind, weight = face.split("-")
        has = set(font.getBestCmap()) - (full_width(font) if kind == "latin" else set())
        codes = (want[kind] - taken[weight] if kind == "symbols" else want[kind]) & has
        if kind != "symbols":
            taken[weight] |= codes
        # hints help Latin at small sizes; the CJK faces' hints would add a fifth to their size
        options = subset.Options(flavor="woff2", layout_features=["*"], name_IDs=["*"], name_languages=["*"],
                                 notdef_outline=True, desubroutinize=True, drop_tables=["FFTM"], hinting=kind != "cjk")
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(codes))
        subsetter.subset(font)
        FOLDER.mkdir(parents=True, exist_ok=True)
        font.flavor = "woff2"
        font.save(path(face))
        path(face).with_suffix(".txt").write_text(ranges(font.getBestCmap()) + "\n", encoding="utf-8")
        sizes[face] = path(face).stat().st_size
    return sizes


if __name__ == "__main__":
    for name, size in build().items():
        print(f"{path(name).name}: {size / 1024:.0f} KB, {len(covered(name))} characters")
