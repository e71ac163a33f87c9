#!/usr/bin/env bash
# `pnpm reliability:sqlmap`: sqlmap (level 3, risk 1, batch mode) against every parameterised
# endpoint of the real server, on a throwaway PostgreSQL cluster of its own. Rate limits stay
# on; each sqlmap request carries its own X-Forwarded-For address (the app runs with
# TRUST_PROXY=1, as behind a proxy), and the sign-in password targets a fresh account name
# on every request, so limits answer 429 only where that is the point. PASS when sqlmap finds
# nothing injectable and every target ran to its end. Prints a line per target.
set -u
set -o pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PER_TARGET_SECONDS="${PER_TARGET_SECONDS:-150}"
PARALLEL="${PARALLEL:-4}"
LEVEL="${LEVEL:-3}"
RISK="${RISK:-1}"

if ! command -v sqlmap >/dev/null; then
  echo "FAIL: sqlmap is not installed. Install it with: apt-get install -y sqlmap" >&2
  exit 2
fi
NODE_MAJOR="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$NODE_MAJOR" -lt 24 ]; then
  echo "Node 24 is needed: run this as \`npx -y pnpm@10 run reliability:sqlmap\` from the repository root." >&2
  exit 2
fi

# PostgreSQL 18's server binaries: the embedded server's own unless PG_BIN says (decision 0090).
PG_BIN="$(node "$ROOT/reliability/pg-bin.ts")" || { echo "FAIL: no PostgreSQL binaries (run pnpm install first, or set PG_BIN)" >&2; exit 2; }
TMP="$(mktemp -d /tmp/reliability-sqlmap-XXXXXX)"
APP_PID=""
PGDATA=""
PG_CONTAINER_ID=""
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() {
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null && wait "$APP_PID" 2>/dev/null
  [ -n "$PGDATA" ] && as_pg "$PG_BIN/pg_ctl" -D "$PGDATA" -m immediate -w stop >/dev/null 2>&1
  [ -n "$PG_CONTAINER_ID" ] && docker rm -f -v "$PG_CONTAINER_ID" >/dev/null 2>&1
  [ -z "${KEEP_TMP:-}" ] && rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  node -e '
    const net = require("node:net");
    const from = Number(process.argv[1]) + Math.floor(Math.random() * 2000);
    (async () => {
      for (let p = from; p < from + 2000; p++) {
        const ok = await new Promise((r) => { const s = net.createServer(); s.once("error", () => r(false)); s.listen(p, "127.0.0.1", () => s.close(() => r(true))); });
        if (ok) { console.log(p); return; }
      }
      process.exit(1);
    })();' "$1"
}

# ---- own PostgreSQL cluster ------------------------------------------------------------------
PG_PORT="$(free_port 55432)"
if [ "${PG_CONTAINER:-}" = 1 ]; then
  # PostgreSQL 18 in a container (TEST_PG_IMAGE, default postgres:18), labelled like the
  # tests' containers so a leftover is swept by the next run; removed by cleanup.
  PG_PASSWORD="$(node -p 'require("node:crypto").randomBytes(12).toString("hex")')"
  PG_CONTAINER_ID="$(docker run -d --label org.post.test-pg=true --label "org.post.test-pg.pid=$$" \
    --label "org.post.test-pg.host=$(hostname)" -e POSTGRES_PASSWORD="$PG_PASSWORD" \
    -p "127.0.0.1:$PG_PORT:5432" "${TEST_PG_IMAGE:-postgres:18}")" || { echo "FAIL: could not start PostgreSQL in a container" >&2; exit 2; }
  for _ in $(seq 1 120); do
    docker exec "$PG_CONTAINER_ID" pg_isready -q -h 127.0.0.1 -U postgres >/dev/null 2>&1 && break
    sleep 0.5
  done
  DATABASE_URL="postgres://postgres:$PG_PASSWORD@127.0.0.1:$PG_PORT/postgres"
else
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$TMP"
  PGDATA="$TMP/data"
  as_pg "$PG_BIN/initdb" -D "$PGDATA" -U postgres --auth=trust -E UTF8 --no-sync >/dev/null
  as_pg "$PG_BIN/pg_ctl" -D "$PGDATA" -o "-p $PG_PORT -k $TMP -c listen_addresses=127.0.0.1" -l "$TMP/postgres.log" -w start >/dev/null
  DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
fi

