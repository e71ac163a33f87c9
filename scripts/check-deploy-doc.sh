#!/usr/bin/env bash
# Runs docs/deploy.md's systemd path as written (the blocks marked `deploy-check:systemd`) on a
# fresh clone, with every absolute path moved under a scratch directory, then starts the site as
# deploy/post-site.service does (its Environment, EnvironmentFile and ExecStart) and checks a
# production start: ready, no demo content, a first administrator printed, a backup written, and
# the guide's restore test passing on it (issue 57, decision 0082).
#
#   scripts/check-deploy-doc.sh [REPOSITORY]   (default: this clone; needs network for pnpm)
#
# Lines that need a real server are shown and skipped: apt-get, useradd, chown to the `post`
# group, systemctl, journalctl; `runuser -u post --` runs as the current user, and the post
# user's own `mktemp -d` is a directory the embedded PostgreSQL's user may enter.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="${1:-$PWD}"
T="$(mktemp -d /tmp/deploy-check.XXXXXX)"
# The embedded PostgreSQL runs as `postgres` when this runs as root: it must pass through.
chmod 711 "$T"
PORT="${PORT:-3157}"
APP_PID=""
cleanup() {
  [ -n "$APP_PID" ] && kill -TERM "$APP_PID" 2>/dev/null && wait "$APP_PID" 2>/dev/null || true
  rm -rf "$T"
}
trap cleanup EXIT
started=$(date +%s)
step() { echo "[$(($(date +%s) - started)) s] $*"; }

# The marked blocks, in order.
SCRIPT="$T/steps.sh"
awk '/<!-- deploy-check:systemd -->/{want=1; next} want && /^```sh/{inblock=1; next} inblock && /^```/{inblock=0; want=0; next} inblock{print}' docs/deploy.md >"$SCRIPT.raw"
[ -s "$SCRIPT.raw" ] || { echo "FAIL: no deploy-check:systemd blocks in docs/deploy.md" >&2; exit 1; }

# Test paths for the server's, the repository for the placeholder, and the real-server lines skipped.
sed -e "s#<this repository>#$REPO#g" \
  -e "s#/opt/#$T/opt/#g" -e "s#/etc/#$T/etc/#g" -e "s#/var/lib/post-site#$T/var/lib/post-site#g" \
  -e "s#runuser -u post -- mktemp -d#install -d -m 711 $T/restore-test \&\& echo $T/restore-test#g" \
  -e 's#runuser -u post -- ##g' \
  -e 's#^\(apt-get\|useradd\|systemctl\|journalctl\|chown root:post\)\(.*\)$#echo "skipped (needs a real server): \1\2"#' \
  "$SCRIPT.raw" >"$SCRIPT"
mkdir -p "$T/opt" "$T/etc/systemd/system" "$T/var/lib/post-site"

# The blocks up to the restore test, as one shell script (the `cd` into the clone carries over).
RESTORE_AT=$(grep -n 'LATEST=' "$SCRIPT" | head -n 1 | cut -d: -f1)
head -n $((RESTORE_AT - 1)) "$SCRIPT" >"$T/install.sh"
tail -n +"$RESTORE_AT" "$SCRIPT" >"$T/restore.sh"
step "install and build, as docs/deploy.md writes them:"
sed 's/^/    /' "$T/install.sh"
bash -euo pipefail "$T/install.sh" >"$T/install.log" 2>&1 || { tail -n 40 "$T/install.log" >&2; echo "FAIL: the install steps" >&2; exit 1; }
step "installed into $T/opt/post-site ($(du -sh "$T/opt/post-site" | cut -f1))"

# The service as the unit starts it, with the settings file the guide wrote.
UNIT="$T/etc/systemd/system/post-site.service"
[ -f "$UNIT" ] || { echo "FAIL: the guide did not install the unit" >&2; exit 1; }
ENV_LINE=$(sed -n 's/^Environment=//p' "$UNIT" | sed -e "s#/var/lib/post-site#$T/var/lib/post-site#g" -e "s#PORT=3000#PORT=$PORT#")
EXEC=$(sed -n 's/^ExecStart=//p' "$UNIT" | sed "s#/opt/#$T/opt/#g")
WORKDIR=$(sed -n 's/^WorkingDirectory=//p' "$UNIT" | sed "s#/opt/#$T/opt/#g")
# shellcheck disable=SC2086
(cd "$WORKDIR" && set -a && . "$T/etc/post-site.env" && exec env $ENV_LINE $EXEC) >"$T/app.log" 2>&1 &
APP_PID=$!
for _ in $(seq 1 120); do grep -q 'is running at' "$T/app.log" && break; kill -0 "$APP_PID" 2>/dev/null || break; sleep 1; done
grep -q 'is running at' "$T/app.log" || { cat "$T/app.log" >&2; echo "FAIL: the service did not start" >&2; exit 1; }
step "service started as the unit does (NODE_ENV=production):"
sed 's/^/    /' "$T/app.log"

fail=0
check() { if eval "$2"; then echo "  ok: $1"; else echo "  FAIL: $1"; fail=1; fi; }
ready=$(curl -s "http://127.0.0.1:$PORT/readyz")
events=$(curl -s "http://127.0.0.1:$PORT/api/events?when=all")
news=$(curl -s "http://127.0.0.1:$PORT/api/news")
check "/readyz answers ready" '[ "$ready" = "{\"status\":\"ready\"}" ]'
check "no demo events (GET /api/events: $(echo "$events" | head -c 60))" '! echo "$events" | grep -q "\"title\""'
check "no demo news (GET /api/news: $(echo "$news" | head -c 60))" '! echo "$news" | grep -q "\"title\""'
check "no demo member logins printed" '! grep -q "Demo content loaded" "$T/app.log"'
check "the first administrator's password printed" 'grep -q "password: " "$T/app.log"'
for _ in $(seq 1 30); do ls "$T/var/lib/post-site/backups/"post-*.json.gz >/dev/null 2>&1 && break; sleep 1; done
check "a backup written at first start" 'ls "$T/var/lib/post-site/backups/"post-*.json.gz >/dev/null 2>&1'

step "the guide's restore test:"
sed 's/^/    /' "$T/restore.sh"
if bash -euo pipefail "$T/restore.sh" >"$T/restore.log" 2>&1 && grep -q '^Restored into embedded: users 1,' "$T/restore.log"; then
  echo "  ok: restore test: $(grep '^Restored' "$T/restore.log" | head -c 100)..."
else
  cat "$T/restore.log"
  echo "  FAIL: restore test"
  fail=1
fi
step "done"
exit $fail
