#!/usr/bin/env python3
"""Render a scenario: `python run.py scenarios/kruskal.yaml` (see `python run.py --help`)."""
import sys

from visualizer.cli import main

if __name__ == "__main__":
    sys.exit(main())
