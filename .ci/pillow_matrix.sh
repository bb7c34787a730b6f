#!/usr/bin/env bash
# CI: the GIF tests against the oldest Pillow that pyproject allows (pillow>=10 -> 10.0.x),
# in a throwaway venv that sees the installed packages except Pillow; the main run covers
# the newest installed Pillow. Usage: .ci/pillow_matrix.sh [pillow spec, default 10.0.*]
set -euo pipefail
cd "$(dirname "$0")/.."
spec="${1:-10.0.*}"
venv="$(mktemp -d)/pillow-venv"
trap 'rm -rf "$(dirname "$venv")"' EXIT
python -m venv --system-site-packages "$venv"
"$venv/bin/pip" install -q "pillow==$spec"
"$venv/bin/python" -c "import PIL; print('Pillow', PIL.__version__)"
"$venv/bin/python" -m pytest -q -p no:cacheprovider \
    tests/test_gif_pillow.py tests/test_gif_golden.py tests/test_export_lzw.py \
    tests/test_export_gif.py