# ---- the app, with demo content so every kind of record has an id ---------------------------
APP_PORT="$(free_port 41000)"
ADMIN_USER=reliability
ADMIN_PASS=reliability-pass-123
env -i PATH="$PATH" HOME="${HOME:-/root}" NODE_ENV=production LOG_LEVEL=warn HOST=127.0.0.1 PORT="$APP_PORT" PUBLIC_URL="http://127.0.0.1:$APP_PORT" \
  DATABASE_URL="$DATABASE_URL" SESSION_SECRET=reliability-session-secret-0123456789-abcdefghij \
  ADMIN_USERNAME="$ADMIN_USER" ADMIN_PASSWORD="$ADMIN_PASS" SEED_DEMO=1 TRUST_PROXY=1 \
  ${WEB_DIST:+WEB_DIST="$WEB_DIST"} \
  node "$ROOT/apps/api/src/main.ts" >"$TMP/app.log" 2>&1 &
APP_PID=$!
for _ in $(seq 1 600); do
  grep -q 'is running at' "$TMP/app.log" && break
  kill -0 "$APP_PID" 2>/dev/null || { echo "FAIL: the app did not start:"; cat "$TMP/app.log"; exit 1; }
  sleep 0.1
done
grep -q 'is running at' "$TMP/app.log" || { echo "FAIL: the app did not start within 60 s"; exit 1; }
B="http://127.0.0.1:$APP_PORT"

json() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s);console.log(eval(process.argv[1]))})' "$1"; }
COOKIE="$(curl -s -D - -o /dev/null -H 'content-type: application/json' -d "{\"username\":\"$ADMIN_USER\",\"password\":\"$ADMIN_PASS\"}" "$B/api/login" | tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: \(sid=[^;]*\).*/\1/p' | head -1)"
[ -n "$COOKIE" ] || { echo "FAIL: admin sign-in failed"; exit 1; }
EVENT_ID="$(curl -s "$B/api/events" | json 'v[0].id')"
NEWS_ID="$(curl -s "$B/api/news" | json 'v[0].id')"
RESOURCE_ID="$(curl -s "$B/api/resources" | json '(Array.isArray(v) ? v : Object.values(v).flat())[0].id')"
MESSAGE_ID="$(curl -s "$B/api/commander-messages" | json 'v[0].id')"
ENGAGEMENT_ID="$(curl -s "$B/api/community-engagements" | json 'v[0].id')"
MEMBER_ID="$(curl -s -b "$COOKIE" "$B/api/members" | json 'v[0].id')"
# The demo members with portal access and their password, as the start-up printed them.
MEMBER_PASS="$(grep -A1 'all with the password' "$TMP/app.log" | tail -1 | tr -d ' ')"
MEMBER_NO="$(grep -A2 'all with the password' "$TMP/app.log" | tail -1 | awk '{print $1}')"
[ -n "$MEMBER_PASS" ] && [ -n "$MEMBER_NO" ] || { echo "FAIL: no demo member credentials in the start-up output"; exit 1; }
# A volunteer sign-up needs an event that has not ended and has room.
START="$(date -u -d '+30 days' +%Y-%m-%dT18:00:00.000Z)"
END="$(date -u -d '+30 days' +%Y-%m-%dT21:00:00.000Z)"
OPEN_EVENT="$(curl -s -b "$COOKIE" -H 'content-type: application/json' \
  -d "{\"title\":\"Injection target\",\"description\":\"For sqlmap.\",\"location\":\"Hall\",\"startDate\":\"$START\",\"endDate\":\"$END\",\"type\":\"community\",\"volunteerPositions\":1000}" \
  "$B/api/events" | json 'v.id')"
echo "sqlmap $(sqlmap --version 2>/dev/null | grep -o '^[0-9][^ ]*' | head -1), level $LEVEL, risk $RISK, against $B (PostgreSQL $("$PG_BIN/postgres" --version | grep -o '[0-9][0-9.]*$') on :$PG_PORT)"
echo "ids: event $EVENT_ID, open event $OPEN_EVENT, news $NEWS_ID, resource $RESOURCE_ID, message $MESSAGE_ID, engagement $ENGAGEMENT_ID, member $MEMBER_ID"

# Every request from its own address (honoured with TRUST_PROXY=1), so per-address limits
# do not turn the answers sqlmap compares into 429s.
XFF_EVAL="import random; _locals['auxHeaders']['X-Forwarded-For'] = '10.%d.%d.%d' % (random.randint(0, 255), random.randint(0, 255), random.randint(1, 254))"
# ... and, where the password is the tested parameter, a fresh account name each time (per-account throttling).
USER_EVAL="$XFF_EVAL; username = 'probe%d' % random.randint(1, 10**9)"
MEMBER_EVAL="$XFF_EVAL; membershipNumber = 'P%d' % random.randint(1, 10**9)"
# ... and a fresh e-mail for each sign-up, so a payload in another field reaches the INSERT (not a 409 for a repeated e-mail).
EMAIL_EVAL="$XFF_EVAL; email = 'v%d@example.org' % random.randint(1, 10**9)"

# name | sqlmap arguments (the URL first)
TARGETS=(
  "GET /api/events/{id}|-u $B/api/events/${EVENT_ID}*"
  "GET /api/events/{id}.ics|-u $B/api/events/${EVENT_ID}*.ics"
  "GET /api/news/{id}|-u $B/api/news/${NEWS_ID}*"
  "GET /api/resources/{id}|-u $B/api/resources/${RESOURCE_ID}*"
  "GET /api/commander-messages/{id}|-u $B/api/commander-messages/${MESSAGE_ID}*"
  "GET /api/community-engagements/{id}|-u $B/api/community-engagements/${ENGAGEMENT_ID}*"
  "GET /api/volunteers?eventId=|-u $B/api/volunteers?eventId=${EVENT_ID} -p eventId"
  "POST /api/volunteers email|-u $B/api/volunteers --data {\"name\":\"Sam_Tester\",\"email\":\"sam@example.org\",\"phone\":\"5551234567\",\"role\":\"Greeter\",\"eventId\":${OPEN_EVENT}} -p email"
  "POST /api/volunteers name,phone,role,eventId|-u $B/api/volunteers --data {\"name\":\"Sam_Tester\",\"email\":\"sam@example.org\",\"phone\":\"5551234567\",\"role\":\"Greeter\",\"eventId\":${OPEN_EVENT}} -p name,phone,role,eventId --eval=EMAIL_EVAL"
  "POST /api/login username|-u $B/api/login --data {\"username\":\"$ADMIN_USER\",\"password\":\"$ADMIN_PASS\"} -p username --ignore-code=401"
  "POST /api/login password|-u $B/api/login --data {\"username\":\"$ADMIN_USER\",\"password\":\"$ADMIN_PASS\"} -p password --ignore-code=401 --eval=USER_EVAL"
  "POST /api/member/login membershipNumber|-u $B/api/member/login --data {\"membershipNumber\":\"${MEMBER_NO}\",\"password\":\"${MEMBER_PASS}\"} -p membershipNumber --ignore-code=401"
  "POST /api/member/login password|-u $B/api/member/login --data {\"membershipNumber\":\"${MEMBER_NO}\",\"password\":\"${MEMBER_PASS}\"} -p password --ignore-code=401 --eval=MEMBER_EVAL"
  "POST /api/newsletter/subscribe (JSON)|-u $B/api/newsletter/subscribe --data {\"email\":\"reader@example.org\"} -p email"
  "PUT /api/events/{id} (admin, JSON)|-u $B/api/events/${OPEN_EVENT} --method PUT --data {\"title\":\"Injection_target\",\"description\":\"For_sqlmap\",\"location\":\"Hall\",\"startDate\":\"$START\",\"endDate\":\"$END\",\"type\":\"community\",\"volunteerPositions\":1000} -p title,description,location,startDate,endDate,type,volunteerPositions --cookie=COOKIE"
  "PUT /api/news/{id} (admin, JSON)|-u $B/api/news/${NEWS_ID} --method PUT --data {\"title\":\"Post_news\",\"content\":\"Some_news\",\"publishDate\":\"$START\",\"featured\":false} -p title,content,publishDate --cookie=COOKIE"
  "GET /api/members?q= (admin)|-u $B/api/members?q=smith&status=active&postRole=any&duesStatus=current -p q,status,postRole,duesStatus --cookie=COOKIE"
  "PATCH /api/members/{id} (admin, JSON)|-u $B/api/members/${MEMBER_ID} --method PATCH --data {\"firstName\":\"Pat\",\"lastName\":\"Doe\",\"city\":\"Springfield\",\"email\":\"pat.doe@example.org\"} -p firstName,lastName,city,email --cookie=COOKIE"
)

run_target() {
  local i="$1" spec="$2"
  local name="${spec%%|*}" rest="${spec#*|}"
  local out="$TMP/target-$i.log"
  local -a args
  read -r -a args <<<"$rest"
  local -a final=()
  for a in "${args[@]}"; do
    case "$a" in
      --eval=USER_EVAL) final+=("--eval=$USER_EVAL") ;;
      --eval=MEMBER_EVAL) final+=("--eval=$MEMBER_EVAL") ;;
      --eval=EMAIL_EVAL) final+=("--eval=$EMAIL_EVAL") ;;
      --cookie=COOKIE) final+=("--cookie=$COOKIE" "--drop-set-cookie") ;;
      *) final+=("$a") ;;
    esac
  done
  # Without an --eval of its own, every request still gets its own address.
  if ! printf '%s\n' "${final[@]}" | grep -q '^--eval='; then final+=("--eval=$XFF_EVAL"); fi
  local started=$SECONDS
  timeout --kill-after=5 "$PER_TARGET_SECONDS" sqlmap --batch --level="$LEVEL" --risk="$RISK" \
    --dbms=PostgreSQL --time-sec=2 --timeout=10 --retries=1 --flush-session --disable-coloring \
    --output-dir="$TMP/sqlmap-$i" --skip-waf "${final[@]}" >"$out" 2>&1
  local code=$?
  echo "$code $((SECONDS - started))" >"$TMP/target-$i.rc"
  echo "$name" >"$TMP/target-$i.name"
}

