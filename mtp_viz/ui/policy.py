"""Deployment policy: which models a visitor may choose and what the server allows. Knows no layout and no maths.

The one place that decides public versus local behaviour; every tab asks it, none decides on its own.
"""
from __future__ import annotations

MINIATURE = "miniature"
# (label, id) for the Model dropdown; the bundled miniature first
MODELS = [("miniature (bundled, instant)", MINIATURE), ("Gemma 4 E2B + assistant", "google/gemma-4-E2B-it"),
          ("miniature mixture of experts (bundled, 16 experts, top-2)", "miniature-moe"),
          ("Gemma 4 E4B + assistant", "google/gemma-4-E4B-it"), ("Gemma 4 31B + assistant", "google/gemma-4-31B-it"),
          ("Gemma 4 26B A4B (MoE) + assistant", "google/gemma-4-26B-A4B-it")]
