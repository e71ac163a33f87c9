#!/usr/bin/env bash
# Builds the site's image (Dockerfile) on a machine that cannot pull from a container registry
# (decision 0060). The Dockerfile's base is an official Node slim image; when that cannot be
# pulled, a stand-in is made once and kept as a local tag: a Debian minbase (debootstrap, the
# same suite as the official image) with the Node 24 binary the workspace already installed
# (the `node` devDependency), npm, and the `node` user (uid 1000), as in the official image,
# plus this machine's trusted certificate authorities (a registry reached through an
# intercepting proxy), which the official image would not need.
#
#   scripts/build-app-image.sh [TAG]     (default: post-site:latest; needs a Docker engine,
#                                         and root and debootstrap the first time)
# Then: scripts/check-image.sh [TAG]
set -euo pipefail
cd "$(dirname "$0")/.."
TAG="${1:-post-site:latest}"
OFFICIAL="${OFFICIAL_BASE:-node:24-bookworm-slim}"
LOCAL_BASE="${LOCAL_BASE:-post-node-base:24-bookworm-slim}"
SUITE="${DEBIAN_SUITE:-bookworm}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# Debian's packages are kept here between runs, so a second base build downloads nothing.
DEB_CACHE="${DEB_CACHE:-/var/cache/post-debootstrap}"

docker info >/dev/null 2>&1 || { echo "No Docker engine answers (docker info failed)" >&2; exit 1; }
started=$(date +%s)

if docker image inspect "$OFFICIAL" >/dev/null 2>&1 || timeout 60 docker pull -q "$OFFICIAL" >/dev/null 2>&1; then
  BASE="$OFFICIAL"
elif docker image inspect "$LOCAL_BASE" >/dev/null 2>&1; then
  BASE="$LOCAL_BASE"
else
  command -v debootstrap >/dev/null || { echo "debootstrap is missing: apt-get install -y debootstrap" >&2; exit 1; }
  NODE_BIN="$(npx -y pnpm@10 exec node -p process.execPath)"
  NPM_DIR="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
  "$NODE_BIN" --version | grep -q '^v24\.' || { echo "Expected the workspace's Node 24 at $NODE_BIN (run pnpm install first)" >&2; exit 1; }
  ROOT="$(mktemp -d /tmp/node-base-rootfs.XXXXXX)"
  trap 'rm -rf "$ROOT" "$ROOT.log"' EXIT
  mkdir -p "$DEB_CACHE"
  echo "$OFFICIAL cannot be pulled: making $LOCAL_BASE (debootstrap $SUITE minbase + Node $("$NODE_BIN" --version))"
  debootstrap --variant=minbase --cache-dir="$DEB_CACHE" "$SUITE" "$ROOT" "$MIRROR" >"$ROOT.log" 2>&1 \
    || { tail -n 30 "$ROOT.log" >&2; exit 1; }
  install -m 755 "$NODE_BIN" "$ROOT/usr/local/bin/node"
  mkdir -p "$ROOT/usr/local/lib/node_modules"
  cp -a "$NPM_DIR" "$ROOT/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOT/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOT/usr/local/bin/npx"
  mkdir -p "$ROOT/etc/ssl/certs"
  cp /etc/ssl/certs/ca-certificates.crt "$ROOT/etc/ssl/certs/ca-certificates.crt"
  chroot "$ROOT" groupadd --gid 1000 node
  chroot "$ROOT" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$ROOT"/var/cache/apt/archives/*.deb "$ROOT"/var/lib/apt/lists/* "$ROOT"/usr/share/doc/* "$ROOT"/usr/share/man/*
  tar -C "$ROOT" -c . | docker import \
    -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    -c 'ENV LANG=C.UTF-8' \
    -c 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    -c 'CMD ["node"]' \
    - "$LOCAL_BASE" >/dev/null
  BASE="$LOCAL_BASE"
  echo "base $LOCAL_BASE made in $(($(date +%s) - started)) s"
fi

echo "docker build $TAG (BASE=$BASE)"
docker build --build-arg BASE="$BASE" -t "$TAG" . >/tmp/build-app-image.log 2>&1 \
  || { tail -n 40 /tmp/build-app-image.log >&2; exit 1; }
size=$(docker image inspect -f '{{.Size}}' "$TAG")
echo "built $TAG from $BASE in $(($(date +%s) - started)) s ($((size / 1000000)) MB)"
