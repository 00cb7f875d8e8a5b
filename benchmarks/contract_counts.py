"""Counts for the contract notes (issues 17, 28 and 35): the files a new setting, language, proposer, bundled model and
view touch, the modules that name each proposer and each model, the places that name the generation settings'
fields, the longest function and class.

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
- A new proposer, bundled model or view (issue 35): its own module (a proposer's drafting code, a model's training
  recipe, a view's figure module), plus every other file that holds a collection (a list, tuple, set, dict, or a
  Literal[...]) of at least two of that kind's names, directly or one level down (("mtp", MTPProposer), an
  entry's arguments Entry("mtp", ...), a module constant MINIATURE = "miniature" standing for its string): such
  a file lists them and must learn the new one. A file that names only one (a use: `if proposer == "mtp"`) is
  printed apart; the string tables (and strings/terms.py, the glossary's words) are counted apart: the new name's
  words live there. A file in OPTIONAL lists them for a feature a new one may join but need not (the tour's
  chapters), and is printed apart with that reason. Names: the proposers of PROPOSERS, the bundled models and hub
  checkpoints of BUNDLED and HUB (a string equal to one, or one as a segment of a key or path such as
  "model.miniature-shallow" or "assets/miniature-moe"; the hub ids as substrings), and the views' keys, read from
  VIEWS in mtp_viz/figures/__init__.py. A new bundled model's own file is its Preset in training/presets.py.
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
WORDS = TABLES | {"mtp_viz/strings/terms.py"}     # the string tables and the glossary terms' words in each language
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
PROPOSERS = ("mtp", "draft-model", "prompt-lookup", "none")
BUNDLED = ("miniature", "miniature-shallow", "miniature-moe")
HUB = ("google/gemma-4-E2B-it", "google/gemma-4-E4B-it", "google/gemma-4-31B-it", "google/gemma-4-26B-A4B-it")
COLLECTIONS = (ast.List, ast.Tuple, ast.Set, ast.Dict)
OPTIONAL = {"mtp_viz/ui/tour.py": "the tour's chapters, each showing one view: a new view may get one, need not"}


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


def view_keys() -> tuple[str, ...]:
    """The views' KEYs: the first item of each (key, module) pair of VIEWS in mtp_viz/figures/__init__.py."""
    tree = ast.parse(Path("mtp_viz/figures/__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["VIEWS"]:
            return tuple(pair.elts[0].value for pair in node.value.elts)
    raise SystemExit("no VIEWS list in mtp_viz/figures/__init__.py")


def mentions(text: str, kind_names: tuple[str, ...]) -> set[str]:
    """The names of `kind_names` a string holds: equal to it, or as a segment of a key or path (a.b, a/b, a:b);
    a hub id (it has a slash) as a substring."""
    segments = set(re.split(r"[./:]", text)) | {text}
    return {n for n in kind_names if n in segments or ("/" in n and n in text)}


def constants(tree: ast.Module) -> dict[str, str]:
    """The module's own string constants (NAME = "..."), so that a list of names written as MINIATURE, SHALLOW
    counts as the strings they stand for."""
    return {node.targets[0].id: node.value.value for node in tree.body
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}


def _strings(node: ast.AST, skip: set[int], named: dict[str, str]) -> list[str]:
    """A node's own string, a module constant's string, or a name (an imported view module)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
        return [node.value]
    if isinstance(node, ast.Name):
        return [named.get(node.id, node.id)]
    return []


def members(node: ast.AST) -> list[ast.AST]:
    """What a collection holds, and one level down: a pair's items, an entry's arguments (Entry("mtp", ...))."""
    if isinstance(node, ast.Subscript) and getattr(node.value, "id", None) == "Literal":
        top = [node.slice]
    elif isinstance(node, ast.ImportFrom):
        top = [ast.Name(a.name) for a in node.names]
    elif isinstance(node, COLLECTIONS):
        top = list(node.keys) + list(node.values) if isinstance(node, ast.Dict) else list(node.elts)
    else:
        return []
    flat = []
    for m in top:
        flat.append(m)
        if isinstance(m, (ast.Tuple, ast.List)):
            flat += m.elts
        elif isinstance(m, ast.Call):
            flat += list(m.args) + [k.value for k in m.keywords]
    return flat


def collected(tree: ast.Module, kind_names: tuple[str, ...]) -> tuple[set[str], set[str]]:
    """(names held together in one collection of >= 2 of them, every name the file writes out), for one kind."""
    skip, named, listed, used = docstrings(tree), constants(tree), set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant):
            used |= mentions(node.value, kind_names) if isinstance(node.value, str) and id(node) not in skip else set()
        names = set()
        for m in members(node):
            for text in _strings(m, skip, named):
                names |= mentions(text, kind_names) if not isinstance(m, ast.Name) or m.id in named else (
                    {text} & set(kind_names))
        if len(names) >= 2:
            listed |= names
    return listed, used


def listing(title: str, lines: list[str], indent: str = "  ") -> None:
    print(title)
    for line in lines:
        print(indent, line)


def extension(kind: str, own: str, kind_names: tuple[str, ...], trees: dict) -> None:
    """Print the files a new `kind` touches (`own`, its own file, plus the listing files; a listing file that is
    `own` counts once), the files that only use one, and the modules naming each."""
    lists, uses, naming = [], [], {n: [] for n in kind_names}
    for path, tree in trees.items():
        listed, used = collected(tree, kind_names)
        for n in used:
            naming[n].append(path)
        if path in WORDS:
            continue
        if listed and path in OPTIONAL:
            uses.append(f"{path} ({', '.join(sorted(listed))}; lists them: {OPTIONAL[path]})")
        elif listed:
            lists.append(f"{path} ({', '.join(sorted(listed))})")
        elif used:
            uses.append(f"{path} ({', '.join(sorted(used))})")
    touched = [own] + [f for f in lists if f.split(" ")[0] != own.split(" ")[0]]
    listing(f"a new {kind} touches {len(touched)} files besides the string tables:", touched)
    listing(f"  files that use a {kind} without listing them ({len(uses)}):", uses, "     ")
    for n, paths in naming.items():
        inside = [p for p in paths if p not in WORDS]
        print(f"  {n!r} is named in {len(inside)} modules (string tables apart): {', '.join(inside)}")


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
    trees = {str(path): ast.parse(path.read_text(encoding="utf-8")) for path in sources()}
    for path, tree in trees.items():
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
    listing(f"a new setting shown on the page touches {len(setting_files)} files:", setting_files)
    listing(f"a new language touches {len(language_files)} files:", language_files)
    listing(f"{len(found)} places name >= 6 settings fields:", found)
    for kind, (lines, name) in longest.items():
        print(f"longest {kind}: {name}, {lines} lines")
    extension("proposer", "(the proposer's own module)", PROPOSERS, trees)
    extension("bundled model", "mtp_viz/training/presets.py (its training recipe: a Preset)", BUNDLED + HUB,
              trees)
    extension("view", "(the view's own module)", view_keys(), trees)


if __name__ == "__main__":
    main()
