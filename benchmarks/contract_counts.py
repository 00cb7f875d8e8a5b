"""Counts for the contract notes (issues 17 and 28): the files a new setting and a new language touch, the places
that name the generation settings' fields, the longest function and class.

Knows only source text (ast); imports nothing of mtp_viz. Reads mtp_viz/ and app.py (not tests, docs or benchmarks).
Run from a checkout's root: python benchmarks/contract_counts.py

How each count is made, mechanically, so two checkouts can be compared:
- A new setting shown on the page: a file is touched when it writes out the page's settings by hand, i.e. names at
  least 6 of the 10 Settings fields the page shows (PAGE_FIELDS) as a parameter, a keyword, a class field, or a word
  of a string that is not a docstring (a table key such as "step.top_p" counts; reading `settings.top_p` is a use of
  one field, not a list, and does not). Such a file keeps a list of the settings in step, and a new setting must be
  added to it. The three string tables count (the setting's label lives there); the engine code that gives the new
  setting its meaning is the feature itself and is not counted.
- A new language: its own string table, plus every other file that names a language code (a string equal to one of
  LANG_CODES, or an imported table module) other than English's: a place that special-cases a language, or lists
  them, and must learn the new one. English stays the default and the fallback, so naming "en" does not count.
- Places (issue 17): a function, class or module-level statement (the innermost one) that names >= 6 settings fields.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

FIELDS = {"proposer", "num_assistant_tokens", "schedule", "confidence_threshold", "max_new_tokens", "do_sample",
          "temperature", "top_k", "top_p", "seed", "chat", "max_matching_ngram_size",
          "n", "threshold", "max_new"}     # the UI's other names for three of them
PAGE_FIELDS = {"proposer", "num_assistant_tokens", "schedule", "confidence_threshold", "max_new_tokens", "do_sample",
               "temperature", "top_k", "top_p", "seed"}     # the Settings fields the step-through's controls set
LANG_CODES = {"de", "zh-TW", "zh", "zh_tw", "de-DE", "de_DE", "zh_Hant_TW", "zh-Hant"}   # every spelling in use
TABLES = {"mtp_viz/strings/en.py", "mtp_viz/strings/de.py", "mtp_viz/strings/zh_tw.py"}
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def sources() -> list[Path]:
    return sorted(Path("mtp_viz").rglob("*.py")) + [Path("app.py")]


def names(node: ast.AST) -> set[str]:
    """The fields a piece of code writes out as a list: parameters, keywords, strings (dict keys) and class fields.
    Reading one (settings.seed) is a use, not a copy of the list, and does not count."""
    found = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.arg):
            found.add(sub.arg)
        elif isinstance(sub, ast.keyword) and sub.arg:
            found.add(sub.arg)
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            found.add(sub.value)
        elif isinstance(sub, ast.AnnAssign) and isinstance(sub.target, ast.Name):
            found.add(sub.target.id)
    return found & FIELDS


def docstrings(tree: ast.Module) -> set[int]:
    """ids of the string constants that are docstrings (or other bare strings standing as statements)."""
    return {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}


def file_words(tree: ast.Module) -> set[str]:
    """Every name a file writes out: parameters, keywords, class fields, and the words of its strings (not docs)."""
    skip, found = docstrings(tree), set()
    for sub in ast.walk(tree):
        if isinstance(sub, ast.arg):
            found.add(sub.arg)
        elif isinstance(sub, ast.keyword) and sub.arg:
            found.add(sub.arg)
        elif isinstance(sub, ast.AnnAssign) and isinstance(sub.target, ast.Name):
            found.add(sub.target.id)
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str) and id(sub) not in skip:
            found.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", sub.value))
    return found


def language_codes(tree: ast.Module) -> set[str]:
    """The non-English language codes a file names: string constants equal to one, and imported table modules."""
    found = set()
    for sub in ast.walk(tree):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and sub.value in LANG_CODES:
            found.add(sub.value)
        elif isinstance(sub, ast.ImportFrom):
            found.update(a.name for a in sub.names if a.name in LANG_CODES)
    return found


def places(tree: ast.Module, where: str) -> list[str]:
    """The innermost scopes (and module-level statements) naming >= 6 settings fields."""
    out = []

    def visit(node, label):
        inner = [n for n in ast.iter_child_nodes(node) if isinstance(n, SCOPES)]
        hits = [visit(n, f"{label}.{n.name}") for n in inner]
        if any(hits):
            return True
        if len(names(node)) >= 6:
            out.append(label)
            return True
        return False
    for stmt in tree.body:
        visit(stmt, f"{where}:{getattr(stmt, 'name', stmt.lineno)}")
    return out


def main() -> None:
    found, longest = [], {"function": (0, ""), "class": (0, "")}
    setting_files, language_files = [], ["(the new language's own string table)"]
    for path in sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        hits = file_words(tree) & PAGE_FIELDS
        if len(hits) >= 6:
            setting_files.append(f"{path} ({len(hits)} of {len(PAGE_FIELDS)})")
        codes = language_codes(tree)
        if codes and str(path) not in TABLES:
            language_files.append(f"{path} ({', '.join(sorted(codes))})")
        found += places(tree, str(path))
        for node in ast.walk(tree):
            kind = "class" if isinstance(node, ast.ClassDef) else "function" if isinstance(node, SCOPES) else None
            if kind:
                longest[kind] = max(longest[kind], (node.end_lineno - node.lineno + 1, f"{path}:{node.name}"))
    print(f"a new setting shown on the page touches {len(setting_files)} files:")
    for f in setting_files:
        print("  ", f)
    print(f"a new language touches {len(language_files)} files:")
    for f in language_files:
        print("  ", f)
    print(f"{len(found)} places name >= 6 settings fields:")
    for place in found:
        print("  ", place)
    for kind, (lines, name) in longest.items():
        print(f"longest {kind}: {name}, {lines} lines")


if __name__ == "__main__":
    main()
