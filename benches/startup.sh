#!/usr/bin/env bash
# From `exec` of the release binary to the first frame with task rows on a real terminal
# (tmux), the local store holding 100,000 tasks and the service a second away
# (`--latency-ms 1000`), so that no answer can come before the store's. The store is filled
# as a user's is: `weeek-tui sync`, then one run of the app that reads its start view.
#
#   benches/startup.sh                    # 100,000 tasks, 20 starts
#   TASKS=20000 RUNS=10 benches/startup.sh
#   WORK_DIR=/tmp/startup benches/startup.sh   # keeps the sandbox and the store there: a
#                                              # second run only measures
#
# The time starts when a small launcher has the clock's reading and calls execve(2) on the
# binary, and ends when the app has written its first frame with rows to the terminal
# (`WEEEK_TUI_FIRST_ROWS` has it note the moment, and the CPU time it has used so far, which
# the machine's load does not stretch as it does the wall clock). Not part of CI: seeding the sandbox and
# the sync take a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

TASKS=${TASKS:-100000}
RUNS=${RUNS:-20}
SIZE_X=160
SIZE_Y=45

for tool in tmux python3; do
  command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 1; }
done

cargo build --release --quiet --bin weeek-tui
BIN=$PWD/target/release/weeek-tui

WORK=${WORK_DIR:-$(mktemp -d)}
mkdir -p "$WORK"
SOCKET=weeek-startup-$$
SANDBOX_PID=
# SIGINT is the sandbox's Ctrl-C: it stops.
stop_sandbox() {
  if [ -n "$SANDBOX_PID" ]; then
    kill -INT "$SANDBOX_PID" 2>/dev/null || true
    wait "$SANDBOX_PID" 2>/dev/null || true
    SANDBOX_PID=
  fi
}
cleanup() {
  tmux -L "$SOCKET" kill-server 2>/dev/null || true
  stop_sandbox
  [ -n "${WORK_DIR:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT

# A port free now, kept for every run of the sandbox: the store is named by the base URL.
if [ -s "$WORK/port" ]; then
  PORT=$(cat "$WORK/port")
else
  PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
fi
BASE=http://127.0.0.1:$PORT/public/v1

# start_sandbox LATENCY_MS: the sandbox on its database file (seeded the first time).
start_sandbox() {
  : >"$WORK/sandbox.log"
  env -u WEEEK_SANDBOX_TOKEN "$BIN" sandbox --listen "127.0.0.1:$PORT" --db "$WORK/sandbox.sqlite3" \
    --tasks "$TASKS" --latency-ms "$1" >"$WORK/sandbox.log" 2>&1 &
  SANDBOX_PID=$!
  # Seeding 100,000 tasks takes seconds, more on a busy machine; give it two minutes.
  for _ in $(seq 1 1200); do
    grep -q "listening on" "$WORK/sandbox.log" && return 0
    if ! kill -0 "$SANDBOX_PID" 2>/dev/null; then
      cat "$WORK/sandbox.log" >&2
      exit 1
    fi
    sleep 0.1
  done
  echo "the sandbox did not start" >&2
  exit 1
}

# The app's own directories, in the scratch folder: the store lands there.
APP_ENV=(env HOME="$WORK" XDG_DATA_HOME="$WORK/data" XDG_CONFIG_HOME="$WORK/config"
  XDG_STATE_HOME="$WORK/state" WEEEK_BASE_URL="$BASE" WEEEK_TOKEN=demo-token TERM=xterm-256color)

# in_tmux COMMAND...: runs COMMAND in a fresh pane of the benchmark's size.
in_tmux() {
  tmux -L "$SOCKET" -f /dev/null new-session -d -x "$SIZE_X" -y "$SIZE_Y" "$@"
}

# wait_for WHAT TEST: polls until TEST succeeds, for at most two minutes.
wait_for() {
  for _ in $(seq 1 1200); do
    eval "$2" && return 0
    sleep 0.1
  done
  echo "timed out waiting for $1" >&2
  tmux -L "$SOCKET" capture-pane -p >&2 || true
  exit 1
}

screen() { tmux -L "$SOCKET" capture-pane -p 2>/dev/null; }
gone() { ! tmux -L "$SOCKET" has-session 2>/dev/null; }

LOAD_BEFORE=$(cut -d' ' -f1 /proc/loadavg)
if [ ! -s "$WORK/port" ]; then
  echo "seeding a sandbox of $TASKS tasks and syncing them into the store" >&2
  start_sandbox 0
  "${APP_ENV[@]}" "$BIN" sync >"$WORK/sync.txt" 2>/dev/null
  head -1 "$WORK/sync.txt" >&2
  # One run that reads the start view (my open tasks) and the names it shows.
  in_tmux "${APP_ENV[@]}" "$BIN"
  wait_for "the first run's start view" 'screen | grep -q "· live" && screen | grep -q "loaded"'
  tmux -L "$SOCKET" send-keys q
  wait_for "the first run to quit" gone
  stop_sandbox
  echo "$PORT" >"$WORK/port"
fi

start_sandbox 1000
STORE=$("${APP_ENV[@]}" "$BIN" store path)
STORE_MB=$(find "$(dirname "$STORE")" -name "$(basename "$STORE")*" -printf '%s\n' | awk '{ s += $1 } END { printf "%.1f", s / 1000000 }')
echo "the store: $STORE_MB MB; $RUNS starts, the service 1000 ms away" >&2

# The launcher notes the clock, and the CPU time it used itself (the process keeps counting
# across the exec), then becomes the app.
LAUNCH='import os, sys, time
cpu = open("/proc/self/schedstat").read().split()[0]
open(sys.argv[1], "w").write(cpu + " " + str(time.time_ns()) + "\n")
os.execv(sys.argv[2], sys.argv[2:])'
: >"$WORK/times.txt"
for i in $(seq 1 "$RUNS"); do
  rm -f "$WORK/start.txt" "$WORK/rows.txt"
  in_tmux "${APP_ENV[@]}" WEEEK_TUI_FIRST_ROWS="$WORK/rows.txt" \
    python3 -c "$LAUNCH" "$WORK/start.txt" "$BIN"
  wait_for "rows on screen" '[ -s "$WORK/rows.txt" ]'
  # `<ms since 1970> cached|live <CPU ms>`, against the launcher's nanoseconds.
  read -r rows_ms source cpu_ms <"$WORK/rows.txt"
  read -r launcher_cpu_ns start_ns <"$WORK/start.txt"
  awk -v s="$start_ns" -v r="$rows_ms" -v src="$source" -v cpu="$cpu_ms" -v l="$launcher_cpu_ns" \
    'BEGIN { printf "%.2f %s %.2f\n", r - s / 1e6, src, cpu - l / 1e6 }' >>"$WORK/times.txt"
  tmux -L "$SOCKET" send-keys q
  wait_for "the app to quit" gone
done
stop_sandbox

LOAD_AFTER=$(cut -d' ' -f1 /proc/loadavg)
CPU=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
MEM=$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)
echo
echo "exec to the first frame with task rows ($TASKS tasks in a $STORE_MB MB store, the service 1000 ms away, ${SIZE_X}x$SIZE_Y, $RUNS starts)"
echo "machine: $(nproc) cores, $CPU, $MEM, Linux $(uname -r); load average $LOAD_BEFORE before, $LOAD_AFTER after"
sort -n -k3 "$WORK/times.txt" | awk '{ print $3 }' >"$WORK/cpu.txt"
sort -n "$WORK/times.txt" | awk -v cpus="$(tr '\n' ' ' <"$WORK/cpu.txt")" '
  { t[NR] = $1; if ($2 != "cached") live++ }
  END {
    n = split(cpus, c, " ")
    printf "| | median | fastest | slowest |\n| --- | ---: | ---: | ---: |\n"
    printf "| wall clock, exec to the frame | %.1f ms | %.1f ms | %.1f ms |\n", t[int((NR + 1) / 2)], t[1], t[NR]
    printf "| CPU the process used by then (all threads) | %.1f ms | %.1f ms | %.1f ms |\n", c[int((n + 1) / 2)], c[1], c[n]
    printf "\ndrawn from the store: %d of %d\n", NR - live, NR
  }'
