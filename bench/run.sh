#!/usr/bin/env bash
# Load benchmark of the hot paths (docs/design.md §8) against the built server on a synthetic dataset.
# Usage: bench/run.sh [DATA_DIR]   (generates 100k citizens / 1M posts / 5M likes there on first use)
#   DATABASE_URL=postgres://…?options=-c%20search_path%3Dbench bench/run.sh /tmp/bench-pg
#     runs on PostgreSQL instead (the schema must exist; the dataset is generated into it on first use).
#     Best in a database of its own (`createdb civitas_bench`, then DATABASE_URL=postgres://…/civitas_bench;
#     `dropdb` after): its dataset takes gigabytes (2.5 GB on SQLite) and is written out for minutes after it
#     is generated, and a test run against the same database meanwhile is slowed by it.
#   BENCH_ONLY=citizen,detail   runs only the named paths: guest guest-snapshots citizen citizen-snapshots detail
#     detail-crowd overview comments like like-many like-crowd follow-crowd following search notifications stream create create-many,
#     and page
#     (the stage's HTML page as a guest; not in the default set, which is the API's). `stream` opens
#     BENCH_STREAMS (1000) notification streams and times a follow to its event on one (bench/api/stream-latency.mjs);
#     `notifications` reads those citizens' lists (run it after `stream`, which gives them a line each); `following`
#     reads the following feed of citizens who follow 50 to 500 people, a timestamp each (BENCH_CITIZENS_LOADING of them);
#     `search` searches people by the starts of the generated names as the crowd (bench/api/search-queries.mjs)
#     `comments` reads the first page of comments of 200 posts given 20 comments each (bench/api/add-comments.mjs)
#     as the crowd
#   BENCH_PAGES_FIRST (1): render a post, a profile and the stage before the API is measured, as a server that
#     has been up a while has (0: the API alone)
#   BENCH_CITIZENS_LOADING (100): how many citizens' tokens the crowd shapes take turns with
#   BENCH_ACCEPT_ENCODING (gzip): what every request says it accepts, as browsers and mobile HTTP stacks do;
#     set it empty for answers uncompressed (the hello-world reference is too small to be compressed either way)
#   BENCH_SECONDS (15), BENCH_WARMUP (3), BENCH_PORT (3199), BENCH_NODE_ARGS (flags for the server's node;
#     by default the ones `npm start` passes, docs/operations.md)
#   BENCH_SERVER=path/to/main.js   another build of the server (e.g. a baseline), same CLI
#   BENCH_PROFILE=/tmp/x.cpuprofile   CPU profile of the measured runs only (read it with bench/api/profile-summary.mjs)
#   BENCH_BEHIND_PROXY=1   (with DATABASE_URL) two instances (ROLE=web, the second on BENCH_PORT+1) on REDIS_URL (default the local
#     Redis) behind haproxy (on BENCH_PORT+2, docs/operations.md's configuration), and the load goes through the
#     proxy: compare with a run without it for the proxy's cost. Also prints how long a like made on one instance
#     takes to show on the other (bench/scale/like-propagation.mjs). cpu/req then counts the first instance only.
# Needs: npm run build; installs wrk (Debian) when missing. Traffic stays on 127.0.0.1; every run is bounded.
# It measures a hello-world Fastify server under the same load (bench/api/hello-world.mjs) first and after each
# path, and prints every figure also as a share of the references around it: machines differ in speed, the share
# much less.
set -euo pipefail
cd "$(dirname "$0")/.."
data=${1:-./.bench-data}
port=${BENCH_PORT:-3199}
duration=${BENCH_SECONDS:-15}
only=",${BENCH_ONLY:-guest,guest-snapshots,citizen,citizen-snapshots,detail,detail-crowd,overview,comments,like,like-many,like-crowd,follow-crowd,following,search,stream,notifications,create,create-many},"
cli() { DATA_DIR="$data" node apps/api/dist/cli/main.js "$@"; }
sql() { node bench/api/lookup.mjs "$data" "$1"; }
command -v wrk >/dev/null || bash scripts/install-system-deps.sh wrk
behind_proxy=${BENCH_BEHIND_PROXY:-}
if [ -n "$behind_proxy" ] && [ -z "${DATABASE_URL:-}" ]; then
  echo "BENCH_BEHIND_PROXY needs DATABASE_URL: the two instances share one PostgreSQL database (on SQLite each would have its own, and its own signing keys)" >&2
  exit 2
