#!/usr/bin/env bash
# The whole test suite, as CI runs it: build, schema and codegen drift, the API's integration
# tests against real PostgreSQL / Auth Emulator / payment sandbox, and the web app's tests.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== build the server and the local harness"
npm run build -w graph
npm run build -w dev

echo "== schema.graphql is generated from the code"
npm run schema:check -w graph

echo "== generated web operations match schema.graphql"
npm run codegen:check -w web

echo "== local harness tests (the payment sandbox through the real stripe SDK)"
npm test -w dev

echo "== servers from Debian's packages for the scale-out test (PostgreSQL, HAProxy)"
bash scripts/ensure-servers.sh

echo "== API integration tests"
npm test -w graph

echo "== web component tests"
npm test -w web

echo "== browser journeys (Chromium against real shops)"
bash scripts/ensure-chromium.sh
npm run build -w web
npm run test:e2e -w web
