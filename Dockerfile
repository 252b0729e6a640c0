# Lastman: the server (Fastify, run by tsx) and the web app it serves, on Node 24.
# Build:  docker build -t lastman .      Run: see compose.yaml and the README's "Deploying".

# ---- build: every dependency, then the web app (Vite) ----
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/api/package.json packages/api/
COPY packages/game/package.json packages/game/
# npm install, not npm ci: the registry these lock files come from serves only the linux-x64 build of
# Biome's per-platform packages, so the lock file lacks the others and npm ci refuses it (.ci/run too).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run -w apps/web build

# ---- deps: the server's runtime dependencies only (no web, no test tools, no pinned Node) ----
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/api/package.json packages/api/
COPY packages/game/package.json packages/game/
RUN npm install --omit=dev --workspace @lastman/server --no-audit --no-fund && npm cache clean --force

# ---- runtime ----
FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY packages/api/package.json packages/api/
COPY packages/api/src packages/api/src
COPY packages/game/package.json packages/game/
COPY packages/game/src packages/game/src
COPY apps/server/package.json apps/server/
COPY apps/server/src apps/server/src
COPY apps/server/drizzle apps/server/drizzle
# The bundled Premier League seasons, imported at start.
COPY apps/server/seed apps/server/seed
COPY --from=build /app/apps/web/dist apps/web/dist
# The embedded database (when DATABASE_URL is unset), the uploaded files and the backups.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