fi
[ -n "$behind_proxy" ] && { command -v haproxy >/dev/null || bash scripts/install-system-deps.sh haproxy; }

mkdir -p "$data"
if [ -z "$(sql "select id from posts limit 1")" ]; then
  cli generate --citizens "${BENCH_CITIZENS:-100000}" --posts "${BENCH_POSTS:-1000000}" --likes "${BENCH_LIKES:-5000000}"
fi
# Earlier runs leave dead rows behind (likes and unlikes of one row, counters): without autovacuum (off on some
# test servers) they pile up and slow the next runs, so PostgreSQL starts each run vacuumed.
if [ -n "${DATABASE_URL:-}" ]; then sql "vacuum (analyze) likes, posts, hashtags, citizens, citizen_search_prefixes, post_hashtags, post_mentions, stage_entries, follows, friendships"; fi
guest=$(cli mint-token --guest | tail -1)
crowd=$(DATA_DIR="$data" node bench/api/mint-citizens.mjs GB "${BENCH_CITIZENS_LOADING:-100}")
citizen=$(cli mint-token --username "$(sql "select username from citizens where country='GB' order by id limit 1")" | tail -1)
post=$(sql "select id from posts where sharing='public' and status='ready' and deleted_at is null order by id limit 1 offset 5000")
some_posts="select id from posts where sharing='public' and status='ready' and deleted_at is null order by id limit 200 offset 10000"
# Citizens to follow, far from the crowd's (the first of each country): none follows themself.
some_citizens="select id from citizens order by id limit 200 offset 50000"
if [ -n "${DATABASE_URL:-}" ]; then many_posts=$(sql "select string_agg(id::text, ',') from ($some_posts) as p")
  many_citizens=$(sql "select string_agg(id::text, ',') from ($some_citizens) as c")
else many_posts=$(sql "select group_concat(id, ',') from ($some_posts)")
  many_citizens=$(sql "select group_concat(id, ',') from ($some_citizens)"); fi

# The server's PostgreSQL sessions carry an application name, so their CPU time can be told from other clients'.
server_url=${DATABASE_URL:-}
if [ -n "$server_url" ]; then
  [[ $server_url == *\?* ]] && server_url="$server_url&application_name=civitas-bench" || server_url="$server_url?application_name=civitas-bench"
fi
# The reference: hello-world Fastify under the same load tool and settings. It is measured first, then again
# after each path, and each path's share is of the mean of the two references around it: a machine whose speed
# drifts over the minutes of a run (neighbours on a shared host) moves a path and its reference together.
hello_port=$((port - 1))
PORT=$hello_port node bench/api/hello-world.mjs &
# What the run started, stopped however it ends.
started_pids=($!)
trap 'kill "${started_pids[@]}" 2>/dev/null' EXIT
for _ in $(seq 40); do curl -sf "http://127.0.0.1:$hello_port/" >/dev/null && break; sleep 0.25; done
wrk -t1 -c32 -d"${BENCH_WARMUP:-3}s" "http://127.0.0.1:$hello_port/" >/dev/null
hello_rps() { wrk -t1 -c32 -d"${duration}s" "http://127.0.0.1:$hello_port/" | awk '/Requests\/sec/ {print $2}'; }
reference=$(hello_rps)
printf '%-36s %9s req/s  (the reference, measured again after each path)\n' "hello-world Fastify" "$reference"
share() { awk -v r="$1" -v h="$2" 'BEGIN {printf "%.1f%%", 100 * r / h}'; }

