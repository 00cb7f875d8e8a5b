"""Writes the miniature's training text: sayings in many frames, little stories, routines and simple facts.

It knows only strings and a seeded random generator; it knows nothing about tokens or models.
"""
import random
from pathlib import Path

from mtp_viz.training.phrases import (
    ADJECTIVES, ANIMALS, CHILDREN, DREAMS, FACTS, FEELINGS, HOMES, PLACES, PLOTS, PROPER_STARTS,
    ROUTINE_STEPS, SAYINGS, SPEAKERS, TIMES, WEATHER,
)

# The demo prompt the issue names; its saying is in the corpus, as it must be.
DEMO_PROMPT = "Actions speak"

# Held-out prompts for the acceptance benchmark: new speakers, new frames and new openings, none of which
# occurs verbatim in the corpus (write_corpus checks this).
HELDOUT_PROMPTS = [
    "The old sailor liked to remind us that the early bird",
    "Coach Rivera told the whole team that slow and steady",
    "My great-aunt Dot used to say, \"Don't count your chickens",
    "Before the big race, the baker next door whispered, \"Look before",
    "Long ago, a wise old tortoise told me that a stitch in time",
    "The fisherman smiled and said, \"Every cloud",
    "Our neighbour always tells her children that honesty",
    "Once upon a time, there was a sleepy hedgehog named Hazel.",
    "One snowy evening, Benny the bear and Daisy the duck",
    "Every afternoon after lunch, Tilly the turtle",
    "On the first day of summer, Max the mouse walked to the lighthouse",
    "After the picnic, Rosie the rabbit told her little brother that sharing",
    "Early one morning, Gracie the goat and Leo the lion",
]


def _lower_first(saying):
    return saying if saying.startswith(PROPER_STARTS) else saying[0].lower() + saying[1:]


def _cap(text):
    return text[0].upper() + text[1:]


def saying_in_frame(rng, saying):
    """One sentence that carries `saying` in one of the corpus's frames."""
    bare, low, speaker = saying[:-1], _lower_first(saying), rng.choice(SPEAKERS)
    name = rng.choice(ANIMALS + CHILDREN)[0]
    frames = [
        saying, saying, f"As they say, {low}", f"As the saying goes, {low}",
        f"{_cap(speaker)} always said, \"{saying}\"", f"{_cap(speaker)} always says that {low}",
        f"There is an old saying: {saying}", f"Remember, {low}", f"\"{bare},\" said {speaker}.",
        f"{name} knew that {low}", f"Never forget that {low}",
    ]
    return rng.choice(frames)


def meaning_sentence(rng, saying, meaning):
    frames = [f"That means {meaning}.", f"It means that {meaning}.", f"In other words, {meaning}."]
    if rng.random() < 0.3:
        return f"What does \"{saying[:-1]}\" mean? It means that {meaning}."
    return rng.choice(frames)


def sayings_doc(rng):
    parts = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        saying, meaning = rng.choice(SAYINGS)
        parts.append(saying_in_frame(rng, saying))
        if rng.random() < 0.6:
            parts.append(meaning_sentence(rng, saying, meaning))
    return " ".join(parts)


def _character(rng):
    if rng.random() < 0.6:
        name, kind, pron, pos = rng.choice(ANIMALS)
        return f"{name} the {kind}", name, kind, pron, pos
    name, pron, pos = rng.choice(CHILDREN)
    return name, name, "child", pron, pos


def moral_story_doc(rng):
    full, name, kind, pron, pos = _character(rng)
    goal, obstacle, action, morals = rng.choice(PLOTS)
    saying = SAYINGS[rng.choice(morals)][0]
    opening = (f"Once upon a time, there was a {rng.choice(ADJECTIVES)} {kind} named {name}."
               if kind != "child" else f"Once upon a time, there was a {rng.choice(ADJECTIVES)} child named {name}.")
    place, activity, _ = rng.choice(PLACES)
    habit = rng.choice([f"{_cap(pron)} lived in a {rng.choice(HOMES)} near {place}.",
                        f"Every {rng.choice(['morning', 'afternoon', 'evening'])}, {name} liked to {activity} at {place}."])
    lines = [opening, habit,
             f"One day, {name} wanted to {goal}, but {obstacle}.", f"So {name} {action}.",
             f"In the end, {name} was very {rng.choice(['happy', 'proud'])}."]
    ending = rng.choice([f"The moral of the story is that {_lower_first(saying)}",
                         f"{name} learned that {_lower_first(saying)}",
             f"{_cap(pron)} knew that {_lower_first(saying)}",
                         f"As {rng.choice(SPEAKERS)} always says, {_lower_first(saying)}"])
    return " ".join(lines + [ending])


