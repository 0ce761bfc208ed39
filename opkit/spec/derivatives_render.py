"""What a template needs to wire `torch.library.register_autograd` for one op, computed here so the template
only prints lines.

The custom op's signature is the generated entry point's: inputs positionally, then attrs in prototype order,
keyword-only by default. torch then hands `setup_context` the inputs as `inputs` and the keyword-only attrs as
`keyword_only_inputs` (a dict), and `backward` returns one gradient per positional input only. With
`attrs_keyword_only=False` the attrs are positional: they arrive in `inputs` and get a `None` gradient.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from opkit.spec.derivatives import Derivatives, OpDerivatives

__all__ = ["AutogradCode", "autograd_code", "autograd_context"]

_LOCAL = "_opkit_g"   # prefix of backward locals holding formula values; tensor names are C++ identifiers


@dataclass(frozen=True)
class AutogradCode:
    """Bodies (lines, without indentation) of `setup_context(ctx, inputs, output)` and `backward(ctx, <grads>)`."""

    op: str                           # snake_case name of the forward op
    setup_params: str                 # "ctx, inputs, output" (+ "keyword_only_inputs" when attrs are keyword-only)
    grad_params: str                  # "grad" (one output) or "*grads" (several)
    setup_lines: tuple[str, ...]
    backward_lines: tuple[str, ...]


def autograd_code(derivs: OpDerivatives, namespace: str, *, attrs_keyword_only: bool = True) -> AutogradCode:
    """The setup/backward bodies for `derivs.op`; op calls in formulas are prefixed by `namespace`
    (e.g. `torch.ops.add_custom` or a module alias such as `_ops`)."""
    op = derivs.op
    keyword_only = attrs_keyword_only and bool(op.attrs)
    params = [t.name for t in op.inputs] + ([] if keyword_only else [a.name for a in op.attrs])
    dynamic = {t.name for t in op.inputs if t.param_type == "dynamic"}
    tensors = [n for n in derivs.saved_inputs if n not in dynamic]
    saved = [f"inputs[{params.index(n)}]" for n in tensors]
    results = list(derivs.saved_results)
    saved += ["output" if r == "result" else f"output[{r.removeprefix('result')}]" for r in results]
    setup = [f"ctx.save_for_backward({', '.join(saved)})"] if saved else []
    # Lists and attrs are not tensors: save_for_backward refuses them, so they ride on ctx.
    kept = [n for n in derivs.saved_inputs if n in dynamic] + list(derivs.saved_attrs)
    setup += [f"ctx.opkit_{n} = " + (f"inputs[{params.index(n)}]" if n in params else f"keyword_only_inputs[{n!r}]")
              for n in kept]
    backward = []
    if saved:
        backward.append(f"{', '.join(tensors + results)}, = ctx.saved_tensors")
    backward += [f"{n} = ctx.opkit_{n}" for n in kept]
    grads: dict[str, str] = {}
    for i, formula in enumerate(derivs.formulas):
        backward.append(f"{_LOCAL}{i} = {formula.expression(namespace)}")
        for k, name in enumerate(formula.inputs):
            grads[name] = f"{_LOCAL}{i}" if len(formula.inputs) == 1 else f"{_LOCAL}{i}[{k}]"
    backward.append("return " + ", ".join(grads.get(n, "None") for n in params) + ("," if len(params) == 1 else ""))
    setup_params = "ctx, inputs, keyword_only_inputs, output" if keyword_only else "ctx, inputs, output"
    return AutogradCode(op=op.name, setup_params=setup_params,
                        grad_params="grad" if len(op.outputs) == 1 else "*grads",
                        setup_lines=tuple(setup or ["pass"]), backward_lines=tuple(backward))


def autograd_context(derivs: Derivatives | None, op_name: str, namespace: str, *,
                     attrs_keyword_only: bool = True) -> dict[str, Any] | None:
    """Template values for op `op_name` (keys: op, setup_params, grad_params, setup_lines, backward_lines), or
    None when it has no formulas (the template then registers no autograd for it)."""
    entry = derivs.for_op(op_name) if derivs is not None else None
    if entry is None:
        return None
    return asdict(autograd_code(entry, namespace, attrs_keyword_only=attrs_keyword_only))
