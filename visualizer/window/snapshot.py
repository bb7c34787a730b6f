"""Fast independent copies of a renderer's state, for the player's checkpoints.

Every panel says what its state is through its own `snapshot()` (the `PanelRenderer`
protocol in render/canvas.py), so the canvas is copied panel by panel; `clone` below is the
fallback for objects without one (the canvas itself, test doubles).

`copy.deepcopy` of a Kruskal maze panel takes ~300 ms on a 160x160 grid (a dict of lists of
cell tuples, every tuple visited). Here immutable things are shared instead of copied:
numbers, strings, tuples (taken to hold cells and other immutable values), enums, read-only
arrays and frozen dataclasses (a `Surface` with its step tables, events); numpy arrays (views
stay views of their base's copy), lists, dicts, sets and plain objects are copied. A renderer
may define `snapshot()` returning such a copy itself, or name in `snapshot_shared` the
attributes that never change after set-up (lookup tables), which are then shared.
"""
from __future__ import annotations

import copy
import enum
from typing import Any

import numpy as np

_ATOMS = (int, float, str, bytes, bool, type(None), complex, range, np.generic, enum.Enum)
#: types shared without a look inside (tuples are taken to hold no mutable things: cells)
_SHARED = frozenset({int, float, str, bytes, bool, type(None), tuple, frozenset})


def _frozen_dataclass(obj: Any) -> bool:
    params = getattr(type(obj), "__dataclass_params__", None)
    return params is not None and params.frozen


def _copy_list(items: list, memo: dict) -> list:
    if set(map(type, items)) <= _SHARED:        # cells and numbers: a flat copy will do
        return items[:]
    return [x if type(x) in _SHARED else clone(x, memo) for x in items]


def _copy_array(arr: np.ndarray, memo: dict) -> np.ndarray:
    """A copy of a writeable array; a view of another array stays a view of that array's
    copy (a renderer's flat views keep seeing its grids)."""
    done = memo.get(id(arr))
    if done is not None:
        return done
    base = arr.base
    if isinstance(base, np.ndarray) and base.flags.c_contiguous:
        new_base = _copy_array(base, memo) if base.flags.writeable else base.copy()
        offset = arr.__array_interface__["data"][0] - base.__array_interface__["data"][0]
        copy_ = np.ndarray(arr.shape, arr.dtype, buffer=new_base, offset=offset,
                           strides=arr.strides)
    else:
        copy_ = arr.copy()
    memo[id(arr)] = copy_
    return copy_


def clone(obj: Any, memo: dict | None = None) -> Any:
    """An independent copy of `obj`, sharing only what cannot change."""
    if memo is None:
        memo = {}
    if isinstance(obj, _ATOMS):
        return obj
    kind = type(obj)
    if kind is tuple or kind is frozenset:
        return obj
    if kind is np.ndarray:
        return obj if not obj.flags.writeable else _copy_array(obj, memo)
    if kind is list:
        return _copy_list(obj, memo)
    if kind is dict:
        return {k: v if type(v) in _SHARED else _copy_list(v, memo) if type(v) is list
                else clone(v, memo) for k, v in obj.items()}
    if kind is set:
        return set(obj)
    if _frozen_dataclass(obj) or isinstance(obj, type) or callable(obj) and not hasattr(
            obj, "__dict__"):
        return obj
    own = getattr(kind, "snapshot", None)
    if callable(own):                           # a panel knows its own state
        return own(obj)
    if hasattr(obj, "__dict__") and not hasattr(obj, "__slots__") \
            and kind.__reduce_ex__ is object.__reduce_ex__:
        other = object.__new__(kind)
        shared = getattr(kind, "snapshot_shared", ())
        other.__dict__.update({k: v if k in shared else clone(v, memo)
                               for k, v in vars(obj).items()})
        return other
    return copy.deepcopy(obj)


def snapshot(renderer: Any) -> Any:
    """An independent copy of a renderer's state (its own `snapshot()` if it has one)."""
    own = getattr(renderer, "snapshot", None)
    return own() if callable(own) else clone(renderer)


def restore(saved: Any) -> Any:
    """A live renderer made from a snapshot, leaving the snapshot untouched."""
    return snapshot(saved)
