#!/usr/bin/env bash
# `weeek-tui sync` against the sandbox with 100,000 tasks, 150 ms away (`--latency-ms 150`):
# a first sync into an empty store, then a second one of the same workspace (every page read
# again and compared by `updatedAt`). Prints the time of each, its requests, and the store's
# size on disk after it, with the machine it ran on.
#
#   benches/sync.sh                           # 100,000 tasks, 150 ms
#   TASKS=20000 LATENCY_MS=50 benches/sync.sh
#
# Not part of CI: seeding the sandbox and two syncs take a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

TASKS=${TASKS:-100000}
LATENCY_MS=${LATENCY_MS:-150}

cargo build --release --quiet --bin weeek-tui
BIN=$PWD/target/release/weeek-tui

WORK=$(mktemp -d)
SANDBOX_PID=
# SIGINT is the sandbox's Ctrl-C: it stops.
stop_sandbox() {
  if [ -n "$SANDBOX_PID" ]; then
    kill -INT "$SANDBOX_PID" 2>/dev/null || true
    wait "$SANDBOX_PID" 2>/dev/null || true
    SANDBOX_PID=
  fi
}
trap 'stop_sandbox; rm -rf "$WORK"' EXIT

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "seeding a sandbox of $TASKS tasks, $LATENCY_MS ms away" >&2
env -u WEEEK_SANDBOX_TOKEN "$BIN" sandbox --listen 127.0.0.1:0 --tasks "$TASKS" \
  --latency-ms "$LATENCY_MS" >"$WORK/sandbox.log" 2>&1 &
SANDBOX_PID=$!
BASE=
# Seeding 100,000 tasks takes seconds, more on a busy machine; give it two minutes.
for _ in $(seq 1 1200); do
  BASE=$(sed -n 's/^WEEEK sandbox listening on \(http[^ ]*\).*/\1/p' "$WORK/sandbox.log")
  [ -n "$BASE" ] && break
  if ! kill -0 "$SANDBOX_PID" 2>/dev/null; then
    cat "$WORK/sandbox.log" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$BASE" ]; then
  echo "the sandbox did not start" >&2
  exit 1
fi

# The app's own directories, in the scratch folder: the store lands there.
export HOME=$WORK XDG_DATA_HOME=$WORK/data XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state
export WEEEK_BASE_URL=$BASE WEEEK_TOKEN=demo-token
unset WEEEK_API_TOKEN

store_bytes() {
  local path
  path=$("$BIN" store path 2>/dev/null)
  # The database, its write-ahead log and shared memory.
  find "$(dirname "$path")" -name "$(basename "$path")*" -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'
}

ROWS=()
# run LABEL: one sync, timed from outside; its report goes to stderr.
run() {
  local start end secs requests bytes
  start=$(date +%s.%N)
  "$BIN" sync >"$WORK/report.txt" 2>"$WORK/progress.txt"
  end=$(date +%s.%N)
  sed 's/^/    /' "$WORK/report.txt" >&2
  secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
  requests=$(sed -n 's/.*(\([0-9 ]*\) requests).*/\1/p' "$WORK/report.txt" | tr -d ' ')
  bytes=$(store_bytes)
  ROWS+=("$(printf '| %s | %s s | %s | %.1f MB |' "$1" "$secs" "$requests" \
    "$(awk -v b="$bytes" 'BEGIN { print b / 1000000 }')")")
  echo "  $1: $secs s" >&2
}

run "first sync (empty store)"
run "second sync (compare)"
stop_sandbox

echo
echo "$(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n1)," \
  "$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sr);" \
  "load after: $(cut -d' ' -f1-3 /proc/loadavg); $TASKS tasks, --latency-ms $LATENCY_MS"
echo
echo "| run | time | requests | store on disk |"
echo "| --- | ---: | ---: | ---: |"
printf '%s\n' "${ROWS[@]}"
