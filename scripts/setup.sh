#!/usr/bin/env bash
# Sets up the workbook: Node packages, the library build, Jupyter, the repo's TypeScript kernel;
# then opens the notebooks. Safe to run again: each step checks first and skips what is done.
#
#   bash scripts/setup.sh [--no-open]      (also: npm run setup)
#
# --no-open, or CI=true, stops after the checks instead of starting Jupyter.
# Nothing global is written besides apt packages: the kernelspec stays in .jupyter/ and is found
# through JUPYTER_PATH, which only this script's children see.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"

OPEN=1
for arg in "$@"; do
  case "$arg" in
    --no-open) OPEN=0 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "setup: unknown option '$arg' (expected --no-open)" >&2; exit 2 ;;
  esac
done
[ "${CI:-}" = "true" ] && OPEN=0

step() { printf 'setup: %s\n' "$*"; }
fail() { printf 'setup: FAILED: %s\n' "$*" >&2; exit 1; }

# Debian's packages for Jupyter with the classic Notebook UI; chromium drives the browser test.
APT_JUPYTER=(jupyter-core jupyter-client python3-nbclient python3-nbformat python3-nbconvert
  jupyter-notebook python3-ipykernel)
# The charts' PNGs (npm run charts) are drawn by resvg with the system's fonts; the charts name DejaVu Sans first.
CHART_FONT_FILE=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
APT_FONTS=(fonts-dejavu-core)

# --- Node -----------------------------------------------------------------------------------
command -v node >/dev/null || fail "node is not on PATH; install Node.js 20 or newer (https://nodejs.org)"
NODE_MAJOR="$(node -p 'process.versions.node.split(".")[0]')"
[ "$NODE_MAJOR" -ge 20 ] || fail "Node.js $(node --version) is too old; 20 or newer is needed"
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

apt_install() {
  step "installing with apt: $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

MISSING_REPORT="$(mktemp)"
if PYTHON="$(bash scripts/jupyter-python.sh 2>"$MISSING_REPORT")"; then
  rm -f "$MISSING_REPORT"
  step "Jupyter found in $PYTHON"
  # Chromium alone is optional: install it only where that needs no password.
  if [ -z "$CHROMIUM" ] && command -v apt-get >/dev/null &&
    { [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then
    apt_install chromium || step "chromium could not be installed; the browser test will be skipped"
  fi
  if [ ! -f "$CHART_FONT_FILE" ] && command -v apt-get >/dev/null &&
    { [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then
    apt_install "${APT_FONTS[@]}" || step "fonts-dejavu-core could not be installed; chart PNGs fall back to another font"
  fi
else
  sed 's/^/setup:   /' "$MISSING_REPORT" >&2
  rm -f "$MISSING_REPORT"
  if command -v apt-get >/dev/null && { [ "$(id -u)" = 0 ] || command -v sudo >/dev/null; }; then
    packages=("${APT_JUPYTER[@]}")
    [ -f "$CHART_FONT_FILE" ] || packages+=("${APT_FONTS[@]}")
    [ -n "$CHROMIUM" ] || packages+=(chromium)
    apt_install "${packages[@]}" || fail "apt-get install failed; run it yourself: sudo apt-get install ${packages[*]}"
    PYTHON="$(bash scripts/jupyter-python.sh)" || fail "Jupyter is still not importable after apt-get install"
    step "Jupyter installed in $PYTHON"
  else
    cat >&2 <<'EOF'
setup: FAILED: Jupyter is missing and there is no apt-get (or no root/sudo) to install it.
setup: Install it into a python3 yourself, then run set-up again:
setup:     python3 -m pip install notebook nbclient nbconvert ipykernel
setup:   (add jupyterlab to that list if you prefer JupyterLab)
setup: If that python3 is not the first on PATH, name it: WORKBOOK_PYTHON=/path/to/python3 npm run setup
EOF
    exit 1
  fi
fi
[ -f "$CHART_FONT_FILE" ] && step "chart font found: $CHART_FONT_FILE" ||
  step "DejaVu Sans not found ($CHART_FONT_FILE): chart PNGs fall back to another font"
CHROMIUM="$(command -v chromium || command -v chromium-browser || true)"
[ -n "$CHROMIUM" ] && step "chromium found at $CHROMIUM" ||
  step "chromium not found: the browser test will be skipped"

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

if [ "$OPEN" = 0 ]; then
  step "done in ${SECONDS} s (open the workbook later with: bash scripts/open-workbook.sh)"
  exit 0
fi
step "done in ${SECONDS} s; opening the workbook"
WORKBOOK_PYTHON="$PYTHON" exec bash scripts/open-workbook.sh
