# A custom op's torchair module, as torchair's converter guide has one written into torchair/python/torchair/ops/:
# the op's torch schema with Meta and placeholder kernels, its GE API as `make generate_ge_raw_custom_ops` generates
# it from REG_OP(ScaleAxpySink), and the converter. The op has no eager kernel: only graph mode runs it.
from typing import List, Union

import torch
from torchair._ge_concrete_graph.compat_ir import IrDef, ge_op
from torchair._ge_concrete_graph.fx2ge_converter import register_fx_node_ge_converter
from torchair.ge import Tensor, attr
from torchair.ge._ge_graph import TensorSpec, TensorType, auto_convert_to_tensor

lib = torch.library.Library("air", "FRAGMENT")
lib.define("scale_axpy_sink(Tensor x, Tensor y, float alpha=1.0, int beta=1) -> Tensor")


@torch.library.impl(lib, "scale_axpy_sink", "Meta")
def kernel_meta(x, y, alpha=1.0, beta=1):
    return torch.empty_like(x)


def kernel_impl(x, y, alpha=1.0, beta=1):
    raise NotImplementedError("torch.ops.air.scale_axpy_sink has no eager kernel")


torch.library.impl(lib, "scale_axpy_sink", "CPU")(kernel_impl)
torch.library.impl(lib, "scale_axpy_sink", "PrivateUse1")(kernel_impl)


@auto_convert_to_tensor([False, False], [False, False], inputs_tensor_type=[TensorType.TT_ALL, TensorType.TT_ALL])
def ScaleAxpySink(x: Tensor, y: Tensor, *, alpha: float = 1.0, beta: int = 1, dependencies=[], node_name=None):
    inputs = {"x": x, "y": y}
    attrs = {"alpha": attr.Float(alpha), "beta": attr.Int(beta)}
    outputs = ["z"]
    return ge_op(op_type="ScaleAxpySink", inputs=inputs, attrs=attrs, outputs=outputs, dependencies=dependencies,
                 ir=IrDef("ScaleAxpySink").input("x", "").input("y", "").attr("alpha", attr.Float(1.0))
                 .attr("beta", attr.Int(1)).output("z", ""))


@register_fx_node_ge_converter(torch.ops.air.scale_axpy_sink.default)
def convert_scale_axpy_sink(x: torch.Tensor, y: torch.Tensor, alpha: float = 1.0, beta: int = 1,
                            meta_outputs: Union[TensorSpec, List[TensorSpec]] = None):
    return ScaleAxpySink(x, y, alpha=alpha, beta=beta)
