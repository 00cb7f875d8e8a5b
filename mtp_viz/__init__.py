"""mtp_viz: record and show Gemma 4 multi-token-prediction speculative decoding, round by round.

Exports are loaded lazily so that `mtp_viz.trace` and `mtp_viz.figures` (which know no torch) import fast.
"""
from importlib import import_module

_EXPORTS = {
    "Trace": "mtp_viz.trace",
    "Round": "mtp_viz.trace",
    "ModelPair": "mtp_viz.models",
    "load_pair": "mtp_viz.models",
    "generate_trace": "mtp_viz.api",
    "iter_rounds": "mtp_viz.api",
}
__all__ = list(_EXPORTS)


def __getattr__(name):
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'mtp_viz' has no attribute {name!r}")
