#!/usr/bin/env bash
# Sets up the workbook: Node packages, the library build, Jupyter, the repo's TypeScript kernel;
# then opens the notebooks. Safe to run again: each step checks first and skips what is done.
#
#   bash scripts/setup.sh [--no-open] [--classic] [--with-classic]      (also: npm run setup)
#
# --no-open, or CI=true, stops after the checks instead of starting Jupyter.
# Jupyter: Notebook 7 and JupyterLab 4, installed with pip into .venv/ (inside the repository)
# when pip can reach them; otherwise Debian's classic Notebook 6.4 (apt). It says which it chose.
# WORKBOOK_PYTHON=/path/to/python uses your own Python with Jupyter instead.
# --classic skips the venv and takes Debian's classic Notebook; --with-classic installs it beside
# the venv too (CI does, so the fallback's browser test runs).
# Nothing global is written besides apt packages: the kernelspec stays in .jupyter/ and is found
# through JUPYTER_PATH, which only this script's children see.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"

OPEN=1
CLASSIC=0
WITH_CLASSIC=0
for arg in "$@"; do
  case "$arg" in
    --no-open) OPEN=0 ;;
    --classic) CLASSIC=1 ;;
    --with-classic) WITH_CLASSIC=1 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "setup: unknown option '$arg' (expected --no-open, --classic or --with-classic)" >&2; exit 2 ;;
  esac
done
[ "${CI:-}" = "true" ] && OPEN=0

step() { printf 'setup: %s\n' "$*"; }
fail() { printf 'setup: FAILED: %s\n' "$*" >&2; exit 1; }

# Debian's packages for Jupyter with the classic Notebook UI; chromium drives the browser test.
APT_JUPYTER=(jupyter-core jupyter-client python3-nbclient python3-nbformat python3-nbconvert
  jupyter-notebook python3-ipykernel)
# Notebook 7 and JupyterLab 4 with what the scripts and tests need, at the versions tested here.
VENV="$REPO/.venv"
PIP_JUPYTER=(notebook==7.6.3 jupyterlab==4.6.4 nbclient==0.11.0 nbconvert==7.17.1 nbformat==5.11.1
  ipykernel==7.4.0 jupyter_client==8.10.0)
# The modules that tell the two front ends apart (scripts/jupyter-python.sh explains).
CURRENT_MODULES=(notebook.app jupyterlab nbclient nbformat nbconvert ipykernel jupyter_client)
CLASSIC_MODULES=(notebook.notebookapp nbclient nbformat nbconvert ipykernel jupyter_client)
# The charts' PNGs (npm run charts) are drawn by resvg with the system's fonts; the charts name DejaVu Sans first.
CHART_FONT_FILE=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
APT_FONTS=(fonts-dejavu-core)

# --- Node -----------------------------------------------------------------------------------
# Node 22 is the floor (20 reached its end of life on 2026-04-30). On Linux x64 the repository's own
# pinned binary serves where the system's Node is older: scripts/node-line.sh fetches it with npm.
NODE_HOW="install Node.js 22 or newer (https://nodejs.org), or on Linux x64 put the repository's pinned one first on PATH: export PATH=\"\$(bash scripts/node-line.sh 22):\$PATH\""
command -v node >/dev/null || fail "node is not on PATH; $NODE_HOW"
NODE_MAJOR="$(node -p 'process.versions.node.split(".")[0]')"
[ "$NODE_MAJOR" -ge 22 ] || fail "Node.js $(node --version) ($(command -v node)) is too old: the workbook needs 22 or newer; $NODE_HOW"
step "node $(node --version) ok"
# The teaching server's grandchild mode starts its SIGTERM-proof child with perl (Debian's perl-base
# is essential, macOS ships it): without it that lesson has no grandchild to show.
command -v perl >/dev/null || fail "perl is not on PATH; the teaching server's grandchild mode needs it (Debian: apt-get install perl-base)"

if ! bash scripts/node-modules-current.sh "$REPO"; then
  step "installing Node packages (npm ci)"
  npm ci --no-audit --no-fund || fail "npm ci failed (see above): package-lock.json and package.json disagree, or a package could not be fetched"
else
  step "Node packages already match package-lock.json (npm ci skipped)"
fi
[ -f node_modules/tslab/bin/tslab ] || fail "node_modules/tslab is missing after npm ci"

