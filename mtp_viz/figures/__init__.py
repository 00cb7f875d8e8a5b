"""The eight views: each a pure function (trace, round index) -> plotly Figure. Knows no model and no UI.

VIEWS lists them in page order as (key, module); every module has TITLE, WHAT_YOU_SEE and build(trace, i).
A round index of -1 (or past the end) means the last recorded round.
"""
from mtp_viz.figures import theme
from mtp_viz.figures import (activations, clusters, experts, kv_sharing, statistics, timeline, token_stream,
                             verification)

VIEWS = [
    ("token_stream", token_stream),
    ("timeline", timeline),
    ("verification", verification),
    ("clusters", clusters),
    ("kv_sharing", kv_sharing),
    ("activations", activations),
    ("statistics", statistics),
    ("experts", experts),          # mixture-of-experts targets; dense ones get a note
]


def build_all(trace, round_index: int) -> list:
    """Every view for one round, in VIEWS order."""
    return [module.build(trace, round_index) for _, module in VIEWS]


def empty_all(note: str) -> list:
    """A titled placeholder for every view, for when there is no trace yet."""
    return [theme.message(theme.new_figure(module.TITLE, height=220), note) for _, module in VIEWS]
