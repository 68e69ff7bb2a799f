# syntax=docker/dockerfile:1
# Tavolo: the API and the built web app in one image, run as an unprivileged user. docs/scaling.md ("Docker")
# explains the settings and compose.yaml runs it with PostgreSQL and Redis.

ARG NODE_IMAGE=node:20-bookworm-slim

# Workspace manifests only, so the dependency layers are rebuilt when a manifest changes, not on every edit.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/

# Build the web app with every dependency (Vite and its plugins are dev dependencies).
FROM manifests AS web
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY packages/contracts packages/contracts
COPY apps/web apps/web
RUN npm run build

# What the server needs at run time: its own dependencies (tsx runs the TypeScript, so there is no compile
# step) and the contracts package; no web, test or build tooling.
FROM manifests AS server-deps
RUN npm ci --omit=dev --workspace @tavolo/server --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=server-deps /app/node_modules node_modules
# tsconfig.json: tsx transpiles with the same settings as development and the tests.
COPY package.json tsconfig.json ./
COPY packages/contracts packages/contracts
COPY apps/server/package.json apps/server/
COPY apps/server/drizzle apps/server/drizzle
COPY apps/server/src apps/server/src
COPY --from=web /app/apps/web/dist apps/web/dist
# DATA_DIR: PGlite (when DATABASE_URL is unset), uploads, secret.key and mail files. The image's `node` user
# (uid 1000) owns it, so a named volume mounted there starts out writable.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# /api/health answers on any host name; fetch is built into Node 20, the slim image has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (no npm in between), so SIGTERM from `docker stop` reaches the server's shutdown handler.
CMD ["node", "--import", "tsx", "apps/server/src/server.ts"]
