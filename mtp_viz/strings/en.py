"""English texts: the reference table every other language translates, key for key. Knows no code.

Sections by tab; add a key to the section of the tab that shows it. Values are str.format templates.
"""
STRINGS: dict[str, str] = {
    # -- app --------------------------------------------------------------------------------------------------
    "app.title": "MTP speculative decoding, step by step",
    "tab.step": "Step through",
    # -- step-through tab -------------------------------------------------------------------------------------
    "step.intro": ("# Multi-token prediction, step by step\n"
                   "Gemma 4 can run a small **drafter** that guesses several next tokens, and the big **target** "
                   "model checks all the guesses in one pass. Kept guesses are free tokens; the output is exactly "
                   "what the target alone would write. Press **Step** to watch one round at a time."),
    "step.prompt": "Prompt",
    "step.examples": "Example prompts",
    "step.model": "Model (target)",
    "step.model_info": "the bundled miniature, a hub id, or a local folder",
    "step.assistant": "Assistant (optional)",
    "step.assistant_placeholder": "default: <model>-assistant",
    "step.step": "Step",
    "step.run": "Run to end",
    "step.play": "Play",
    "step.pause": "Pause",
    "step.reset": "Reset",
    "step.round": "Round (drag to scrub)",
    "step.speed": "Play: seconds per round",
    "step.settings": "Decoding settings",
    "step.proposer": "Proposer",
    "step.proposer.mtp": "MTP (Gemma 4 assistant)",
    "step.proposer.draft-model": "draft model",
    "step.proposer.prompt-lookup": "prompt lookup",
    "step.proposer.none": "none (baseline)",
    "step.n": "N: guesses per round (num_assistant_tokens)",
    "step.schedule": "Schedule for N",
    "step.threshold": "Confidence threshold (0 = off)",
    "step.max_new": "Max new tokens",
    "step.do_sample": "Sampling (off = greedy)",
    "step.temperature": "Temperature",
    "step.top_k": "Top-k (0 = off)",
    "step.top_p": "Top-p (1 = off)",
    "step.seed": "Seed",
    "step.export": "Export and replay",
    "step.download_json": "Download trace (JSON)",
    "step.download_csv": "Download events (CSV)",
    "step.upload": "Replay a JSON trace (no model needed)",
    "step.recorded": "Recorded examples",
    "step.what_you_see": "**What you see.** {text}",
    "step.empty": "Type a prompt and press **Step** to run the first round, or **Run to end**.",
    "step.empty_figures": "Press Step to run the first round, or Run to end.",
    "step.what.prefill": "the prefill: the target reads the prompt and picks the first token",
    "step.what.none": "no guesses: the target adds one token on its own",
    "step.what.cut": ("the drafter guessed {drafted} (N = {n}), the target kept {kept}, and generation stopped "
                      "there"),
    "step.what.round": ("the drafter guessed {drafted} (N = {n}), the target kept {kept} and added a {kind} token "
                        "→ {new} new"),
    "step.stopped": " Generation stopped ({why}).",
    "step.heading": "### Round {i} of {last}: {what}.{end}\n",
    "step.model_line": "**Model:** {name}: {sizes} · proposer **{proposer}** · {device}, {dtype}",
    "step.moe": "\n\n**Mixture of experts:** {caveat}",
    "step.replay_failed": "Could not replay that file: {error}",
    "step.loading": "Loading {model} and its assistant: the first time can take minutes.",
    # -- lab tab ----------------------------------------------------------------------------------------------
    # -- tour tab ---------------------------------------------------------------------------------------------
    # -- experts view -----------------------------------------------------------------------------------------
    "fig.experts.title": "Experts touched",
    "fig.experts.what": (
        "For a mixture-of-experts target, each layer's router sends every token to k of its E experts, and only "
        "those experts' weights are read. Top left: for this round's target pass, how many of its positions (the "
        "last committed token and each draft) went to each expert of each layer. Top right: per verification "
        "pass, the number of different experts a layer used, against k (one token's experts) and against E·(1 − "
        "(1 − k/E)^T), what T = N + 1 positions would hit if each chose at random. Middle left: the expert bytes "
        "that pass read against a one-token step. Middle right: the speed-up Leviathan et al.'s cost model "
        "predicts for each round, tokens / (γ·c + v), with v = 1 (verification as cheap as one step, roughly true "
        "for a dense model at batch size 1) and with v measured as bytes read over a one-token step. Bottom: "
        "recorded traces of different prompts decoded side by side, B = 1, 2, 4, 8: the union of experts per "
        "layer and pass, and the expert bytes read per generated token, with drafting and without. At batch size "
        "1 the drafts' experts overlap little, so verifying N + 1 tokens reads several times the expert weights "
        "of one step and the speed-up shrinks; with more sequences the experts are read anyway, and the drafts "
        "add little."),
    "fig.experts.dense": ("This target is dense: every token passes through all of its weights, so there are no "
                      "experts to count. Choose miniature-moe to see a mixture-of-experts Gemma 4."),
    "fig.experts.heading": ("Experts touched, round {i}: {positions} position(s) routed, each to k = {k} of E = {E} "
                        "experts per layer"),
    "fig.experts.grid": "positions routed to each expert, this round",
    "fig.experts.distinct": "different experts per layer, per verification",
    "fig.experts.bytes": "expert weights read per verification pass",
    "fig.experts.speedup": "predicted speed-up per round",
    "fig.experts.batch_union": "batch: experts per layer per pass",
    "fig.experts.batch_bytes": "batch: expert weights read per generated token",
    "fig.experts.no_batch": "no recorded batch traces for this model",
    "fig.experts.hover.grid": "layer %{y}, expert %{x}: %{z} position(s)<extra></extra>",
    "fig.experts.legend.positions": "positions",
    "fig.experts.legend.distinct": "different experts (mean over layers)",
    "fig.experts.legend.expected": "if routing were random",
    "fig.experts.legend.k": "one token: k = {k}",
    "fig.experts.legend.verify_bytes": "verification pass",
    "fig.experts.legend.step_bytes": "one-token step",
    "fig.experts.legend.free": "verification costs one step",
    "fig.experts.legend.costed": "verification costs the bytes it reads",
    "fig.experts.legend.with": "with drafting (N + 1 positions per sequence)",
    "fig.experts.legend.without": "without drafting (1 token per sequence)",
    "fig.experts.axis.expert": "expert",
    "fig.experts.axis.layer": "layer",
    "fig.experts.axis.experts": "experts",
    "fig.experts.axis.round": "round",
    "fig.experts.axis.kb": "kB of expert weights",
    "fig.experts.axis.kb_token": "kB per generated token",
    "fig.experts.axis.speedup": "x plain decoding",
    "fig.experts.axis.batch": "sequences side by side (B)",
    "fig.experts.stats_ratio": "; each verification read {ratio:.2f}x one token's experts",
    # -- public: policy, limits and errors --------------------------------------------------------------------
}
