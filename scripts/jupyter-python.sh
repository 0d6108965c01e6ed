#!/usr/bin/env bash
# The one place that finds the workbook's Python: prints the path of a Python that can import the
# given modules (by default all the workbook's Jupyter needs: classic Notebook, nbclient, nbconvert,
# ipykernel), or names what each candidate lacks on stderr and exits 1.
#
#   bash scripts/jupyter-python.sh [MODULE...]
#
# The first python3 on PATH may be a pyenv or venv build without Jupyter, so look further:
# $WORKBOOK_PYTHON if set, then the repo's .venv (where set-up puts Notebook 7 and JupyterLab 4),
# then Debian's /usr/bin/python3 (the classic Notebook 6.4 fallback), then python3 on PATH.
# A front end is asked for by a module only it has: `notebook.app jupyterlab` for Notebook 7 and
# JupyterLab 4, `notebook.notebookapp` for the classic Notebook (6.x).
# Used by setup.sh, open-workbook.sh, run_notebook.py (which re-executes itself with the answer),
# render-html.mjs and the browser test.
set -uo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"

REQUIRED_MODULES=(nbclient nbformat nbconvert notebook ipykernel jupyter_client)
[ "$#" -gt 0 ] && REQUIRED_MODULES=("$@")

# One interpreter start per candidate; prints the modules it cannot import (nothing when all load).
# A dotted name whose parent is missing counts as missing, not as a crash.
PROBE='
import importlib.util, sys
def found(name):
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:
        return False
print(" ".join(m for m in sys.argv[1:] if not found(m)))'

missing_modules() {
  "$1" -c "$PROBE" "${REQUIRED_MODULES[@]}" 2>/dev/null || echo "(python failed to start)"
}

report=()
for candidate in "${WORKBOOK_PYTHON:-}" "$REPO/.venv/bin/python" /usr/bin/python3 python3; do
  [ -n "$candidate" ] || continue
  python="$(command -v "$candidate" || true)"
  [ -n "$python" ] && [ -x "$python" ] || continue
  missing="$(missing_modules "$python")"
  if [ -z "$missing" ]; then
    echo "$python"
    exit 0
  fi
  report+=("$python lacks: $missing")
done
printf '%s\n' "${report[@]:-no python3 found}" >&2
exit 1
