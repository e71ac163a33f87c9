#!/usr/bin/env bash
# Runs docs/deploy.md's container path as written (the blocks marked `deploy-check:compose-*`) on
# a fresh clone with the Compose found here (`docker-compose`, or `docker compose` v2), and checks
# the stack: the app healthy on its PostgreSQL, no demo content, the first administrator's
# password in `logs app`, a sign-in through Caddy's HTTPS (its internal certificate for
# `localhost`, no internet needed), a plain-http sign-in refused with its reason, a backup in the
# volume, the guide's copy-off and restore commands; then takes the stack down with its volumes
# (issue 57, decision 0090).
#
#   scripts/check-compose-doc.sh [REPOSITORY]   (default: this clone)
#
# The images are built beforehand, as the guide's "Without a registry" does: APP_IMAGE (default
# post-site:latest), POSTGRES_IMAGE (default post-test-pg:18) and CADDY_IMAGE (default
# post-caddy:2, built here by scripts/build-caddy-image.sh when missing). The guide's apt-get,
# `pnpm install` and image-build lines are shown and skipped; its .env is used as written, with
# these settings from the environment (which Compose puts before .env): PUBLIC_URL
# https://localhost, the images, free ports, and a project name of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="${1:-$PWD}"
export APP_IMAGE="${APP_IMAGE:-post-site:latest}"
export POSTGRES_IMAGE="${POSTGRES_IMAGE:-${TEST_PG_IMAGE:-post-test-pg:18}}"
export CADDY_IMAGE="${CADDY_IMAGE:-post-caddy:2}"
export PUBLIC_URL=https://localhost
export APP_PORT="${APP_PORT:-3257}" HTTP_PORT="${HTTP_PORT:-8157}" HTTPS_PORT="${HTTPS_PORT:-8557}"
export COMPOSE_PROJECT_NAME="postcheck$$"
if docker-compose version >/dev/null 2>&1; then DC=(docker-compose); else DC=(docker compose); fi

for image in "$APP_IMAGE" "$POSTGRES_IMAGE"; do
  docker image inspect "$image" >/dev/null 2>&1 || { echo "FAIL: no image $image (scripts/build-app-image.sh, scripts/build-test-pg-image.sh)" >&2; exit 1; }
done
docker image inspect "$CADDY_IMAGE" >/dev/null 2>&1 || scripts/build-caddy-image.sh "$CADDY_IMAGE"

T="$(mktemp -d /tmp/compose-check.XXXXXX)"
cleanup() {
  [ -d "$T/opt/post" ] && (cd "$T/opt/post" && "${DC[@]}" --profile https down -v >/dev/null 2>&1) || true
  rm -rf "$T"
}
trap cleanup EXIT
started=$(date +%s)
step() { echo "[$(($(date +%s) - started)) s] $*"; }

# One marked block, with test paths and the lines that need a real server or build images skipped.
block() {
  awk -v m="<!-- deploy-check:compose-$1 -->" '$0==m{want=1; next} want && /^```sh/{inblock=1; next} inblock && /^```/{exit} inblock{print}' docs/deploy.md \
    | sed -e "s#<this repository>#$REPO#g" -e "s#/opt/#$T/opt/#g" \
      -e 's#^\(apt-get\|npx -y pnpm@10 install\|scripts/build-\)\(.*\)$#echo "skipped (images built beforehand): \1\2"#' \
      -e "s#^docker-compose #${DC[*]} #; s#\$(docker-compose #\$(${DC[*]} #g"
}
run_block() {
  local name=$1
  block "$name" >"$T/$name.sh"
  [ -s "$T/$name.sh" ] || { echo "FAIL: no deploy-check:compose-$name block in docs/deploy.md" >&2; exit 1; }
  step "the guide's $name block:"
  sed 's/^/    /' "$T/$name.sh"
  (cd "${2:-$PWD}" && bash -euo pipefail "$T/$name.sh") >"$T/$name.log" 2>&1 || { tail -n 40 "$T/$name.log" >&2; echo "FAIL: the $name block" >&2; exit 1; }
}
mkdir -p "$T/opt"
run_block install
run_block offline "$T/opt/post"
step "up; waiting for the app's health check"
cd "$T/opt/post"
app_id() { "${DC[@]}" ps -q app; }
healthy() { [ "$(docker inspect -f '{{.State.Health.Status}}' "$(app_id)" 2>/dev/null)" = healthy ]; }
ready() { curl -sf -o /dev/null "http://127.0.0.1:$APP_PORT/readyz"; }
limit=$((SECONDS + ${HEALTH_WAIT:-300}))
until healthy || [ $SECONDS -ge $limit ]; do sleep 2; done
until ready || [ $SECONDS -ge $limit ]; do sleep 2; done
ready || { "${DC[@]}" logs --tail 40 app >&2; echo "FAIL: the app did not answer /readyz within ${HEALTH_WAIT:-300} s" >&2; exit 1; }
step "app ready"
run_block password "$T/opt/post"
sed 's/^/    /' "$T/password.log" | grep -v '^    *$' | tail -n 12

