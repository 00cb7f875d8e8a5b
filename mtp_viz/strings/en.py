"""English texts: the reference table every other language translates, key for key. Knows no code.

Sections by tab; add a key to the section of the tab that shows it. Values are str.format templates.
"""
STRINGS: dict[str, str] = {
    # -- app --------------------------------------------------------------------------------------------------
    "app.title": "MTP speculative decoding, step by step",
    "tab.step": "Step through",
    "tab.tour": "Guided tour",
    "model.miniature": "E2B-shaped miniature (bundled)",
    "model.miniature-shallow": "shallow miniature (bundled)",
    "model.miniature-moe": "MoE miniature (bundled)",
    "model.e2b": "Gemma 4 E2B + assistant",
    "model.e4b": "Gemma 4 E4B + assistant",
    "model.31b": "Gemma 4 31B + assistant",
    "model.26b": "Gemma 4 26B A4B (MoE) + assistant",
    "tab.race": "Race",
    # Gradio's own status words, which its hidden status line reads out to screen readers after an event
    "common.complete": "Done",
    "common.error": "Error",
    # -- race tab ---------------------------------------------------------------------------------------------
    "race.intro": ("### The race: the same prompt, with and without the drafter\n"
                   "Both lanes were **measured on this server** and replay at that pace: a round's tokens appear "
                   "together when its verification pass ends, because only then do they exist."),
    "race.start": "Start race",
    "race.this": "Race this prompt",
    "race.lane.alone": "Target alone",
    "race.lane.mtp": "Target + MTP drafter",
    "race.lane.draft-model": "Target + separate small model",
    "race.lane.prompt-lookup": "Target + prompt lookup",
    "race.projected.e2b": "Gemma 4 E2B + assistant (projected)",
    "race.projected.31b": "Gemma 4 31B + assistant (projected)",
    "race.projected.26b": "Gemma 4 26B A4B + assistant (projected)",
    "race.fig.title": "Tokens written over time",
    "race.fig.hover": "%{{x:.1f}} → %{{y:.0f}}",
    "race.fig.x": "ms at this pair's pass costs, since the first pass began",
    "race.fig.x_projected": "time in one-token target passes (projected)",
    "race.fig.y": "tokens written",
    "race.unit.ms": "ms",
    "race.unit.passes": "passes",
    "race.sum.total": "finished after",
    "race.sum.first": "first token after",
    "race.sum.rate_after": "tokens per second after the first",
    "race.sum.passes": "target passes",
    "race.sum.tokens": "tokens written",
    "race.sum.per_pass": "tokens per target pass",
    "race.ratio": "{drafter} finished {ratio}× as fast, by the wall clock.",
    "race.projected_ratio": "Projected, not measured: {drafter} would finish {ratio}× as fast.",
    "race.compare.title": "Token by token (green: the same token at that position; orange: different)",
    "race.compare.more": "; the first {shown} of {total} tokens",
    "race.check.same": "Same text, token for token: all {n} tokens are identical. Greedy verification keeps exactly what the target alone would write.",
    "race.check.differ": "The two texts differ. Under greedy decoding they should not: please report this prompt.",
    "race.check.sampled": "With sampling the two texts differ, because the random draws differ; each still follows the target's own distribution, which is what the acceptance rule guarantees.",
    "race.check.projected": "There is no text here: this race is computed from the cost model, not run.",
    "race.note.cached": ("This exact race ran earlier on this server, and its recorded passes are replayed: a fresh "
                         "run counts the same passes, so it would race the same."),
    "race.note.projected": ("Projected, not measured: these lanes come from Leviathan et al.'s cost model with "
                            "the published acceptance (α = {alpha}) and the drafter's size relative to the target "
                            "(c = {c}), {n} guesses per round. Nobody here runs this checkpoint."),
    "engine.prompt_empty": "The prompt is empty: type some text to continue.",
    "engine.prompt_no_tokens": "The prompt encodes to no tokens.",
    "engine.context": ("The prompt ({n} tokens) plus the new tokens ({new}) exceed the model's context of {context} "
                       "tokens."),
    "engine.range": "{name} must be between {low} and {high}; got {value}.",
    "engine.range_open": "{name} must be above {low} and at most {high}; got {value}.",
    "engine.whole": "{name} must be a whole number; got {value}.",
    "engine.finite": "{name} must be a finite number; got {value}.",
    "engine.temperature": "The temperature must be above 0 when sampling; got {value}.",
    "engine.vocab": "Outside the vocabulary (0 to {last}): token ids {ids}.",
    "engine.choice": "Unknown {name} {value}; choose one of {choices}.",
    "engine.unknown_setting": "Not a setting: {names}. The settings are {settings}.",
    "engine.prompt_empty_ids": "The prompt is empty: give at least one token id.",
    "engine.prompt_ints": "A token-id prompt must be a list of integers.",
    "engine.prompt_type": "The prompt must be a string or a list of token ids; got {kind}.",
    "engine.needs_tokenizer": "A text prompt needs a tokenizer; this model pair has none, so pass token ids instead.",
    "engine.no_chat_template": "chat=True needs a tokenizer with a chat template; this one has none.",
    "engine.mtp_needs_assistant": ("The proposer MTP needs a Gemma 4 assistant (Gemma4AssistantForCausalLM); this pair "
                                   "has {kind}."),
    "engine.mtp_needs_target": "The proposer MTP needs a Gemma 4 target; this one is {kind}.",
    "engine.draft_needs_assistant": "The proposer “separate small model” needs one, named under Assistant.",
    "engine.mtp_cannot_draft": ("A Gemma 4 MTP assistant cannot draft on its own (it reads the target's activations "
                                "and KV cache); choose MTP under Proposer."),
    "lab.error.runs": ("This sweep is {runs} runs (settings × prompts × repeats); this server allows at most {limit}. "
                       "Choose fewer."),
    "unit.guess.one": "{n} guess",
    "unit.guess.other": "{n} guesses",
    "unit.position.one": "{n} position",
    "unit.position.other": "{n} positions",
    "unit.cpu_thread.one": "{n} CPU thread",
    "unit.cpu_thread.other": "{n} CPU threads",
    "moe.story": ("In numbers, for Gemma 4 26B A4B at N = {n}: each layer has {E} experts and one token uses {k} of "
                  "them. A check reads {tokens} tokens (the {n} guesses and the target's own), and if each picked "
                  "its {k} experts at random they would use about {touched:.0f} different ones per layer. That "
                  "count is E·(1 − (1 − k/E)^T): for each of the E = {E} experts, the chance that at least one of "
                  "the T = {tokens} tokens picks it, added up. At batch size 1 a pass takes about as long as "
                  "reading its weights, so this check costs as much as {v:.1f} one-token steps instead of one. Per "
                  "generated token, target and drafter together then read {draft_b1} weights, against {plain_b1} "
                  "when the target decodes alone. The predicted speed-up at N = {n} is therefore {costed:.2f}×, not "
                  "the {dense:.2f}× it would be if the check cost one step, as on a dense model. A shorter draft "
                  "does a little better: N = {best} gives {best_x:.2f}×. From N = {slow_n} on, drafting is slower "
                  "than decoding alone ({slow_x:.2f}× at N = {slow_n}). A batch of 8 sequences changes the picture: "
                  "plain decoding already uses about {touched_b8:.0f} of the {E} experts per layer in each step, "
                  "and checking every sequence's draft raises that only to {touched_b8_draft:.0f}, so per generated "
                  "token the batch reads {draft_b8} weights with drafts against {plain_b8} without."),
    "moe.miniature": ("The bundled mixture-of-experts miniature below is no contradiction: it has only {E} small "
                      "experts per layer and uses {k} per token, and every pass reads its shared part whole, most of "
                      "what a one-token step reads anyway. So its checks to round {i} read the weights of {v:.2f} "
                      "one-token steps each on average (the figure its Statistics and Experts views give), against "
                      "{v_big:.1f} for 26B A4B at N = {n}. That is why it still speeds up while 26B A4B at batch "
                      "size 1 hardly does."),
    "moe.plain": ("One token needs only a few of a layer's experts. Checking {tokens} tokens at once needs many "
                  "more, because each token picks its own. At batch size 1, reading all those extra expert weights "
                  "takes about as long as the draft saves, so little speed-up is left."),
    "race.js.passes": "passes",
    "race.js.tokens": "tokens",
    "race.js.rate": "tokens/s",
    "race.js.clock": "clock (ms at pass costs):",
    "race.js.clock_projected": "clock (target passes):",
    "race.js.start": "▶ Start",
    "race.js.pause": "❚❚ Pause",
    "race.js.resume": "▶ Resume",
    "race.js.again": "↻ Again",
    "race.js.slow": "Slow motion",
    "race.js.finished": "finished",
    # -- step-through tab -------------------------------------------------------------------------------------
    "step.intro": ("# Multi-token prediction, step by step\n"
                   "Gemma 4 can run a small **drafter** that guesses several next tokens, and the big **target** "
                   "model checks all the guesses in one pass. Kept guesses are free tokens; the output is exactly "
                   "what the target alone would write. Press **Step** to watch one round at a time."),
    "step.prompt": "Prompt",
    "step.trained_on": "Example prompts. The bundled miniature knows only English sayings, little animal stories and sentences with numbers (it cannot count or add); anything else gets nonsense.",
    "welcome.text": ("Gemma 4's multi-token prediction (MTP): a small drafter guesses the next tokens, and the big "
                     "model checks them all in one pass."),
    "welcome.tour": "Start the guided tour",
    "link.button": "Link to this",
    "link.label": "A link that opens this page as it is now (tab, chapter, example, round, view, language)",
    "link.bad": "⚠️ Not on this page: {pairs}. The link opens at the page's defaults there instead.",
    "link.live": ("The text on screen was generated here, not recorded with the app, so the link opens the "
                  "step-through without it: opening a link never makes the server generate."),
    "step.model": "Model (target)",
    "step.model_info": "the bundled miniature, a hub id, or a local folder",
    "step.assistant": "Assistant (optional)",
    "step.assistant_placeholder": "default: <model>-assistant",
    "step.step": "Step",
    "step.run": "Run to end",
    "step.play": "Play",
    "step.pause": "Pause",
    "step.reset": "Reset",
    "step.measure": "Measure again",
    "step.cached": ("**Answered from this server's cache:** this exact request ran here before, so these are that "
                    "run's times. **Measure again** runs it afresh: the counts and the speed-up stay, only this "
                    "run's own clock moves."),
    "step.round": "Round (drag to scrub)",
    "step.speed": "Play: seconds per round",
    "step.settings": "Decoding settings",
    "step.proposer": "Proposer",
    "step.proposer.mtp": "MTP (Gemma 4 assistant)",
    "step.proposer.draft-model": "separate small model",
    "step.proposer.prompt-lookup": "prompt lookup",
    "step.proposer.none": "none (baseline)",
    "step.num_assistant_tokens": "N: guesses per round (num_assistant_tokens)",
    "step.schedule": "Schedule for N",
    "step.confidence_threshold": "Confidence threshold (0 = off)",
    "step.max_new_tokens": "Max new tokens",
    "step.do_sample": "Sampling (off = greedy)",
    "step.temperature": "Temperature",
    "step.top_k": "Top-k (0 = off)",
    "step.top_p": "Top-p (1 = off)",
    "step.seed": "Seed",
    "step.proposer_info": ("who guesses: Gemma 4's MTP assistant; a separate small model with the same vocabulary, "
                           "which reads only the text; prompt lookup (copies what followed the last words earlier "
                           "in the prompt, no model); or nobody"),
    "step.num_assistant_tokens_info": "how many tokens the drafter guesses per round (the starting value when a schedule moves it)",
    "step.schedule_info": ("heuristic: +2 after a round with every guess kept, −1 after a rejection; "
                           "constant: N stays"),
    "step.confidence_threshold_info": ("stops a round's draft early, after a guess whose top probability was below this; "
                            "0 always drafts N"),
    "step.max_new_tokens_info": "the most tokens to generate; the last round is cut short at this limit",
    "step.do_sample_info": ("off: every token is the target's top choice, so a guess is kept only if it matches; "
                            "on: tokens are drawn at random and a guess is kept with probability min(1, p/q)"),
    "step.temperature_info": "sampling only: below 1 sharpens the probabilities, above 1 flattens them",
    "step.top_k_info": "sampling only: draw from the k most likely tokens alone",
    "step.top_p_info": "sampling only: draw from the smallest set of likeliest tokens whose probabilities reach p",
    "step.seed_info": "sampling only: the same seed gives the same random draws, and so the same text",
    "step.keys": "Keys: → next · ← back · space play / pause · Home round 0",
    "step.export": "Export and replay",
    "step.download_json": "Download trace (JSON)",
    "step.download_csv": "Download events (CSV)",
    "step.download_walkthrough": "Download this walkthrough (one HTML file that plays offline)",
    "walk.back": "Back",
    "walk.keys": "Keys: → next round · ← previous round · Home round 0",
    "walk.made": "Recorded with mtp_viz. This file plays in a browser without a server or a network.",
    "step.upload": "Replay a JSON trace (no model needed)",
    "step.recorded": "Recorded examples",
    "step.what_you_see": "**What you see.** {text}",
    "step.more": "More",     # opens the rest of a caption
    "step.empty": "Type a prompt and press **Step** to run the first round, or **Run to end**.",
    "step.empty_figures": "Press Step to run the first round, or Run to end.",
    "step.what.prefill": "the prefill: the target reads the prompt and picks the first token",
    "step.what.none": "no guesses: the target adds one token on its own",
    "step.what.cut": ("the drafter guessed {drafted} (N = {n}{fewer}), the target kept {kept}, and generation stopped "
                      "there"),
    "step.what.round": ("the drafter guessed {drafted} (N = {n}{fewer}), the target kept {kept} and added a {kind} token "
                        "→ {new} new"),
    "step.stopped": " Generation stopped ({why}).",
    "step.stop.eos": "the model wrote its end-of-text token",
    "step.stop.length": "the limit of new tokens was reached",
    "step.params": "{model} ({params} parameters)",
    "step.schedule.heuristic": "heuristic",
    "step.schedule.constant": "constant",
    "step.recorded.actions_speak": "“Actions speak”, MTP drafter",
    "step.recorded.actions_speak_moe": "“Actions speak”, mixture-of-experts miniature",
    "step.recorded.actions_speak_no_drafter": "“Actions speak”, target alone",
    "step.recorded.once_upon_a_time": "“Once upon a time,”, MTP drafter",
    "step.recorded.once_upon_a_time_sampled": "“Once upon a time,”, sampled",
    "step.recorded.tom_counted": "“Tom counted…”, MTP drafter",      # whole, it was cut on a phone
    "step.recorded.a_stitch_in_time": "“A stitch in time”, MTP drafter",
    "step.what.unused": " (also accepted but past the end, so not used: {unused:guess})",
    "step.fewer.length": "; only {left:guess} fit before the max-new-tokens limit",
    "step.fewer.lookup": "; the lookup found no more",
    "step.fewer.eos": "; what the lookup found ends with <eos>, and nothing is drafted past it",
    "step.fewer.threshold": "; the drafter stopped below the confidence threshold",
    "step.kind.correction": "correction",
    "step.kind.bonus": "bonus",
    "step.why.correction": ("**Why a correction?** The target rejected guess {first_rejected}, so it writes "
                            "its own token in that place; any guess after it is dropped, because it followed "
                            "a token that is not in the text.\n\n"),
    "step.why.bonus": ("**Why a bonus token?** The target accepted every guess of this round ({drafted:guess}), "
                       "and its verification pass had already computed its choice for the next position, so "
                       "that token costs no pass of its own.\n\n"),
    "step.stale": ("⚠️ **Settings changed.** What you see below is from the previous settings: press **Step** "
                   "or **Run to end** to run the new ones.\n\n"),
    "step.chosen_model": ("**You chose {label}.** As recorded on this server: {line}\n\nPress **Step** to run "
                          "your prompt on it.\n\n"),
    "step.chosen_model_new": ("**You chose {label}.** Nothing has been recorded with it here yet: **Step** loads it "
                              "(the first time can take minutes) and runs your prompt.\n\n"),
    "step.about": "About this tab",
    "step.heading": "### Round {i} of {last}: {what}.{end}\n",
    "step.model_line": "**Model:** {name}: {sizes} · proposer **{proposer}** · {device}, {dtype}",
    "step.model_line.reason": " ({reason})",
    "step.moe": "\n\n**Mixture of experts:** {caveat}",
    "step.replay_failed": "Could not replay that file: {error}",
    "step.loading": "Loading {model} and its assistant: the first time can take minutes.",
    "step.at_last": ("**This is the last round ({last}); Step has nothing further to show.** Drag the slider or press "
                     "Home to go back, or Reset to start afresh."),
    "step.warning": "Warning",
    "step.info": "Note",
    "step.device.cpu": "no GPU found; running on {threads}",
    "step.device.cuda": "CUDA GPU found: {name}",
    "step.device.mps": "Apple GPU (MPS) found",
    "step.device.requested": "device {device} requested",
    "step.device.then": "; ",
    "step.device.split": "the target split over {gpus} GPUs (device_map='auto')",
    # -- figures (mtp_viz/figures/*.py): titles, axes, legends, hover texts, "What you see" ------------------
    # Keys fig.<view>.*; templates may fill plotly placeholders such as %{x}: keep every {name} as it is.
    "fig.status.prompt": "prompt",
    "fig.status.prefill": "first token (prefill)",
    "fig.status.accepted": "accepted draft",
    "fig.status.correction": "correction (after a rejection)",
    "fig.status.bonus": "bonus (all drafts accepted)",
    "fig.status.target": "target token (no drafts)",
    "fig.status.rejected": "rejected draft",
    "fig.status.unchecked": "unchecked (after a rejection)",
    "fig.status.unused": "not used (generation stopped)",
    "fig.verdict.accepted": "accepted",
    "fig.verdict.rejected": "rejected",
    "fig.verdict.unchecked": "unchecked",
    "fig.verdict.unused": "not used",
    "fig.choose": "View",
    "fig.token_stream.title": "Token stream",
    "fig.token_stream.heading": "Token stream: round {i} of {last}",
    "fig.token_stream.short": "The prompt (grey) and every token so far. Green ✓: guessed by the drafter, confirmed by the target. Dark orange ✗: a rejected guess, followed by the target's correction (orange ↺). Blue ★: a bonus token when every guess was right. The outlined tokens are this round's.",
    "fig.token_stream.what": (
        "The prompt (grey) and every token generated so far, in reading order. Green ✓ tokens were guessed by the "
        "drafter and confirmed by the target. When the target disagrees, the drafter's guess is struck through "
        "(dark orange ✗, and the guesses after it are never checked) and the target's own token follows (orange ↺, "
        "a correction). When every guess is right, the target adds one more token for free (blue ★, a bonus). "
        "Guesses the target agreed with but that came after the end of the output are struck through in grey (○ "
        "not used). The outlined tokens belong to the current round. Hover over a token, or tap it, for its probabilities."),
    "fig.token_stream.prompt": "prompt",
    "fig.token_stream.round": "round {r}: {what}",
    "fig.token_stream.accepted": "accepted draft {k}<br>p={p:.3f}  q={q:.3f}",
    "fig.token_stream.rejected": "rejected draft {k}<br>p={p:.3f}  q={q:.3f}<br>target's top choice: {top}",
    "fig.token_stream.unchecked": "unchecked draft {k}<br>q={q:.3f} (an earlier draft was rejected)",
    "fig.token_stream.unused": "draft {k}, agreed but not used: generation stopped first",
    "fig.token_stream.last": "{word}<br>p={p:.3f}",
    "fig.timeline.title": "Timeline of forward passes",
    "fig.timeline.heading_first": "Timeline of forward passes: round 0, {ms:.0f} ms",
    "fig.timeline.heading": "Timeline of forward passes: rounds 0–{i}, {ms:.0f} ms",
    "fig.timeline.short": "Time runs left to right. Each light-blue bar is one pass of the small drafter (one guess); each dark-blue bar is one pass of the big target, checking all of the round's guesses at once. The outlined round pays off when its cheap light bars buy more than one token per dark bar.",
    "fig.timeline.what": (
        "Time runs left to right, in milliseconds measured while generating. Each light-blue bar is one pass of the "
        "small drafter, guessing one token; each dark-blue bar is one pass of the big target model, which checks "
        "all of the round's guesses at once. The top lane marks the rounds (R1, R2, …; hover or tap for the N guesses "
        "allowed); the current round is outlined. Speculative decoding pays off when several cheap drafter bars "
        "buy more than one token per expensive target bar. The outlined lane at the bottom is why a check is nearly "
        "free: the same check done with one pass per token (N + 1 times a one-token pass, measured when the model "
        "loaded), against the one pass that really checked them all, because a pass reads the weights once however "
        "many tokens it carries."),
    "fig.timeline.lane.target": "target",
    "fig.timeline.lane.drafter": "drafter",
    "fig.timeline.lane.round": "round",
    "fig.timeline.legend.drafter": "drafter pass",
    "fig.timeline.legend.target": "target pass",
    "fig.timeline.legend.round": "round",
    "fig.timeline.lane.one_by_one": "one by one?",
    "fig.timeline.legend.one_by_one": "the same check, one pass per token",
    "fig.timeline.alone": "{k} × {one:.1f} ms = {ms:.0f} ms",
    "fig.timeline.alone_hover": ("Had each of the {k} checked tokens needed a pass of its own: {k} × {one:.1f} ms "
                                 "(one one-token pass, the baseline of every speed-up here) = {ms:.0f} ms.<br>The "
                                 "check itself costs {verify:.1f} ms: one pass reads the weights once for all {k} "
                                 "tokens."),
    "fig.timeline.draft": "round {r}, drafter pass {k}<br>guessed {token} (q={q:.2f})<br>{ms:.1f} ms in this run",
    "fig.timeline.stop": "stop",
    "fig.timeline.stop_hover": ("round {r}, drafter pass below the confidence threshold: no guess kept<br>"
                                "{ms:.1f} ms"),
    "fig.timeline.prefill": "prefill",
    "fig.timeline.prefill_what": "prefill: read the prompt",
    "fig.timeline.verify_what": "verified {drafted:guess}, kept {kept}, emitted {emitted}",
    "fig.timeline.plain_what": "no guesses: one token, emitted {emitted}",
    "fig.timeline.target_hover": "round {r}, target pass<br>{what}<br>{ms:.1f} ms in this run",
    "fig.timeline.round_label": "R{r}",
    "fig.timeline.round_hover": "round {r}: N={n} allowed, {drafted} drafted, {ms:.1f} ms",
    "fig.timeline.round_hover_plain": "round {r}: no drafts, {ms:.1f} ms",
    "fig.timeline.xaxis": "ms at this pair's pass costs (this run's own times: hover)",
    "fig.timeline.xaxis.own": "this run's own time (ms)",
    "fig.verification.title": "Verification",
    "fig.verification.heading_empty": "Verification: round {i}",
    "fig.verification.heading": "Verification: round {i}, kept {kept} of {drafted} ({mode})",
    "fig.verification.greedy": "greedy",
    "fig.verification.sampling": "sampling",
    "fig.verification.short": "Each guess of this round: how likely the target finds it (p, dark) and how likely the drafter found it (q, light). The mark above is the target's verdict: ✓ accepted, ✗ rejected, … never checked. Greedy keeps a guess that is the target's top choice; sampling keeps it when u (◆) falls below min(1, p/q).",
    "fig.verification.what": (
        "For each guess of this round: how likely the target model finds the drafted token (p, dark) and how likely "
        "the drafter found it (q, light). With greedy decoding a guess is kept when it is the target's own top "
        "choice. With sampling, a guess is kept when a random number u (◆) falls below min(1, p/q) (—): guesses "
        "the target likes at least as much as the drafter always pass. At the first rejection the target draws its "
        "own token from what is left of its distribution once the drafter's share is removed (the “residual” panel, "
        "sampling only); later guesses are not checked, so they have no p bar. The mark above each guess is the "
        "target's verdict: ✓ accepted, ✗ rejected, … unchecked, ○ not used (accepted, but after the end of the "
        "output). This rule makes the output exactly as random as the "
        "target alone."),
    "fig.verification.prefill": ("Round 0 is the prefill: the target reads the prompt and picks the first token. "
                                 "Nothing to verify."),
    "fig.verification.none": "No guesses in this round: the target produced one token on its own.",
    "fig.verification.residual": "residual norm(max(0, p − q))",
    "fig.verification.p": "p: target's probability of the drafted token",
    "fig.verification.q": "q: drafter's probability",
    "fig.verification.accept_prob": "min(1, p/q)",
    "fig.verification.u": "u (uniform draw)",
    "fig.verification.residual_legend": "residual (the drawn token in orange)",
    "fig.verification.top_choice": "target's top choice: {token} ({p:.2f})",
    "fig.verification.drew": "target drew: {token}",
    "fig.verification.yaxis": "probability",
    "fig.clusters.title": "Cluster selection",
    "fig.real.clusters": "{name}: top {k} of {n:,} clusters, {scored:,} of {vocab:,} tokens scored ({frac:.1%})",
    "fig.real.kv": ("{name}: the last {shared} of {layers} layers reuse the KV of layers {sliding} and {full}; the "
                    "drafter reads those two"),
    "fig.real.activations": ("{name}: [{hidden:,} ‖ {hidden:,}] = {concat:,} → pre_projection → {drafter:,} "
                             "({drafter_layers} layers) → post_projection → {hidden:,}"),
    "fig.clusters.heading_empty": "Cluster selection: round {i}",
    "fig.clusters.heading": "Cluster selection: round {i}, top {k} of {n:,} clusters kept{scored}{more}",
    "fig.clusters.scored_fraction": ", {frac:.1%} of the vocabulary scored",
    "fig.clusters.scored_tokens": ", {scored:,} of {vocab:,} tokens scored ({frac:.1%})",
    "fig.clusters.more": "; guesses 1–{shown} of {total} shown",
    "fig.clusters.short": "The drafter saves work by scoring clusters of similar tokens first and looking only inside the best few. Each panel is one guess: bars are cluster scores, highest first; the dark-blue clusters were searched. “Cluster miss” means the target's choice lay in a cluster the drafter never looked in, so it could not be guessed.",
    "fig.clusters.what": (
        "Scoring every word of a big vocabulary is expensive for a small drafter, so Gemma 4's drafter first scores "
        "clusters of similar tokens (one centroid each; 2,048 in the real models) and only looks inside the best "
        "few. Each panel is one guess of this round, with the target's verdict on it: bars are centroid scores, "
        "highest first; dark-blue bars were selected, grey ones were not. Only tokens in the selected clusters can "
        "be guessed. If the target's top choice lay in a cluster that was not selected, the panel says “cluster "
        "miss”: the drafter could not have guessed that token. At most 8 panels are drawn; the title says when "
        "a round had more guesses."),
    "fig.clusters.prefill": "Round 0 is the prefill: nothing is drafted yet. Press Step.",
    "fig.clusters.none": "No guesses in this round.",
    "fig.clusters.no_embedder": "This drafter has no efficient embedder: it scores the whole vocabulary.",
    "fig.clusters.panel": "guess {k}: {token}<br>{verdict}",
    "fig.clusters.miss": "{verdict}, ✗ cluster miss (top choice {token})",
    "fig.clusters.selected": "selected cluster",
    "fig.clusters.not_selected": "not selected cluster",
    "fig.clusters.hover": "centroid {c}<br>score {s}",
    "fig.clusters.xaxis": "centroids by score",
    "fig.clusters.yaxis": "score",
    "fig.kv_sharing.title": "KV cache sharing",
    "fig.kv_sharing.heading": "KV cache sharing: round {i}",
    "fig.kv_sharing.short": "Left: the target's layers; each of the drafter's layers reads the keys and values of one target layer (orange arrows), so the drafter keeps no cache of its own. Right: the target's cache after each round; the cross-hatched top is cropped away again because those guesses were rejected.",
    "fig.kv_sharing.what": (
        "Left: the target model's layers, bottom to top; light bars use sliding-window attention (they look at "
        "recent tokens only), dark hatched bars use full attention. The Gemma 4 drafter has no cache of its own: "
        "each of its layers reads the keys and values of one target layer of the same kind (orange arrows; the "
        "layers it reads are numbered in orange). Right: how many positions the target's cache holds after each "
        "round. The verification pass writes every guess into the cache; the dark orange, cross-hatched part on top "
        "is cropped away again because those guesses were rejected."),
    "fig.kv_sharing.layers": "layers and shared caches",
    "fig.kv_sharing.cache": "target KV cache length",
    "fig.kv_sharing.sliding": "sliding",
    "fig.kv_sharing.full": "full",
    "fig.kv_sharing.target_layer": "target {kind} layer",
    "fig.kv_sharing.drafter_layer": "drafter {kind} layer",
    "fig.kv_sharing.target_hover": "target layer {layer} ({kind} attention)",
    "fig.kv_sharing.drafter_hover": "drafter layer ({kind} attention)",
    "fig.kv_sharing.drafter_box": "drafter {k}",
    "fig.kv_sharing.own_cache": "this drafter keeps its own KV cache",
    "fig.kv_sharing.no_reader": "no drafter reads the target's cache here",
    "fig.kv_sharing.reads": "drafter reads layers {layers} of {n}",
    "fig.kv_sharing.layer_axis": "target layer",
    "fig.kv_sharing.kept": "kept in cache",
    "fig.kv_sharing.cropped": "written, then cropped",
    "fig.kv_sharing.before": "length entering the round",
    "fig.kv_sharing.kept_hover": "round {r}: {n} positions kept",
    "fig.kv_sharing.cropped_hover": "round {r}: {n} positions cropped after the rejection",
    "fig.kv_sharing.window": "sliding layers keep only the last {window}",
    "fig.kv_sharing.round_axis": "round",
    "fig.kv_sharing.positions_axis": "positions",
    "fig.activations.title": "Target activations feed the drafter",
    "fig.activations.heading": "Target activations feed the drafter: round {i}, {guesses} from one position",
    "fig.activations.short": "How one guess is made: the drafter starts from the target's last hidden state and the last token's embedding, shrinks them to its own width, runs its few layers and picks a token. Its output, widened again, stands in for the target's hidden state at the next guess.",
    "fig.activations.what": (
        "How one guess is made. The drafter does not start from scratch: it takes the target's last hidden state "
        "(its summary of the text so far) and the embedding of the last token, glues them together, shrinks them "
        "with pre_projection to the drafter's small width, runs its few layers (reading the target's cache), and "
        "picks a token. post_projection turns its output back into the target's width, to stand in for the "
        "target's hidden state at the next guess. All guesses of a round use the same position id."),
    "fig.activations.not_mtp": "This proposer does not read the target's activations (only Gemma 4 MTP drafters do).",
    "fig.activations.hidden": "target hidden state",
    "fig.activations.hidden_hover": "the target's last-layer hidden state at the last accepted position",
    "fig.activations.embed": "last token embedding",
    "fig.activations.embed_hover": "embedding of the last token (the target's input embeddings, shared)",
    "fig.activations.concat": "concat",
    "fig.activations.concat_hover": "hidden state and embedding side by side",
    "fig.activations.pre_hover": "a linear layer down to the drafter's width",
    "fig.activations.layers": "{n} drafter layers",
    "fig.activations.layers_hover": "attend to the target's KV cache at layers {layers}",
    "fig.activations.logits": "token scores",
    "fig.activations.clusters": "top {k} of {n:,} clusters",
    "fig.activations.logits_hover": "the drafter's guess: {tokens}",
    "fig.activations.next_token": "the next token",
    "fig.activations.post_hover": "back to the target's width: stands in for the target's hidden state at the next guess",
    "fig.activations.loop": "next guess: new hidden state + embedding of the guessed token",
    "fig.activations.position": "position id {pos} for all {n} guesses of this round",
    "fig.activations.positions": "position ids {pos}",
    "fig.moe": "MoE: {caveat}",
    "fig.moe_caveat": ("This target is a mixture of experts: each token is routed to {top_k} of {num_experts} experts. "
                       "One verification pass over N+1 tokens can route them to up to (N+1)×{top_k} different "
                       "experts, so it reads far more expert weights than one decoding step does. Verification is "
                       "then no longer almost free, and MTP speeds up a MoE model such as 26B A4B less than a dense "
                       "model of the same active size."),
    "fig.statistics.title": "Statistics",
    "fig.statistics.heading": ("Statistics after round {i}: mean acceptance length {mal:.2f} (per drafting round: "
                               "guesses kept + the target's own token); {tpp:.2f} tokens per target pass (over every "
                               "pass, the prompt's included, so lower)"),
    "fig.statistics.short": "Four counts over the rounds so far. Top: how often the guess at each position was accepted, and how many guesses each round kept. Bottom: the N allowed per round, and tokens per pass of the big model against 1.0 for ordinary decoding. Above 1.0, drafting saves big-model passes.",
    "fig.statistics.what": (
        "Top left: how often the guess at each position was accepted (early guesses are easier, so the bars usually "
        "fall). Top right: how many guesses each round kept. Bottom left: the number of guesses N allowed per "
        "round; the heuristic schedule raises N after a fully accepted round and lowers it after a rejection. "
        "Bottom right: tokens produced per pass of the big model, against 1.0 for ordinary decoding, which runs "
        "the big model once per token. Above 1.0, speculative decoding is saving big-model passes."),
    "fig.statistics.by_position": "acceptance by guess position",
    "fig.statistics.histogram": "guesses kept per round",
    "fig.statistics.n": "N (guesses allowed) per round",
    "fig.statistics.per_pass": "tokens per target pass",
    "fig.statistics.proposed": "accepted / proposed",
    "fig.statistics.reached": "accepted / reached",
    "fig.statistics.rate": "rate",
    "fig.statistics.position": "guess position",
    "fig.statistics.kept": "guesses kept",
    "fig.statistics.rounds": "rounds",
    "fig.statistics.round": "round",
    "fig.statistics.n_axis": "N (line), kept (×)",
    "fig.statistics.n_name": "N",
    "fig.statistics.kept_name": "kept",
    "fig.statistics.speculative": "speculative",
    "fig.statistics.baseline": "baseline 1.0",
    "fig.statistics.baseline_note": "baseline: 1 token per pass",
    "fig.statistics.per_pass_axis": "tokens / pass",
    # -- lab tab ----------------------------------------------------------------------------------------------
    "lab.tab": "Draft length lab",
    "lab.intro": ("# When does drafting pay?\n"
                  "More guesses per round can buy more tokens per pass of the big model, but every guess costs a "
                  "drafter pass and every rejected guess is wasted work. Run a sweep over N (guesses per round) "
                  "and compare the **measured** speed-up with the **cost model** of Leviathan et al. "
                  "(2023), which predicts it from two numbers: α, the chance that one guess is accepted, and c, "
                  "the time of one drafter pass over the time of one target pass. A sweep recorded on the "
                  "miniature is on screen until you run your own."),
    "lab.prompts": "Prompts, one per line (at most {max_prompts}, {max_chars} characters each)",
    "lab.ns": "N values to try (guesses per round)",
    "lab.schedules": "Schedules",
    "lab.proposers": "Proposers (the no-drafter baseline always runs)",
    "lab.max_new": "New tokens per run",
    "lab.repeats": "Repeats (timings are the median)",
    "lab.run": "Run sweep",
    "lab.download": "Download the table (CSV)",
    "lab.table": "The sweep, one row per setting",
    "lab.pairs.heading": "### When does drafting pay? Two bundled pairs, measured",
    "lab.pairs.title": "Two pairs, one lesson: the drafter's cost decides",
    "lab.pairs.measured": "{pair}: measured (α = {alpha:.2f}, c = {c:.2f})",
    "lab.pairs.predicted": "{pair}: predicted by the cost model",
    "lab.pair.miniature": "E2B-shaped pair (35 layers, 4-layer drafter)",
    "lab.pair.miniature-shallow": "shallow pair (6 layers, 4-layer drafter)",
    "lab.pairs.what.short": ("Two sweeps recorded on this kind of machine: both drafters guess well (similar α), but a "
                             "guess costs the shallow pair's drafter about half a target pass (c) and the E2B-shaped "
                             "pair's only a small fraction of one. With a cheap drafter most N pay, with an expensive "
                             "one hardly any; the cost model's curves predict both."),
    "lab.pairs.what": ("Both sweeps were recorded on this kind of machine with the same prompts and settings. Both "
                       "drafters guess well (α is the chance that one guess is accepted), but a guess costs the "
                       "shallow pair's drafter about half a target pass (c) and the E2B-shaped pair's drafter only "
                       "a small fraction of one. Each guess has to save more time than it costs: with a cheap "
                       "drafter most N pay, with an expensive one hardly any do. Leviathan et al.'s cost model, "
                       "(1 − α^(N+1)) / (1 − α) tokens per round over N·c + v passes of time, draws both curves."),
    "lab.what_if": "### What if? Move α and c: the predicted curves redraw at once (no model runs)",
    "lab.alpha": "α: chance that one guess is accepted",
    "lab.c": "c: drafter pass time ÷ target pass time",
    "lab.preset": "Place a real Gemma 4 pair (projected, not measured)",
    "lab.moe": "The target is a mixture of experts like 26B A4B (verifying N + 1 tokens reads the experts they pick)",
    "lab.preset.none": "my own α and c",
    "lab.status.shipped": ("Showing the sweep recorded on the miniature. Measured: c = {c:.2f}, α = {alpha:.2f}; "
                           "the best N is {best} measured and {best_pred} predicted."),
    "lab.status.done": ("Sweep done in {seconds:.1f} s on {model}. Measured: c = {c:.2f}, α = {alpha:.2f}; "
                        "the best N is {best} measured and {best_pred} predicted."),
    "lab.status.preset": ("**{name}: projected, not measured.** α = {alpha:.2f} ({alpha_source}); "
                          "c = {c:.3f} ({c_source})."),
    "lab.error.prompts": "Give at least one prompt (one per line).",
    "lab.error.too_many_prompts": "At most {limit} prompts per sweep; you gave {n}.",
    "lab.error.prompt_length": "Prompt {i} has {n} characters; at most {limit} per prompt.",
    "lab.error.ns": "Choose at least one N.",
    "lab.error.choice": "Choose at least one schedule and one proposer.",
    "lab.error.failed": "The sweep stopped: {error}",
    "lab.axis.n": "N (guesses per round)",
    "lab.axis.tokens": "tokens per target pass",
    "lab.axis.speedup": "speed-up over no drafter (×)",
    "lab.axis.position": "guess position k",
    "lab.axis.share": "rounds with guesses 1..k all accepted",
    "lab.title.tokens": "Tokens per target pass against N",
    "lab.title.speedup": "Speed-up against N: wall clock, measured (c = {c:.2f})",
    "lab.title.speedup_empty": "Speed-up against N: wall clock, measured",
    "lab.title.acceptance": "Acceptance by guess position (N = {n}): the α^k decay",
    "lab.title.what_if": "What if α = {alpha:.2f} and c = {c:.2f}? Best N {best}, speed-up {speedup:.2f}×",
    "lab.title.what_if_tokens": "tokens per target pass",
    "lab.title.what_if_speedup": "speed-up (×)",
    "lab.legend.measured": "{proposer}, constant N: measured",
    "lab.legend.heuristic": "{proposer}, heuristic schedule (x = starting N): measured",
    "lab.legend.predicted": "{proposer}: predicted, α = {alpha:.2f}",
    "lab.legend.predicted_speedup": "{proposer}: predicted, α = {alpha:.2f}, c = {c:.2f}",
    "lab.legend.limit": "N + 1: every guess accepted",
    "lab.legend.baseline": "1.0: no drafter",
    "lab.legend.best": "best measured N = {n}",
    "lab.legend.best_predicted": "best predicted N = {n}",
    "lab.legend.positions": "measured",
    "lab.legend.alpha_k": "α^k with α = {alpha:.2f}, fitted to these bars",
    "lab.legend.what_if_moe": "α = {alpha:.2f}, c = {c:.2f}, experts counted",
    "lab.legend.what_if": "α = {alpha:.2f}, c = {c:.2f}",
    "lab.legend.projected": "{name} (projected, not measured)",
    "lab.no_data": "No sweep yet: press Run sweep.",
    "lab.what.tokens": ("Each dot is tokens per pass of the big model at one N, over all prompts: the mean "
                        "acceptance length, guesses kept + the target's own token; the line is what the cost model "
                        "predicts from one fitted α, and the dashed line N + 1 is the most a round can give (every "
                        "guess kept plus the target's own token). The dots climb with N but bend away from N + 1: a "
                        "longer draft adds guesses that are less and less likely to survive, because one rejection "
                        "throws away everything after it. Here that is one number: the lab counts steady rounds "
                        "only, each one target pass. Statistics in Step through also counts the prompt's pass and a "
                        "last round cut short, so there tokens per target pass comes out lower than the mean "
                        "acceptance length."),
    "lab.what.speedup": ("Speed-up is time per token without a drafter divided by time per token with it, measured "
                         "on this machine. Below the 1.0 line drafting is slower than not drafting. The curve is the "
                         "cost model with the measured c and the measured cost of the verification pass. Here a "
                         "longer draft hurts once the next guess's small chance of being kept no longer pays for the "
                         "drafter pass it costs: the curve peaks at the best N and falls after it. The diamonds are "
                         "the heuristic schedule, which starts at the given N, adds 2 after a round with every guess "
                         "kept and takes 1 away after a rejection, so it finds a good N without being told. Where "
                         "the dots leave the curve, the line under the chart says why, in this sweep's own numbers. "
                         "The star marks the best measured constant N (the heuristic diamonds do not count for it). "
                         "Every figure here counts steady rounds only: not the prefill, which reads the whole "
                         "prompt, and not a last round whose guesses the token limit cut short. That is why a row "
                         "counts fewer new tokens than the generation wrote, and why the speed-up of a whole "
                         "generation, as the Race tab times it, comes out a little lower."),
    "lab.what.acceptance": ("The bars show, for each guess position k, the share of rounds in which guesses 1 to k "
                            "were all accepted; the line is α^k with the α fitted to these same bars (accepted "
                            "guesses over guesses the target checked), the one α the cost model would give this N. "
                            "The bars fall because a guess counts only when every guess before it was kept: this "
                            "decay is why each extra guess is worth less than the one before. Where bars and line "
                            "part, acceptance is not the same at every position, and one α is only its average."),
    "lab.what.what_if.short": ("The cost model alone, no model running: the blue curves are tokens per pass and speed-up "
                               "for your α and c, the star the best N. Each preset is a real Gemma 4 pair, projected "
                               "from published numbers, not measured. Raise c and the best N shrinks and the peak "
                               "sinks toward 1.0."),
    "lab.what.what_if": ("The cost model alone, no model running: tokens per pass (1 − α^(N+1)) / (1 − α) and "
                         "speed-up (1 − α^(N+1)) / ((1 − α)(N·c + v)). For a dense target v = 1: verifying N + 1 "
                         "tokens costs one target pass, because a memory-bound pass reads the weights once whatever "
                         "the number of tokens. On this CPU the default miniature's pass costs {v_low} to {v_high} "
                         "one-token passes (N = 1 to 8, measured), so its measured speed-ups sit a little below this "
                         "curve at the same α and c. Raise c and the best N shrinks and the peak sinks toward 1.0: "
                         "the default miniature's drafter has c = {c}, the shallow miniature's c = {c_shallow}, where "
                         "drafting barely pays. Real Gemma 4 drafters are tiny next to their targets (c of a few "
                         "hundredths), so even modest α pays. Tick the mixture-of-experts box (the 26B A4B preset "
                         "ticks it) and v counts the experts N + 1 tokens pick. The presets are projections from "
                         "published numbers, not measurements."),
    "lab.preset.e2b": "Gemma 4 E2B + assistant",
    "lab.preset.e2b.alpha": ("from 41–49% of guesses accepted at N = 2, llama.cpp, E2B assistant on an E2B fine-tune: "
                             "[elizaOS/llama.cpp#32](https://github.com/elizaOS/llama.cpp/pull/32)"),
    "lab.preset.e2b.c": ("78M assistant ([gemmaclaw#116](https://github.com/gemmaclaw/gemmaclaw/pull/116)) ÷ 2.3B effective target parameters "
                         "([Gemma 4 variants](https://notes.dsebastien.net/30+Areas/33+Permanent+notes/33.02+Content/Gemma+4))"),
    "lab.preset.31b": "Gemma 4 31B + assistant",
    "lab.preset.31b.alpha": ("from 66–89% of guesses accepted at N = 4 on three coding and explaining prompts, "
                             "llama.cpp: [llama.cpp#23398](https://github.com/ggml-org/llama.cpp/pull/23398)"),
    "lab.preset.31b.c": ("≈0.47B assistant (0.94 GB in bf16: "
                         "[NeoRoth/gemma-4-31b-it-assistant-mlx](https://huggingface.co/NeoRoth/gemma-4-31b-it-assistant-mlx)) "
                         "÷ 30.7B target parameters"),
    "lab.preset.26b": "Gemma 4 26B A4B (MoE) + assistant",
    "lab.preset.26b.alpha": ("fitted to per-position acceptance 0.844 / 0.599 / 0.385 / 0.271 at N = 4, vLLM: "
                             "[eugr/spark-vllm-docker#343](https://github.com/eugr/spark-vllm-docker/issues/343)"),
    "lab.preset.26b.c": ("≈0.41B assistant (440 MB at 8.5 bits per weight: "
                         "[Q8_0 GGUF](https://graysoft.dev/models/sup/superbonyx-gemma-4-26b-a4b-it-qat-assistant-mtp-q8-0.gguf.html)) ÷ 3.8B active target parameters"),
    # -- tour tab ---------------------------------------------------------------------------------------------
    "tour.intro": ("# A guided tour of MTP\n"
                   "Eleven short chapters, one idea each, on recorded examples: nothing has to load and nothing "
                   "runs. Press **Next** to begin; → and ← turn the pages too."),
    "tour.next": "Next",
    "tour.back": "Back",
    "tour.try": "**Try it:** {text}",
    "tour.check": "**Check yourself:** {text}",
    "tour.reveal": "Show the answer",
    "tour.answer": "**Answer:** {text}",
    "tour.left": "Target alone",
    "tour.right": "With the MTP drafter",
    "tour.open_lab": "Open the Draft length lab",
    "tour.open_experts": "Open the Experts view",
    "tour.ch1.title": "The target alone: one forward pass per token",
    "tour.ch1.text": ("Start without any drafter. A language model writes one token per forward pass: the pass reads "
                      "the whole text so far, picks the next token, and only then can the next pass begin. In this "
                      "recording the target wrote {tokens} tokens in {alone} passes, one dark-blue bar each. An easy "
                      "token such as the end of a well-known saying costs a full pass, just like a hard one."),
    "tour.ch1.try": ("In **Step through**, set the proposer to *none (baseline)*, press **Run to end** and count "
                     "the bars in the timeline."),
    "tour.ch1.q": "Why can the target not write the second token in the same pass as the first?",
    "tour.ch1.a": ("Because the second token depends on the first: the pass that picks it needs the first token "
                   "as input. On its own, the target has to run its passes one after another."),
    "tour.ch2.title": "The drafter guesses N tokens from the target's activations",
    "tour.ch2.text": ("Now a small drafter helps. Before each pass of the target it guesses the next N tokens, one "
                      "after another ({drafted} in round {round}, with N = {n}). It does not start from scratch: "
                      "it reads the target's activations, the hidden state of its last layer ({hidden} numbers "
                      "here), joins them with the embedding of the last token and projects the {concat} numbers "
                      "down to its own width of {drafter_hidden}. For the next guess its own output, projected "
                      "back up, stands in for the target's hidden state."),
    "tour.ch2.try": ("In **Step through**, press **Step** twice and look at the *Target activations* view: every "
                     "size in it is read from the loaded model."),
    "tour.ch2.q": "Which two inputs does the drafter combine for the first guess of a round?",
    "tour.ch2.a": ("The target's last hidden state at the current position and the embedding of the last token. "
                   "They are concatenated and projected down to the drafter's width."),
    "tour.ch3.title": "One target pass checks every guess",
    "tour.ch3.text": ("The target does not check the guesses one at a time. It reads all {drafted} of them in a "
                      "single forward pass, which gives it its own probability p at every position at once. The "
                      "view sets p beside the drafter's probability q for each guess. With greedy decoding a guess "
                      "is kept when it is exactly the token the target would have picked there itself."),
    "tour.ch3.try": ("Step through a few rounds and compare the timeline's lanes: however many light-blue drafter "
                     "bars a round has, it has one dark-blue target bar."),
    "tour.ch3.q": "Why does checking several guesses in one pass cost little more than writing one token?",
    "tour.ch3.a": ("A dense model applies the same weights at every position. On a GPU the time of a pass goes "
                   "mostly into loading those weights, and they are loaded once for all the positions."),
    "tour.ch4.title": "Keep the agreeing prefix, then add the target's own token",
    "tour.ch4.text": ("In round {round} the drafter guessed {drafted} tokens and the target agreed with the first "
                      "{kept}. Guess {first_rejected} was “{rejected_guess}”, where the target wanted "
                      "“{target_token}”, so that guess and every guess after it are thrown away. The round still "
                      "ends with a token of the target's own, and it always does: the verification pass has "
                      "already computed the target's distribution at the first position it disagreed with, so its "
                      "own choice there costs nothing extra. A round never adds fewer tokens than the target alone."),
    "tour.ch4.try": ("In the token stream, find the orange ↺ token: the correction. The dark orange ✗ tokens, struck "
                     "through, were drafted but never written."),
    "tour.ch4.q": "The drafter's very first guess is wrong. How many tokens does the round still add?",
    "tour.ch4.a": ("One: the target's correction at that position. The round then gives what a pass of the "
                   "target alone gives, at the price of the drafter's short passes."),
    "tour.ch5.title": "The bonus token when every guess was right",
    "tour.ch5.text": ("In round {round} the target agreed with all {drafted} guesses. Its verification pass also "
                      "computed the distribution at the position after the last guess, so it adds a token of its "
                      "own there: the bonus, “{target_token}”. The round wrote {new} tokens for a single target "
                      "pass. After a round like this the heuristic schedule lets the drafter guess 2 more next time."),
    "tour.ch5.try": ("Step through *{actions_speak}* and look for the blue ★ tokens: each one ends a round in which "
                     "every guess was kept."),
    "tour.ch5.q": "With N guesses, how many tokens can one round add at most?",
    "tour.ch5.a": "N + 1: all N guesses and the bonus token.",
    "tour.ch6.title": "The same text with and without the drafter",
    "tour.ch6.text": ("The same prompt twice, racing: on top the target alone, below it with the drafter, replayed "
                      "at the pace measured when they were recorded. Both wrote the same {tokens} tokens, word for "
                      "word. With greedy decoding every kept guess is a token the target would have chosen anyway, "
                      "so the drafter changes how fast the text comes, never what it says. What changes is the "
                      "count: {passes} target passes instead of {alone} for the same {tokens} tokens, and so the "
                      "text was finished {ratio}× as fast {by_clock}."),
    "tour.ch6.try": ("Press space to pause and resume the race, and change the slow-motion factor: the pace "
                     "changes, the numbers do not. Then race a prompt of your own in the **Race** tab."),
    "tour.ch6.q": "With sampling switched on, is the output still exactly the target's?",
    "tour.ch6.a": ("Not token for token, because the random draws differ, but it follows the target's "
                   "distribution exactly: the acceptance rule of chapter 10 makes each token come out as if the "
                   "target had sampled it alone."),
    "tour.ch7.title": "KV sharing: the drafter reads the target's cache",
    "tour.ch7.text": ("To guess well the drafter has to attend to the whole text, yet it keeps no KV cache of its "
                      "own. Each of its {drafter_layers} layers reads the keys and values of one target layer of "
                      "the same kind: layer {sliding_layer}, the target's last sliding-window layer, and layer "
                      "{full_layer}, its last full-attention layer. On the right, the target's cache grows with "
                      "every verified position; in round {round} the rejected guesses are cropped off again "
                      "({verified} → {after} positions)."),
    "tour.ch7.try": ("Step to a round with a correction and watch the dark orange, cross-hatched part of the cache "
                     "bar: the crop removes it."),
    "tour.ch7.q": "What does the drafter save by reading the target's cache?",
    "tour.ch7.a": ("A prefill of its own and a second copy of the keys and values: it never reads the prompt "
                   "itself, and it needs no memory for a cache."),
    "tour.ch8.title": "The efficient embedder and a real cluster miss",
    "tour.ch8.text": ("Scoring all {vocab} tokens of the vocabulary would be a big share of a small drafter's "
                      "work. So it first scores {clusters} clusters of similar tokens, one centroid each, and only "
                      "looks inside the best {top_k}: about {share:.1%} of the vocabulary. Usually the right token is "
                      "in there. In round {round} of this example full of numbers it was not: the drafter guessed "
                      "“{miss_guess}”, the target wanted “{miss_wanted}”, and that token sat in a cluster the "
                      "drafter never opened."),
    "tour.ch8.try": ("In **Step through**, load *{tom_counted}*, open *Cluster selection* and step until a panel "
                     "says “cluster miss”."),
    "tour.ch8.q": "Does a cluster miss make the output wrong?",
    "tour.ch8.a": ("No. It costs a rejected guess and nothing more: the target checks every guess and writes its "
                   "own token at that position."),
    "tour.ch9.title": "How long a draft? The schedule decides",
    "tour.ch9.text": ("Longer drafts pay only while the guesses keep being accepted. Each guess after the first "
                      "rejection is wasted: the drafter spent a pass on it and the target checked it for nothing. On "
                      "surprising text a long draft costs more than it saves; short drafts waste little but cannot "
                      "win much. The heuristic schedule adapts N as it goes: +2 after a round in which every guess "
                      "was kept, −1 after any rejection. In this example N fell from {n_first} to {n_min} and the "
                      "target made {mean} tokens per target pass (every new token over every pass, the prompt's "
                      "included)."),
    "tour.ch9.try": ("In **Step through**, set the schedule to *constant*, N to 8, click the example *{counting}* and "
                     "press **Run to end**; then compare tokens per target pass with the heuristic schedule."),
    "tour.ch9.q": "The drafter is very good on one text and poor on another. Where does the schedule take N?",
    "tour.ch9.a": ("Up by 2 after each fully accepted round on the easy text; down by 1 after each rejection on "
                   "the hard one, never below 1."),
    "tour.ch10.title": "Sampling: u against min(1, p/q), and the residual",
    "tour.ch10.text": ("With sampling on, the drafter draws its guesses from its own distribution q. The target "
                       "keeps a guess with probability min(1, p/q): it draws a random number u between 0 and 1 "
                       "and keeps the guess when u falls below that bar. In round {round}, guess {first_rejected} "
                       "had p = {p} and q = {q}, so the bar stood at {accept}; u came out at {u} and the guess "
                       "was rejected. The replacement is drawn from the residual distribution norm(max(0, p − q)), "
                       "the probability the drafter left uncovered. Together the two steps give tokens distributed "
                       "exactly as the target alone would sample them."),
    "tour.ch10.try": ("In **Step through**, switch *Sampling* on, change the seed and run again: the text changes, "
                      "the rule does not."),
    "tour.ch10.q": "A guess has p = 0.6 and q = 0.3. How likely is it to be kept?",
    "tour.ch10.a": ("Certain: min(1, 0.6 / 0.3) = 1. Only a guess the drafter liked more than the target "
                    "(q > p) can be rejected."),
    "tour.ch11.title": "Mixture of experts: why MTP helps less there",
    "tour.ch11.text": "{plain}\n\nBelow, the bundled mixture-of-experts miniature checks a draft in round {round}: its {positions} positions used {distinct} different experts per layer on average, where one token uses k = {k}.",
    "tour.ch11.more": "So far the target was dense: every token goes through the same weights, so checking {most} guesses in one pass reads those weights once and costs little more than one token. A mixture-of-experts target such as Gemma 4 26B A4B sends each token through {k26} of its {E26} experts per layer, and different tokens pick different ones. {moe}\n\n{mini} Had its {positions} positions chosen at random among its {E} experts, they would have used {expected}.",     # behind "More" under the chapter
    "tour.ch11.try_experts": ("This is the miniature mixture-of-experts model checking a draft: compare how many "
                              "different experts each layer used for the whole draft with k, what one token uses."),
    "tour.ch11.q": "Why does MTP on a mixture-of-experts model pay off better with a large batch?",
    "tour.ch11.a": ("Across many sequences the tokens pick overlapping experts, so each expert's weights, once "
                    "loaded, serve many tokens. At batch size 1 the extra guesses often need experts nothing else "
                    "uses."),
    # -- glossary (an accordion in every tab) -------------------------------------------------------------------
    "glossary.title": "Glossary",
    "glossary.target": ("**Target (target model)**: the large model whose text we want; it has the last word on "
                        "every token."),
    "glossary.drafter": ("**Drafter / assistant (draft model)**: a small, fast model that guesses the next tokens "
                         "for the target to check. Gemma 4's drafter has 4 layers and builds on the target's "
                         "activations."),
    "glossary.mtp": ("**MTP (multi-token prediction)**: Gemma 4's drafter design: one target pass yields several "
                     "tokens, the kept guesses plus one of the target's own."),
    "glossary.speculative": ("**Speculative decoding**: let a cheap model guess ahead and the expensive one check; "
                             "the output stays the expensive model's."),
    "glossary.token": ("**Token**: a piece of text (a word, part of a word, a sign) that a model reads or writes "
                       "in one step."),
    "glossary.forward_pass": ("**Forward pass**: one run of a model over its input; for the target, one pass "
                              "gives one token's worth of probabilities at every position it reads."),
    "glossary.draft": "**Draft**: the N tokens the drafter guesses in one round; N is num_assistant_tokens.",
    "glossary.round": ("**Round**: draft, verify, keep what agrees, add the target's token. Round 0 is the "
                       "prefill, in which the target reads the prompt."),
    "glossary.verification": ("**Verification**: the one target pass that scores every guess of a round and "
                              "decides which to keep."),
    "glossary.acceptance_length": ("**Acceptance length**: the tokens one round adds, that is the accepted "
                                   "guesses plus the target's own token."),
    "glossary.correction": ("**Correction**: the target's own token at the first rejected guess; everything "
                            "drafted after it is dropped."),
    "glossary.bonus": ("**Bonus token**: the extra token the target adds when every guess of the round was "
                       "accepted."),
    "glossary.kv_cache": ("**KV cache**: the keys and values of past positions, kept per layer so a new pass "
                          "does not recompute them. Gemma 4's drafter reads the target's instead of keeping one."),
    "glossary.attention": ("**Sliding / full attention layer**: a sliding-window layer looks only at the last "
                           "few positions; a full (global) attention layer looks at all of them."),
    "glossary.hidden_state": ("**Hidden state (activations)**: the vector a layer outputs at a position; the "
                              "target's last one summarises the text so far and feeds the drafter."),
    "glossary.embedding": ("**Embedding**: the vector a token is turned into before the first layer; the drafter "
                           "shares the target's embedding table."),
    "glossary.cluster": ("**Centroid / cluster**: the efficient embedder groups similar tokens into clusters, "
                         "each with one centroid vector; the drafter scores centroids first, then only the "
                         "tokens of the best clusters."),
    "glossary.cluster_miss": ("**Cluster miss**: the target's token lay in a cluster the drafter did not select, "
                              "so that guess could not have been right."),
    "glossary.schedule": ("**Schedule**: how N changes between rounds. Heuristic: +2 after a fully accepted "
                          "round, −1 after a rejection; constant: never."),
    "glossary.moe": ("**Mixture of experts / expert**: a model whose layers hold many expert sub-networks and "
                     "send each token through a few of them; different tokens may use different experts."),
    "glossary.n": ("**N (draft length; γ in Leviathan et al.)**: how many tokens the drafter may guess in "
                   "one round (num_assistant_tokens in transformers); the schedule may change it between rounds."),
    "glossary.alpha": ("**α (acceptance rate)**: the chance that the target accepts a guess when every guess "
                       "before it was accepted. The lab fits α to the measured rounds; from it the cost model "
                       "predicts (1 − α^(N+1)) / (1 − α) tokens per target pass."),
    "glossary.c": ("**c (cost ratio)**: the time of one drafter pass divided by the time of one target pass. "
                   "The smaller c is, the more extra guesses pay off."),
    "glossary.v": ("**v (verification cost)**: the time of the target pass that checks N + 1 tokens divided "
                   "by the time of a one-token pass. About 1 for a dense model at batch size 1, because a "
                   "pass reads the weights once however many tokens it carries; more for a mixture of experts, "
                   "where different tokens pick different experts."),
    "glossary.measure_again": ("**Measure again**: runs the same prompt with the same settings afresh on this "
                               "server, so you see how much the times vary; the text stays the same, only "
                               "the times change."),
    "glossary.one_by_one": ("**“one by one?” (timeline)**: the outlined bar in the timeline's bottom lane: "
                            "what this round's check would have cost had each token needed a target pass of "
                            "its own (N + 1 one-token passes, measured when the model loaded), beside the "
                            "one pass that really checked them all."),
    # -- experts view -----------------------------------------------------------------------------------------
    "fig.experts.title": "Experts touched",
    "fig.experts.short": "A mixture-of-experts target reads only the experts its tokens pick. Checking N + 1 tokens at once picks many more experts than one token does, so a verification pass reads more weights. Top left: which experts this round's pass used in each layer; the other panels count that cost per round and across batch sizes.",
    "fig.experts.what": ("One token needs only a few of a layer's experts. Checking a draft, N + 1 tokens at once, "
                         "needs many more, because each token picks its own. At batch size 1, reading those extra "
                         "weights takes about as long as the draft saves. For a mixture-of-experts target, each "
                         "layer's router sends every token to k of its E experts, and only those experts' weights "
                         "are read. Top left: for this round's target pass, how many of its positions (the last "
                         "committed token and each draft) went to each expert of each layer. Top right: per "
                         "verification pass, the number of different experts a layer used, against k (one token's "
                         "experts) and against E·(1 − (1 − k/E)^T), what T = N + 1 positions would hit if each chose "
                         "at random (for each of the E experts, the chance that at least one of the T positions "
                         "picks it, added up). Middle left: the weights that pass read, its shared part and the "
                         "experts it used, against a one-token step; the figure over each bar is v, what that "
                         "verification cost in one-token steps. Middle right: the speed-up Leviathan et al.'s cost "
                         "model predicts for each round, tokens / (N·c + v), with v = 1 (verification as cheap as "
                         "one step, roughly true for a dense model at batch size 1) and with v measured as bytes "
                         "read over a one-token step. Bottom: recorded traces of different prompts decoded side by "
                         "side, B = 1, 2, 4, 8: the union of experts per layer and pass, and the expert bytes read "
                         "per generated token, with drafting and without. At batch size 1 the drafts' experts "
                         "overlap little, so verifying N + 1 tokens reads several times the expert weights of one "
                         "step and the speed-up shrinks. With more sequences, plain decoding already reads many of "
                         "the experts, so the drafts add proportionally fewer. The bottom right bars say, per "
                         "generated token, whether drafting reads more expert bytes or fewer at each B. For 26B A4B, "
                         "whose experts hold most of its weights, the lab's 26B A4B preset and the tour's chapter 11 "
                         "work the same count through with its real sizes."),
    "fig.experts.dense": ("This target is dense: every token passes through all of its weights, so there are no "
                          "experts to count. Choose “{moe}” under Model to see a mixture-of-experts Gemma 4."),
    "fig.experts.heading": ("Experts touched, round {i}: {positions} routed, each to k = {k} of E = {E} experts per "
                            "layer"),
    "fig.experts.grid": "positions routed to each expert, this round",
    "fig.experts.distinct": "different experts per layer, per verification",
    "fig.experts.bytes": "weights read per verification pass (× one-token step)",
    "fig.experts.speedup": "predicted speed-up per round",
    "fig.experts.batch_union": "batch: experts per layer per pass",
    "fig.experts.batch_bytes": "batch: expert weights read per generated token",
    "fig.experts.no_rounds": "the prefill has no verification yet: step to round 1",
    "fig.experts.no_batch": "no recorded batch traces for this model",
    "fig.experts.hover.grid": "layer %{y}, expert %{x}: positions routed here %{z}<extra></extra>",
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
    "fig.experts.axis.kb": "kB of weights (shared + experts)",
    "fig.experts.axis.kb_token": "kB per generated token",
    "fig.experts.axis.speedup": "x plain decoding",
    "fig.experts.axis.batch": "sequences side by side (B)",
    "fig.experts.verify_cost": ("; each verification to round {i} read the weights of {v:.2f} one-token steps on "
                                "average"),
    # -- public: policy, limits and errors --------------------------------------------------------------------
    "public.model_info": "the models this server offers",
    "public.model_refused": ("This server runs only these models: {allowed}. Choose one of them under Model; "
                             "other hub ids and folders are switched off here. To load any Gemma 4 checkpoint, "
                             "run the app on your own computer (see the README)."),
    "public.nothing_allowed": "none (the server's MTP_VIZ_MODELS names no model)",
    "public.bad_hub_id": ("'{ident}' is neither a Hugging Face model id (owner/name, such as google/gemma-4-E2B-it) "
                          "nor a local folder."),
    "public.prompt_empty": "The prompt is empty: type some text to continue.",
    "public.prompt_too_long": "The prompt has {n} characters; this server takes at most {limit}. Shorten it and try again.",
    "public.over_limit": "{name} is {value}; this server allows at most {limit}. Choose a smaller value.",
    "public.loading": ("Still loading {model} (the first time can take minutes). Press the button again in a little "
                       "while; everyone else can keep working meanwhile."),
    "public.busy": ("The server is loading {other} and loads one model at a time. Try {model} again in a minute, or "
                    "use a model that is already loaded."),
    "public.worker_lost": ("The process that was generating your text stopped twice before it finished (the server "
                           "may be short of memory). A new one is starting: try again in a few seconds."),
    "public.no_tokenizer": ("{model} loaded, but its tokenizer did not ({error}); the app needs one to read a "
                            "prompt. Check that the checkpoint has tokenizer files."),
    "load.kind.target": "The target model",
    "load.kind.assistant": "The assistant model",
    "load.not_found": ("{kind} '{ident}' is not a local folder and is not in the local Hugging Face cache (offline "
                       "mode: HF_HUB_OFFLINE=1; download it first with `hf download`): {error}"),
    "load.failed": "{kind} '{ident}' could not be loaded: {error}",
    "load.vocab_mismatch": ("The assistant's vocabulary ({assistant} tokens) differs from the target's ({target} "
                            "tokens); speculative decoding here needs one shared vocabulary."),
    "load.miniature_missing": ("The bundled {name} is missing from {folder}; rebuild it with "
                               "`python -m mtp_viz.training --pair {name}`."),
    "load.no_draft_model": ("The bundled {name} has no separate small model called '{assistant}'; the bundled pairs "
                            "are: {pairs}."),
    "load.no_model": "No model given: enter a hub id such as google/gemma-4-E2B-it or a local folder.",
    "public.proposer.no_draft_model": ("The proposer “separate small model” needs a small model of its own that "
                                       "guesses for the target, and this server has none for {model}. Choose MTP, "
                                       "prompt lookup or none under Proposer{instead}."),
    "public.proposer.instead": ", or the model {targets}, whose separate small model is bundled",
    "public.proposer.name_assistant": ("The proposer “separate small model” needs a small model of its own with the "
                                       "same vocabulary, named under Assistant: {model}'s own assistant is an MTP "
                                       "drafter, which reads the target's activations and cannot guess on its own. "
                                       "Name one there, or choose MTP under Proposer."),
    "public.error.memory": ("The server ran out of memory for this request. Try fewer new tokens or a smaller model; "
                            "if it keeps happening, tell whoever runs the app."),
    "public.error.os": ("The server could not read or write a file it needed (details in the server log). Try "
                        "again in a moment; if it keeps happening, tell whoever runs the app."),
    "public.error.other": ("Something went wrong on the server ({kind}); the details are in its log. Try again, or "
                           "other settings; if it keeps happening, tell whoever runs the app."),
    "public.trace.too_large": "the file has {size:,} bytes; a trace may have at most {limit:,}",
    "public.trace.too_deep": "the JSON is nested more than {limit} levels deep; a trace never is",
    "public.trace.not_json": "not JSON ({error})",
    "public.trace.not_finite": "it contains {value}, which is not a number JSON allows",
    "public.trace.field": "{field}: {problem}",
    "public.trace.version": "schema version {version} is not one this build reads ({supported})",
    "public.trace.invalid": "not a trace: {problem}",
    "public.trace.not_utf8": "not JSON (not UTF-8 text: {reason})",
    "public.trace.not_object": "not JSON (the JSON is not an object)",
    "public.trace.versions": "{low} to {high}",
    "public.trace.same_length": "{a} and {b} must have the same length",
    "public.trace.too_many_kept": "num_accepted ({kept}) is more than the {drafts} drafts",
    "public.trace.too_many_emitted": "emits {emitted} tokens, more than the {kept} kept drafts plus one",
    "public.trace.kept_first": "emitted_token_ids do not start with the kept drafts",
    "public.trace.too_many_steps": "{name} has {steps} entries for {drafts} drafts",
    "public.trace.step_order": "{name}[].step must count 0, 1, 2, ...",
    "public.trace.verify_draft": "a verify step's draft_token_id differs from the draft at that position",
    "public.trace.layer_types": "target_layer_types has {types} entries for {layers} layers",
    "public.trace.kv_source": "kv_source_layers[{kind}] = {layer} is not one of the {layers} target layers",
    "public.trace.why_values": "device_why[{i}] ({reason}) has the values {values}, not {names}",
    "public.trace.why_kinds": "device_why[{i}] ({reason}): where is 'ram' or 'gpu', threads a whole number",
    "public.trace.round_index": "rounds[{i}].index is {index}; rounds must be numbered 0, 1, 2, ...",
    "public.trace.prefill": "rounds[0] must be the prefill (no drafts, last_token_kind 'prefill')",
    "public.trace.proposer": ("settings.proposer {asked} is not the proposer that ran (model_info.proposer "
                              "{ran})"),
    "public.trace.emitted": ("the rounds emit {emitted} tokens that do not add up to new_token_ids ({new} "
                             "tokens)"),
    "public.trace.vocabulary": "{where} holds token id {token}, outside the vocabulary of {vocab}",
    # -- memory check before a real load, and the lab's "From your server" panel (issue 20) ---------------------
    "memory.where.ram": "RAM",
    "memory.where.gpu": "GPU memory",
    "memory.reason.fits": "{dtype}: {need:.1f} GB fits in the {free:.1f} GB of {where} free",
    "memory.reason.fallback": "{dtype} because {first} ({need:.1f} GB) does not fit in the {free:.1f} GB of {where} free",
    "memory.refused": ("{model} does not fit on this machine: even in {dtype} it needs about {need:.1f} GB "
                       "({need_bytes:,} bytes: the weights plus 20% for running them), and only {free:.1f} GB "
                       "({free_bytes:,} bytes) of {where} is free. Choose a smaller model, or run the app on a "
                       "machine with more memory."),
    "server.title": "From your server: a real vLLM or SGLang server's acceptance",
    "server.intro": ("Copy the text of your server's **/metrics** page once before and once after a workload (or "
                     "upload the two files). The panel subtracts the two and puts what your server measured on the "
                     "lab's cost model. vLLM counts drafts, drafted and accepted tokens and the acceptance at each "
                     "draft position; SGLang reports only the acceptance length and rate of its latest batches. "
                     "Nothing here runs a model, and nothing you paste leaves this page."),
    "server.before": "Before the workload: /metrics text (optional)",
    "server.after": "After the workload: /metrics text",
    "server.upload_before": "Upload the first page",
    "server.upload_after": "Upload the second page",
    "server.url": "Or read the server's /metrics URL (local mode only)",
    "server.url_public": "This server reads no URLs (public mode): paste or upload the text instead.",
    "server.fetch_before": "Read the URL into the first box",
    "server.fetch_after": "Read the URL into the second box",
    "server.c": "c: drafter pass time ÷ target pass time on your server",
    "server.preset": "or take c from a cited Gemma 4 pair",
    "server.gamma": "N the server ran with (SGLang: --speculative-num-steps; 0 = work it out)",
    "server.read": "Read the numbers",
    "server.preset_note": "c = {c:.3f} for {name}: {source} (projected, not measured).",
    "server.url_read": "Read {size:,} characters from {url}.",
    "server.summary.title": "**{engine} · {model}**: {window}",
    "server.window.diff": "the window between your two pages",
    "server.window.start": "everything since the server started (one page only)",
    "server.window.gauges": "SGLang's gauges at the time of your second page",
    "server.table.header": "| | measured on your server |\n| --- | --- |",
    "server.row.counts": "| rounds with drafts · drafted tokens · accepted tokens | {value} |",
    "server.row.rate": "| acceptance rate (accepted ÷ drafted) | {value:.1%} |",
    "server.row.rate_missing": "| acceptance rate | {reason} |",
    "server.row.length": ("| mean acceptance length (guesses kept per round + the target's own token), that is "
                          "tokens per target pass over the rounds that drafted | {value:.2f} |"),
    "server.row.length_missing": "| mean acceptance length | {reason} |",
    "server.row.positions": "| acceptance at positions 1 to {n} | {value} |",
    "server.row.positions_missing": "| acceptance at each position | {reason} |",
    "server.row.gamma": "| N the server ran with | {value} ({source}) |",
    "server.row.alpha": "| α, fitted as the lab fits it | {value:.3f} ({source}) |",
    "server.row.best": ("| **predicted**: best N for c = {c:.3f} | {value}: {tokens:.2f} tokens per target pass, "
                        "{speedup:.2f}× over no drafter |"),
    "server.unsupported": "not reported by SGLang",
    "server.not_on_page": "not on this page",
    "server.gamma.counters": "drafted tokens ÷ rounds",
    "server.gamma.positions": "the number of positions counted",
    "server.gamma.entered": "as you entered it",
    "server.gamma.implied": "implied by the two gauges: (length − 1) ÷ rate",
    "server.alpha.positions": "from the acceptance at each position",
    "server.alpha.rate": "from the acceptance rate at this N",
    "server.alpha.length": "from the mean acceptance length at this N",
    "server.note.reset": ("Counter reset: {names} went down between your pages, so the server restarted in between. "
                          "The window counts only what came after the restart (your second page)."),
    "server.note.others": "The page has more than one model with drafting; these numbers are for {model}.",
    "server.note.no_draft_tokens": "The page has no drafted-token counter, so there is no acceptance rate.",
    "server.note.no_positions_vllm": ("This vLLM page has no per-position counter "
                                      "(vllm:spec_decode_num_accepted_tokens_per_pos): α comes from the acceptance "
                                      "rate instead."),
    "server.note.no_positions_sglang": "SGLang reports no acceptance by position, so that view stays empty.",
    "server.note.gauges": ("SGLang's gauges describe its latest batches, not a window: nothing is subtracted, and the "
                           "first page is not needed."),
    "server.note.need_gamma": "Enter the N the server ran with (its --speculative-num-steps) to fit α and predict.",
    "server.error.empty": "Paste a /metrics page (or upload one) into the second box first.",
    "server.error.too_large": ("The text has {size:,} characters; the /metrics page of one server is far smaller "
                               "(at most {limit:,} here)."),
    "server.error.not_prometheus": ("This is not Prometheus text ({error}). Copy the whole page that the server's "
                                    "/metrics URL shows."),
    "server.error.no_spec": ("This Prometheus page has no speculative decoding metrics: neither vLLM's "
                             "vllm:spec_decode_* counters nor SGLang's sglang:spec_accept_* gauges."),
    "server.error.no_spec.vllm": ("This vLLM page has no vllm:spec_decode_* counters: was the server started with "
                                  "--speculative-config?"),
    "server.error.no_spec.sglang": ("This SGLang page has no sglang:spec_accept_length or sglang:spec_accept_rate: "
                                    "was the server started with --speculative-algorithm?"),
    "server.error.different": "The two pages come from different servers ({before} and {after}).",
    "server.error.no_drafts": ("No drafts between your two pages: send some requests after taking the first page, "
                               "then take the second."),
    "server.error.no_drafts_ever": "The server has not drafted anything yet: send it some requests first.",
    "server.error.missing": "The page lacks {name}, which these figures need.",
    "server.error.public_url": ("This server reads no URLs (public mode), and made no request: paste or upload the "
                                "/metrics text instead."),
    "server.error.url_scheme": "Only http:// and https:// addresses are read.",
    "server.error.url": "Could not read {url}: {error}",
    "server.error.file": "Could not read the file: {error}",
    "server.title.curves": "Your server on the cost model (c = {c:.3f})",
    "server.title.acceptance": "Acceptance by draft position on your server (N = {n})",
    "server.no_data": "Paste a /metrics page and press Read the numbers.",
    "server.legend.measured": "measured on your server (N = {n})",
    "server.legend.predicted": "predicted, α = {alpha:.2f}",
    "server.legend.predicted_speedup": "predicted, α = {alpha:.2f}, c = {c:.3f}",
    "server.legend.miniature": "the miniature in this app: predicted, α = {alpha:.2f}",
    "server.legend.positions": "measured on your server",
    "server.legend.alpha_k": "predicted: α^k with α = {alpha:.2f}",
    "server.what.short": ("The dark orange dot is what your server measured: tokens per target pass at the N it ran "
                          "with. The blue curves are the lab's cost model for every N, from the α fitted to your "
                          "server and the c you chose. The bars are the share of rounds whose "
                          "first k drafts were all accepted, against α^k."),
    "server.what": ("The dark orange dot is what your server measured: tokens per target pass at the N it ran "
                    "with (1 + accepted drafts per round). The blue curves are predicted by the lab's cost model from the α "
                    "fitted to your server and the c you chose, for every N: tokens per pass (1 − α^(N+1)) / (1 − α) "
                    "and speed-up over (N·c + 1), with the best N starred. The bars are the share of rounds whose "
                    "first k drafts were all accepted, against α^k. A server's batches share each target pass, so "
                    "its real speed-up also depends on the load; the prediction is for one sequence at a time."),
    # -- speed-ups: which clock, and which number (issue 27, item 4) -------------------------------------------
    "speed.clock.cpu": "the CPU clock (the generating thread's CPU time, which other visitors' work does not inflate)",
    "speed.clock.wall": "the wall clock (other visitors' work on this server slows it down)",
    "speed.by.priced": "at this pair's pass costs, the figure every view of this prompt gives",
    "speed.shared": ("This generation ran together with {others}: the server joins the forward passes of requests "
                     "that wait at the same moment into one, as serving engines such as vLLM do, so a class is "
                     "answered sooner. Its own clock therefore holds the others' work too ({ms_token:.2f} ms per "
                     "token by the wall clock, waits included); the speed-up above comes from its counts, which "
                     "sharing does not change."),
    "unit.other_generation.one": "{n} other visitor's generation",
    "unit.other_generation.other": "{n} other visitors' generations",
    "speed.here.sweep": ("These speed-ups are averages over the sweep's prompts, measured on {clock}; the Statistics "
                         "line and the race time one prompt, and the real Gemma 4 pairs' are projected, not "
                         "measured."),
    "speed.here.projected": ("This speed-up is projected for a real Gemma 4 pair from published figures, not "
                             "measured; the Statistics line, the race and the lab measure the miniature on this "
                             "server."),
    "race.note.measured_cpu": ("How this was measured: both generations ran on this server, the target alone first "
                               "and then with the drafter. Each round's time is the CPU time the generating thread "
                               "spent on it (drafting, the verification pass, sampling, bookkeeping), so other "
                               "visitors' work on this shared server does not stretch it; the replay runs at that "
                               "pace."),
    "race.note.cached_when": ("This exact race ran earlier on this server, on {when}, and its recorded passes are "
                              "replayed: a fresh run counts the same passes, so it would race the same."),
    "race.js.clock_cpu": "clock (CPU ms):",
    "speed.headline": ("**With {drafter}, this prompt is written {ratio:.2f}× faster here** ({low:.2f}–{high:.2f}× across {n} timings of "
                       "the passes): {passes} target passes and {steps} drafter steps for {tokens} tokens, where the "
                       "target alone needs one pass per token."),
    "speed.basis": ("The passes are counted exactly and priced at this pair's pass costs ({one:.1f} ms of CPU time for a "
                    "one-token pass), timed on {machine} on {when}, so every view and every visit gives this figure."),
    "speed.basis.here": ("The passes are counted exactly and priced at this pair's pass costs ({one:.1f} ms of CPU "
                         "time for a one-token pass), timed on this server on {when}, so every view and every visit "
                         "gives this figure."),
    "speed.basis.own": ("This pair has no calibrated pass costs, so its passes are priced at this run's own times "
                        "({clock}); another run will differ a little."),
    "speed.live": ("This run's own clock, {live}: {ms_token:.1f} ms of CPU time per token against {one:.1f} ms for a "
                   "plain pass, {x:.2f}×. One run's timing moves with the server's load; the headline does not."),
    "speed.live.now": "measured just now",
    "speed.alone": ("This is the target alone, one pass per token: the baseline every speed-up here is measured "
                    "against ({one:.1f} ms of CPU time a pass at this pair's pass costs)."),
    "speed.live.recorded": "recorded on {when}",
    "race.note.priced": ("How this was timed: both generations ran on this server, and the lanes replay their "
                         "passes, counted exactly, at this pair's pass costs (timed on {machine} on {when}), so "
                         "every visit and the tour race the same way."),
    "lab.title.speedup.cpu": "Speed-up against N: CPU clock, measured (c = {c:.2f})",
    "lab.progress": "{proposer} · {schedule} · N = {n}",
    "lab.what.drop": ("In this sweep the measured speed-up is highest at N = {best} ({peak:.2f}×) and falls to "
                      "{low:.2f}× at N = {low_n}: past the best N, each extra guess costs a drafter pass and a "
                      "longer check that its small chance of being kept no longer pays for."),
    "lab.what.no_drop": ("In this sweep the measured speed-up is still highest at the largest N measured, "
                         "N = {best} ({peak:.2f}×): add larger N to see where a longer draft starts to cost more "
                         "than it saves."),
    "lab.best.agree": "Best N {n}: the same measured, predicted by the curve and in the what-if below.",
    "lab.best.differ": ("Best N: {measured} measured (the star), {predicted} predicted (the dotted line), {what_if} "
                        "in the what-if below at this sweep's α and c."),
    "lab.best.why_alpha": ("The curve takes one α = {alpha:.2f} for every N, but the rows measured α = "
                           "{alpha_lo:.2f} at N = {n_lo} and {alpha_hi:.2f} at N = {n_hi}: long drafts keep fewer "
                           "guesses than one α expects."),
    "lab.best.why_v": ("The curve counts the verification pass as measured, v = {v_lo:.2f} one-token passes at N = "
                       "{n_lo} and {v_hi:.2f} at N = {n_hi}; the what-if takes v = 1, the paper's value, and so "
                       "finds another best N."),
    "lab.best.heuristic": ("The diamond at N = {n} ({x:.2f}×) sits above the star ({peak:.2f}×) because the "
                           "heuristic schedule changes N every round, longer after a round with every guess kept, "
                           "shorter after a rejection; the star ranks constant N only."),
    "tour.ch9.drop": ("The lab's recorded sweep on this miniature (right) measures it: the speed-up is highest at "
                      "N = {best} ({peak}×) and falls to {low}× at N = {low_n}, a draft too long for what the drafter "
                      "gets right."),
}
