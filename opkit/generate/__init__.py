"""Project generation (`opkit gen`): prototype -> rendered files in memory -> one safe writer."""
from __future__ import annotations

from opkit.generate.project import RenderedProject, generate_project, render_project
from opkit.generate.writer import LOCK_NAME, ProjectWriter, RenderedFile, WriteResult

__all__ = ["LOCK_NAME", "ProjectWriter", "RenderedFile", "RenderedProject", "WriteResult", "generate_project",
           "render_project"]
