# syntax=docker/dockerfile:1
# The hub's website as a production image (docs/deploy.md):
#   docker build -t hub-site .
#   docker run -p 127.0.0.1:3000:3000 -v hub-data:/data --env-file production.env hub-site   (a TLS proxy in front: docs/deploy.md)
# tests/e2e/image-layout.spec.ts rebuilds the runtime stage's layout without Docker, from this file.

ARG NODE_IMAGE=node:24-slim

# Builds the site with every dependency (the build tools are dev dependencies).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci`: exactly the lock file's versions, or a stop when it does not match package.json. No install
# scripts: the build needs none (the one package that has one, vnu-jar, the tests' HTML checker, would
# only download a Java runtime from outside the registry).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# The production dependencies only.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    SITE_MODE=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json server.js ./
COPY --from=build /app/build ./build
# The staff's command-line tools: `npm run leads -- list`, `npm run preview-link -- /blog/a-draft`.
COPY scripts/leads.ts scripts/preview-link.ts scripts/command-line.ts ./scripts/
COPY app/services/leads/ ./app/services/leads/
COPY server/preview.ts ./server/
RUN mkdir -p /data && chown node:node /data
USER node
# The lead store (SQLite, unless DATABASE_URL) and the last good content live here.
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
