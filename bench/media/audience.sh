#!/usr/bin/env bash
# What the media route's check costs (ADR 075): a public post's file (asked as a guest, no token) and a friends-only
# post's file (asked by a friend, bearer token) under `wrk -t1 -c8`, each beside a hello-world Fastify measured in the
# same run, before and after it: the figures are also given as a share of that reference.
# Usage: bench/media/audience.sh [DATA_DIR]   (seeds the demo world, with its pictures, there on first use)
#   BENCH_SERVER=path/to/main.js   another build of the server (e.g. main's, as a baseline), on the same data
#   BENCH_SECONDS (10), BENCH_WARMUP (3), BENCH_PORT (3299)
# Needs: npm run build (the API and its CLI; the web build is not used), wrk.
set -euo pipefail
cd "$(dirname "$0")/../.."
data=${1:-/tmp/civitas-bench-audience}
port=${BENCH_PORT:-3299}
seconds=${BENCH_SECONDS:-10}
server=${BENCH_SERVER:-apps/api/dist/main.js}
# Tokens name the server they are for (PUBLIC_URL), as the CLI mints them.
cli() { DATA_DIR="$data" LOG_LEVEL=warn PUBLIC_URL="http://127.0.0.1:$port" node apps/api/dist/cli/main.js "$@"; }
sql() { node bench/api/lookup.mjs "$data" "$1"; }
command -v wrk >/dev/null || bash scripts/install-system-deps.sh wrk

mkdir -p "$data"
[ -n "$(sql "select id from posts limit 1")" ] || cli seed >/dev/null
# The smallest rendition of alice's first public picture and of her friends-only one; bob is her friend.
smallest() {
  sql "select renditions from posts p join citizens c on c.id = p.author_id
       where c.username = 'alice' and p.sharing = '$1' and p.media_type = 'image' order by p.created_at limit 1" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[0].uri))'
}
public_file=$(smallest public)
private_file=$(smallest private)
bob=$(cli mint-token --username bob --ttl 3600 | tail -1)

hello_port=$((port - 1))
PORT=$hello_port node bench/api/hello-world.mjs &
started=($!)
# The API alone (no web build mounted), for either build.
NEXT_DIST_DIR=.no-web-build DATA_DIR="$data" PORT=$port LOG_LEVEL=warn PUBLIC_URL="http://127.0.0.1:$port" MEDIA_WORKER=false node \
  --max-semi-space-size=8 --heap-growing-percent=50 --no-allocation-site-pretenuring --v8-pool-size=2 "$server" &
started+=($!)
trap 'kill "${started[@]}" 2>/dev/null' EXIT
for _ in $(seq 120); do curl -sf "http://127.0.0.1:$port/livez" >/dev/null && break; sleep 0.25; done

rps() { wrk -t1 -c8 -d"${seconds}s" "$@" | awk '/Requests\/sec/ {print $2}'; }
hello() { rps "http://127.0.0.1:$hello_port/"; }
share() { awk -v r="$1" -v a="$2" -v b="$3" 'BEGIN {printf "%.1f%%", 200 * r / (a + b)}'; }
status_of() { curl -s -o /dev/null -w '%{http_code} %header{cache-control}' "$@"; }

echo "server: $server"
echo "public file:       $public_file -> $(status_of "http://127.0.0.1:$port$public_file")"
echo "friends-only file: $private_file -> $(status_of -H "authorization: Bearer $bob" "http://127.0.0.1:$port$private_file") (bob)"
wrk -t1 -c8 -d"${BENCH_WARMUP:-3}s" "http://127.0.0.1:$hello_port/" >/dev/null
wrk -t1 -c8 -d"${BENCH_WARMUP:-3}s" "http://127.0.0.1:$port$public_file" >/dev/null
wrk -t1 -c8 -d"${BENCH_WARMUP:-3}s" -H "authorization: Bearer $bob" "http://127.0.0.1:$port$private_file" >/dev/null
before=$(hello)
public=$(rps "http://127.0.0.1:$port$public_file")
between=$(hello)
private=$(rps -H "authorization: Bearer $bob" "http://127.0.0.1:$port$private_file")
after=$(hello)
printf '%-28s %9s req/s\n' "hello-world Fastify" "$before, $between, $after"
printf '%-28s %9s req/s  (%s of hello-world)\n' "public file (guest)" "$public" "$(share "$public" "$before" "$between")"
printf '%-28s %9s req/s  (%s of hello-world)\n' "friends-only file (friend)" "$private" "$(share "$private" "$between" "$after")"
