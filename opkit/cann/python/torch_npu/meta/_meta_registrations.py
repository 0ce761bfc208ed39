"""The Library that Meta implementations of `torch.ops.npu.*` register with (`@impl(m, "npu_add_custom")`).

torch_npu 2.1 keeps it here as `m`; newer torch_npu keeps it in `torch_npu.op_plugin.meta._meta_registrations`, and
samples written for both import this module's `m` first and then register with `@impl(m.m, ...)` (in newer torch_npu
`m` is that module, `m.m` its Library). So `m.m` is the same Library too: a view of `m` whose `impl`, `define` and
`fallback` take torch.library's Python arguments from user code and the dispatcher handle's arguments from `m`."""
from __future__ import annotations

from typing import Any

import torch.library

__all__ = ["m"]


class _Handle(torch.library.Library):
    """`m.m`: the dispatcher handle of `m` (what torch.library.Library calls internally), and `m` itself where user
    code passes it to `torch.library.impl` or calls `.impl(name, fn)`. Never __init__'d: it registers nothing."""

    def __init__(self, handle: Any, library: torch.library.Library) -> None:  # noqa: D107 (no Library.__init__)
        object.__setattr__(self, "_handle", handle)
        object.__setattr__(self, "_library", library)

    def __getattr__(self, name: str) -> Any:
        return getattr(object.__getattribute__(self, "_handle"), name)

    def __repr__(self) -> str:
        return repr(self._library)

    def impl(self, name: Any, *args: Any, **kwargs: Any) -> Any:
        # The handle's impl(name, dispatch_key, fn, with_keyset); the Library's impl(name, fn, dispatch_key="").
        if args and isinstance(args[0], str):
            return self._handle.impl(name, *args, **kwargs)
        return self._library.impl(name, *args, **kwargs)

    def define(self, schema: str, *args: Any, **kwargs: Any) -> Any:
        # The handle's define(schema, alias_analysis, tags); the Library's define(schema, alias_analysis="", *, tags).
        if len(args) == 2 and not kwargs:
            return self._handle.define(schema, *args)
        return self._library.define(schema, *args, **kwargs)

    def fallback(self, first: Any, *args: Any, **kwargs: Any) -> Any:
        # The handle's fallback(dispatch_key, fn, with_keyset); the Library's fallback(fn, dispatch_key="", ...).
        if isinstance(first, str):
            return self._handle.fallback(first, *args, **kwargs)
        return self._library.fallback(first, *args, **kwargs)


m = torch.library.Library("npu", "IMPL", "Meta")
m.m = _Handle(m.m, m)
