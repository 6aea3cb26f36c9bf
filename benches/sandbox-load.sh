#!/usr/bin/env bash
# Load test of the sandbox's task list: builds the release binary, starts the sandbox on a free
# port (the demo workspace, then one of 100,000 tasks), runs wrk over the list queries and a
# task create, and prints one table: requests/s, median and 99th-percentile latency, and each
# rate as a share of `GET /user/me`.
#
# `/user/me` is measured right before each query, and each share is taken against that run:
# absolute numbers depend on what else the machine is doing, and on a shared machine that
# changes from one minute to the next. The `/user/me` row shows the median of those runs.
#
#   benches/sandbox-load.sh              # 5 s per run, 2 threads, 8 connections
#   DURATION=10 TASKS=200000 benches/sandbox-load.sh
#
# Not part of CI: it takes a few minutes and its numbers mean little on a shared runner.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-5}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-8}
TASKS=${TASKS:-100000}
TOKEN=demo-token

if ! command -v wrk >/dev/null 2>&1; then
  echo "installing wrk" >&2
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq wrk >/dev/null
  else
    sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null
  fi
fi

cargo build --release --quiet --bin weeek-tui
BIN=target/release/weeek-tui

WORK=$(mktemp -d)
SANDBOX_PID=
# SIGINT is the sandbox's Ctrl-C: it stops and removes its database.
stop_sandbox() {
  if [ -n "$SANDBOX_PID" ]; then
    kill -INT "$SANDBOX_PID" 2>/dev/null || true
    wait "$SANDBOX_PID" 2>/dev/null || true
    SANDBOX_PID=
  fi
}
trap 'stop_sandbox; rm -rf "$WORK"' EXIT

# wrk reports through this script: one line per run, latencies in microseconds.
cat >"$WORK/report.lua" <<'LUA'
local method = os.getenv("LOAD_METHOD")
if method == "POST" then
  wrk.method = "POST"
  wrk.body = '{"title":"Нагрузочный тест: задача","priority":1,"assignees":["3f6b2c1e-8a4d-4c2b-9e71-5d0a8b6c4e21"],"tags":[1]}'
  wrk.headers["Content-Type"] = "application/json"
end
function done(summary, latency, requests)
  local failed = summary.errors.status + summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.1f %d %d %d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(99), failed))
end
LUA

# Starts the sandbox with the given flags on a free port; sets BASE.
start_sandbox() {
  local log="$WORK/sandbox.log"
  rm -f "$log"
  local started=$SECONDS
  env -u WEEEK_SANDBOX_TOKEN "$BIN" sandbox --listen 127.0.0.1:0 "$@" >"$log" 2>&1 &
  SANDBOX_PID=$!
  BASE=
  # Seeding 100,000 tasks takes seconds, more on a busy machine; give it two minutes.
  for _ in $(seq 1 1200); do
    BASE=$(sed -n 's/^WEEEK sandbox listening on \(http[^ ]*\).*/\1/p' "$log" 2>/dev/null)
    [ -n "$BASE" ] && break
    if ! kill -0 "$SANDBOX_PID" 2>/dev/null; then
      cat "$log" >&2
      exit 1
    fi
    sleep 0.1
  done
  if [ -z "$BASE" ]; then
    echo "the sandbox did not start" >&2
    exit 1
  fi
  local cpu
  cpu=$(awk '{ printf "%.1f", ($14 + $15) / 100 }' "/proc/$SANDBOX_PID/stat" 2>/dev/null || echo "?")
  echo "  started in $((SECONDS - started)) s, $cpu s of CPU (with seeding)" >&2
}

fmt_ms() { awk -v us="$1" 'BEGIN { printf "%.2f ms", us / 1000 }'; }

