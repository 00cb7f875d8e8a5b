"""`python deploy/space.py owner/name`: put the app on a Hugging Face Space, exactly the files a Space runs.

It knows which files the app needs at run time (`space_files`), the Space's metadata at the top of README.md,
checked against requirements.txt (`front_matter`), and how to send them in one commit with huggingface_hub, which
stores binaries (the miniatures' safetensors, fonts, pictures) through the Hub's own storage. It knows nothing
about the app's code. `--dry-run` lists the files and their size and touches no network.

Uploaded: app.py, requirements.txt, README.md (its front matter is the Space's configuration), LICENSE,
CITATION.cff, .gitattributes, the mtp_viz package without mtp_viz/training/ (the build of the miniatures, never
imported by the app: a Space serves them, it does not train them), assets/ (the miniatures, recorded traces,
sweeps and fonts), and the docs the README links to, with the pictures they show. Not uploaded: tests,
benchmarks, docs/shoot.py, the Dockerfile and CI files, virtual environments, caches. Files on the Space that
are not in the list are deleted in the same commit, so the Space holds what this script lists.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOP_FILES = ("app.py", "requirements.txt", "README.md", "LICENSE", "CITATION.cff", ".gitattributes")
PACKAGE, ASSETS, DOCS = "mtp_viz", "assets", "docs"
LEFT_OUT = ("mtp_viz/training/",)                              # under the package, not needed to run the app
JUNK = ("__pycache__", ".pyc", ".DS_Store")
PICTURE = re.compile(r"\]\(([^)\s]+\.(?:png|jpg|jpeg|gif|svg|webp))[)\s]", re.IGNORECASE)
LINK = re.compile(r"\]\(([^)\s#]+\.(?:md|json))[)#\s]")


def _walk(folder: str) -> list[str]:
    found = []
    for path in sorted((ROOT / folder).rglob("*")):
        name = path.relative_to(ROOT).as_posix()
        if path.is_file() and not any(j in name for j in JUNK) and not name.startswith(LEFT_OUT):
            found.append(name)
    return found


def markdown_references(markdown: str, pattern=PICTURE) -> list[str]:
    """Relative targets of Markdown links or images matching `pattern` (web addresses left out)."""
    return [m for m in pattern.findall(markdown) if "://" not in m]


def _docs() -> list[str]:
    """The docs the README links to, the files they link to in turn, and the pictures any of them shows."""
    wanted, queue = set(), ["README.md"]
    while queue:
        page = queue.pop()
        text = (ROOT / page).read_text(encoding="utf-8")
        base = Path(page).parent
        for target in markdown_references(text) + markdown_references(text, LINK):
            name = (base / target).as_posix()
            name = os.path.normpath(name)
            if name.startswith(DOCS + "/") and name not in wanted and (ROOT / name).is_file():
                wanted.add(name)
                if name.endswith(".md"):
                    queue.append(name)
    return sorted(wanted)


def space_files() -> list[str]:
    """Every file the Space gets, as paths relative to the repository root."""
    return list(TOP_FILES) + _walk(PACKAGE) + _walk(ASSETS) + _docs()


def front_matter(readme: str = None) -> dict[str, str]:
    """README.md's YAML front matter (the Space's settings), flat `key: value` lines, as strings."""
    text = readme if readme is not None else (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.match(r"---\n(.*?)\n---\n", text, re.DOTALL)
    if not block:
        return {}
    pairs = (line.split(":", 1) for line in block.group(1).splitlines() if ":" in line)
    return {key.strip(): value.strip().strip('"') for key, value in pairs}


def gradio_pin() -> str:
    """The gradio version requirements.txt pins: the Space's sdk_version must be the same."""
    match = re.search(r"^gradio==(\S+)", (ROOT / "requirements.txt").read_text(), re.MULTILINE)
    return match.group(1) if match else ""


def metadata_problems() -> list[str]:
    """What in README.md's front matter would make the Space run something other than this app."""
    meta, wanted = front_matter(), {"sdk": "gradio", "app_file": "app.py", "license": "apache-2.0",
                                    "sdk_version": gradio_pin()}
    return [f"README.md front matter: {key} is {meta.get(key)!r}, should be {value!r}"
            for key, value in wanted.items() if meta.get(key) != value]


def _size(num_bytes: int) -> str:
    return f"{num_bytes / 1e6:.1f} MB" if num_bytes >= 1e6 else f"{num_bytes / 1e3:.1f} kB"


def print_list(files: list[str]) -> None:
    sizes = {name: (ROOT / name).stat().st_size for name in files}
    for name in files:
        print(f"{_size(sizes[name]):>10}  {name}")
    print(f"{len(files)} files, {_size(sum(sizes.values()))} in all")


def upload(repo_id: str, files: list[str], private: bool, variables: dict[str, str]) -> str:
    """One commit to the Space (created if missing, gradio SDK) holding exactly `files`; returns its address."""
    from huggingface_hub import CommitOperationAdd, CommitOperationDelete, HfApi

    api = HfApi()
    api.create_repo(repo_id, repo_type="space", space_sdk="gradio", private=private, exist_ok=True)
    stale = sorted(set(api.list_repo_files(repo_id, repo_type="space")) - set(files))
    operations = [CommitOperationAdd(path_in_repo=name, path_or_fileobj=str(ROOT / name)) for name in files]
    operations += [CommitOperationDelete(path_in_repo=name) for name in stale]
    api.create_commit(repo_id, operations, repo_type="space", commit_message="Deploy mtp_viz (deploy/space.py)")
    for key, value in variables.items():
        api.add_space_variable(repo_id, key, value)
    return f"https://huggingface.co/spaces/{repo_id}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python deploy/space.py", description=__doc__.splitlines()[0])
    parser.add_argument("space", nargs="?", help="the Space as owner/name (created if it does not exist)")
    parser.add_argument("--dry-run", action="store_true", help="list the files and their size; no network")
    parser.add_argument("--private", action="store_true", help="create the Space private")
    parser.add_argument("--variable", action="append", default=[], metavar="KEY=VALUE",
                        help="set a Space variable, e.g. MTP_VIZ_WORKERS=4 (repeatable)")
    args = parser.parse_args(argv)
    files, problems = space_files(), metadata_problems()
    if args.dry_run:
        print_list(files)
        print("\n".join(problems) or "README.md front matter: ready for a Space")
        return 1 if problems else 0
    if not args.space or not re.fullmatch(r"[\w.-]+/[\w.-]+", args.space):
        parser.error("name the Space as owner/name, e.g. `make space SPACE=alice/mtp-viz`")
    if problems:
        sys.exit("\n".join(problems))
    variables = dict(item.split("=", 1) for item in args.variable)
    print(f"uploading {len(files)} files ...")
    print(upload(args.space, files, args.private, variables))
    return 0


if __name__ == "__main__":
    sys.exit(main())
