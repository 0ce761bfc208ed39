# torch_npu-style tests of one op called three ways: a C++ extension, an OpPlugin entry, and graph mode (torchair).
from typing import Any

import torch
import torch_npu
import torchair
from torch.library import impl
from torch_npu.meta._meta_registrations import m
from torch_npu.testing.testcase import TestCase, run_tests
from torchair import register_fx_node_ge_converter
from torchair.ge import Tensor

import opkit_npu_ext

torch.npu.config.allow_internal_format = False


@impl(m, "npu_add_custom")
def npu_add_custom_meta(x, y):
    return torch.empty_like(x)


@register_fx_node_ge_converter(torch.ops.npu.npu_add_custom.default)
def convert_npu_add_custom(x: Tensor, y: Tensor, z: Tensor = None, meta_outputs: Any = None):
    return torchair.ge.custom_op("AddCustom", inputs={"x": x, "y": y}, outputs=["z"])


@register_fx_node_ge_converter(torch.ops.myops.add_custom.default)
def convert_misnamed(x: Tensor, y: Tensor, meta_outputs: Any = None):
    return torchair.ge.custom_op("AddCustom", inputs={"x": x, "other": y}, outputs=["z"])


class TestExtension(TestCase):
    def test_forward_and_backward(self):
        x = torch.rand([8, 2048], dtype=torch.float16)
        y = torch.rand([8, 2048], dtype=torch.float16)
        x_npu, y_npu = x.npu().requires_grad_(), y.npu().requires_grad_()
        out = opkit_npu_ext.add_custom(x_npu, y_npu)
        out.backward(out)
        x.requires_grad_()
        y.requires_grad_()
        ref = torch.add(x, y)
        ref.backward(ref)
        self.assertEqual(out.device.type, "npu")
        self.assertRtolEqual(out, ref)
        self.assertRtolEqual(x_npu.grad, x.grad)
        self.assertRtolEqual(y_npu.grad, y.grad)

    def test_float32_and_int32(self):
        for dtype in (torch.float32, torch.int32):
            x = (torch.rand([3, 1000]) * 100).to(dtype)
            y = (torch.rand([3, 1000]) * 100).to(dtype)
            self.assertRtolEqual(torch.ops.myops.add_custom(x.npu(), y.npu()).cpu(), x + y)

    def test_unsupported_dtype_is_aclnn_error(self):
        x = torch.ones(16, dtype=torch.float64).npu()
        with self.assertRaisesRegex(RuntimeError, "aclnnAddCustom"):
            opkit_npu_ext.add_custom(x, x)


class TestOpPlugin(TestCase):
    def test_npu_add_custom(self):
        x = torch.rand([8, 2048], dtype=torch.float16)
        y = torch.rand([8, 2048], dtype=torch.float16)
        torch.npu.synchronize()
        out = torch_npu.npu_add_custom(x.npu(), y.npu()).cpu()
        torch.npu.synchronize()
        self.assertRtolEqual(out, x + y)
        self.assertIs(torch_npu.npu_add_custom, torch.ops.npu.npu_add_custom)


class TestGraphMode(TestCase):
    def test_compiled_module_runs_the_op(self):
        class Module(torch.nn.Module):
            def forward(self, x, y):
                return torch_npu.npu_add_custom(x, y) * 2

        backend = torchair.get_npu_backend(compiler_config=torchair.CompilerConfig())
        x = torch.rand([8, 64], device="npu", dtype=torch.float16)
        y = torch.rand([8, 64], device="npu", dtype=torch.float16)
        out = torch.compile(Module().npu(), backend=backend, dynamic=True)(x, y)
        self.assertRtolEqual(out, (x + y) * 2)

    def test_converter_input_names_must_match_the_opdef(self):
        class Module(torch.nn.Module):
            def forward(self, x, y):
                return torch.ops.myops.add_custom(x, y)

        backend = torchair.get_npu_backend(compiler_config=torchair.CompilerConfig())
        x = torch.rand([4], device="npu")
        with self.assertRaisesRegex(Exception, r"convert_misnamed.*AddCustom.*\['x', 'other'\].*\['x', 'y'\]"):
            torch.compile(Module(), backend=backend)(x, x)


if __name__ == "__main__":
    run_tests()
