#!/usr/bin/env bash
# `npm run autograder:bundle [-- --out FILE]`: a Gradescope autograder zip (default
# build/autograder.zip): setup.sh and run_autograder at its root with the Node installer setup.sh
# runs (scripts/containers/install-node.sh), the built library and teaching server, the evidence
# the checkpoint recomputes, and package.json with package-lock.json so setup.sh installs exactly
# the locked packages. Run `npm run build` first.
set -euo pipefail
cd "$(dirname "$0")/.."
out="build/autograder.zip"
if [ "${1:-}" = "--out" ] && [ -n "${2:-}" ]; then out="$2"; fi
for built in lib/dist/cli/main.js server/dist/main.js; do
  [ -f "$built" ] || { echo "autograder:bundle: $built is missing; run npm run build first" >&2; exit 2; }
done
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp package.json package-lock.json tsconfig.base.json "$stage/"
mkdir -p "$stage/lib" "$stage/server" "$stage/learner"
cp lib/package.json "$stage/lib/"
cp server/package.json "$stage/server/"
cp learner/package.json "$stage/learner/"
cp -r lib/dist "$stage/lib/dist"
cp -r server/dist "$stage/server/dist"
cp -r evidence "$stage/evidence"
cp scripts/autograder/setup.sh scripts/autograder/run_autograder scripts/containers/install-node.sh "$stage/"
find "$stage" -name '*.tsbuildinfo' -delete
mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
rm -f "$out"
(cd "$stage" && zip -qr -X "$out" .)
echo "autograder:bundle: wrote $out ($(du -k "$out" | cut -f1) KiB)"
