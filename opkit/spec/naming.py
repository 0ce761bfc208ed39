"""msopgen's naming rules: OpType (UpperCamelCase) -> file/kernel name (snake_case)."""
from __future__ import annotations

import re

__all__ = ["snake_case"]


def snake_case(op_type: str) -> str:
    """`AddCustom -> add_custom`, `AbcAAc -> abc_a_ac`: an underscore before every capital but the first.

    This is msopgen's rule (consecutive capitals are split one by one), kept so file names match its output.
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "_", op_type).lower()
