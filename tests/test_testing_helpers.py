"""opkit.testing: the helpers generated tests import (shapes on tiling edges, tolerances, inputs, comparison)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from opkit import testing


def test_tiling_shapes_hit_every_edge() -> None:
    shapes = {c.name: c.shape for c in testing.tiling_shapes(tile_length=256, core_count=8)}
    assert shapes["one-element"] == (1,) and shapes["empty"] == (0,) and shapes["one-tile"] == (256,)
    assert shapes["all-cores"] == (2048,)
    assert int(np.prod(shapes["many-tiles-all-cores"])) > 2 * 256 * 8
    for name in ("unaligned", "tail", "large"):
        count = int(np.prod(shapes[name]))
        assert all(count * size % 32 for size in (1, 2, 4, 8)), name
    assert int(np.prod(shapes["large"])) >= 1 << 20


def test_tiling_shapes_drop_duplicates_and_refuse_nonsense() -> None:
    shapes = [c.shape for c in testing.tiling_shapes(tile_length=1, core_count=1, large=1)]
    assert len(shapes) == len(set(shapes))
    with pytest.raises(ValueError, match="tile_length"):
        testing.tiling_shapes(tile_length=0, core_count=8)


def test_case_matrix_crosses_combinations_with_shapes() -> None:
    combos = [(("float16", "float16"), ("float16",)), (("int32", "int32"), ("int32",))]
    cases = testing.case_matrix(combos, testing.tiling_shapes(tile_length=64, core_count=2))
    assert len(cases) == 2 * len(testing.tiling_shapes(tile_length=64, core_count=2))
    assert len({c.id for c in cases}) == len(cases)
    assert cases[0].describe("add_custom") == "add_custom [float16, float16 -> float16] shape (1,)"
    params = testing.pytest_params(cases)
    assert params[0].id == "float16-float16->float16-one-element1"


@pytest.mark.parametrize("dtype,exact", [("float16", False), ("bfloat16", False), ("float32", False),
                                         ("double", False), ("int8", True), ("uint64", True), ("bool", True)])
def test_tolerances_per_dtype(dtype: str, exact: bool) -> None:
    assert testing.tolerance(dtype).exact is exact
    assert testing.tolerance("float16").rtol > testing.tolerance("float32").rtol > testing.tolerance("double").rtol


@pytest.mark.parametrize("dtype", ["float16", "float32", "double", "int8", "int32", "uint8", "bool", "complex64"])
def test_random_inputs_are_seeded_typed_and_in_range(dtype: str) -> None:
    a, b = testing.random_inputs([dtype, dtype], (5, 7), seed=3)
    again, _ = testing.random_inputs([dtype, dtype], (5, 7), seed=3)
    assert a.dtype == testing.numpy_dtype(dtype) and a.shape == (5, 7)
    assert np.array_equal(a, again) and not np.array_equal(a, b)
    if dtype not in ("bool", "complex64"):
        assert np.abs(a.astype(np.float64)).max() <= 16


def test_random_bfloat16_as_torch_tensor() -> None:
    torch = pytest.importorskip("torch")
    (x,) = testing.random_inputs(["bfloat16"], (4,), seed=0, torch=True)
    assert x.dtype == torch.bfloat16
    assert testing.to_numpy(x).dtype == np.float32


def test_close_outputs_pass_within_dtype_tolerance() -> None:
    want = np.linspace(-2, 2, 101).astype(np.float16)
    got = (want.astype(np.float64) * (1 + 5e-4)).astype(np.float16)
    testing.assert_close(got, want, op="add_custom", dtype="float16")
    testing.assert_close((np.array([np.nan, 1.0]),), (np.array([np.nan, 1.0]),))


def test_mismatch_message_is_actionable() -> None:
    case = testing.Case(("float32", "float32"), ("float32",), (3, 4))
    want = np.zeros((3, 4), np.float32)
    got = want.copy()
    got[1, 2], got[2, 3] = 0.5, 1e-3
    with pytest.raises(AssertionError) as caught:
        testing.assert_close(got, want, op="add_custom", case=case)
    text = str(caught.value)
    assert text.startswith("add_custom [float32, float32 -> float32] shape (3, 4): 2 of 12 elements differ")
    assert "max abs error 0.5," in text and "max rel error inf" in text
    assert "worst at index (1, 2): got 0.5, expected 0.0" in text
    assert "rtol=1.3e-06, atol=1e-05" in text


def test_integer_outputs_compare_exactly_beyond_float_precision() -> None:
    big = np.array([2**60, 2**60 + 1], dtype=np.int64)
    with pytest.raises(AssertionError, match=r"1 of 2 elements differ.*\n.*index \(1,\)"):
        testing.assert_close(big, np.array([2**60, 2**60], dtype=np.int64), dtype="int64")


def test_wrong_dtype_shape_and_output_count_are_named() -> None:
    case = testing.Case(("float16",), ("float16",), (4,))
    with pytest.raises(AssertionError, match="output dtype is float32, expected float16"):
        testing.assert_close(np.zeros(4, np.float32), np.zeros(4), case=case, op="gelu")
    with pytest.raises(AssertionError, match=re.escape("output shape is (3,), the reference's is (4,)")):
        testing.assert_close(np.zeros(3, np.float16), np.zeros(4), case=case, op="gelu")
    with pytest.raises(AssertionError, match="returned 2 outputs, the reference 1"):
        testing.assert_close((np.zeros(4), np.zeros(4)), np.zeros(4), op="gelu")


def test_torch_tensors_compare_like_arrays() -> None:
    torch = pytest.importorskip("torch")
    testing.assert_close(torch.ones(3, dtype=torch.bfloat16), np.ones(3, np.float32), dtype="bfloat16")
    with pytest.raises(AssertionError, match="1 of 3 elements differ"):
        testing.assert_close(torch.tensor([1.0, 2.0, 3.5]), np.array([1.0, 2.0, 3.0], np.float32))


def test_unwritten_reference_skips_naming_file_and_function(tmp_path: Path) -> None:
    (tmp_path / "reference.py").write_text("def add_custom(x, y):\n    raise NotImplementedError\n")
    (tmp_path / "test_it.py").write_text(
        "import numpy as np\nfrom opkit import testing\nimport reference\n\n"
        "def test_uses_reference():\n"
        "    testing.call_reference(reference.add_custom, np.ones(2), np.ones(2))\n"
        "    raise AssertionError('must not get here')\n")
    run = subprocess.run([sys.executable, "-m", "pytest", "-rs", "-p", "no:cacheprovider", "test_it.py"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout
    assert "1 skipped" in run.stdout
    assert "reference not written: implement add_custom() in reference.py" in run.stdout


def test_written_reference_returns_its_value() -> None:
    assert testing.call_reference(lambda x: x + 1, 1) == 2


def test_op_inputs_give_lists_for_dynamic_inputs_and_are_seeded() -> None:
    case = testing.Case(("float32", "int32"), ("float32",), (2, 3))
    xs, index = testing.op_inputs(case, ["dynamic", "required"], seed=4)
    assert isinstance(xs, list) and len(xs) == 2 and not np.array_equal(xs[0], xs[1])
    assert index.dtype == np.int32 and index.shape == (2, 3)
    again, _ = testing.op_inputs(case, ["dynamic", "required"], seed=4)
    assert all(np.array_equal(a, b) for a, b in zip(xs, again))


def test_check_output_dtypes_names_the_wrong_output() -> None:
    case = testing.Case(("float16",), ("float16", "int32"), (4,))
    testing.check_output_dtypes((np.zeros(4, np.float16), [np.zeros(4, np.int32)]), case, op="split")
    with pytest.raises(AssertionError, match=r"split \[float16 -> float16, int32\] shape \(4,\): output 1 has "
                                             r"dtype int64, expected int32"):
        testing.check_output_dtypes((np.zeros(4, np.float16), np.zeros(4, np.int64)), case, op="split")
    with pytest.raises(AssertionError, match="returned 1 outputs, expected 2"):
        testing.check_output_dtypes(np.zeros(4, np.float16), case)


def test_gradcheck_combination_prefers_float32_differentiable_inputs() -> None:
    combos = [(("float16", "int32"), ("float16",)), (("float", "int32"), ("float",))]
    assert testing.gradcheck_combination(combos, [0]) == 1
    assert testing.gradcheck_combination(combos[:1], [0]) is None
    assert testing.gradcheck_combination(combos, []) is None


def test_numpy_can_hold_and_to_numpy_of_lists() -> None:
    assert testing.numpy_can_hold(["float16", "int8", "bool"])
    pair = testing.to_numpy([np.ones(2), np.zeros(1)])
    assert isinstance(pair, list) and [a.shape for a in pair] == [(2,), (1,)]
