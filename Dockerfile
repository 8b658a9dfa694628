# syntax=docker/dockerfile:1
# Lumen Studio: one image for the API (`npm run start:api`) and the job worker (`npm run worker`).
# Not built on the development machines (no Docker engine there): see docs/operations.md, "Verification".

ARG NODE_IMAGE=node:20-bookworm-slim

# --- every dependency, to build the web app -----------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/core/package.json packages/core/
COPY packages/engines/package.json packages/engines/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

# --- the single-page app, built into apps/web/dist, and the server compiled into apps/server/dist ---
FROM deps AS build
COPY tsconfig.base.json ./
COPY packages/core packages/core
COPY apps/web apps/web
RUN npm run build
COPY scripts scripts
COPY packages/engines packages/engines
COPY apps/server apps/server
RUN npm run build:server

# --- production dependencies of the server and core only (no Vite, vitest, drizzle-kit, …) --------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/core/package.json packages/core/
COPY packages/engines/package.json packages/engines/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @lumen/server --workspace @lumen/core --workspace @lumen/engines \
  && npm cache clean --force

# --- runtime --------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
# A fixed unprivileged user; DATA_DIR (embedded database or local files, when used) is its only writable place.
RUN groupadd --system --gid 10001 lumen \
  && useradd --system --uid 10001 --gid lumen --home-dir /app --shell /usr/sbin/nologin lumen \
  && mkdir -p /app/data && chown lumen:lumen /app/data
COPY --from=prod-deps /app/node_modules node_modules
COPY package.json package-lock.json ./
COPY scripts scripts
COPY packages/core packages/core
COPY packages/engines/package.json packages/engines/
COPY packages/engines/src packages/engines/src
COPY apps/server/package.json apps/server/
COPY apps/server/drizzle apps/server/drizzle
# The server as JavaScript (decision 046); without its TypeScript here, start.mjs never tries to rebuild it.
COPY --from=build /app/apps/server/dist apps/server/dist
# The starter try-on photos, read beside the module that seeds them.
COPY apps/server/src/modules/try-on/seed-photos apps/server/src/modules/try-on/seed-photos
# The built SPA, and the preset backgrounds the AI background engine composes onto (read from the web app's public folder).
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
COPY apps/web/package.json apps/web/
COPY apps/web/public/main/bg apps/web/public/main/bg
USER lumen
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# The API and the web app; the job worker runs as its own container (`npm run worker`, see compose.yaml). The same
# command as `npm run start:api`, run by node itself rather than under npm (an npm parent holds about 50 MB more).
CMD ["node", "scripts/start.mjs", "--no-worker"]
