"""The compiler launcher of opkit_shared_pch: runs opkit.build.pch from the package this file belongs to, with any
Python 3 (standard library only)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from opkit.build.pch import main  # noqa: E402

sys.exit(main())
