#!/usr/bin/env python3
"""Render a scenario: `python run.py scenarios/kruskal.yaml` (see `python run.py --help`)."""
import os
import sys

from visualizer.cli import main

if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # output piped into `head` and closed early
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
