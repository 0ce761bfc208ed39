"""The backward code computed from derivatives.yaml works under torch: gradcheck, opcheck and torch.compile.

The project's ops are stood in for by torch-implemented custom ops with the signatures the generated entry
points have (inputs positional, attrs keyword-only), so this checks the autograd wiring, not any kernel.
"""
from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any, Callable

import pytest

from opkit.spec import load_spec
from opkit.spec.derivatives import load_derivatives
from opkit.spec.derivatives_render import autograd_code

torch = pytest.importorskip("torch")

NS = "opkit_deriv_test"
HERE = Path(__file__).resolve().parent / "specs" / "derivatives"
Tensor = torch.Tensor


def _define_ops() -> None:
    """Reference implementations standing in for the project's kernels."""
    @torch.library.custom_op(f"{NS}::gelu_custom", mutates_args=())
    def gelu_custom(x: Tensor, *, approximate: str = "none") -> Tensor:
        return torch.nn.functional.gelu(x, approximate=approximate)

    @torch.library.custom_op(f"{NS}::gelu_custom_grad", mutates_args=())
    def gelu_custom_grad(dy: Tensor, x: Tensor, *, approximate: str = "none") -> Tensor:
        return torch.ops.aten.gelu_backward(dy, x, approximate=approximate)

    @torch.library.custom_op(f"{NS}::mul_custom", mutates_args=())
    def mul_custom(x: Tensor, y: Tensor) -> Tensor:
        return x * y

    @torch.library.custom_op(f"{NS}::exp_custom", mutates_args=())
    def exp_custom(x: Tensor) -> Tensor:
        return torch.exp(x)

    @torch.library.custom_op(f"{NS}::split_custom", mutates_args=())
    def split_custom(x: Tensor) -> tuple[Tensor, Tensor]:
        return x.clone(), x * 2

    @torch.library.custom_op(f"{NS}::concat_custom", mutates_args=())
    def concat_custom(a: Tensor, b: Tensor) -> Tensor:
        return a + 2 * b

    for op in (gelu_custom, gelu_custom_grad, mul_custom, exp_custom, concat_custom):
        op.register_fake(lambda *args, **kwargs: torch.empty_like(args[0]))
    split_custom.register_fake(lambda x: (torch.empty_like(x), torch.empty_like(x)))


def _compile_functions(op_name: str, derivs_file: Path) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """Render setup_context/backward exactly as a template would (substitution and loops only) and exec them."""
    derivs = load_derivatives(derivs_file, load_spec(HERE / "ops.json"))
    entry = derivs.for_op(op_name)
    assert entry is not None
    code = autograd_code(entry, f"torch.ops.{NS}")
    source = (f"def setup_context({code.setup_params}):\n{textwrap.indent(chr(10).join(code.setup_lines), '    ')}\n"
              f"def backward(ctx, {code.grad_params}):\n"
              f"{textwrap.indent(chr(10).join(code.backward_lines), '    ')}\n")
    scope: dict[str, Any] = {"torch": torch}
    exec(compile(source, f"<autograd {op_name}>", "exec"), scope)  # noqa: S102 - our own rendered code
    return scope["setup_context"], scope["backward"]


@pytest.fixture(scope="module")
def ops(tmp_path_factory: pytest.TempPathFactory) -> Any:
    _define_ops()
    derivs_file = tmp_path_factory.mktemp("derivs") / "derivatives.yaml"
    derivs_file.write_text(textwrap.dedent("""\
        - name: gelu_custom
          x: gelu_custom_grad(grad, x, approximate=approximate)
        - name: mul_custom
          x: mul_custom(grad, y)
          y: mul_custom(grad, x)
        - name: exp_custom
          x: mul_custom(grad, result)
        - name: split_custom
          x: concat_custom(grads[0], grads[1])
        """))
    for name in ("gelu_custom", "mul_custom", "exp_custom", "split_custom"):
        setup, backward = _compile_functions(name, derivs_file)
        torch.library.register_autograd(f"{NS}::{name}", backward, setup_context=setup)
    return getattr(torch.ops, NS)


def _inputs(*shapes: tuple[int, ...]) -> list[Tensor]:
    gen = torch.Generator().manual_seed(0)
    return [torch.randn(s, dtype=torch.float64, generator=gen, requires_grad=True) for s in shapes]


@pytest.mark.parametrize("approximate", ["none", "tanh"])
def test_gelu_backward_from_attr_formula_passes_gradcheck(ops: Any, approximate: str) -> None:
    (x,) = _inputs((5, 3))
    assert torch.autograd.gradcheck(lambda t: ops.gelu_custom(t, approximate=approximate), (x,))


def test_two_input_formulas_and_result_formula_pass_gradcheck(ops: Any) -> None:
    x, y = _inputs((4,), (4,))
    assert torch.autograd.gradcheck(ops.mul_custom, (x, y))
    assert torch.autograd.gradcheck(ops.exp_custom, (x,))


def test_multi_output_backward_receives_every_grad(ops: Any) -> None:
    (x,) = _inputs((6,))
    a, b = ops.split_custom(x)
    (a.sum() + 3 * b.sum()).backward()
    assert torch.allclose(x.grad, torch.full((6,), 1.0 + 2 * 3.0, dtype=torch.float64))


def test_opcheck_accepts_the_wired_ops(ops: Any) -> None:
    x, y = _inputs((3, 2), (3, 2))
    torch.library.opcheck(ops.gelu_custom.default, (x,), {"approximate": "tanh"})
    torch.library.opcheck(ops.mul_custom.default, (x, y))
    torch.library.opcheck(ops.split_custom.default, (x,))


def test_compiled_fullgraph_backward_matches_eager(ops: Any) -> None:
    (x,) = _inputs((8,))
    compiled = torch.compile(lambda t: ops.exp_custom(ops.gelu_custom(t)).sum(), fullgraph=True, backend="eager")
    compiled(x).backward()
    want = torch.autograd.grad(torch.exp(torch.nn.functional.gelu(x)).sum(), x)[0]
    assert torch.allclose(x.grad, want)
