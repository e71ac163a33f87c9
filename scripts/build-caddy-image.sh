#!/usr/bin/env bash
# Builds a Caddy image from Debian's own `caddy` package, for a server that can reach Debian's
# mirrors but not a container registry (so compose.yaml's `caddy:2` cannot be pulled). It runs
# like the official image as compose.yaml uses it: the Caddyfile at /etc/caddy/Caddyfile, the
# certificates in /data and its own settings in /config (decision 0090).
#
#   scripts/build-caddy-image.sh [TAG]     (default: post-caddy:2; needs root, debootstrap and a
#                                           running Docker engine)
# Then CADDY_IMAGE=post-caddy:2 in .env (docs/deploy.md, "Without a registry").
set -euo pipefail
TAG="${1:-post-caddy:2}"
SUITE="${DEBIAN_SUITE:-bookworm}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# The same package cache as scripts/build-app-image.sh: a second build downloads nothing.
DEB_CACHE="${DEB_CACHE:-/var/cache/post-debootstrap}"

command -v debootstrap >/dev/null || { echo "debootstrap is missing: apt-get install -y debootstrap" >&2; exit 1; }
docker info >/dev/null 2>&1 || { echo "No Docker engine answers (docker info failed)" >&2; exit 1; }
started=$(date +%s)

ROOT="$(mktemp -d /tmp/caddy-rootfs.XXXXXX)"
trap 'rm -rf "$ROOT" "$ROOT.log"' EXIT
mkdir -p "$DEB_CACHE"
echo "debootstrap $SUITE minbase with caddy into $ROOT"
debootstrap --variant=minbase --cache-dir="$DEB_CACHE" --include=caddy,ca-certificates "$SUITE" "$ROOT" "$MIRROR" >"$ROOT.log" 2>&1 \
  || { tail -n 30 "$ROOT.log" >&2; exit 1; }
rm -rf "$ROOT"/var/cache/apt/archives/*.deb "$ROOT"/var/lib/apt/lists/* "$ROOT"/usr/share/doc/* "$ROOT"/usr/share/man/*
mkdir -p "$ROOT/data" "$ROOT/config" "$ROOT/etc/caddy"

tar -C "$ROOT" -c . | docker import \
  -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  -c 'ENV XDG_CONFIG_HOME=/config' \
  -c 'ENV XDG_DATA_HOME=/data' \
  -c 'WORKDIR /srv' \
  -c 'EXPOSE 80 443 443/udp' \
  -c 'CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]' \
  - "$TAG" >/dev/null
echo "built $TAG ($(docker run --rm "$TAG" caddy version | cut -d' ' -f1)) in $(($(date +%s) - started)) s"
