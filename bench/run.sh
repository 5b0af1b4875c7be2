#!/usr/bin/env bash
# Load benchmark of the hot paths (DESIGN.md budget) against the built server on a synthetic dataset.
# Usage: bench/run.sh [DATA_DIR]   (generates 100k citizens / 1M posts / 5M likes there on first use)
# Needs: npm run build, and wrk (apt-get install wrk). Traffic stays on 127.0.0.1; every run is bounded.
set -euo pipefail
cd "$(dirname "$0")/.."
data=${1:-./.bench-data}
port=${BENCH_PORT:-3199}
duration=${BENCH_SECONDS:-15}
cli() { DATA_DIR="$data" node apps/api/dist/cli/main.js "$@"; }
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }

if [ ! -f "$data/civitas.sqlite" ]; then
  mkdir -p "$data"
  cli generate --citizens "${BENCH_CITIZENS:-100000}" --posts "${BENCH_POSTS:-1000000}" --likes "${BENCH_LIKES:-5000000}"
fi
sql() { node -e "const D=require('better-sqlite3');const r=new D(process.argv[1],{readonly:true}).prepare(process.argv[2]).get();console.log(Object.values(r)[0])" "$data/civitas.sqlite" "$1"; }
guest=$(cli mint-token --guest | tail -1)
citizen=$(cli mint-token --username "$(sql "select username from citizens where country='GB' limit 1")" | tail -1)
post=$(sql "select id from posts where sharing='public' and status='ready' and deleted_at is null limit 1 offset 5000")

DATA_DIR="$data" SEED_DEMO=false PORT=$port LOG_LEVEL=warn node apps/api/dist/main.js >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 60); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.5; done

like_script=$(mktemp)
cat >"$like_script" <<LUA
n = 0
request = function()
  n = n + 1
  local verb = (n % 2 == 0) and "un-liked" or "liked"
  return wrk.format("POST", "/api/users/influencers/me/" .. verb .. "-creators-content/$post",
    {["Authorization"] = "Bearer $citizen", ["X-API-Version"] = "3.0"})
end
LUA

run() { # name, wrk args...
  local name=$1; shift
  local out; out=$(wrk -t1 -c32 -d"${duration}s" --latency "$@")
  printf '%-34s %10s req/s   p50 %8s   p99 %8s\n' "$name" \
    "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="50%" {print $2}' <<<"$out")" "$(awk '$1=="99%" {print $2}' <<<"$out")"
}
base="http://127.0.0.1:$port"
run "guest stage feed (GB, 20 posts)" -H "Authorization: Bearer $guest" "$base/api/content/v9/feed/eight-stage?country=GB"
run "citizen stage feed (GB, 20 posts)" -H "Authorization: Bearer $citizen" "$base/api/content/v9/feed/eight-stage?country=GB"
run "post detail (citizen)" -H "Authorization: Bearer $citizen" "$base/api/content/v1/creators-content/$post"
run "post overview (guest)" -H "Authorization: Bearer $guest" -H "X-API-Version: 2.0" "$base/api/social/feeds/$post/overview"
run "like/unlike (one citizen, one post)" -s "$like_script" "$base"
echo "server RSS after the runs: $(( $(ps -o rss= -p $server) / 1024 )) MB"
rm -f "$like_script"