# ONLY=regex runs the targets whose name matches.
if [ -n "${ONLY:-}" ]; then
  kept=()
  for spec in "${TARGETS[@]}"; do [[ "${spec%%|*}" =~ $ONLY ]] && kept+=("$spec"); done
  TARGETS=("${kept[@]}")
fi
started_all=$SECONDS
i=0
for spec in "${TARGETS[@]}"; do
  i=$((i + 1))
  run_target "$i" "$spec" &
  while [ "$(jobs -rp | wc -l)" -ge "$((PARALLEL + 1))" ]; do sleep 0.2; done # +1: the app
done
# Wait for the sqlmap runs (not the app).
while [ "$(ls "$TMP"/target-*.rc 2>/dev/null | wc -l)" -lt "${#TARGETS[@]}" ]; do sleep 0.5; done

echo
printf '%-44s %-16s %-6s %s\n' "target" "result" "time" "HTTP codes sqlmap saw besides 200"
fail=0
injectable=0
incomplete=0
total429=0
for n in $(seq 1 "${#TARGETS[@]}"); do
  out="$TMP/target-$n.log"
  read -r code secs <"$TMP/target-$n.rc"
  name="$(cat "$TMP/target-$n.name")"
  codes="$(grep -A1 'HTTP error codes detected during run' "$out" | tail -1 | sed 's/^[[:space:]]*//' | sed 's/ (\([A-Za-z ]*\))//g')"
  c429="$(grep -o '429 (Too Many Requests) - [0-9]*' "$out" | grep -o '[0-9]*$' | head -1)"
  total429=$((total429 + ${c429:-0}))
  if grep -q 'identified the following injection point' "$out"; then
    result="INJECTABLE"; injectable=$((injectable + 1)); fail=1
  elif [ "$code" = 124 ] || [ "$code" = 137 ]; then
    result="TIMED OUT"; incomplete=$((incomplete + 1)); fail=1
  elif grep -q 'do not appear to be injectable\|does not seem to be injectable' "$out"; then
    result="not injectable"
  else
    result="NO VERDICT"; incomplete=$((incomplete + 1)); fail=1
  fi
  skipped="$(grep -o "skipping [^']*parameter '[^']*'" "$out" | sed "s/.*parameter 'JSON /'/; s/.*parameter '/'/" | tr '\n' ' ')"
  printf '%-44s %-16s %-6s %s\n' "$name" "$result" "${secs}s" "${codes:--}${skipped:+; sqlmap skipped ${skipped}(input is type-checked)}"
done
echo
grep -q 'is running at' "$TMP/app.log" && kill -0 "$APP_PID" 2>/dev/null && alive=yes || alive=no
server_errors="$(grep -c '"level":50' "$TMP/app.log" || true)"
echo "targets: ${#TARGETS[@]}, injectable: $injectable, incomplete: $incomplete, 429 answers seen by sqlmap: $total429, wall time: $((SECONDS - started_all)) s"
echo "app still running after the scan: $alive; errors it logged (level 50): $server_errors"
if [ "$server_errors" != 0 ]; then
  echo "first logged errors:"; grep '"level":50' "$TMP/app.log" | head -3 | cut -c1-400
fi
[ "$alive" = yes ] || fail=1
if [ -n "${KEEP_TMP:-}" ]; then echo "logs kept in $TMP"; fi
if [ "$fail" = 0 ]; then
  echo "PASS: sqlmap found nothing injectable on ${#TARGETS[@]} targets"
else
  echo "FAIL: see the table above (logs: KEEP_TMP=1 keeps $TMP)"
fi
exit "$fail"
