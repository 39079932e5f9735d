# syntax=docker/dockerfile:1
# The web app, built by Vite and served by nginx with the "One URL" routing
# table of docker/nginx.conf (API prefixes to the services, SPA fallback).
#
#   docker build -f docker/web.Dockerfile -t meridian/web .
#
# The context is the repository root.

# ---- deps: same as docker/service.Dockerfile, so the layer is shared ----------
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN npm install -g npm@11.19.1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ---- build: vite build -> dist/apps/web --------------------------------------
FROM deps AS build
# What the web build reads: its own app, the shared libraries, the path aliases.
COPY tsconfig.base.json ./
COPY libs libs
COPY apps/web apps/web
RUN node node_modules/vite/bin/vite.js build --config apps/web/vite.config.mts \
 && test -f dist/apps/web/index.html

# ---- runtime: nginx as a non-root user (uid 101), listening on 8080 ----------
FROM nginxinc/nginx-unprivileged:1.28-alpine AS web
COPY docker/nginx.conf /etc/nginx/nginx.conf
COPY --from=build /app/dist/apps/web /usr/share/nginx/html
USER 101:101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["sh", "-c", "wget -q -O /dev/null http://127.0.0.1:8080/index.html || exit 1"]
