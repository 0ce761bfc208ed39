# Graph mode where the GE node is all there is: torch.ops.air.scale_axpy_sink has no eager kernel, so every result
# below comes from the ScaleAxpySink node its converter builds (torchair.ops.scale_axpy_sink, found in the torchair
# module folder the run names), run by the op package built from ../op_package (CANN 9's npu_op_package layout).
import logging

import numpy as np
import torch
import torch_npu
import torchair
from torch_npu.testing.testcase import TestCase, run_tests
from torchair.configs.compiler_config import CompilerConfig
from torchair.core.utils import logger

import torchair.ops.scale_axpy_sink  # noqa: F401

logger.setLevel(logging.DEBUG)


class ScaleAxpyThenAbs(torch.nn.Module):
    def __init__(self, alpha, beta):
        super().__init__()
        self.alpha, self.beta = alpha, beta

    def forward(self, x, y):
        return torch.ops.air.scale_axpy_sink.default(x, y, self.alpha, self.beta).abs()


def compiled(dynamic, alpha=0.5, beta=3):
    config = CompilerConfig()
    config.debug.graph_dump.type = "pbtxt"
    config.experimental_config.tiling_schedule_optimize = True
    backend = torchair.get_npu_backend(compiler_config=config)
    return torch.compile(ScaleAxpyThenAbs(alpha, beta).npu(), fullgraph=True, backend=backend, dynamic=dynamic)


def expected(x, y, alpha, beta):
    return np.abs(np.float32(alpha) * x + np.float32(beta) * y)


class TestScaleAxpySinkGraph(TestCase):
    def test_static_shape_and_attrs(self):
        for alpha, beta in ((0.5, 3), (-1.25, -2)):
            x = np.random.uniform(-2, 2, (8, 2048)).astype(np.float32)
            y = np.random.uniform(-2, 2, (8, 2048)).astype(np.float32)
            out = compiled(False, alpha, beta)(torch.from_numpy(x).npu(), torch.from_numpy(y).npu())
            self.assertEqual(out.device.type, "npu")
            self.assertRtolEqual(out.cpu().numpy(), expected(x, y, alpha, beta))

    def test_dynamic_shapes_and_a_strided_input(self):
        model = compiled(True)
        for rows in (3, 5, 17):
            x = np.random.uniform(-2, 2, (rows, 96)).astype(np.float32)
            y = np.random.uniform(-2, 2, (96, rows)).astype(np.float32)
            y_npu = torch.from_numpy(y).npu().t()   # a transposed view of device memory
            out = model(torch.from_numpy(x).npu(), y_npu).cpu().numpy()
            self.assertRtolEqual(out, expected(x, y.T, 0.5, 3))

    def test_an_unsupported_dtype_names_the_op(self):
        x = torch.ones(16, dtype=torch.float16).npu()
        with self.assertRaisesRegex(Exception, "aclnnScaleAxpySink"):
            compiled(False)(x, x)


if __name__ == "__main__":
    run_tests()