fail=0
check() { if eval "$2"; then echo "  ok: $1"; else echo "  FAIL: $1"; fail=1; fi; }
check "Docker reports the app healthy ($(docker inspect -f '{{.State.Health.Status}}' "$(app_id)"))" healthy
password=$(grep -o 'password: [^ ]*' "$T/password.log" | head -n 1 | sed 's/password: //')
check "the first administrator's password in \`logs app\`" '[ -n "$password" ]'
events=$(curl -s "http://127.0.0.1:$APP_PORT/api/events?when=all")
check "no demo events (GET /api/events: $(echo "$events" | head -c 60))" '! echo "$events" | grep -q "\"title\""'
https="https://localhost:$HTTPS_PORT"
for _ in $(seq 1 60); do curl -skf -o /dev/null "$https/readyz" && break; sleep 1; done
body="{\"username\":\"admin\",\"password\":\"$password\"}"
login=$(curl -sk -D - -o "$T/login.json" -H 'content-type: application/json' -H "origin: $https" -d "$body" "$https/api/login" || true)
check "sign-in through Caddy's HTTPS: $(head -n 1 <<<"$login" | tr -d '\r')" 'grep -qi "^set-cookie:.*; secure" <<<"$login"'
cookie=$(grep -i '^set-cookie:' <<<"$login" | sed 's/^[^:]*: //; s/;.*//' | paste -sd ';' | sed 's/;/; /g')
who=$(curl -sk -H "cookie: $cookie" "$https/api/auth/check")
check "signed in as admin (GET /api/auth/check: $(head -c 80 <<<"$who"))" 'grep -q '"'"'"authenticated":true'"'"' <<<"$who"'
plain=$(curl -s -o - -w ' %{http_code}' -H 'content-type: application/json' -H "origin: http://127.0.0.1:$APP_PORT" \
  -d "$body" "http://127.0.0.1:$APP_PORT/api/login")
check "a sign-in straight to the app over http is refused with its reason ($(tail -c 4 <<<"$plain"))" 'grep -q "Sign-in needs a secure connection" <<<"$plain" && [ "${plain: -3}" = 403 ]'
for _ in $(seq 1 30); do "${DC[@]}" exec -T app sh -c 'ls /data/backups/post-*.json.gz' >/dev/null 2>&1 && break; sleep 1; done
check "a backup in the app-data volume at first start" '"${DC[@]}" exec -T app sh -c "ls /data/backups/post-*.json.gz" >/dev/null 2>&1'
step "checked"

run_block copy "$T/opt/post"
check "the guide's copy-off command brought the backups out ($(ls "$T/opt/post/backups" 2>/dev/null | head -n 1))" 'ls "$T/opt/post/backups/"post-*.json.gz >/dev/null 2>&1'
run_block restore "$T/opt/post"
check "the guide's restore test: $(grep '^Restored' "$T/restore.log" | head -c 80)..." 'grep -q "^Restored into embedded: users 1," "$T/restore.log"'
"${DC[@]}" --profile https down -v >"$T/down.log" 2>&1 || fail=1
check "down: no container of the project left" '[ -z "$(docker ps -aq --filter "label=com.docker.compose.project=$COMPOSE_PROJECT_NAME")" ]'
step "done"
exit $fail
