"""Reading a prototype is bounded: an alias bomb, deep nesting or a huge file is a located error (exit 2) found
quickly and in little memory, never a machine brought to its knees."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from opkit.errors import SpecError
from opkit.spec import load_spec
from opkit.spec.source import MAX_DEPTH, MAX_FILE_BYTES, MAX_VALUES
from tests.specs.corpus import INVALID_DIR

BOMB = INVALID_DIR / "yaml_alias_bomb.yaml"
# A fresh interpreter runs `opkit validate` as its only child, so RUSAGE_CHILDREN's peak is that command's own.
_MEASURE = """\
import json, resource, subprocess, sys, time
start = time.monotonic()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
print(json.dumps({"code": done.returncode, "err": done.stderr, "seconds": time.monotonic() - start,
                  "max_rss_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
"""


def _problems(path: Path) -> list[str]:
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    return [str(p) for p in caught.value.problems]


def test_alias_bomb_is_refused_fast_in_bounded_memory_by_the_cli() -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-c", _MEASURE, sys.executable, "-m", "opkit", "validate", "-i", str(BOMB)],
                          capture_output=True, text=True, env=env, timeout=120, check=True)
    run = json.loads(done.stdout)
    print(f"alias bomb: {run['seconds']:.2f} s, peak RSS {run['max_rss_kib'] / 1024:.0f} MiB")
    assert run["code"] == 2 and "Traceback" not in run["err"]
    assert f"YAML aliases expand to more than {MAX_VALUES} values" in run["err"]
    assert run["seconds"] < 10        # about 0.3 s on an idle machine, interpreter start included; before: > 90 s
    assert run["max_rss_kib"] < 200 * 1024   # about 45 MiB; before: > 1.7 GB


def test_alias_bomb_is_refused_within_a_second_by_the_api() -> None:
    start = time.perf_counter()
    (problem,) = _problems(BOMB)
    assert time.perf_counter() - start < 1.0
    assert problem.startswith(f"{BOMB}:3:10: YAML aliases expand")   # the first alias


def test_a_self_referencing_alias_is_a_nesting_error(tmp_path: Path) -> None:
    path = tmp_path / "cycle.yaml"
    path.write_text("- &a [*a]\n")
    (problem,) = _problems(path)
    assert f"values nest deeper than {MAX_DEPTH} levels once YAML aliases are expanded" in problem


def test_aliases_within_the_limits_still_load(tmp_path: Path) -> None:
    path = tmp_path / "ops.yaml"
    path.write_text("- op: AddCustom\n  input_desc: [{name: x, type: &t [float16, float32]}]\n"
                    "  output_desc: [{name: y, type: *t}]\n")
    assert [t.name for t in load_spec(path).ops[0].tensors] == ["x", "y"]


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_deep_nesting_is_located_where_it_passes_the_limit(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"deep{suffix}"
    path.write_text("\n" + "[" * 100_000 + "]" * 100_000)
    (problem,) = _problems(path)
    assert problem == (f"{path}:2:{MAX_DEPTH + 1}: values nest deeper than {MAX_DEPTH} levels; "
                       "a prototype is a short list of operators")


def test_brackets_inside_strings_are_not_nesting(tmp_path: Path) -> None:
    path = tmp_path / "op.json"
    op = {"op": "AddCustom", "input_desc": [{"name": "x", "type": ["float16"]}],
          "output_desc": [{"name": "y", "type": ["float16"]}],
          "attr": [{"name": "s", "param_type": "optional", "type": "string", "default_value": "[" * 100 + '\\"'}]}
    path.write_text(json.dumps([op]))
    assert load_spec(path).ops[0].attrs[0].default == "[" * 100 + '\\"'


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_a_file_over_the_size_limit_is_refused_unparsed(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"big{suffix}"
    path.write_bytes(b"[" + b" " * MAX_FILE_BYTES + b"]")
    (problem,) = _problems(path)
    assert problem == (f"{path}:1:1: file is larger than {MAX_FILE_BYTES} bytes (1 MiB); a prototype is a short "
                       "list of operators; split the operators over several files")
