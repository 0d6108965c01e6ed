#!/usr/bin/env bash
# Prints the path of a Python that can run the workbook's Jupyter (classic Notebook, nbclient,
# nbconvert, ipykernel), or names the missing modules on stderr and exits 1.
# The first python3 on PATH may be a pyenv or venv build without Jupyter, so look further:
# $WORKBOOK_PYTHON if set, then Debian's /usr/bin/python3, then python3 on PATH.
set -uo pipefail

REQUIRED_MODULES=(nbclient nbformat nbconvert notebook ipykernel jupyter_client)

# One interpreter start per candidate; prints the modules it cannot import (nothing when all load).
PROBE='
import importlib.util, sys
print(" ".join(m for m in sys.argv[1:] if importlib.util.find_spec(m) is None))'

missing_modules() {
  "$1" -c "$PROBE" "${REQUIRED_MODULES[@]}" 2>/dev/null || echo "(python failed to start)"
}

report=()
for python in "${WORKBOOK_PYTHON:-}" /usr/bin/python3 "$(command -v python3 || true)"; do
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
