"""torchair.core.utils: torchair's logger (scripts set its level: `logger.setLevel(logging.DEBUG)`)."""
from __future__ import annotations

import logging

__all__ = ["logger"]

logger = logging.getLogger("torchair")
