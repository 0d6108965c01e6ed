#!/usr/bin/env bash
# Gradescope runs this once, as root, when the autograder is built: on its Ubuntu 22.04 base image
# (gradescope/autograder-base:latest, "Ubuntu 22.04"), with the zip unpacked in /autograder/source.
# It installs Node 20, the packages locked in package-lock.json (TypeScript included: learner
# copies are compiled at grading time), and Jupyter with the tslab kernel for notebook work.
# It has never run here (no Ubuntu image, no network beyond npm): see docs/graders.md.
set -euo pipefail
cd /autograder/source
apt-get update
apt-get install -y --no-install-recommends ca-certificates curl gnupg python3 python3-pip jupyter-core jupyter-client python3-nbclient python3-nbformat
curl -fsSL https://deb.nodesource.com/setup_20.x | bash -
apt-get install -y nodejs
npm ci --no-audit --no-fund
mkdir -p /autograder/results