node_args=${BENCH_NODE_ARGS---max-semi-space-size=8 --heap-growing-percent=50 --no-allocation-site-pretenuring --v8-pool-size=2}
[ -n "${BENCH_PROFILE:-}" ] && node_args="$node_args --require ./bench/api/cpu-profile.cjs"
# The abuse limits are lifted: the load comes from one address with a handful of tokens, and what is measured
# is serving (the limiters' own cost is still paid on every request).
start_server() { # port, DATA_DIR, log file, extra environment...
  local at=$1 dir=$2 log=$3; shift 3
  # shellcheck disable=SC2086 # node_args is a list of flags
  env DATA_DIR="$dir" ${server_url:+DATABASE_URL="$server_url"} SEED_DEMO=false PORT=$at LOG_LEVEL=warn \
    REQUESTS_PER_5_MINUTES=1000000000 FOLLOWS_PER_HOUR=1000000000 FRIEND_REQUESTS_PER_HOUR=1000000000 \
    POSTS_PER_30_MINUTES=1000000000 "$@" \
    node $node_args "${BENCH_SERVER:-apps/api/dist/main.js}" >"$log" 2>&1 &
  started=$!
  for _ in $(seq 60); do curl -sf "http://127.0.0.1:$at/healthz" >/dev/null && break; sleep 0.5; done
}
if [ -z "$behind_proxy" ]; then
  start_server "$port" "$data" "$data/server.log"
  server=$started
  started_pids+=("$server")
  base="http://127.0.0.1:$port"
else
  scale=(ROLE=web REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}" JOB_QUEUE_PREFIX=civitas-bench TRUST_PROXY=127.0.0.1)
  start_server "$port" "$data" "$data/server.log" "${scale[@]}"
  server=$started
  started_pids+=("$server")
  mkdir -p "$data/second"
  start_server $((port + 1)) "$data/second" "$data/second.log" "${scale[@]}"
  started_pids+=("$started")
  sed -e "s/@PORT@/$((port + 2))/" -e "s/@A@/127.0.0.1:$port/" -e "s/@B@/127.0.0.1:$((port + 1))/" \
    bench/scale/haproxy.cfg >"$data/haproxy.cfg"
  haproxy -db -f "$data/haproxy.cfg" >"$data/haproxy.log" 2>&1 &
  started_pids+=($!)
  base="http://127.0.0.1:$((port + 2))"
  for _ in $(seq 40); do curl -sf "$base/healthz" >/dev/null && break; sleep 0.25; done
  node bench/scale/like-propagation.mjs "http://127.0.0.1:$port" "http://127.0.0.1:$((port + 1))" "$crowd" "$many_posts"
fi
# A deployed server renders pages between the API's answers, so the API is measured after a few (a post, its
# author's profile, the stage), as one that has been up a while. BENCH_PAGES_FIRST=0 leaves them out.
if [ "${BENCH_PAGES_FIRST:-1}" != 0 ]; then
  author=$(sql "select username from citizens where id = (select author_id from posts where id = '$post')")
  for page in "/p/$post" "/u/$author" /; do
    curl -sf -o /dev/null -H "Host: localhost:3000" -H "Accept-Language: en-GB" "$base$page" || echo "page $page: failed"
  done
fi
echo "database: $([ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo SQLite); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

