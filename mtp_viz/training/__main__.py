"""`python -m mtp_viz.training [--quick] [--pair NAME] [--out DIR]`: corpus -> tokenizer -> target -> assistant -> assets.

The orchestrator only: numbered phases, timings and the log. Intermediate files go to --work (outside the
repo); --resume reuses a finished tokenizer, target and rollouts from there. It knows nothing about the engine
or UI.
"""
import os

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # 2 shared cores: spinning OpenMP threads stall each other
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import argparse  # noqa: E402
import pickle  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import torch  # noqa: E402
from transformers import AutoTokenizer, Gemma4ForCausalLM  # noqa: E402

from mtp_viz.training import assistant as drafter  # noqa: E402
from mtp_viz.training.card import architecture_facts, model_card  # noqa: E402
from mtp_viz.training.corpus import write_corpus  # noqa: E402
from mtp_viz.training.evaluate import final_figures, held_out_ids  # noqa: E402
from mtp_viz.training.export import file_sizes, save_pair  # noqa: E402
from mtp_viz.training.measure import acceptance  # noqa: E402
from mtp_viz.training.phrases import SAYINGS  # noqa: E402
from mtp_viz.model_table import FOLDERS, MINIATURE, MOE, SHALLOW  # noqa: E402
from mtp_viz.training.presets import RECIPES, assistant_config, target_config  # noqa: E402

FIRST_TOKENIZER = FOLDERS[SHALLOW] / "tokenizer"  # every pair keeps the first miniature's token ids
from mtp_viz.training.target import round_to_half, token_stream, train_target  # noqa: E402
from mtp_viz.training.tokenizer import train_tokenizer  # noqa: E402


def parse_args(argv=None):
    parser = argparse.ArgumentParser(prog="python -m mtp_viz.training", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="toy sizes, the whole pipeline in under a minute")
    parser.add_argument("--pair", choices=sorted(RECIPES), default=MINIATURE,
                        help="which bundled pair to build (default: the E2B-shaped miniature)")
    parser.add_argument("--moe", action="store_true", help=f"same as --pair {MOE}")
    parser.add_argument("--out", default=None, help="where the files go (default: assets/miniature; with "
                        "--quick, a folder in the temp dir, so a toy build never replaces the shipped pair)")
    parser.add_argument("--work", default=None, help="intermediate files (default: a folder in the temp dir)")
    parser.add_argument("--resume", action="store_true",
                        help="reuse the tokenizer, target and rollouts found in --work")
    parser.add_argument("--threads", type=int, default=min(2, os.cpu_count() or 1), help="torch threads (default 2)")
    return parser.parse_args(argv)


def make_logger(path):
    start = time.time()

    def log(message):
        line = f"[{time.time() - start:7.1f}s] {message}"
        print(line, flush=True)
        with open(path, "a") as f:
            f.write(line + "\n")
    return log


def main(argv=None):
    args = parse_args(argv)
    name = MOE if args.moe else args.pair
    preset = RECIPES[name][1 if args.quick else 0]
    work = Path(args.work or Path(tempfile.gettempdir()) / f"mtp_viz_build_{name}{'_quick' * args.quick}")
    args.out = args.out or str(work / name if args.quick else FOLDERS[name])
    shared_tokenizer = FIRST_TOKENIZER
    work.mkdir(parents=True, exist_ok=True)
    torch.set_num_threads(args.threads)
    log = make_logger(work / "train.log")
    started = time.time()
    log(f"build {'quick' if args.quick else 'full'} -> {args.out} (work: {work})")
    resume = args.resume and (work / "target" / "config.json").exists()

    # 1. Corpus, written from the project's templates (the held-out prompts are checked not to occur in it).
    corpus = work / "corpus.txt"
    docs = write_corpus(corpus, preset.corpus_chars)

    # 2. Tokenizer.
    if resume and (work / "tokenizer").exists():
        tokenizer = AutoTokenizer.from_pretrained(work / "tokenizer")
    elif not args.quick and shared_tokenizer.exists():
        tokenizer = AutoTokenizer.from_pretrained(shared_tokenizer)
        log(f"tokenizer: the first miniature's, from {shared_tokenizer}")
    else:
        tokenizer = train_tokenizer(corpus, preset.vocab_size)
        tokenizer.save_pretrained(work / "tokenizer")
    stream, starts = token_stream(tokenizer, corpus)
    log(f"corpus: {docs} documents, {len(stream):,} tokens; tokenizer: {len(tokenizer)} tokens")

    # 3. Target language model, rounded to the float16 it ships in.
    t0 = time.time()
    if resume:
        target = Gemma4ForCausalLM.from_pretrained(work / "target", dtype=torch.float32).eval()
        log("target: reused from the work folder")
    else:
        target = round_to_half(train_target(target_config(preset), preset, stream, starts, log))
        target.save_pretrained(work / "target")
    target_minutes = None if resume else (time.time() - t0) / 60

    # 4. Token clusters for the ordered embeddings, and the target's greedy rollouts the drafter learns from.
    t0 = time.time()
    gen = torch.Generator().manual_seed(1)
    ordering = drafter.balanced_clusters(target.get_input_embeddings().weight.detach(), preset.num_centroids, gen)
    saved = work / f"rollouts_{preset.rollouts}x{preset.rollout_new_tokens}.pt"    # the slowest part to redo
    reused = resume and saved.exists()
    if reused:
        rollouts = torch.load(saved)
    else:
        rollouts = drafter.greedy_rollouts(target, stream, starts, preset.rollouts, preset.rollout_new_tokens, gen)
        torch.save(rollouts, saved)
    log(f"clusters and {sum(len(r[0]) for r in rollouts)} rollouts in {time.time() - t0:.0f}s"
        f"{' (reused from the work folder)' if reused else ''}")

    # 5. Assistant, trained on exactly the inputs generate() feeds it; acceptance logged as it goes.
    prompts = held_out_ids(tokenizer, quick=args.quick)

    def on_eval(model):
        mean_accepted, per_pass, _ = acceptance(target, model, prompts, max_new_tokens=48 if not args.quick else 8)
        return f"| held-out: {mean_accepted:.2f} accepted/round, {per_pass:.2f} tokens/pass"

    assistant = drafter.train_assistant(assistant_config(preset), preset, target, rollouts, ordering, log, on_eval)
    assistant_minutes = (time.time() - t0) / 60

    # 6. Ship: float16 files, reloaded as float32 and measured as the app will load them; then the card.
    out = Path(args.out)
    save_pair(target, assistant, tokenizer, out, preset.num_assistant_tokens)
    facts = final_figures(out, quick=args.quick)
    facts.update(architecture_facts(target, assistant), preset=preset, files=file_sizes(out),
                 corpus_tokens=len(stream), corpus_docs=docs, sayings=SAYINGS, minutes=(time.time() - started) / 60,
                 target_minutes=target_minutes, assistant_minutes=assistant_minutes)
    (out / "MODEL_CARD.md").write_text(model_card(facts))
    with open(work / "facts.pkl", "wb") as f:  # the card can be rewritten from these without a rebuild
        pickle.dump(facts, f)
    log(f"shipped {out}: {facts['mean_accepted']:.2f} accepted drafts/round, {facts['tokens_per_pass']:.2f} "
        f"tokens/pass, demo {facts['demo_text']!r}, generate matches: {facts['generate_matches']}; "
        f"{facts['minutes']:.1f} min in all")


if __name__ == "__main__":
    main()
