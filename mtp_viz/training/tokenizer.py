"""Trains the miniature's byte-level BPE tokenizer and wraps it as a transformers tokenizer.

It knows the `tokenizers` library and the special tokens' ids (Gemma's: pad 0, eos 1, bos 2); it knows no model.
"""
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers
from transformers import PreTrainedTokenizerFast

SPECIAL_TOKENS = ["<pad>", "<eos>", "<bos>", "<start_of_turn>", "<end_of_turn>"]
PAD_ID, EOS_ID, BOS_ID = 0, 1, 2

# Gemma's turn format in miniature: one turn per message, the model's turn left open for generation.
CHAT_TEMPLATE = (
    "{{ bos_token }}{% for message in messages %}<start_of_turn>{{ message['role'] }}\n"
    "{{ message['content'] }}<end_of_turn>\n{% endfor %}"
    "{% if add_generation_prompt %}<start_of_turn>model\n{% endif %}"
)


def train_tokenizer(corpus_path, vocab_size):
    """Byte-level BPE on the corpus; every encoded text starts with <bos>, as Gemma's does."""
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size, special_tokens=SPECIAL_TOKENS, show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tok.train([str(corpus_path)], trainer)
    tok.post_processor = processors.TemplateProcessing(
        single="<bos> $A", pair="<bos> $A <bos> $B", special_tokens=[("<bos>", BOS_ID)],
    )
    assert [tok.token_to_id(t) for t in SPECIAL_TOKENS[:3]] == [PAD_ID, EOS_ID, BOS_ID]
    return PreTrainedTokenizerFast(
        tokenizer_object=tok, bos_token="<bos>", eos_token="<eos>", pad_token="<pad>",
        additional_special_tokens=SPECIAL_TOKENS[3:], chat_template=CHAT_TEMPLATE,
    )