step "building the library and the teaching server (npm run build)"
npm run --silent build || fail "npm run build failed (the compiler errors are above)"
[ -f lib/dist/index.js ] || fail "lib/dist/index.js was not built"
step "build ok"

# --- Jupyter --------------------------------------------------------------------------------
CHROMIUM="$(command -v chromium || command -v chromium-browser || true)"

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else return 1
  fi
}
# apt without asking for a password: as root, or with sudo that needs none.
can_apt() { command -v apt-get >/dev/null && { [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; }

apt_install() {
  step "installing with apt: $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

# Exits 0 when every module named after it imports.
MODULES_PROBE='
import importlib, sys
for name in sys.argv[1:]:
    importlib.import_module(name)'

# Notebook 7 and JupyterLab 4 in .venv, made from Debian's python3 (the first python3 on PATH may be
# a pyenv build). PIP_RETRIES=0: where pip's configuration names local package copies and the
# public index is out of reach, pip gives up on the index at once instead of retrying for minutes.
# Returns 1 (having removed a half-made venv) when any step fails; the reason is printed.
current_jupyter() {
  if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c "$MODULES_PROBE" "${CURRENT_MODULES[@]}" 2>/dev/null; then
    step "Notebook 7 and JupyterLab 4 already in .venv (pip skipped)"
    return 0
  fi
  local base=/usr/bin/python3
  [ -x "$base" ] || base="$(command -v python3 || true)"
  [ -n "$base" ] || { step "no python3 to make a venv from"; return 1; }
  if ! "$base" -c 'import ensurepip, venv' 2>/dev/null; then
    { can_apt && apt_install python3-venv; } ||
      { step "$base cannot make a venv (Debian: apt-get install python3-venv)"; return 1; }
  fi
  step "making .venv from $base and installing with pip: ${PIP_JUPYTER[*]}"
  local started=$SECONDS log
  log="$(mktemp)"
  rm -rf "$VENV"
  if "$base" -m venv "$VENV" >"$log" 2>&1 &&
    PIP_RETRIES=0 PIP_DISABLE_PIP_VERSION_CHECK=1 "$VENV/bin/python" -m pip install --quiet "${PIP_JUPYTER[@]}" >>"$log" 2>&1 &&
    "$VENV/bin/python" -c "$MODULES_PROBE" "${CURRENT_MODULES[@]}"; then
    rm -f "$log"
    step "pip installed Notebook 7 and JupyterLab 4 into .venv in $((SECONDS - started)) s ($(du -sh "$VENV" | cut -f1))"
    return 0
  fi
  step "pip could not install Notebook 7 and JupyterLab 4 (the end of its output):"
  grep -v 'is ignored: it is neither a file nor a directory' "$log" | tail -n 8 | sed 's/^/setup:   /' >&2
  rm -rf "$VENV" "$log"
  return 1
}

# Debian's classic Notebook: found, or installed with apt. Prints the Python that has it.
classic_jupyter() {
  local missing_report python
  missing_report="$(mktemp)"
  if python="$(bash scripts/jupyter-python.sh "${CLASSIC_MODULES[@]}" 2>"$missing_report")"; then
    rm -f "$missing_report"
    echo "$python"
    return 0
  fi
  sed 's/^/setup:   /' "$missing_report" >&2
  rm -f "$missing_report"
  if command -v apt-get >/dev/null && { [ "$(id -u)" = 0 ] || command -v sudo >/dev/null; }; then
    local packages=("${APT_JUPYTER[@]}")
    [ -f "$CHART_FONT_FILE" ] || packages+=("${APT_FONTS[@]}")
    [ -n "$CHROMIUM" ] || packages+=(chromium)
    apt_install "${packages[@]}" >&2 || fail "apt-get install failed; run it yourself: sudo apt-get install ${packages[*]}"
    bash scripts/jupyter-python.sh "${CLASSIC_MODULES[@]}" || fail "Jupyter is still not importable after apt-get install"
    return 0
  fi
  cat >&2 <<'EOF'
setup: FAILED: Jupyter is missing: pip could not install it into .venv, and there is no apt-get
setup: (or no root/sudo) to install Debian's. Install it into a python3 yourself, then run set-up again:
setup:     python3 -m pip install notebook jupyterlab nbclient nbconvert ipykernel
setup: and name that python3: WORKBOOK_PYTHON=/path/to/python3 npm run setup
EOF
  exit 1
}

notebook_version() { "$1" -c 'import notebook; print(notebook.__version__)' 2>/dev/null || echo "?"; }

if [ -n "${WORKBOOK_PYTHON:-}" ]; then
  PYTHON="$(bash scripts/jupyter-python.sh)" ||
    fail "WORKBOOK_PYTHON=$WORKBOOK_PYTHON cannot import what the workbook needs (above); install it there: $WORKBOOK_PYTHON -m pip install notebook nbclient nbconvert ipykernel"
  CHOSEN="Notebook $(notebook_version "$PYTHON") in your Python ($PYTHON, from WORKBOOK_PYTHON)"
elif [ "$CLASSIC" = 0 ] && current_jupyter; then
  PYTHON="$VENV/bin/python"
  CHOSEN="Notebook $(notebook_version "$PYTHON") and JupyterLab $("$PYTHON" -c 'import jupyterlab; print(jupyterlab.__version__)') in .venv"
else
  if [ "$CLASSIC" = 1 ]; then step "--classic: Debian's classic Notebook"; else step "falling back to Debian's classic Notebook"; fi
  PYTHON="$(classic_jupyter)"
  CHOSEN="the classic Notebook $(notebook_version "$PYTHON") in $PYTHON (no JupyterLab)"
fi
step "Jupyter chosen: $CHOSEN"
if [ "$WITH_CLASSIC" = 1 ] && [ "$PYTHON" = "$VENV/bin/python" ]; then
  step "--with-classic: the classic Notebook too, for the fallback's browser test: $(classic_jupyter)"
fi
# Chromium and the chart font are optional: install them only where that needs no password.
if [ -z "$CHROMIUM" ] && can_apt; then
  apt_install chromium || step "chromium could not be installed; the browser test will be skipped"
fi
if [ ! -f "$CHART_FONT_FILE" ] && can_apt; then
  apt_install "${APT_FONTS[@]}" || step "fonts-dejavu-core could not be installed; chart PNGs fall back to another font"
fi
if [ -f "$CHART_FONT_FILE" ]; then step "chart font found: $CHART_FONT_FILE"
else step "DejaVu Sans not found ($CHART_FONT_FILE): chart PNGs fall back to another font"; fi
CHROMIUM="$(command -v chromium || command -v chromium-browser || true)"
if [ -n "$CHROMIUM" ]; then step "chromium found at $CHROMIUM"
else step "chromium not found: the browser test will be skipped"; fi

# --- the kernel -----------------------------------------------------------------------------
export JUPYTER_PATH="$REPO/.jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
export PYDEVD_DISABLE_FILE_VALIDATION=1  # quiets a debugger warning from ipykernel
SPEC_DIR="$("$PYTHON" -m jupyter kernelspec list --json |
  "$PYTHON" -c 'import json, sys; print(json.load(sys.stdin)["kernelspecs"].get("tslab", {}).get("resource_dir", ""))')"
[ "$SPEC_DIR" = "$REPO/.jupyter/kernels/tslab" ] ||
  fail "Jupyter sees the tslab kernel at '${SPEC_DIR:-nowhere}', expected $REPO/.jupyter/kernels/tslab"
step "kernel 'tslab' found in $SPEC_DIR"

# One real run through the kernel: proves node, tslab, zeromq and the built library work together.
SMOKE="$("$PYTHON" scripts/run_notebook.py notebooks/00-smoke.ipynb)" ||
  fail "the smoke notebook did not run (see above); try: $PYTHON scripts/run_notebook.py notebooks/00-smoke.ipynb"
step "kernel ok: ${SMOKE#run_notebook: ok }"

# VS Code lists the kernels of the Python environment it is given: the venv gets a kernelspec of its
# own, with absolute paths (VS Code's older Jupyter extensions do not fill in {resource_dir}).
if [ "$PYTHON" = "$VENV/bin/python" ]; then
  node scripts/write-kernelspec.mjs "$VENV/share/jupyter/kernels/tslab"
  step "VS Code's kernel: .venv/share/jupyter/kernels/tslab ('TypeScript (mcp-workbook)' in the .venv environment)"
fi

if [ "$OPEN" = 0 ]; then
  step "done in ${SECONDS} s (open the workbook later with: bash scripts/open-workbook.sh)"
  exit 0
fi
step "done in ${SECONDS} s; opening the workbook"
WORKBOOK_PYTHON="$PYTHON" exec bash scripts/open-workbook.sh
