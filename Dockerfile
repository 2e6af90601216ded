# The stack's images, one target each (docker-compose.yml names them), built from the repository root:
#   server   the API server with the built web app (the SMTP sink runs from it too)
#   gateway  the chat gateway, with Debian's offline speech recognition
#   proxy    Debian's nginx in front of the server replicas
#   e2e      the Playwright suite with Debian's Chromium
# The bases are build arguments: the official images a normal machine pulls, or the equivalents
# scripts/container-bases.ts builds from Debian's packages and the npm registry where no registry is
# reachable. The stages share one dependency install, so the images build it once. RUN --mount needs
# BuildKit (Docker 23 and later build with it) or Podman.
ARG NODE_IMAGE=node:20-bookworm-slim
ARG DEBIAN_IMAGE=debian:bookworm-slim

# Only the manifests, so the installs below are cached until a dependency changes. The lock file is
# written by npm 11, which Node 20's npm 10 does not read the same (it finds optional packages missing).
FROM ${NODE_IMAGE} AS manifests
ARG NPM_VERSION=11.19.1
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=ca_certs \
  NODE_EXTRA_CA_CERTS=/run/secrets/ca_certs npm install --global --no-audit --no-fund npm@${NPM_VERSION}
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY fixtures/package.json fixtures/
COPY platform/package.json platform/
COPY prisma/package.json prisma/
COPY testing/package.json testing/
COPY server/package.json server/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY e2e/package.json e2e/

# Every dependency, for the build and the test runner. Install scripts stay off: the root postinstall
# needs scripts/, and the Prisma client is generated below from the copied schema. Where the registry
# is reached through a TLS-inspecting proxy, the build is given its certificates as the secret
# ca_certs (scripts/test-containers.ts passes the machine's); without it Node's own roots serve.
FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=ca_certs \
  NODE_EXTRA_CA_CERTS=/run/secrets/ca_certs npm ci --no-audit --no-fund --ignore-scripts

FROM deps AS build
COPY tsconfig.base.json prisma.config.ts ./
COPY contract contract
COPY fixtures fixtures
COPY platform platform
COPY prisma prisma
COPY web web
COPY scripts/prisma-generate.ts scripts/schema-engine-unavailable.sh scripts/
COPY scripts/lib/prisma-client.ts scripts/lib/
RUN npm run generate && npm run build -w web

# Production dependencies of one service each, so neither image carries the other's or the tools'.
# Prisma's client carries a query compiler for every database it supports; the server needs PostgreSQL's.
FROM manifests AS server-deps
COPY containers/production-manifests.mjs containers/
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=ca_certs \
  node containers/production-manifests.mjs contract fixtures platform prisma server \
  && NODE_EXTRA_CA_CERTS=/run/secrets/ca_certs npm install --no-audit --no-fund --ignore-scripts --omit=dev \
  && find node_modules/@prisma/client/runtime -name 'query_compiler_*' \
       \( -name '*mysql*' -o -name '*sqlite*' -o -name '*sqlserver*' -o -name '*cockroachdb*' \) -delete

FROM manifests AS gateway-deps
COPY containers/production-manifests.mjs containers/
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=ca_certs \
  node containers/production-manifests.mjs contract fixtures platform gateway \
  && NODE_EXTRA_CA_CERTS=/run/secrets/ca_certs npm install --no-audit --no-fund --ignore-scripts --omit=dev

FROM ${NODE_IMAGE} AS server
WORKDIR /app
ENV NODE_ENV=production
# The heap and malloc bounds of scripts/start.ts (SERVER_NODE_OPTIONS, SERVER_MALLOC_ENV: the reasons are there).
ENV NODE_OPTIONS="--max-old-space-size=160 --max-semi-space-size=4"
ENV MALLOC_MMAP_THRESHOLD_=131072 MALLOC_ARENA_MAX=2
COPY --from=server-deps /app /app
COPY contract contract
COPY fixtures fixtures
COPY platform platform
COPY prisma prisma
COPY server server
COPY --from=build /app/prisma/src/generated prisma/src/generated
COPY --from=build /app/web/dist web/dist
COPY scripts/container-server.ts scripts/smtp-sink.ts scripts/
# Uploads live on a volume the replicas share (docker-compose.yml); a new volume takes this owner.
RUN mkdir -p /data/files && chown node:node /data/files
USER node
EXPOSE 8080
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/partner-api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Waits for Postgres, migrates and seeds (the replicas take turns), then serves.
CMD ["node", "--import", "tsx", "scripts/container-server.ts"]

FROM ${NODE_IMAGE} AS gateway
# Offline English speech recognition for the voice WebSocket.
RUN apt-get update && apt-get install -y --no-install-recommends pocketsphinx pocketsphinx-en-us && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY --from=gateway-deps /app /app
COPY contract contract
COPY fixtures fixtures
COPY platform platform
COPY gateway gateway
USER node
EXPOSE 8081
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8081)+'/chatbot/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "gateway/src/main.ts"]

FROM ${DEBIAN_IMAGE} AS proxy
RUN apt-get update && apt-get install -y --no-install-recommends nginx && rm -rf /var/lib/apt/lists/* \
  && rm -f /etc/nginx/sites-enabled/default
COPY containers/proxy/nginx.conf /etc/nginx/nginx.conf
USER www-data
EXPOSE 8080
# No curl in a slim image: bash's /dev/tcp asks nginx for its own health page.
HEALTHCHECK --interval=5s --timeout=3s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /proxy-health HTTP/1.0\\r\\n\\r\\n' >&3 && head -1 <&3 | grep -q ' 200 '"]
CMD ["nginx", "-g", "daemon off;"]

# The Playwright suite, as `npm test` runs it, against a running stack (E2E_BASE_URL).
FROM deps AS e2e
RUN apt-get update && apt-get install -y --no-install-recommends chromium && rm -rf /var/lib/apt/lists/*
COPY tsconfig.base.json prisma.config.ts ./
COPY contract contract
COPY fixtures fixtures
COPY platform platform
COPY prisma prisma
COPY testing testing
# The test support fills profiles with the server's own filler (@pp/server: the scenarios use it too).
COPY server server
# The global setup speaks the fake microphone's phrase with the gateway's eSpeak NG.
COPY gateway gateway
COPY e2e e2e
COPY --from=build /app/prisma/src/generated prisma/src/generated
RUN mkdir -p test-results && chown -R node:node test-results
USER node
CMD ["npx", "playwright", "test", "-c", "e2e/playwright.config.ts"]
