"""Builds a bundled miniature Gemma 4 pair: corpus, tokenizer (a full build reuses the first pair's), target, drafter.

It knows the transformers Gemma 4 classes and how their MTP drafting path is fed; it knows nothing about the
engine, the trace or the UI, which only read what `python -m mtp_viz.training` writes to assets/<pair>/.
"""
