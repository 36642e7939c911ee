# syntax=docker/dockerfile:1
# Animata: one image for the web process (`npm start`) and the workers (`npm run worker`).
#   docker build -t animata .        (or: docker compose up --build)

# ---- build: install everything, compile TypeScript, build the Remix app, drop dev packages ----
FROM node:24-bookworm AS build
WORKDIR /app
ENV CI=true
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund --progress=false
COPY . .
RUN node scripts/build.mjs --force \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf web/dist-tests server/dist/server/test .data bench/results

# ---- runtime: Node, the compiled app, production packages, and the renderer's tools ----
FROM node:24-bookworm-slim AS runtime
# Chromium and ffmpeg for the render workers; fonts so rendered text looks right.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium ffmpeg fonts-dejavu-core fonts-liberation ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# Files (uploads, renders, thumbnails) live under /data/files: mount a volume there.
RUN mkdir -p /data/files && chown -R node:node /data
USER node
EXPOSE 3000
# `npm start` finds the build current (no compiler in this image) and starts the server.
CMD ["npm", "start"]
