"""The interactive window: a matplotlib-free model (`player`, `session`) and its figure."""