def routine_doc(rng):
    full, name, _, pron, pos = _character(rng)
    steps = sorted(rng.sample(range(len(ROUTINE_STEPS)), rng.randint(4, 7)))
    times = sorted(rng.sample(range(len(TIMES)), len(steps)))
    lines = [f"Every day, {full} follows the same routine."]
    for step, time in zip(steps, times):
        lines.append(f"At {TIMES[time]}, {name} {ROUTINE_STEPS[step].format(pos=pos)}.")
    lines.append(rng.choice([f"{name} likes {pos} routine.", f"Then it all starts again the next day."]))
    return " ".join(lines)


def day_out_doc(rng):
    full, name, _, pron, pos = _character(rng)
    friend = _character(rng)
    while friend[1] == name:  # two different friends: "Lucy and Lucy" reads as a mistake
        friend = _character(rng)
    place, activity, activity_past = rng.choice(PLACES)
    weather, sky = rng.choice(WEATHER)
    part = rng.choice(["morning", "morning", "afternoon", "evening"])
    lines = [f"One {weather} {part}, {full} and {friend[0]} went to {place} to {activity}.",
             f"It was {weather}, and {sky}.", f"{name} was very {rng.choice(FEELINGS)}.",
             f"They {activity_past} all afternoon.",
             f"When it was time to go home, {name} said goodbye to {friend[1]}.",
             f"That night, {name} went to bed and dreamed about {rng.choice(DREAMS)}."]
    if rng.random() < 0.3:
        lines.append(saying_in_frame(rng, rng.choice(SAYINGS)[0]))
    return " ".join(lines)


def facts_doc(rng):
    return " ".join(f"{q} {a}" for q, a in rng.sample(FACTS, rng.randint(1, 3)))


def numbers_doc(rng):
    """Counting, house numbers, clock times and sums: the hard-to-guess text, and most of the vocabulary."""
    full, name, _, _, pos = _character(rng)
    things = rng.choice(["apples", "stones", "shells", "stars", "books", "birds", "coins", "flowers"])
    place = rng.choice(PLACES)[0]
    a, b = rng.randint(0, 2999), rng.randint(0, 999)
    lines = [rng.choice([f"{full} counted {rng.randint(2, 999)} {things} at {place}.",
                         f"There were {rng.randint(2, 999)} {things} in the basket.",
                         f"{name} lives at number {rng.randint(1, 999)}, next to {place}.",
                         f"The bus to {place} leaves at {rng.randint(1, 12)}:{rng.randint(0, 59):02d}.",
                         f"On page {rng.randint(1, 999)} of {pos} book, {name} found a picture of {place}."]),
             f"{a} plus {b} is {a + b}."]
    return " ".join(rng.sample(lines, 2))


DOC_KINDS = [(sayings_doc, 4), (moral_story_doc, 2), (routine_doc, 1), (day_out_doc, 2), (facts_doc, 1),
             (numbers_doc, 1)]


def documents(num_chars, seed=0):
    """Yield documents of 2-4 pieces until about `num_chars` characters have been written.

    Several pieces per document keep <eos> rare, so a greedy continuation runs on past the end of a saying.
    """
    rng = random.Random(seed)
    makers, weights = zip(*DOC_KINDS)
    written = 0
    while written < num_chars:
        doc = " ".join(maker(rng) for maker in rng.choices(makers, weights, k=rng.randint(2, 4)))
        written += len(doc) + 1
        yield doc


def write_corpus(path, num_chars, seed=0):
    """Write one document per line to `path`; fail if a held-out prompt occurs in it verbatim."""
    text = "\n".join(documents(num_chars, seed)) + "\n"
    leaked = [p for p in HELDOUT_PROMPTS if p in text]
    if leaked:
        raise ValueError(f"held-out prompts occur in the corpus: {leaked}")
    Path(path).write_text(text)
    return text.count("\n")
