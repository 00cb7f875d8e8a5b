"""Every view of every shipped trace, in three languages, as Plotly JSON: a fingerprint to compare two versions by.

Knows the shipped traces and the views; measures no time. Run it in each checkout (the current directory is the
one imported), then compare:
    python benchmarks/same_figures.py before.json      # in the old checkout
    python benchmarks/same_figures.py after.json       # in the new one
    python benchmarks/same_figures.py --compare before.json after.json
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

LANGS = ("en", "de", "zh-TW")


def fingerprints() -> dict[str, str]:
    """"trace/view/round/lang" -> sha256 of the figure's Plotly JSON, for every round of every shipped trace."""
    sys.path.insert(0, str(Path.cwd()))
    from mtp_viz.figures import VIEWS, build
    from mtp_viz.schema import parse_trace

    out = {}
    for path in sorted((Path.cwd() / "assets" / "traces").glob("*.json")):
        trace = parse_trace(path.read_text(encoding="utf-8"))
        for key, _ in VIEWS:
            for i in range(len(trace.rounds)):
                for lang in LANGS:
                    text = build(key, trace, i, lang).to_json()
                    out[f"{path.stem}/{key}/{i}/{lang}"] = hashlib.sha256(text.encode()).hexdigest()
    return out


def compare(before: Path, after: Path) -> int:
    a, b = (json.loads(p.read_text(encoding="utf-8")) for p in (before, after))
    differ = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
    print(f"{len(a)} figures before, {len(b)} after, {len(differ)} differ")
    for k in differ[:40]:
        print("  ", k)
    return 1 if differ else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--compare"]:
        sys.exit(compare(Path(sys.argv[2]), Path(sys.argv[3])))
    Path(sys.argv[1]).write_text(json.dumps(fingerprints(), indent=0, sort_keys=True), encoding="utf-8")
