#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image: on its Ubuntu 22.04
# base image, with the zip unpacked in /autograder/source and the network open. It installs Node 22
# and npm from the npm registry's own packages (install-node.sh: pinned versions, each tarball
# checked against its sha512; no script from the web is run), then the packages locked in
# package-lock.json (TypeScript and tslab's compiler included: learner copies and build notebooks
# are compiled at grading time). Grading itself needs no network. Tried in an Ubuntu 22.04
# container built from Ubuntu's archive (test/containers/gradescope.slow.test.ts).
set -euo pipefail
cd /autograder/source
if ! command -v curl >/dev/null; then
  apt-get update
  apt-get install -y --no-install-recommends ca-certificates curl
fi
bash install-node.sh /usr/local
npm ci --no-audit --no-fund
mkdir -p /autograder/results
