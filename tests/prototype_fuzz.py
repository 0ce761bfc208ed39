"""Random valid prototypes (seeded) and the one call that shows a built op works: the generator behind the fuzz
sample in tests/test_robustness_probe.py and the wide run in benchmarks/fuzz_prototypes.py.

An op mixes required, optional and dynamic inputs in any order (input 0 is never an optional one: the skeleton's
InferShape reads input 0's shape) and attrs of every type, with and without defaults, in any order; its tensors
take one to three dtype combinations. The names include ones that generated Python code also uses (torch, json,
Optional, dtype), so a template that shadows them shows up.
"""
from __future__ import annotations

import json
import random
from typing import Any

__all__ = ["random_ops", "prototype_text", "CALL_SCRIPT", "DTYPES"]

# Dtypes numpy and torch can both hold, so every op runs through both paths.
DTYPES = ("float16", "float32", "double", "int8", "int32", "int64", "uint8", "bool")
_NAMES = ("x", "y", "bias", "weight", "torch", "json", "Optional", "dtype", "scale", "mask", "other", "value",
          "index", "gamma", "beta", "shape")
# Per attr type: a JSON default value (or None for "no default").
_DEFAULTS: dict[str, Any] = {
    "int": lambda r: r.choice([0, -3, 7, 2**40]), "float": lambda r: r.choice([0.5, "0.1", -2.0, 1e-10]),
    "bool": lambda r: r.choice([True, False]), "string": lambda r: r.choice(["", "a b", 'q"uote']),
    "type": lambda r: r.choice(["float16", "int32"]), "list_int": lambda r: r.choice([[1, 2], []]),
    "list_float": lambda r: [0.5, 1.5], "list_bool": lambda r: [True, False], "list_string": lambda r: ["a", "b"],
    "list_list_int": lambda r: [[1], [2, 3]],
}


def _tensor(r: random.Random, name: str, kind: str, dtypes: list[str]) -> dict[str, Any]:
    return {"name": name, "param_type": kind, "format": ["ND"] * len(dtypes), "type": dtypes}


def _op(r: random.Random, index: int) -> dict[str, Any]:
    names = iter(r.sample(_NAMES, len(_NAMES)))
    combos = r.randint(1, 3)
    first = r.sample(DTYPES, combos)   # input 0's dtypes differ per combination: combinations stay distinct
    kinds = [r.choice(["required", "dynamic"])] + [r.choice(["required", "optional", "dynamic"])
                                                   for _ in range(r.randint(0, 3))]
    inputs = [_tensor(r, next(names), kinds[0], first)]
    inputs += [_tensor(r, next(names), k, [r.choice(DTYPES) for _ in range(combos)]) for k in kinds[1:]]
    # Output 0 mostly follows input 0's dtype (the skeleton copies it), sometimes not; a second output now and then.
    outputs = [_tensor(r, next(names), "required", first if r.random() < 0.7 else [r.choice(DTYPES)] * combos)]
    if r.random() < 0.3:
        outputs.append(_tensor(r, next(names), "required", [r.choice(DTYPES) for _ in range(combos)]))
    attrs = []
    for kind in r.sample(list(_DEFAULTS), r.randint(0, len(_DEFAULTS))):
        attr: dict[str, Any] = {"name": next(names, None) or f"a{len(attrs)}", "type": kind}
        if r.random() < 0.5:
            attr.update(param_type="optional", default_value=_DEFAULTS[kind](r))
        else:
            attr["param_type"] = "required"
        attrs.append(attr)
    op: dict[str, Any] = {"op": f"Fuzz{index}Custom", "input_desc": inputs, "output_desc": outputs}
    if attrs:
        op["attr"] = attrs
    return op


def random_ops(count: int, seed: int) -> list[dict[str, Any]]:
    """`count` random valid op prototypes, the same for the same seed."""
    r = random.Random(seed)
    return [_op(r, seed * 100_000 + i) for i in range(count)]


def prototype_text(ops: list[dict[str, Any]]) -> str:
    return json.dumps(ops, indent=1)


# Run in the interpreter the package is installed for: `python -c CALL_SCRIPT <package> <op name>...`. Each op is
# called once through numpy and once through torch (when installed) with every input given (dynamic: two tensors)
# and a sample value for every required attr; the outputs must have the shape of input 0 and the prototype's
# dtypes. Prints one JSON row per op: [op, "ok"] or [op, "<Exception>: message"].
CALL_SCRIPT = r'''
import importlib, json, sys, traceback
import numpy as np
pkg = importlib.import_module(sys.argv[1])
from importlib import import_module
ops = import_module(sys.argv[1] + "._ops")
try:
    import torch
except ImportError:
    torch = None
SAMPLES = {"int": 1, "float": 0.5, "bool": False, "string": "a", "type": "float32", "list_int": [1],
           "list_float": [0.5], "list_bool": [False], "list_string": ["a"], "list_list_int": [[1]]}

def make(dtype, shape, rng):
    return (rng.standard_normal(shape) * 10).astype(dtype)

def check(name, spec, combo, out, shape):
    outs = out if isinstance(out, tuple) else (out,)
    assert len(outs) == len(spec["outputs"]), f"{len(outs)} outputs"
    for got, want in zip(outs, combo[len(spec["inputs"]):]):
        assert tuple(got.shape) == shape, f"output shape {tuple(got.shape)}, expected {shape}"
        assert ops.dtype_name(got.dtype) == want, f"output dtype {got.dtype}, expected {want}"

rows = []
for name in sys.argv[2:]:
    spec = ops._OPS[name]
    try:
        rng = np.random.default_rng(0)
        attrs = {a: SAMPLES[kind] for a, kind in spec["attrs"]}
        for combo in spec["combinations"]:
            shape = (3, 5)
            args = [[make(d, shape, rng), make(d, shape, rng)] if kind == "dynamic" else make(d, shape, rng)
                    for d, (_, kind) in zip(combo, spec["inputs"])]
            check(name, spec, combo, getattr(pkg, name)(*args, **attrs), shape)
            if torch is not None:
                targs = [[torch.from_numpy(a) for a in v] if isinstance(v, list) else torch.from_numpy(v)
                         for v in args]
                check(name, spec, combo, getattr(pkg, name)(*targs, **attrs), shape)
        rows.append([name, "ok"])
    except Exception as exc:
        rows.append([name, f"{type(exc).__name__}: {exc}"[:2000]])
print(json.dumps(rows))
'''
