"""The maze side of the model: walls by cell and side on a surface (`model`), and what is
computed from a maze — braiding (`braid`), the entrance and exit (`endpoints`), figures and
texture (`stats`) — with the union-find the generators and the figures share
(`union_find`)."""
from .model import Maze, MazeFormatError, created, replay

__all__ = ["Maze", "MazeFormatError", "created", "replay"]
