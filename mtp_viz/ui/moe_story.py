"""The mixture-of-experts lesson in words: three plain sentences, then the numbers of the lab's expert-counting cost
model, each said where it stands, so the lab, the race and the tour quote the same lesson; and why the bundled MoE
miniature still speeds up. Knows lab_math.py's MoE functions, the experts view's count of a trace and the strings
tables; no layout."""
from __future__ import annotations

from mtp_viz import lab_math
from mtp_viz.figures import experts
from mtp_viz.strings import large, t
from mtp_viz.trace import Trace


def figures(preset: dict, n: int) -> dict:
    """The numbers of the lesson for a MoE preset at N = n (batch size 1, and 8 for contrast)."""
    moe, alpha, c = preset["moe"], preset["alpha"], preset["c"]
    v = lab_math.verify_cost_of(preset)
    best = lab_math.best_gamma(alpha, c, verify_cost=v)
    per_pass = lab_math.expected_tokens(alpha, n)
    drafter = c * lab_math.moe_pass_params(moe, 1)       # c: the drafter's weights over one step's (active) weights
    slow_n = next(g for g in range(1, 33) if lab_math.walltime_improvement(alpha, g, c, v(g)) < 1.0)
    return {"E": moe["E"], "k": moe["k"], "n": n, "tokens": n + 1,
            "slow_n": slow_n, "slow_x": lab_math.walltime_improvement(alpha, slow_n, c, v(slow_n)),
            "touched": float(lab_math.experts_touched(moe["E"], moe["k"], n + 1)), "v": v(n),
            "dense": lab_math.walltime_improvement(alpha, n, c), "costed": lab_math.walltime_improvement(alpha, n, c, v(n)),
            "best": best, "best_x": lab_math.walltime_improvement(alpha, best, c, v(best)),
            "plain_b1": lab_math.moe_params_per_token(moe, 1) / 1e9,
            "draft_b1": lab_math.moe_params_per_token(moe, 1, per_pass, n, drafter) / 1e9,
            "touched_b8": float(lab_math.experts_touched(moe["E"], moe["k"], 8)),
            "touched_b8_draft": float(lab_math.experts_touched(moe["E"], moe["k"], 8 * (n + 1))),
            "plain_b8": lab_math.moe_params_per_token(moe, 8) / 1e9,
            "draft_b8": lab_math.moe_params_per_token(moe, 8, per_pass, n, drafter) / 1e9}


def plain(preset: dict, n: int, lang: str) -> str:
    """The lesson in three sentences and no numbers but the count of tokens a check reads."""
    return t("moe.plain", lang, tokens=n + 1)


def numbers(preset: dict, n: int, lang: str) -> str:
    """The same lesson in numbers, each explained where it stands; weights as the language writes large counts."""
    said = figures(preset, n)
    weights = {k: large(said[k] * 1e9, lang) for k in ("plain_b1", "draft_b1", "plain_b8", "draft_b8")}
    return t("moe.story", lang, **{**said, **weights})


def paragraph(preset: dict, n: int, lang: str) -> str:
    """What verifying N + 1 tokens costs a MoE target such as 26B A4B, and what that leaves of the speed-up."""
    return f"{plain(preset, n, lang)} {numbers(preset, n, lang)}"


def miniature(trace: Trace, upto: int, preset: dict, n: int, lang: str) -> str:
    """Why a recorded MoE miniature still speeds up where `preset` at N = n does not: its verifications to round `upto`
    read the weights of few more one-token steps than one (experts.verify_cost, the figure its Statistics and Experts
    views give), against the preset's v(n)."""
    moe = experts.cost_shape(trace)
    return t("moe.miniature", lang, E=moe["E"], k=moe["k"], i=upto, v=experts.verify_cost(trace, upto) or 1.0, n=n,
             v_big=lab_math.verify_cost_of(preset)(n))
