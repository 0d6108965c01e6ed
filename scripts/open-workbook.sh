#!/usr/bin/env bash
# Opens the workbook in the classic Jupyter Notebook on 127.0.0.1 with the repo's TypeScript
# kernel. It serves the repository's root, so the checkpoint notebook (checkpoints/) opens too; the
# printed URL opens notebooks/start-here.ipynb first, and the masters, node_modules and build
# output stay out of the file browser (.jupyter/jupyter_notebook_config.json, one file for this
# script and the walk test). Stop it with Ctrl-C. Run `npm run setup` once before.
#
#   bash scripts/open-workbook.sh [extra notebook options, e.g. --port 8890]
#
# On a machine without a display no browser is launched: open the printed URL yourself.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="$(bash scripts/jupyter-python.sh)" ||
  { echo "open-workbook: Jupyter is missing; run: npm run setup" >&2; exit 1; }
[ -f lib/dist/index.js ] || { echo "open-workbook: the library is not built; run: npm run build" >&2; exit 1; }

export JUPYTER_PATH="$PWD/.jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
export PYDEVD_DISABLE_FILE_VALIDATION=1

EXTRA=()
# Containers often run as root, which Notebook refuses unless told.
[ "$(id -u)" = 0 ] && EXTRA+=(--allow-root)
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ "$(uname -s)" != Darwin ]; then
  EXTRA+=(--no-browser)
fi
echo "open-workbook: starting Jupyter Notebook on 127.0.0.1 (open the URL it prints; Ctrl-C stops it)"
exec "$PYTHON" -m notebook --config="$PWD/.jupyter/jupyter_notebook_config.json" --notebook-dir=. --ip=127.0.0.1 ${EXTRA[@]+"${EXTRA[@]}"} "$@"
