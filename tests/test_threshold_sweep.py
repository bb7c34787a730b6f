"""The threshold sweep: connectivity by flooding, rates at the extremes, the PNG."""
import numpy as np

from visualizer.sweep import crossing_rates, main, spread


def test_spread_floods_only_through_open_cells():
    open_ = np.array([[[1, 1, 0, 1],
                       [0, 1, 0, 1],
                       [1, 1, 0, 1]]], dtype=bool)
    start = np.zeros_like(open_)
    start[0, 0, 0] = True
    reached = spread(start, open_)
    assert reached[0, :, :2].sum() == 5 and not reached[0, :, 2:].any()


def test_rates_at_the_extremes():
    assert crossing_rates(8, 0.0, 10, 1) == (1.0, 1.0)
    assert crossing_rates(8, 1.0, 10, 1) == (0.0, 0.0)


def test_rates_fall_across_the_percolation_threshold():
    low, _ = crossing_rates(24, 0.25, 60, 3)
    high, _ = crossing_rates(24, 0.55, 60, 3)
    assert low > 0.7 and high < 0.05


def test_sweep_writes_a_png(tmp_path, capsys):
    out = tmp_path / "sweep.png"
    assert main(["--sizes", "4,6", "--trials", "3", "--out", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["--sizes", "four"]) == 2
