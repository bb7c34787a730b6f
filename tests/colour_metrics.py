"""Colour distances for the palette tests: CIE76 ΔE in CIELAB (D65), and colour-vision
deficiency simulation (Machado, Oliveira & Fernandes 2009, severity 1.0, in linear RGB)."""
from __future__ import annotations

import numpy as np

#: Machado et al. 2009, severity 1.0
DEUTERANOPIA = np.array([[0.367322, 0.860646, -0.227968],
                         [0.280085, 0.672501, 0.047413],
                         [-0.011820, 0.042940, 0.968881]])
PROTANOPIA = np.array([[0.152286, 1.052583, -0.204868],
                       [0.114503, 0.786281, 0.099216],
                       [-0.003882, -0.048116, 1.051998]])

_RGB_TO_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375],
                        [0.2126729, 0.7151522, 0.0721750],
                        [0.0193339, 0.1191920, 0.9503041]])
_WHITE = np.array([0.95047, 1.0, 1.08883])


def linear(rgb: np.ndarray) -> np.ndarray:
    """sRGB 0..255 -> linear 0..1."""
    c = np.asarray(rgb, dtype=float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def to_srgb(lin: np.ndarray) -> np.ndarray:
    """linear 0..1 -> sRGB 0..255 (float, clipped)."""
    c = np.clip(lin, 0.0, 1.0)
    return 255.0 * np.where(c <= 0.0031308, 12.92 * c, 1.055 * c ** (1 / 2.4) - 0.055)


def lab(rgb: np.ndarray) -> np.ndarray:
    """sRGB 0..255 (..., 3) -> CIELAB (..., 3)."""
    xyz = linear(rgb) @ _RGB_TO_XYZ.T / _WHITE
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]),
                     200 * (f[..., 1] - f[..., 2])], axis=-1)


def simulate(rgb: np.ndarray, matrix: np.ndarray | None) -> np.ndarray:
    """How `rgb` looks under a colour-vision deficiency (`matrix` None = normal vision)."""
    if matrix is None:
        return np.asarray(rgb, dtype=float)
    return to_srgb(linear(rgb) @ matrix.T)


def delta_e76(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """CIE76 ΔE between sRGB colours `a` and `b` (broadcasting)."""
    return np.linalg.norm(lab(a) - lab(b), axis=-1)


VISIONS = {"normal": None, "deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}
