# syntax=docker/dockerfile:1
# One Dockerfile for the four Node services; pick one with --target:
#
#   docker build -f docker/service.Dockerfile --target auth-service         -t meridian/auth-service .
#   docker build -f docker/service.Dockerfile --target integrations-service -t meridian/integrations-service .
#   docker build -f docker/service.Dockerfile --target campaign-service     -t meridian/campaign-service .
#   docker build -f docker/service.Dockerfile --target reports-service      -t meridian/reports-service .
#
# The context is the repository root. The `deps` and `build` stages are shared,
# so the four builds install and compile once. Images build for any architecture:
# native packages come prebuilt per platform, so `npm ci` needs no compiler.

# ---- deps: the full dependency tree from the lockfile ------------------------
FROM node:20-bookworm-slim AS deps
WORKDIR /app
# The lockfile is written by npm 11 (package.json "allowScripts" is an npm 11
# setting); the npm 10 bundled with Node 20 would treat it differently.
RUN npm install -g npm@11.19.1
COPY package.json package-lock.json ./
# Full install: the build stage compiles with dev dependencies (swc).
RUN npm ci --no-audit --no-fund

# ---- prod-deps: the same tree without dev dependencies, for the runtime -------
# The compiled services import production dependencies only; the test that starts
# the built server with the image's command (tools/ops/image-start.int-spec.ts)
# runs it on exactly this tree.
FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund

# ---- build: compile services and server libraries to dist/server -------------
FROM deps AS build
COPY tsconfig.base.json ./
COPY tools/build tools/build
COPY libs libs
COPY apps/auth-service apps/auth-service
COPY apps/integrations-service apps/integrations-service
COPY apps/campaign-service apps/campaign-service
COPY apps/reports-service apps/reports-service
RUN node tools/build/build-server.mjs

# ---- runtime: what every service image shares --------------------------------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    MERIDIAN_MODE=production \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist/server ./dist/server
# uid 1000 is the image's `node` user; numeric so Kubernetes' runAsNonRoot can check it.
USER 1000:1000
# Each target sets PORT and HEALTH_PATH. Node 20 has fetch; the slim image has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+process.env.HEALTH_PATH).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# ---- one target per service ---------------------------------------------------
FROM runtime AS auth-service
ENV PORT=3101 \
    HEALTH_PATH=/api/auth/v1/health
EXPOSE 3101
CMD ["node", "--enable-source-maps", "dist/server/apps/auth-service/src/main.js"]

FROM runtime AS integrations-service
ENV PORT=3102 \
    HEALTH_PATH=/api/integrations/v1/health
EXPOSE 3102
CMD ["node", "--enable-source-maps", "dist/server/apps/integrations-service/src/main.js"]

FROM runtime AS campaign-service
# Uploaded CSV files: a volume in compose, the shared uploads claim in Kubernetes. Made here so an
# empty volume mounted on it belongs to the image's user, not root.
USER 0:0
RUN mkdir -p /data/uploads && chown 1000:1000 /data/uploads
USER 1000:1000
ENV PORT=3103 \
    HEALTH_PATH=/api/campaign/v1/health \
    UPLOAD_DIR=/data/uploads
EXPOSE 3103
CMD ["node", "--enable-source-maps", "dist/server/apps/campaign-service/src/main.js"]

FROM runtime AS reports-service
ENV PORT=3104 \
    HEALTH_PATH=/api/campaign/v2/health
EXPOSE 3104
CMD ["node", "--enable-source-maps", "dist/server/apps/reports-service/src/main.js"]