# CPU time (clock ticks) of the server and of its PostgreSQL sessions: on a shared machine req/s moves with
# the neighbours' load, while CPU milliseconds per request mostly do not.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
sys_ticks() { awk '{print $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
declare -A pg_before
pg_sessions() { [ -n "${DATABASE_URL:-}" ] && sql "select string_agg(pid::text, ' ') from pg_stat_activity where application_name = 'civitas-bench'" || true; }
accept_encoding=${BENCH_ACCEPT_ENCODING-gzip}
run() { # key, name, wrk args...
  local key=$1 name=$2; shift 2
  [[ $only == *",$key,"* ]] || return 0
  [ -n "$accept_encoding" ] && set -- -H "Accept-Encoding: $accept_encoding" "$@"
  wrk -t1 -c32 -d"${BENCH_WARMUP:-3}s" "$@" >/dev/null # JIT and connection pool warm, not measured
  [ -n "${BENCH_PROFILE:-}" ] && kill -USR2 $server
  local node_before sys_before; node_before=$(ticks $server); sys_before=$(sys_ticks $server)
  pg_before=(); for pid in $(pg_sessions); do pg_before[$pid]=$(ticks "$pid"); done
  local out; out=$(wrk -t1 -c32 -d"${duration}s" --latency "$@")
  local node_ticks=$(( $(ticks $server) - node_before )) node_sys=$(( $(sys_ticks $server) - sys_before )) pg_ticks=0
  if [ -n "${BENCH_PROFILE:-}" ]; then kill -USR2 $server; sleep 1; fi
  for pid in $(pg_sessions); do pg_ticks=$(( pg_ticks + $(ticks "$pid") - ${pg_before[$pid]:-0} )); done
  local requests; requests=$(awk '/requests in/ {print $1}' <<<"$out")
  local errors; errors=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  local rps; rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  local after; after=$(hello_rps)
  local around; around=$(awk -v a="$reference" -v b="$after" 'BEGIN {printf "%.0f", (a + b) / 2}')
  reference=$after
  printf '%-36s %9s req/s %6s of %6s  p50 %8s  p99 %8s  cpu/req: node %s ms (sys %s)%s  load %s%s\n' "$name" \
    "$rps" "$(share "$rps" "$around")" "$around" "$(awk '$1=="50%" {print $2}' <<<"$out")" \
    "$(awk '$1=="99%" {print $2}' <<<"$out")" "$(awk -v t="$node_ticks" -v n="$requests" 'BEGIN {printf "%.3f", t * 10 / n}')" \
    "$(awk -v t="$node_sys" -v n="$requests" 'BEGIN {printf "%.3f", t * 10 / n}')" \
    "$([ -n "${DATABASE_URL:-}" ] && awk -v t="$pg_ticks" -v n="$requests" 'BEGIN {printf ", pg %.3f ms", t * 10 / n}')" \
    "$(cut -d' ' -f1 /proc/loadavg)" "${errors:+  NON-2xx: $errors}"
}
run guest "guest stage feed (GB, 20 posts)" -H "Authorization: Bearer $guest" "$base/api/content/v9/feed/eight-stage?country=GB"
BENCH_TOKENS=$guest run guest-snapshots "guest stage, a timestamp each" -s bench/api/stage-snapshots.lua "$base"
# The stage's HTML page as a guest's browser asks for it, at the host pages are served at (PUBLIC_URL's default;
# any other is redirected there). Guests' pages are kept for a moment (ADR 042).
run page "guest HTML page / (en-GB)" -H "Host: localhost:3000" -H "Accept-Language: en-GB" "$base/"
run citizen "citizen stage feed (GB, 20 posts)" -H "Authorization: Bearer $citizen" "$base/api/content/v9/feed/eight-stage?country=GB"
BENCH_TOKENS=$crowd run citizen-snapshots "citizen stage, a timestamp each, crowd" -s bench/api/stage-snapshots.lua "$base"
run detail "post detail (citizen)" -H "Authorization: Bearer $citizen" "$base/api/content/v1/creators-content/$post"
BENCH_TOKENS=$crowd BENCH_POSTS=$many_posts run detail-crowd "post detail (crowd, 200 posts)" -s bench/api/detail-crowd.lua "$base"
run overview "post overview (guest)" -H "Authorization: Bearer $guest" -H "X-API-Version: 2.0" "$base/api/social/feeds/$post/overview"
if [[ $only == *",comments,"* ]]; then
  env DATA_DIR="$data" ${server_url:+DATABASE_URL="$server_url"} node bench/api/add-comments.mjs "$many_posts" 20
  # As the run's start does for the other tables: never analyzed, the table was planned as a bitmap scan and a sort
  # of each post's comments instead of one ordered range of its index.
  if [ -n "${DATABASE_URL:-}" ]; then sql "vacuum (analyze) comments"; fi
  BENCH_TOKENS=$crowd BENCH_POSTS=$many_posts BENCH_POST_SUFFIX=/comments run comments "comments, first page (crowd, 200 posts)" \
    -s bench/api/detail-crowd.lua "$base"
fi
BENCH_TOKEN=$citizen BENCH_POST=$post run like "like/unlike (one citizen, one post)" -s bench/api/like-unlike.lua "$base"
BENCH_TOKEN=$citizen BENCH_POSTS=$many_posts run like-many "like/unlike (one citizen, 200 posts)" -s bench/api/like-unlike-many.lua "$base"
BENCH_TOKENS=$crowd BENCH_POSTS=$many_posts run like-crowd "like/unlike (crowd, 200 posts)" -s bench/api/like-unlike-crowd.lua "$base"
BENCH_TOKENS=$crowd BENCH_CITIZENS=$many_citizens run follow-crowd "follow/unfollow (crowd, 200 citizens)" -s bench/api/follow-unfollow-crowd.lua "$base"
if [[ $only == *",following,"* ]]; then
  readers="$data/following-readers.txt"
  DATA_DIR="$data" node bench/api/mint-citizens.mjs following:50-500 "${BENCH_CITIZENS_LOADING:-100}" >"$readers"
  BENCH_TOKENS=@$readers BENCH_FEED='/api/content/v1/feed/following?' run following "following feed, a timestamp each, crowd" \
    -s bench/api/stage-snapshots.lua "$base"
fi
if [[ $only == *",search,"* ]]; then
  queries="$data/search-queries.txt"
  node bench/api/search-queries.mjs >"$queries"
  BENCH_TOKENS=$crowd BENCH_QUERIES=@$queries run search "people search (crowd, name starts)" -s bench/api/search-crowd.lua "$base"
fi
if [[ $only == *",stream,"* || $only == *",notifications,"* ]]; then
  # Citizens of another country than the crowd's, so none follows themself; each gets a line of follows.
  listeners="$data/listeners.txt"
  DATA_DIR="$data" node bench/api/mint-citizens.mjs FR "${BENCH_STREAMS:-1000}" >"$listeners"
fi
if [[ $only == *",stream,"* ]]; then
  BENCH_LISTENERS=@$listeners BENCH_FOLLOWERS=$crowd node bench/api/stream-latency.mjs "$base" "$server" "${BENCH_STREAMS:-1000}"
fi
BENCH_TOKENS=@${listeners:-} run notifications "notifications list (crowd, a line each)" -s bench/api/notifications-crowd.lua "$base"
if [[ $only == *",stream,"* ]]; then
  BENCH_LISTENERS=@$listeners BENCH_FOLLOWERS=$crowd node bench/api/stream-latency.mjs "$base" "$server" "${BENCH_STREAMS:-1000}" undo
fi
BENCH_TOKENS=$citizen run create "create post (one citizen)" -s bench/api/create-post.lua "$base"
if [[ $only == *",create-many,"* ]]; then
  # Each post also counts on its author's row: one author's posts queue on that row's lock, many authors' do not.
  authors=$citizen
  for offset in $(seq 1 7); do
    authors="$authors,$(cli mint-token --username "$(sql "select username from citizens where country='GB' order by id limit 1 offset $offset")" | tail -1)"
  done
  BENCH_TOKENS=$authors run create-many "create post (8 citizens)" -s bench/api/create-post.lua "$base"
fi
echo "server RSS after the runs: $(( $(ps -o rss= -p $server) / 1024 )) MB${behind_proxy:+ (the first instance)}"
# Right after a load, V8's old space still holds the garbage the load promoted (it is collected when V8 decides
# to, or when the process goes idle): the resident size 10 s later is what the server keeps.
sleep 10
echo "server RSS 10 s later: $(( $(ps -o rss= -p $server) / 1024 )) MB${behind_proxy:+ (the first instance)}"
