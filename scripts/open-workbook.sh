#!/usr/bin/env bash
# Opens the workbook on 127.0.0.1 with the repo's TypeScript kernel: in Notebook 7 when set-up
# installed it (.venv), else in the Jupyter set-up chose (Debian's classic Notebook); with --lab, in
# JupyterLab. It serves the repository's root, so the checkpoint notebook opens too; the printed
# URL opens notebooks/start-here.ipynb first, and the masters, node_modules, .venv and build output
# stay out of the file browser (.jupyter/jupyter_notebook_config.json, one file for every front end,
# this script and the walk test). Stop it with Ctrl-C. Run `npm run setup` once before.
#
#   bash scripts/open-workbook.sh [--lab] [extra Jupyter options, e.g. --port 8890]
#
# WORKBOOK_PYTHON=/path/to/python serves the Jupyter of that Python instead.
# On a machine without a display no browser is launched: open the printed URL yourself.
set -euo pipefail
cd "$(dirname "$0")/.."

LAB=0
ARGS=()
for arg in "$@"; do
  if [ "$arg" = --lab ]; then LAB=1; else ARGS+=("$arg"); fi
done

if [ "$LAB" = 1 ]; then
  PYTHON="$(bash scripts/jupyter-python.sh jupyterlab nbformat ipykernel jupyter_client)" ||
    { echo "open-workbook: JupyterLab is missing; npm run setup installs it into .venv when pip can reach it (or: python3 -m pip install jupyterlab, then WORKBOOK_PYTHON=that python3)" >&2; exit 1; }
  APP=(-m jupyterlab)
  NAME="JupyterLab $("$PYTHON" -c 'import jupyterlab; print(jupyterlab.__version__)')"
else
  PYTHON="$(bash scripts/jupyter-python.sh)" ||
    { echo "open-workbook: Jupyter is missing; run: npm run setup" >&2; exit 1; }
  APP=(-m notebook)
  NAME="Jupyter Notebook $("$PYTHON" -c 'import notebook; print(notebook.__version__)')"
fi
[ -f lib/dist/index.js ] || { echo "open-workbook: the library is not built; run: npm run build" >&2; exit 1; }

export JUPYTER_PATH="$PWD/.jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
export PYDEVD_DISABLE_FILE_VALIDATION=1

EXTRA=()
# Containers often run as root, which Jupyter refuses unless told.
[ "$(id -u)" = 0 ] && EXTRA+=(--allow-root)
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ "$(uname -s)" != Darwin ]; then
  EXTRA+=(--no-browser)
fi
echo "open-workbook: starting $NAME on 127.0.0.1 (open the URL it prints; Ctrl-C stops it)"
exec "$PYTHON" "${APP[@]}" --config="$PWD/.jupyter/jupyter_notebook_config.json" --notebook-dir=. --ip=127.0.0.1 \
  ${EXTRA[@]+"${EXTRA[@]}"} ${ARGS[@]+"${ARGS[@]}"}
