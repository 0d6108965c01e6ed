#!/usr/bin/env bash
# The one place that finds the workbook's Python: prints the path of a Python that can import the
# given modules (by default all the workbook's Jupyter needs: classic Notebook, nbclient, nbconvert,
# ipykernel), or names what each candidate lacks on stderr and exits 1.
#
#   bash scripts/jupyter-python.sh [MODULE...]
#
# The first python3 on PATH may be a pyenv or venv build without Jupyter, so look further:
# $WORKBOOK_PYTHON if set, then Debian's /usr/bin/python3, then python3 on PATH.
# Used by setup.sh, open-workbook.sh, run_notebook.py (which re-executes itself with the answer),
# render-html.mjs and the browser test.
set -uo pipefail

REQUIRED_MODULES=(nbclient nbformat nbconvert notebook ipykernel jupyter_client)
[ "$#" -gt 0 ] && REQUIRED_MODULES=("$@")

# One interpreter start per candidate; prints the modules it cannot import (nothing when all load).
PROBE='
import importlib.util, sys
print(" ".join(m for m in sys.argv[1:] if importlib.util.find_spec(m) is None))'

missing_modules() {
  "$1" -c "$PROBE" "${REQUIRED_MODULES[@]}" 2>/dev/null || echo "(python failed to start)"
}

report=()
for candidate in "${WORKBOOK_PYTHON:-}" /usr/bin/python3 python3; do
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
