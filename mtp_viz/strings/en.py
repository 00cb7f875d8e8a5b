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
    # -- public: policy, limits and errors --------------------------------------------------------------------
}
