"""The mixture-of-experts lesson in words: one paragraph made from the lab's expert-counting cost model, so the lab,
the race and the tour quote the same numbers. Knows lab.py's MoE functions and the strings tables; no layout."""
from __future__ import annotations

from mtp_viz import lab
from mtp_viz.strings import t


def figures(preset: dict, n: int) -> dict:
    """The numbers of the lesson for a MoE preset at N = n (batch size 1, and 8 for contrast)."""
    moe, alpha, c = preset["moe"], preset["alpha"], preset["c"]
    v = lab.verify_cost_of(preset)
    best = lab.best_gamma(alpha, c, verify_cost=v)
    per_pass = lab.expected_tokens(alpha, n)
    drafter = c * lab.moe_pass_params(moe, 1)       # c: the drafter's weights over one step's (active) weights
    slow_n = next(g for g in range(1, 33) if lab.walltime_improvement(alpha, g, c, v(g)) < 1.0)
    return {"E": moe["E"], "k": moe["k"], "n": n, "tokens": n + 1,
            "slow_n": slow_n, "slow_x": lab.walltime_improvement(alpha, slow_n, c, v(slow_n)),
            "touched": float(lab.experts_touched(moe["E"], moe["k"], n + 1)), "v": v(n),
            "dense": lab.walltime_improvement(alpha, n, c), "costed": lab.walltime_improvement(alpha, n, c, v(n)),
            "best": best, "best_x": lab.walltime_improvement(alpha, best, c, v(best)),
            "plain_b1": lab.moe_params_per_token(moe, 1) / 1e9,
            "draft_b1": lab.moe_params_per_token(moe, 1, per_pass, n, drafter) / 1e9,
            "touched_b8": float(lab.experts_touched(moe["E"], moe["k"], 8)),
            "touched_b8_draft": float(lab.experts_touched(moe["E"], moe["k"], 8 * (n + 1))),
            "plain_b8": lab.moe_params_per_token(moe, 8) / 1e9,
            "draft_b8": lab.moe_params_per_token(moe, 8, per_pass, n, drafter) / 1e9}


def paragraph(preset: dict, n: int, lang: str) -> str:
    """What verifying N + 1 tokens costs a MoE target such as 26B A4B, and what that leaves of the speed-up."""
    return t("moe.story", lang, **figures(preset, n))
