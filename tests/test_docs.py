"""The pictures the docs show: each one a Markdown file shows exists and is written by `make docs` (docs/shoot.py),
and docs/ holds no picture that nothing shows. No browser; knows shoot.PICTURES and the Markdown files' text.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "deploy"))
sys.path.insert(0, str(ROOT / "docs"))
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
