#!/usr/bin/env bash
# The one test command (README's second command): build, then every test, notebooks included.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build
# The tests themselves must type-check too (vitest only strips their types).
npx tsc -p . --noEmit
# Promises nobody awaits, untyped type imports and `==` (eslint), and one layout for every source (prettier).
npm run lint --silent
npx vitest run "$@"
