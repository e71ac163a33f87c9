#!/usr/bin/env bash
# Builds a PostgreSQL 18 image from Debian's own packages, for machines that can reach
# Debian's mirrors but not a container registry (so `postgres:18` cannot be pulled). 18 is the
# major of the embedded server and compose.yaml (decision 0082); Debian ships it from forky
# (testing) on, so the image is made from that suite whatever the host runs.
# It behaves like the official image as far as the tests and @testcontainers/postgresql
# need: POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB, port 5432, pg_isready on PATH.
#
#   scripts/build-test-pg-image.sh [TAG]     (default: post-test-pg:18; needs root,
#                                             debootstrap and a running Docker engine)
# Then: TEST_PG_IMAGE=post-test-pg:18 npx -y pnpm@10 test
set -euo pipefail
TAG="${1:-${TEST_PG_IMAGE:-post-test-pg:18}}"
PG_MAJOR="${PG_MAJOR:-18}"
SUITE="${DEBIAN_SUITE:-forky}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

command -v debootstrap >/dev/null || { echo "debootstrap is missing: apt-get install -y debootstrap" >&2; exit 1; }
docker info >/dev/null 2>&1 || { echo "No Docker engine answers (docker info failed)" >&2; exit 1; }

ROOT="$(mktemp -d /tmp/test-pg-rootfs.XXXXXX)"
trap 'rm -rf "$ROOT"' EXIT

# An older debootstrap has no script for a newer suite: those are built like sid.
SCRIPT="/usr/share/debootstrap/scripts/$SUITE"
[ -e "$SCRIPT" ] || SCRIPT="/usr/share/debootstrap/scripts/sid"
echo "debootstrap $SUITE with postgresql-$PG_MAJOR into $ROOT"
debootstrap --variant=minbase --include="postgresql-$PG_MAJOR" "$SUITE" "$ROOT" "$MIRROR" "$SCRIPT" >"$ROOT.log" 2>&1 \
  || { tail -n 30 "$ROOT.log" >&2; exit 1; }
rm -f "$ROOT.log"

# Debian's package creates a "main" cluster during install; the entrypoint makes its own.
rm -rf "$ROOT/var/lib/postgresql/$PG_MAJOR/main" "$ROOT/etc/postgresql/$PG_MAJOR/main"
rm -rf "$ROOT"/var/cache/apt/archives/*.deb "$ROOT"/var/lib/apt/lists/*
# pg_isready, psql and friends on PATH, as in the official image.
for bin in "$ROOT/usr/lib/postgresql/$PG_MAJOR/bin/"*; do
  ln -sf "/usr/lib/postgresql/$PG_MAJOR/bin/$(basename "$bin")" "$ROOT/usr/local/bin/$(basename "$bin")"
done

cat >"$ROOT/usr/local/bin/docker-entrypoint.sh" <<'ENTRY'
#!/bin/sh
# Like the official image: a cluster owned by POSTGRES_USER (default postgres) with
# POSTGRES_PASSWORD, password (scram) auth for host connections, POSTGRES_DB created.
set -eu
PGDATA="${PGDATA:-/var/lib/postgresql/data}"
export PGDATA
USER_NAME="${POSTGRES_USER:-postgres}"
DB_NAME="${POSTGRES_DB:-$USER_NAME}"
mkdir -p "$PGDATA" /var/run/postgresql
chown -R postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "${POSTGRES_HOST_AUTH_METHOD:-}" != "trust" ]; then
    echo "POSTGRES_PASSWORD is not set (or set POSTGRES_HOST_AUTH_METHOD=trust)" >&2
    exit 1
  fi
  PWFILE="$(mktemp)"
  printf '%s\n' "${POSTGRES_PASSWORD:-}" >"$PWFILE"
  chown postgres "$PWFILE"
  su postgres -s /bin/sh -c "initdb -D '$PGDATA' -U '$USER_NAME' --pwfile='$PWFILE' --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8" >/dev/null
  rm -f "$PWFILE"
  AUTH="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"
  echo "host all all all $AUTH" >>"$PGDATA/pg_hba.conf"
  if [ "$DB_NAME" != "postgres" ]; then
    su postgres -s /bin/sh -c "postgres --single -D '$PGDATA' postgres" <<SQL >/dev/null
CREATE DATABASE "$DB_NAME" OWNER "$USER_NAME";
SQL
  fi
fi
# The tests pass `postgres -c fsync=off` and the like as the command, as with the official image.
if [ "${1:-postgres}" = "postgres" ]; then
  [ "$#" -gt 0 ] && shift
  # setpriv execs in place (no parent su), so postgres is PID 1 and gets `docker stop`'s signal.
  exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"
ENTRY
chmod 755 "$ROOT/usr/local/bin/docker-entrypoint.sh"

echo "docker import as $TAG"
tar -C "$ROOT" -c . | docker import \
  -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  -c 'ENV PGDATA=/var/lib/postgresql/data' \
  -c 'ENV LANG=C.UTF-8' \
  -c 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' \
  -c 'CMD ["postgres"]' \
  -c 'EXPOSE 5432' \
  - "$TAG" >/dev/null
echo "built $TAG"
