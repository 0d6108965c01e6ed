#!/usr/bin/env bash
# The one test command (README's second command): build, then every test, notebooks included.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build
npx vitest run "$@"
