#!/usr/bin/env bash
# The whole test suite, as CI runs it: the unit tier, build, drift of the generated schemas
# (GraphQL, database) and web operations, the API's integration tests against real PostgreSQL /
# Auth Emulator / payment sandbox, and the web app's tests.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== unit tests (pure functions beside the code: no shop, no database; first, as they take seconds)"
npm run test:unit

echo "== the service tier (domain services from their source on databases copied from a migrated template: no build, no shop)"
npm run test:services

echo "== build the server, the local harness and the web app (the API tests render its pages on the server)"
# The server once per run: reused when `npm run typecheck` (CI's step before this one) built these sources.
node scripts/build-graph.mjs
npm run build -w dev
npm run build -w web

echo "== servers from Debian's packages for the schema dump and the deployment tests (PostgreSQL, HAProxy, Prometheus, pgBackRest; Patroni and etcd for the highly available cluster's)"
bash scripts/ensure-servers.sh
bash scripts/ensure-ha-packages.sh

echo "== schema.graphql is generated from the code"
npm run schema:check -w graph

echo "== graph/src/db/schema.sql is the schema the migrations make"
npm run db:schema:check -w graph

echo "== generated web operations match schema.graphql"
npm run codegen:check -w web

echo "== local harness tests (the payment sandbox through the real stripe SDK)"
npm test -w dev

# On the Node the production image runs (the Dockerfile's NODE_IMAGE), installed when this
# machine's is another: the tests start their shops with the Node that runs them. The harness
# tests and the browser journeys keep this machine's Node, the one `npm start` uses.
IMAGE_NODE="$(bash scripts/image-node.sh)"
# With them, the highly available cluster's files (graph/test/ha), in a worker beside the others.
echo "== API integration tests, on the production image's Node ($("$IMAGE_NODE" --version), $IMAGE_NODE)"
PATH="$(dirname "$IMAGE_NODE"):$PATH" npm test -w graph

echo "== web component tests"
npm test -w web

echo "== browser journeys (Chromium against real shops)"
bash scripts/ensure-chromium.sh
npm run test:e2e -w web

# Each benchmark started and run through one short phase, so none breaks unseen: its figures and
# verdicts are not judged here (docs/performance.md), only that it starts and reaches its end.
echo "== benchmark smokes (npm run bench, bench:compare and bench:web with BENCH_SMOKE=1)"
BENCH_SMOKE=1 node graph/bench/bench.mjs
BENCH_SMOKE=1 node graph/bench/compare.mjs
BENCH_SMOKE=1 node graph/bench/web.mjs
