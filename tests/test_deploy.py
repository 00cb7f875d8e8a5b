"""What `make space` would upload, and the .gitattributes that a git push to a Space needs; no network.

Knows deploy/space.py's file list and git's own view of the repository (`git ls-files`, `git check-attr`).
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "deploy"))
import space  # noqa: E402


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def in_git_checkout() -> bool:
    return shutil.which("git") is not None and (ROOT / ".git").exists()


def test_the_upload_holds_what_the_app_runs_on_and_nothing_else():
    files = space.space_files()
    assert len(files) == len(set(files))
    for needed in ("app.py", "requirements.txt", "README.md", "LICENSE", "mtp_viz/ui/step_through.py",
                   "assets/miniature/target/config.json", "assets/traces/actions_speak.json"):
        assert needed in files, needed
    assert any(f.startswith("assets/fonts/") and f.endswith(".woff2") for f in files)
    assert sum(f.endswith(".safetensors") for f in files) == sum(
        1 for _ in (ROOT / "assets").rglob("*.safetensors"))
    for name in files:
        assert (ROOT / name).is_file(), name
        assert not name.startswith(("tests/", "benchmarks/", "docs/overflow/", ".venv", ".ci/", "mtp_viz/training/"))
        assert "__pycache__" not in name and not name.endswith(".pyc")
    for module in (ROOT / "mtp_viz").rglob("*.py"):                   # the app never imports what is left out
        if "training" not in module.parts:
            assert "mtp_viz.training" not in module.read_text().replace("python -m mtp_viz.training", ""), module


def test_the_readme_front_matter_is_the_space_configuration():
    assert space.metadata_problems() == []
    meta = space.front_matter()
    assert meta["sdk_version"] == space.gradio_pin() != ""
    assert space.front_matter("no front matter\n") == {}


def test_dry_run_lists_the_files_and_their_size(capsys):
    assert space.main(["--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "app.py" in out and "files," in out and "tests/" not in out


@pytest.mark.skipif(not in_git_checkout(), reason="not a git checkout")
def test_every_binary_file_in_git_goes_through_lfs_by_gitattributes():
    """git's own test for binary (a NUL byte in the first 8,000 bytes), then git's own reading of .gitattributes."""
    binary = [name for name in git("ls-files", "-z").split("\0")
              if name and (ROOT / name).is_file() and b"\0" in (ROOT / name).read_bytes()[:8000]]
    assert any(name.endswith(".safetensors") for name in binary)
    attrs = git("check-attr", "filter", "diff", "merge", "text", "--", *binary)
    missing = sorted({line.split(":")[0] for line in attrs.splitlines()
                      if line.endswith((": filter: unspecified", ": text: set", ": text: unspecified"))})
    assert not missing, f"binary files not covered by .gitattributes (filter=lfs diff=lfs merge=lfs -text): {missing}"
    assert all(line.split(": ")[-1] in ("lfs", "unset") for line in attrs.splitlines())


def test_upload_sends_one_commit_with_the_list_and_deletes_what_the_space_holds_beyond_it(monkeypatch):
    """No network: a stand-in for HfApi records what upload() asks of the Hub."""
    import huggingface_hub

    calls = {}

    class Hub:
        def create_repo(self, repo_id, **kwargs):
            calls["repo"] = (repo_id, kwargs)

        def list_repo_files(self, repo_id, repo_type):
            return ["README.md", ".gitattributes", "old_app.py"]

        def create_commit(self, repo_id, operations, **kwargs):
            calls["operations"] = operations

        def add_space_variable(self, repo_id, key, value):
            calls.setdefault("variables", {})[key] = value

    monkeypatch.setattr(huggingface_hub, "HfApi", Hub)
    files = space.space_files()
    assert space.upload("alice/mtp-viz", files, False, {"MTP_VIZ_WORKERS": "4"}).endswith("spaces/alice/mtp-viz")
    assert calls["repo"] == ("alice/mtp-viz", {"repo_type": "space", "space_sdk": "gradio", "private": False,
                                               "exist_ok": True})
    added = [op.path_in_repo for op in calls["operations"] if isinstance(op, huggingface_hub.CommitOperationAdd)]
    deleted = [op.path_in_repo for op in calls["operations"] if isinstance(op, huggingface_hub.CommitOperationDelete)]
    assert added == files and deleted == ["old_app.py"]
    assert calls["variables"] == {"MTP_VIZ_WORKERS": "4"}


def test_without_a_space_name_it_says_how_to_give_one(capsys):
    for argv in ([], ["no-slash"]):
        with pytest.raises(SystemExit):
            space.main(argv)
        assert "owner/name" in capsys.readouterr().err
