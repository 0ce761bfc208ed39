"""An OpType's file-name form is msopgen's (`fix_name_lower_with_under`): a CANN project's op_kernel/<op>.cpp is found
under the name msopgen gave it, and `opkit gen` names files as msopgen would. Runs of capitals stay one word."""
from __future__ import annotations

import pytest

from opkit.spec.naming import op_type_problem, snake_case


@pytest.mark.parametrize("op_type, name", [
    ("AddCustom", "add_custom"),
    ("NLLLoss", "nll_loss"),
    ("LayerNormV3", "layer_norm_v3"),
    ("ReLU6", "re_lu6"),
    ("AdamApplyOneWithDecay", "adam_apply_one_with_decay"),
    ("IsFinite", "is_finite"),
    ("BNTrainingUpdate", "bn_training_update"),
    ("Conv2D", "conv2_d"),               # a capital after a digit starts a word
    ("MatMulV2", "mat_mul_v2"),
    ("ApplyAdamW", "apply_adam_w"),
    ("GeGluV2", "ge_glu_v2"),
    ("AbcAAc", "abc_a_ac"),
    ("Abc2DEf", "abc2_d_ef"),            # the examples msopgen's own docstring gives
    ("Abc2DEF", "abc2_def"),
    ("ABC2dEF", "abc2d_ef"),
    ("Exp", "exp"),
    ("A", "a"),
])
def test_op_type_becomes_msopgens_file_name(op_type: str, name: str) -> None:
    assert snake_case(op_type) == name


def test_names_are_judged_in_their_file_name_form() -> None:
    # "NLLLoss" is fine; an OpType whose file-name form is a keyword is refused under that form.
    assert op_type_problem("NLLLoss") == ("", "")
    assert op_type_problem("For")[0] == 'operator name "For" becomes "for", which is a C++ keyword'
