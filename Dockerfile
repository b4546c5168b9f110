# syntax=docker/dockerfile:1
# The production image: the built server on Node 20, run as an unprivileged user under tini, with its data
# in the /data volume (docs/deploy.md, "Containers and systemd"; docs/decisions/044).
#
#   podman build -t rollick .          (or docker build; keep the Docker format for HEALTHCHECK: --format docker)
#   podman run -p 3000:3000 -v rollick-data:/data rollick
#
# Behind a proxy that re-signs TLS, give npm its certificate authority as a build secret, which never lands
# in a layer: --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt. Another registry or mirror:
# --build-arg NPM_REGISTRY=https://npm.example.com/. Neither is needed anywhere else.

# ── Build: every dependency, the production build, then only what production needs ──────────────────────
FROM node:20-bookworm-slim AS build
WORKDIR /app
ARG NPM_REGISTRY=https://registry.npmjs.org/

# The manifest and the lock first, so a change to the sources alone reuses the installed dependencies.
# Not `npm ci`: the lock lists only this platform's builds of the packages with native binaries (.ci/run),
# and `npm install` installs exactly the locked versions.
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=ca,target=/run/secrets/ca \
    --mount=type=cache,target=/root/.npm \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm install --no-audit --no-fund --registry "$NPM_REGISTRY"

COPY . .
RUN npm run build
# The build needs the development packages (Vite, esbuild); the server does not, so they go now. sharp,
# @node-rs/argon2 and PGlite are production dependencies with their binaries, and stay. npm looks some
# packages up in the registry while it prunes, hence the same certificate authority and registry.
RUN --mount=type=secret,id=ca,target=/run/secrets/ca \
    --mount=type=cache,target=/root/.npm \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm prune --omit=dev --no-audit --no-fund --registry "$NPM_REGISTRY"

# ── Runtime: the same base, the built files, no compilers, no sources ────────────────────────────────────
FROM node:20-bookworm-slim

# tini is PID 1: it hands SIGTERM and SIGINT to the server, which drains and exits 0, and reaps any
# process that would otherwise be left a zombie. The server's user owns /data and nothing else.
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tini \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 rollick \
    && useradd --system --uid 10001 --gid rollick --home-dir /nonexistent --no-create-home \
        --shell /usr/sbin/nologin rollick \
    && mkdir /data \
    && chown rollick:rollick /data \
    && chmod 0700 /data

WORKDIR /app
# What the server reads at run time (src/server/lib/paths.ts): package.json, which marks the root and carries
# the version; the migrations in drizzle/; the bundle, the built client and the embedded database's template
# (a first start copies it, docs/decisions/056) in dist/; and node_modules. Owned
# by root, so the server cannot change its own code.
COPY --from=build /app/package.json ./
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist

# The server's defaults (src/server/config.ts) except DATA_DIR, which is the volume; MALLOC_ARENA_MAX is
# scripts/server-runtime.json's (docs/performance.md). No secret is set here: pass them at run time.
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000 \
    MALLOC_ARENA_MAX=2

USER rollick
VOLUME /data
EXPOSE 3000

# Readiness: 200 once the database answers. No curl in the slim image, so Node asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
# The flags of scripts/server-runtime.json, as `npm start` runs the server.
CMD ["node", "--initial-old-space-size=96", "--max-semi-space-size=8", "--wasm-tiering-budget=1", "dist/server/index.js"]
