"""Builds the bundled miniature Gemma 4 pair from nothing: corpus, tokenizer, target, drafter, files.

It knows the transformers Gemma 4 classes and how their MTP drafting path is fed; it knows nothing about the
engine, the trace or the UI, which only read what `python -m mtp_viz.training` writes to assets/miniature/.
"""
