"""torchair.ops: the modules of custom ops' GE APIs and converters. With torchair these live in its source tree
(torchair/python/torchair/ops/<name>.py, then torchair is rebuilt and reinstalled); with the stand-in, the folders
named by $OPKIT_TORCHAIR_OPS (':'-separated) are part of this package, so `import torchair.ops.<name>` finds
<name>.py there without rebuilding anything."""
from __future__ import annotations

import os
from pathlib import Path

__path__ = [*__path__, *(str(Path(p).absolute()) for p in os.environ.get("OPKIT_TORCHAIR_OPS", "").split(os.pathsep)
                         if p)]
