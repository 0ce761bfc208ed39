# A torch_npu C++ extension as CANN's samples build it: setup.py + NpuExtension + BuildExtension.
import glob
import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension

import torch_npu
from torch_npu.utils.cpp_extension import NpuExtension

HERE = os.path.dirname(os.path.abspath(__file__))
setup(
    name="opkit_npu_ext",
    version="1.0",
    ext_modules=[NpuExtension(name="opkit_npu_ext", sources=sorted(glob.glob(os.path.join(HERE, "csrc", "*.cpp"))))],
    cmdclass={"build_ext": BuildExtension},
)