# run PATH METHOD: one wrk run; sets RATE P50 P99 FAILED.
run() {
  local line
  line=$(LOAD_METHOD=$2 wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" \
    -H "Authorization: Bearer $TOKEN" -s "$WORK/report.lua" "$BASE$1" | grep '^RESULT')
  read -r _ RATE P50 P99 FAILED <<<"$line"
}

ROWS=()
ME_RATES=()
ME_P50S=()
ME_P99S=()

row() { # label rate p50 p99 share failed
  local text
  text=$(printf '| %s | %s | %.0f | %s | %s | %s |' "$WORKSPACE" "$1" "$2" \
    "$(fmt_ms "$3")" "$(fmt_ms "$4")" "$5")
  if [ "$6" != 0 ]; then text+=" $6 failed"; fi
  ROWS+=("$text")
}

# measure LABEL PATH [METHOD]: `/user/me`, then the query, side by side.
measure() {
  local label=$1 path=$2 method=${3:-GET}
  run /user/me GET
  local me=$RATE
  ME_RATES+=("$RATE")
  ME_P50S+=("$P50")
  ME_P99S+=("$P99")
  run "$path" "$method"
  local share
  share=$(awk -v r="$RATE" -v m="$me" 'BEGIN { printf "%.0f%%", 100 * r / m }')
  QUERY_ROWS+=("$label|$RATE|$P50|$P99|$share|$FAILED")
  echo "  $label: $(printf '%.0f' "$RATE")/s, p99 $(fmt_ms "$P99"), $share of /user/me ($(printf '%.0f' "$me")/s)" >&2
}

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# workspace_done: the `/user/me` row (medians), then the queries of this workspace.
workspace_done() {
  row "user/me" "$(median "${ME_RATES[@]}")" "$(median "${ME_P50S[@]}")" \
    "$(median "${ME_P99S[@]}")" "100%" 0
  local entry
  for entry in "${QUERY_ROWS[@]}"; do
    IFS='|' read -r label rate p50 p99 share failed <<<"$entry"
    row "$label" "$rate" "$p50" "$p99" "$share" "$failed"
  done
  ME_RATES=()
  ME_P50S=()
  ME_P99S=()
  QUERY_ROWS=()
}

ME=3f6b2c1e-8a4d-4c2b-9e71-5d0a8b6c4e21
SEARCH=%D0%BE%D1%82%D1%87%D1%91%D1%82          # "отчёт"
RARE=%D0%BA%D0%B2%D0%B8%D1%82%D0%B0%D0%BD%D1%86 # "квитанц": in no task
QUERY_ROWS=()

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
WORKSPACE=demo
echo "demo workspace" >&2
start_sandbox
measure "tm/tasks?perPage=20" "/tm/tasks?perPage=20"
measure "POST tm/tasks" "/tm/tasks" POST
workspace_done
stop_sandbox

WORKSPACE="$(echo "$TASKS" | sed -e ':a' -e 's/\B[0-9]\{3\}\>/,&/' -e 'ta') tasks"
echo "$WORKSPACE" >&2
start_sandbox --tasks "$TASKS"
measure "tm/tasks?perPage=20" "/tm/tasks?perPage=20"
measure "userId=me&completed=0" "/tm/tasks?perPage=20&userId=$ME&completed=0"
measure "search=отчёт" "/tm/tasks?perPage=20&search=$SEARCH"
measure "search=квитанц (no match)" "/tm/tasks?perPage=20&search=$RARE"
measure "sortBy=-priority" "/tm/tasks?perPage=20&sortBy=-priority"
measure "offset=99000" "/tm/tasks?perPage=20&offset=99000"
measure "POST tm/tasks" "/tm/tasks" POST
workspace_done
stop_sandbox

echo
echo "$(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n1)," \
  "$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sr);" \
  "load after: $(cut -d' ' -f1-3 /proc/loadavg); wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s"
echo
echo "| workspace | query | requests/s | p50 | p99 | vs /user/me |"
echo "| --- | --- | ---: | ---: | ---: | ---: |"
printf '%s\n' "${ROWS[@]}"
