"""Counts for issue 17's note: places that name the generation settings' fields, the longest function and class.

Knows only source text (ast); imports nothing of mtp_viz. A "place" is a function, class or module-level statement
(the innermost one) of mtp_viz/ that writes out at least six of the settings' fields as parameters, keywords,
strings or class fields: a list of the settings kept in step by hand.
Run from a checkout's root: python benchmarks/contract_counts.py
"""
from __future__ import annotations

import ast
from pathlib import Path

FIELDS = {"proposer", "num_assistant_tokens", "schedule", "confidence_threshold", "max_new_tokens", "do_sample",
          "temperature", "top_k", "top_p", "seed", "chat", "max_matching_ngram_size",
          "n", "threshold", "max_new"}     # the UI's other names for three of them
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


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
    for path in sorted(Path("mtp_viz").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += places(tree, str(path))
        for node in ast.walk(tree):
            kind = "class" if isinstance(node, ast.ClassDef) else "function" if isinstance(node, SCOPES) else None
            if kind:
                longest[kind] = max(longest[kind], (node.end_lineno - node.lineno + 1, f"{path}:{node.name}"))
    print(f"{len(found)} places name >= 6 settings fields:")
    for place in found:
        print("  ", place)
    for kind, (lines, name) in longest.items():
        print(f"longest {kind}: {name}, {lines} lines")


if __name__ == "__main__":
    main()
