"""Helpers the generated tests import: case matrix, per-dtype tolerances, seeded inputs, comparison, reference skips.

The public name (`from opkit import testing`) of opkit.check.cases, .inputs and .compare.

Works with numpy alone; torch tensors are accepted wherever arrays are. A generated test looks like::

    from opkit import testing

    CASES = testing.case_matrix(COMBINATIONS, testing.tiling_shapes(tile_length=TILE_LENGTH, core_count=CORES))

    @pytest.mark.parametrize("case", testing.pytest_params(CASES))
    def test_add_custom(case):
        inputs = testing.random_inputs(case.inputs, case.shape, seed=0)
        want = testing.call_reference(reference.add_custom, *inputs)
        testing.assert_close(add_custom.add_custom(*inputs), want, op="add_custom", case=case)

`tile_length` (elements one core handles per loop iteration) and `core_count` (block dim the tiling uses) come
from the generated project, which knows its tiling; the shapes then land on the tiling's edges.
"""
from __future__ import annotations

from opkit.check.cases import (AttrCase, Case, ExtraCase, ShapeCase, attr_cases, attr_values, case_matrix,
                               extra_cases, gradcheck_combination, pytest_params, tiling_shapes)
from opkit.check.compare import TOLERANCES, ReferenceMissing, Tolerance, assert_close, call_reference, \
    check_output_dtypes, tolerance
from opkit.check.example_shapes import TestShapes, call_op, case_shapes, example_outputs, outputs_inferred
from opkit.check.inputs import VALUE_RANGES, fresh_copies, numpy_can_hold, numpy_dtype, op_inputs, probe_shape, \
    probe_values, random_array, random_inputs, to_numpy

__all__ = ["Tolerance", "TOLERANCES", "tolerance", "ShapeCase", "tiling_shapes", "Case", "case_matrix",
           "pytest_params", "numpy_dtype", "random_array", "random_inputs", "to_numpy", "assert_close",
           "call_reference", "ReferenceMissing", "op_inputs", "numpy_can_hold", "check_output_dtypes",
           "gradcheck_combination", "AttrCase", "attr_cases", "VALUE_RANGES", "ExtraCase", "extra_cases", "attr_values",
           "TestShapes", "case_shapes", "call_op", "example_outputs", "outputs_inferred", "fresh_copies",
           "probe_shape", "probe_values"]
