# ledgerlens: the API and worker image, on Debian bookworm with native Tesseract from Debian's packages.
#
#   docker build -t ledgerlens .                       (or: podman build --format docker -t ledgerlens .)
#   docker run -p 8080:8080 -v ledgerlens-data:/var/lib/ledgerlens ledgerlens
#
# BASE_IMAGE is any Debian bookworm image; the default is Docker Hub's. Where no registry is reachable,
# one made from Debian's packages with debootstrap works the same (scripts/test-container.mjs does that
# and passes --build-arg BASE_IMAGE=localhost/debian:bookworm).
ARG BASE_IMAGE=debian:bookworm-slim

# ---------------------------------------------------------------------------------------------------
# Node.js 20. Debian bookworm's nodejs is 18 and the service needs 20.19 or newer (package.json
# engines). The official Linux build of Node.js is published on the npm registry too, as the package
# node-linux-<arch> (the tarball that the npm package `node` installs); npm itself is the package npm.
# Both are fetched from the registry at pinned versions and checked against the registry's sha512.
#
# Behind a proxy that re-signs TLS, give its CA (PEM) as the build secret extra-ca; it is used for the
# downloads of this stage and the next and is not stored in the image:
#   docker build --secret id=extra-ca,src=/path/to/proxy-ca.pem .
FROM ${BASE_IMAGE} AS node
ARG NODE_VERSION=20.20.2
ARG NODE_SHA512_X64=3de1d033cc007661ed640d66068732819c6ce4b8945adb097b3413901774898f7cecaa46ac3d4edad544c9dbcc662b9771e45a9f1b7bae34e70c407038fba3a1
ARG NODE_SHA512_ARM64=2c25c99cd4c58b21ae601c36819488e4e04531b92300fb7cb2a0ff34aad6a04d90983812b9b4ea16783a19a349f4427c1e9c413067165a96db72ce15a3e0a71a
ARG NPM_VERSION=11.19.1
ARG NPM_SHA512=cedb312b1b7f92421a02cfb68b4194e88f8346651dacd6acc5364a25ef5309d4a32b19616a1ff8aff865e7280c0fa5c0835a99f5cd93368991e2a80ec9da75d2
ARG NPM_REGISTRY=https://registry.npmjs.org
RUN --mount=type=secret,id=extra-ca,target=/run/secrets/extra-ca \
    set -eux; \
    apt-get update; \
    apt-get install -y --no-install-recommends ca-certificates curl; \
    rm -rf /var/lib/apt/lists/*; \
    cp /etc/ssl/certs/ca-certificates.crt /tmp/ca.pem; \
    if [ -s /run/secrets/extra-ca ]; then cat /run/secrets/extra-ca >> /tmp/ca.pem; fi; \
    case "$(dpkg --print-architecture)" in \
      amd64) arch=x64; sha="$NODE_SHA512_X64" ;; \
      arm64) arch=arm64; sha="$NODE_SHA512_ARM64" ;; \
      *) echo "no Node.js build for $(dpkg --print-architecture)" >&2; exit 1 ;; \
    esac; \
    curl --cacert /tmp/ca.pem -fsSLo /tmp/node.tgz "$NPM_REGISTRY/node-linux-$arch/-/node-linux-$arch-$NODE_VERSION.tgz"; \
    echo "$sha  /tmp/node.tgz" | sha512sum -c -; \
    curl --cacert /tmp/ca.pem -fsSLo /tmp/npm.tgz "$NPM_REGISTRY/npm/-/npm-$NPM_VERSION.tgz"; \
    echo "$NPM_SHA512  /tmp/npm.tgz" | sha512sum -c -; \
    mkdir -p /opt/node/lib/node_modules/npm; \
    tar -xzf /tmp/node.tgz -C /opt/node --strip-components=1 package/bin package/include; \
    tar -xzf /tmp/npm.tgz -C /opt/node/lib/node_modules/npm --strip-components=1; \
    ln -s ../lib/node_modules/npm/bin/npm-cli.js /opt/node/bin/npm; \
    ln -s ../lib/node_modules/npm/bin/npx-cli.js /opt/node/bin/npx; \
    rm /tmp/node.tgz /tmp/npm.tgz /tmp/ca.pem; \
    /opt/node/bin/node --version
ENV PATH=/opt/node/bin:$PATH

# ---------------------------------------------------------------------------------------------------
# Build: dependencies (better-sqlite3 compiles against Node's headers), TypeScript and the dashboard,
# then only the production dependencies are kept.
FROM node AS build
RUN set -eux; \
    apt-get update; \
    apt-get install -y --no-install-recommends g++ make python3; \
    rm -rf /var/lib/apt/lists/*
WORKDIR /app
# node-gyp takes Node's headers from here rather than downloading them; onnxruntime-node's install
# step would download CUDA libraries, which the CPU build in its package does not need.
ENV npm_config_nodedir=/opt/node \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false \
    ONNXRUNTIME_NODE_INSTALL=skip \
    LEDGERLENS_SKIP_OCR_SETUP=1
# The dependencies first, in a layer of their own that a change of the sources leaves cached: their
# install scripts run in `npm rebuild`, and what `prepare` does once the sources are in, the build
# below (its OCR step is the runtime stage's apt-get).
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=extra-ca,target=/run/secrets/extra-ca \
    if [ -s /run/secrets/extra-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/extra-ca; fi; \
    npm ci --ignore-scripts && npm rebuild
COPY . .
# After the build: the Debian packages native Tesseract needs for every language the service reads,
# as the project's own installer (npm run setup:ocr) computes them, for the runtime stage; then only
# the production dependencies, without other platforms' ONNX Runtime builds and better-sqlite3's
# compiler output.
RUN set -eux; \
    npm run build; \
    node scripts/setup-ocr.mjs --dry-run | sed -n 's/^setup:ocr: apt-get install //p' > ocr-packages.txt; \
    grep -q '^tesseract-ocr ' ocr-packages.txt; \
    npm prune --omit=dev; \
    arch="$(node -p process.arch)"; \
    find node_modules/onnxruntime-node/bin/napi-v6 -mindepth 1 -maxdepth 1 ! -name linux -exec rm -rf {} +; \
    find node_modules/onnxruntime-node/bin/napi-v6/linux -mindepth 1 -maxdepth 1 ! -name "$arch" -exec rm -rf {} +; \
    cd node_modules/better-sqlite3; \
    mv build/Release/better_sqlite3.node .; \
    rm -rf build deps src; \
    mkdir -p build/Release; \
    mv better_sqlite3.node build/Release/; \
    cd /app; \
    chmod +x dist/src/cli/main.js

# ---------------------------------------------------------------------------------------------------
# Runtime: Node.js, native Tesseract with its language packs, the built service; no compiler, no npm.
FROM ${BASE_IMAGE} AS runtime
COPY --from=build /app/ocr-packages.txt /tmp/ocr-packages.txt
RUN set -eux; \
    apt-get update; \
    apt-get install -y --no-install-recommends tini $(cat /tmp/ocr-packages.txt); \
    rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb /tmp/ocr-packages.txt; \
    groupadd --system --gid 10001 ledgerlens; \
    useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/ledgerlens --shell /usr/sbin/nologin ledgerlens; \
    install -d -o ledgerlens -g ledgerlens -m 0700 /var/lib/ledgerlens
COPY --from=node /opt/node/bin/node /usr/local/bin/node
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/models ./models
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/src ./dist/src
COPY --from=build /app/dist/web ./dist/web
COPY container/healthcheck.mjs ./container/healthcheck.mjs
RUN ln -s /app/dist/src/cli/main.js /usr/local/bin/ledgerlens

# The embedded SQLite store and the secret key file live in the data folder; with DATABASE_URL
# (PostgreSQL) everything is in the database and the folder stays empty when LEDGERLENS_SECRET_KEY
# is set.
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=8080 \
    LEDGERLENS_DATA_DIR=/var/lib/ledgerlens
VOLUME ["/var/lib/ledgerlens"]
EXPOSE 8080
USER ledgerlens

# /readyz answers 200 once the store answers and an OCR engine is there. A worker has no HTTP API:
# its healthcheck asks its metrics listener instead (compose.yaml).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "/app/container/healthcheck.mjs"]

# tini as PID 1 passes SIGTERM on (the service then stops taking work and finishes what runs within
# LEDGERLENS_SHUTDOWN_GRACE_MS) and reaps OCR child processes.
ENTRYPOINT ["tini", "--", "node", "/app/dist/src/cli/main.js"]
CMD ["serve"]
