"""Three-way merge of a regenerated user-owned file: the change from the base render to the new render, applied to
the user's version.

The merge itself is git's (`git merge-file`, Myers diff, the conflict markers everyone knows) when git is on PATH,
and the `merge3` library's otherwise: a plain `pip install opkit` on a machine without git (a slim container) must
regenerate too, and merge3 is small, pure Python and what Breezy itself merges with. Both leave standard
`<<<<<<<` / `=======` / `>>>>>>>` markers. Nothing here writes into the project.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = ["MergeResult", "Engine", "merge_texts", "conflict_hunks", "default_engine"]

Engine = Literal["git", "merge3"]
YOURS = "yours"
BASE = "base (opkit gen, before)"
THEIRS = "opkit gen (new prototype)"


@dataclass(frozen=True)
class MergeResult:
    text: str
    conflicts: tuple[tuple[int, int], ...]   # 1-based first and last line of each marked hunk in `text`
    engine: Engine


def default_engine() -> Engine:
    return "git" if shutil.which("git") else "merge3"


def merge_texts(yours: str, base: str, new: str, *, engine: Engine | None = None) -> MergeResult:
    """`yours` with the change base -> new applied; where both changed the same lines, a marked conflict."""
    chosen = engine or default_engine()
    text = _git_merge(yours, base, new) if chosen == "git" else _merge3(yours, base, new)
    return MergeResult(text, conflict_hunks(text), chosen)


def conflict_hunks(text: str) -> tuple[tuple[int, int], ...]:
    hunks, start = [], 0
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("<<<<<<< "):
            start = number
        elif line.startswith(">>>>>>> ") and start:
            hunks.append((start, number))
            start = 0
    return tuple(hunks)


def _git_merge(yours: str, base: str, new: str) -> str:
    with tempfile.TemporaryDirectory(prefix="opkit-merge-") as tmp:
        paths = []
        for name, text in (("yours", yours), ("base", base), ("new", new)):
            path = Path(tmp) / name
            path.write_bytes(text.encode("utf-8"))
            paths.append(str(path))
        # -p: result on stdout, the files stay; exit status = number of conflicts, negative/>127 on error.
        env = {**os.environ, "LC_ALL": "C", "GIT_CONFIG_NOSYSTEM": "1", "HOME": tmp}
        done = subprocess.run(["git", "merge-file", "-p", "-L", YOURS, "-L", BASE, "-L", THEIRS, *paths],
                              capture_output=True, env=env, check=False)
        if not 0 <= done.returncode <= 127:
            return _merge3(yours, base, new)   # git present but unusable: the library merges the same way
        return done.stdout.decode("utf-8")


def _merge3(yours: str, base: str, new: str) -> str:
    import merge3   # only needed without git

    merger = merge3.Merge3(base.splitlines(True), yours.splitlines(True), new.splitlines(True))
    lines = merger.merge_lines(name_a=YOURS, name_b=THEIRS, start_marker="<<<<<<<", mid_marker="=======",
                               end_marker=">>>>>>>")
    return "".join(lines)
