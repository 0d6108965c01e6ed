#!/usr/bin/env bash
# Regenerate the receipts in evidence/receipts from the code (never by hand):
#  - lexical-baseline.json: the retrieval baseline over the full design (2 kinds x 4 sizes x 2 protocols
#    x 24 requests) plus BM25 top 5 on the 64-tool confusable catalog;
#  - protocol-cost.json: the teaching server started, handshaken and called 200 times.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build >/dev/null
mkdir -p evidence/receipts
node scripts/evidence-receipts.js
