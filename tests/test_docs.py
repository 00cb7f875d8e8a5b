"""The pictures and numbers the docs show: each picture a Markdown file shows exists and is written by `make docs`
(docs/shoot.py), docs/ holds no picture that nothing shows, and every speed figure the docs quote is a marked span that
the shipped traces and sweeps fill (docs/quoted.py). No browser; knows shoot.PICTURES, quoted.NUMBERS and the
Markdown files' text.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "deploy"))
sys.path.insert(0, str(ROOT / "docs"))
import quoted  # noqa: E402
import shoot  # noqa: E402
from space import markdown_references  # noqa: E402

SKIP = {".venv", ".venv312", ".git", "node_modules", "artifacts", ".pytest_cache"}
IMAGE = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg")


def markdown_files() -> list[Path]:
    found = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP]
        found += [Path(folder) / name for name in names if name.endswith(".md")]
    return found


def shown() -> dict[Path, list[Path]]:
    """Each picture a Markdown file shows -> the files that show it."""
    found: dict[Path, list[Path]] = {}
    for page in markdown_files():
        for target in markdown_references(page.read_text(encoding="utf-8")):
            found.setdefault((page.parent / target).resolve(), []).append(page.relative_to(ROOT))
    return found


def test_every_picture_the_docs_show_exists_and_make_docs_writes_it():
    pictures = shown()
    assert pictures, "no Markdown file shows a picture: the reference pattern is broken"
    for picture, pages in pictures.items():
        assert picture.is_file(), f"{pages} show {picture.relative_to(ROOT)}, which does not exist"
        assert picture.parent == shoot.DOCS and picture.name in shoot.PICTURES, \
            f"{pages} show {picture.relative_to(ROOT)}, which docs/shoot.py's PICTURES does not list"


def test_make_docs_writes_only_pictures_something_shows_and_docs_holds_no_stale_one():
    pictures = {p.name for p in shown() if p.parent == shoot.DOCS}
    assert sorted(set(shoot.PICTURES) - pictures) == [], "listed in PICTURES but shown nowhere"
    on_disk = {p.relative_to(shoot.DOCS).as_posix() for p in shoot.DOCS.rglob("*") if p.suffix.lower() in IMAGE}
    assert sorted(on_disk - set(shoot.PICTURES)) == [], "pictures in docs/ that no Markdown file shows"
    assert len(shoot.PICTURES) == len(set(shoot.PICTURES))
    for lang in shoot.LANGS:
        assert f"phone_{lang}.png" in shoot.PICTURES


def test_the_readme_stays_short_and_links_every_doc():
    """A teacher reads the README in two minutes; the rest lives in docs/*.md, each linked from it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"](docs/{page.name}" in readme, f"README.md does not link docs/{page.name}"


# -- the numbers the docs quote (issue 33, item 8) --------------------------------------------------------------------
def test_every_number_the_docs_quote_is_what_the_shipped_data_give():
    """Each marked span in README.md and docs/*.md holds what docs/quoted.py computes from assets/ with the app's own
    functions; `python docs/quoted.py` (part of `make docs`) rewrites the stale ones."""
    assert quoted.disagreements() == [], "run `python docs/quoted.py` (make docs) to rewrite the numbers"


def test_the_speed_figures_the_docs_quote_are_marked():
    """The figures issue 33 found stale are spans now: the README's race caption, what the race is timed by (README,
    teaching.md), performance.md's lab table; and the spans use every number quoted.py knows."""
    pages = {p.name: p.read_text(encoding="utf-8") for p in quoted.PAGES}
    names = {name for text in pages.values() for name, _ in quoted.spans(text)}
    assert sorted(set(quoted.NUMBERS) - names) == [], "numbers quoted.py computes that no page quotes"
    assert "race.speedup" in dict(quoted.spans(pages["README.md"]))
    assert all("race.basis" in dict(quoted.spans(pages[name])) for name in ("README.md", "teaching.md"))
    assert "lab.table" in dict(quoted.spans(pages["performance.md"]))
    assert "2.6 times" not in pages["README.md"] and "uses the wall clock" not in pages["teaching.md"]


def test_a_quoted_number_that_disagrees_with_the_data_fails(tmp_path):
    """The check is not vacuous: a page quoting another race speed-up, or a lab table from another sweep, is named."""
    computed = quoted.values()
    page = tmp_path / "page.md"
    page.write_text(f"as fast: <!-- num:race.speedup -->{float(computed['race.speedup']) + 0.01:.2f}<!-- /num -->×\n"
                    f"<!-- num:lab.table -->{computed['lab.table'].replace('| 4 / ', '| 5 / ')}<!-- /num -->\n"
                    "<!-- num:no.such -->1<!-- /num -->", encoding="utf-8")
    quoted.ROOT, root = tmp_path, quoted.ROOT
    try:
        wrong = quoted.disagreements([page], computed)
    finally:
        quoted.ROOT = root
    assert len(wrong) == 3 and "race.speedup" in wrong[0] and "lab.table" in wrong[1] and "no.such" in wrong[2]
    assert quoted.filled(page.read_text(encoding="utf-8").rsplit("\n", 1)[0], computed).count(computed["race.speedup"])


def test_the_lab_table_is_the_recorded_sweep():
    """performance.md's table reads assets/lab_sweep.csv: its speed-ups at constant N are the CSV's, in order."""
    from mtp_viz import lab_math

    df = lab_math.recorded_sweep()
    const = df[(df["proposer"] == "mtp") & (df["schedule"] == "constant")].sort_values("num_assistant_tokens")
    table = quoted.lab_table()
    assert ", ".join(f"{x:.2f}" for x in const["speedup_vs_none"]) + "×" in table
    assert f"{lab_math.cost_model(df)['t1_ms']:.1f} ms" in table
