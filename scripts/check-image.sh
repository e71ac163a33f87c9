#!/usr/bin/env bash
# Checks the site's image (decision 0060): runs it against a PostgreSQL container on a private
# Docker network, waits for /readyz and for Docker's own HEALTHCHECK to say healthy, checks that
# it runs as a non-root user and that / answers 200 with a server-rendered page; then runs it
# alone, on its embedded PostgreSQL in the /data volume, to /readyz and a page, and runs the
# administrator command its start-up message names. Whatever it started is removed on every exit.
#
#   scripts/check-image.sh [TAG]     (default: post-site:latest; PostgreSQL from TEST_PG_IMAGE,
#                                     default post-test-pg:18, see scripts/build-test-pg-image.sh)
set -euo pipefail
TAG="${1:-post-site:latest}"
PG_IMAGE="${TEST_PG_IMAGE:-post-test-pg:18}"
NAME="post-check-$$"
PASSWORD="check-$RANDOM$RANDOM"

cleanup() {
  docker rm -f -v "$NAME-app" "$NAME-db" "$NAME-solo" >/dev/null 2>&1 || true
  docker network rm "$NAME" >/dev/null 2>&1 || true
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  docker logs --tail 40 "$NAME-app" 2>&1 | sed 's/^/  app | /' >&2 || true
  docker logs --tail 40 "$NAME-solo" 2>&1 | sed 's/^/  solo | /' >&2 || true
  exit 1
}
# Polls a command until it succeeds, for at most $1 seconds.
wait_for() {
  local limit=$1 start=$SECONDS
  shift
  until "$@" >/dev/null 2>&1; do
    [ $((SECONDS - start)) -ge "$limit" ] && return 1
    sleep 1
  done
}

docker network create "$NAME" >/dev/null
docker run -d --name "$NAME-db" --network "$NAME" --network-alias db \
  -e POSTGRES_USER=post -e POSTGRES_PASSWORD="$PASSWORD" -e POSTGRES_DB=post "$PG_IMAGE" >/dev/null
wait_for 60 docker exec "$NAME-db" pg_isready -U post -d post -h 127.0.0.1 || fail "PostgreSQL ($PG_IMAGE) did not become ready"

# The image's HEALTHCHECK command as built, polled faster than its production interval.
docker run -d --name "$NAME-app" --network "$NAME" -p 127.0.0.1::3000 --health-interval 2s --health-start-period 60s \
  -e DATABASE_URL="postgres://post:$PASSWORD@db:5432/post" \
  -e SESSION_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" \
  -e PUBLIC_URL=http://localhost:3000 -e SEED_DEMO=true "$TAG" >/dev/null
PORT="$(docker port "$NAME-app" 3000/tcp | head -n 1 | sed 's/.*://')"
started=$SECONDS
wait_for 120 curl -sf "http://127.0.0.1:$PORT/readyz" || fail "/readyz did not answer 200 within 120 s"
echo "/readyz answered 200 after $((SECONDS - started)) s"
healthy() { [ "$(docker inspect -f '{{.State.Health.Status}}' "$NAME-app")" = healthy ]; }
wait_for 60 healthy || fail "Docker's HEALTHCHECK did not report healthy"

uid="$(docker exec "$NAME-app" id -u)"
[ "$uid" != 0 ] || fail "the app runs as root"

page="$(mktemp)"
trap 'rm -f "$page"; cleanup' EXIT
status="$(curl -s -o "$page" -w '%{http_code}' "http://127.0.0.1:$PORT/")"
[ "$status" = 200 ] || fail "GET / answered $status"
grep -q '<title>[^<][^<]*</title>' "$page" || fail "GET / has no <title>"
grep -q '<main' "$page" || fail "GET / was not rendered on the server (no <main>)"
echo "PASS: $TAG is healthy as uid $uid and serves / ($(wc -c <"$page") bytes, $(grep -o '<title>[^<]*' "$page" | sed 's/<title>//'))"

# The image's default: no DATABASE_URL, its own PostgreSQL in the volume, as the non-root user.
docker run -d --name "$NAME-solo" -p 127.0.0.1::3000 -e PUBLIC_URL=http://localhost:3000 "$TAG" >/dev/null
PORT="$(docker port "$NAME-solo" 3000/tcp | head -n 1 | sed 's/.*://')"
started=$SECONDS
wait_for 120 curl -sf "http://127.0.0.1:$PORT/readyz" || fail "alone (embedded PostgreSQL): /readyz did not answer 200 within 120 s"
status="$(curl -s -o "$page" -w '%{http_code}' "http://127.0.0.1:$PORT/")"
[ "$status" = 200 ] && grep -q '<main' "$page" || fail "alone (embedded PostgreSQL): GET / answered $status"
echo "PASS: $TAG alone, on its embedded PostgreSQL, ready after $((SECONDS - started)) s and serves /"

# The start-up message names the administrator command as it runs in the image, and it works.
printed() { docker logs "$NAME-solo" 2>&1 | grep -q 'reset it with'; }
wait_for 30 printed || fail "the start-up message did not name the administrator command"
said="$(docker logs "$NAME-solo" 2>&1 | grep -o 'reset it with `[^`]*`' | sed 's/^reset it with `//; s/`$//')"
[ "$said" = "node apps/api/dist/admin.js reset admin" ] || fail "the start-up message names the admin command as '$said'"
docker exec "$NAME-solo" $said >"$page" 2>&1 || fail "'$said' failed in the container: $(tail -n 3 "$page")"
grep -q "password reset" "$page" || fail "'$said' did not reset the password: $(tail -n 3 "$page")"
echo "PASS: the printed '$said' resets the administrator inside the container"
