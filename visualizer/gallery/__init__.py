"""The gallery: every scenario of a folder rendered into a static site (`run.py --gallery
DIR`): an index with each lesson's poster, title, one line, tags and files, a page per tag
(the filter) and a page per lesson with its player and YAML. See `build`."""
from __future__ import annotations

from .builder import Options, build

__all__ = ["Options", "build"]
