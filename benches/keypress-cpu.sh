#!/usr/bin/env bash
# CPU time of one key press in the release binary, as a person would spend it: the app runs in
# tmux at 160x45 against a sandbox of its own (a separate process, so its CPU is not counted),
# loads everyone's tasks, open and done (`A`, the filter panel's Status set to "all", `G` to
# read every page), and then gets 200 presses of one key at a time, each sent once the one
# before it is drawn. What is measured is the app process's user + system CPU time
# (/proc/PID/stat, utime + stime) over those presses, divided by their number: the key's
# `update`, its frame, the escapes written to the terminal, and whatever else the process does
# meanwhile (the header's running timer redraws it every second; answers to the reads a key
# press makes are drawn too).
#
# Lines, for 1,000 and 100,000 tasks:
#   list           j x200 from the last row `G` left (it stays there: the key is drawn anyway),
#                  then k x200 and j x200 (every press moves the cursor, most of them scroll)
#   list, marked   k x200 with one task marked (the footer counts the marks)
#   board          `b` on a task, the column read to its end (`G`), then k x200 and j x200
#   funnel board   the funnels screen, the first funnel (`Enter`), then j x60, k x60, j x60
#                  and k x60, counted together (its first column holds 68 deals)
#
#   benches/keypress-cpu.sh                      # builds the release binary first
#   BIN=target/release/weeek-tui SIZES="100000" benches/keypress-cpu.sh
#
# The clock ticks 100 times a second (CLK_TCK), so 200 presses resolve to 0.05 ms a press.
# Not part of CI: it takes a few minutes, and a shared machine's load moves the numbers.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES:-"1000 100000"}
PRESSES=${PRESSES:-200}

for tool in tmux bc; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "installing $tool" >&2
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && apt-get install -y -qq "$tool" >/dev/null
    else
      sudo apt-get update -qq && sudo apt-get install -y -qq "$tool" >/dev/null
    fi
  fi
done

if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet --bin weeek-tui
  BIN=target/release/weeek-tui
fi
BIN=$(realpath "$BIN")

WORK=$(mktemp -d)
SOCKET="keypress-cpu-$$"
SANDBOX_PID=
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
  rm -rf "$WORK"
}
trap cleanup EXIT

TICK=$(getconf CLK_TCK)

screen() { tmux -L "$SOCKET" capture-pane -p -t app; }
send() { tmux -L "$SOCKET" send-keys -t app "$@"; }

# Waits up to $2 seconds for the screen to show the extended regex $1.
wait_for() {
  local deadline=$((SECONDS + ${2:-30}))
  until screen | grep -Eq -- "$1"; do
    if [ $SECONDS -ge $deadline ]; then
      echo "timed out waiting for: $1" >&2
      screen >&2
      exit 1
    fi
    sleep 0.05
  done
}

# The text of screen line $1 (1-based).
line() { screen | sed -n "${1}p"; }

# Waits up to $3 seconds for screen line $1 to show the extended regex $2.
wait_line() {
  local deadline=$((SECONDS + $3))
  until line "$1" | grep -Eq -- "$2"; do
    if [ $SECONDS -ge $deadline ]; then
      echo "timed out waiting for line $1 to show: $2" >&2
      screen >&2
      exit 1
    fi
    sleep 0.05
  done
}

# Waits up to $1 seconds until no request is on its way: the header's spinner is gone, and
# still gone a moment later (the next page is asked for as the one before it lands).
wait_idle() {
  local deadline=$((SECONDS + $1)) quiet=0
  while [ $quiet -lt 2 ]; do
    if line 1 | grep -Fq -e ⠋ -e ⠙ -e ⠹ -e ⠸ -e ⠼ -e ⠴ -e ⠦ -e ⠧ -e ⠇ -e ⠏; then
      quiet=0
    else
      quiet=$((quiet + 1))
    fi
    if [ $SECONDS -ge $deadline ]; then
      echo "still loading after $1 s" >&2
      exit 1
    fi
    sleep 0.3
  done
}

cpu_ticks() { awk '{print $14 + $15}' "/proc/$APP_PID/stat"; }

# Sends key $1 $2 times, each once the screen changed after the one before (a key that
# changes nothing is given 20 ms); more pairs of key and count may follow. Prints the CPU per
# press in milliseconds.
presses() {
  local before after total=0 key count i shown now deadline
  before=$(cpu_ticks)
  while [ $# -ge 2 ]; do
    key=$1 count=$2
    shift 2
    total=$((total + count))
    for ((i = 0; i < count; i++)); do
      shown=$(screen | md5sum)
      send "$key"
      deadline=$((${EPOCHREALTIME/./} + 20000))
      while now=$(screen | md5sum); [ "$now" = "$shown" ] && [ "${EPOCHREALTIME/./}" -lt $deadline ]; do
        :
      done
    done
  done
  # The last frame is drawn before the count is read.
  sleep 0.2
  after=$(cpu_ticks)
  echo "scale=3; ($after - $before) * 1000 / $TICK / $total" | bc
}

row() { printf '| %-34s | %7s | %s |\n' "$1" "$2" "$3"; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "binary:  $BIN"
row "what (${PRESSES} presses)" "tasks" "CPU per press, ms"
row "---" "---:" "---:"

for tasks in $SIZES; do
  "$BIN" sandbox --listen 127.0.0.1:0 --tasks "$tasks" >"$WORK/sandbox-$tasks.out" 2>"$WORK/sandbox-$tasks.err" &
  SANDBOX_PID=$!
  deadline=$((SECONDS + 120))
  until grep -q "listening on" "$WORK/sandbox-$tasks.out" 2>/dev/null; do
    if [ $SECONDS -ge $deadline ]; then
      echo "the sandbox did not start" >&2
      cat "$WORK/sandbox-$tasks.err" >&2
      exit 1
    fi
    sleep 0.1
  done
  URL=$(grep -o 'http://[^ ]*' "$WORK/sandbox-$tasks.out" | head -1)

  mkdir -p "$WORK/home-$tasks"
  tmux -L "$SOCKET" new-session -d -x 160 -y 45 -s app \
    "env HOME=$WORK/home-$tasks XDG_CONFIG_HOME=$WORK/home-$tasks/config \
      XDG_DATA_HOME=$WORK/home-$tasks/data XDG_STATE_HOME=$WORK/home-$tasks/state \
      WEEEK_BASE_URL=$URL WEEEK_TOKEN=demo-token $BIN"
  APP_PID=$(tmux -L "$SOCKET" display -p -t app '#{pane_pid}')
  wait_for 'My open tasks.* of ' 60

  # Everyone's tasks, open and done: the filter panel's Status row (the tenth), set to "all".
  send A
  wait_for "Everyone's open tasks" 30
  send f
  wait_for '│ Status ' 10
  for ((i = 0; i < 9; i++)); do send j; done
  send Enter
  wait_for 'Completion' 10
  send -l all
  send Enter
  send Escape
  wait_for "Everyone's tasks \(all" 30
  wait_for ' of [0-9]+ loaded, more below' 60
  send G
  wait_for " $tasks of $tasks tasks" 900

  row "list: j at the last row" "$tasks" "$(presses j "$PRESSES")"
  row "list: k, moving up" "$tasks" "$(presses k "$PRESSES")"
  row "list: j, moving down" "$tasks" "$(presses j "$PRESSES")"

  # Space marks the task and steps down; Esc takes the marks off.
  send Space
  wait_for ' 1 marked ' 10
  row "list, one task marked: k" "$tasks" "$(presses k "$PRESSES")"
  send Escape
  wait_line 45 '^ [^0-9]' 10

  # The board of the first task on one: step up the list until `b` opens a board.
  for ((i = 0; i < 50; i++)); do
    send b
    sleep 0.3
    if line 2 | grep -q 'column [0-9]* of'; then break; fi
    send k
  done
  line 2 | grep -q 'column [0-9]* of' || { echo "no board opened" >&2; exit 1; }
  send G
  wait_idle 600
  row "board: k, moving up" "$tasks" "$(presses k "$PRESSES")"
  row "board: j, moving down" "$tasks" "$(presses j "$PRESSES")"
  send Escape

  send M-2
  wait_for 'CRM funnels' 30
  wait_for ' [0-9]+ funnels' 30
  send Enter
  wait_for 'Funnels › ' 30
  wait_idle 60
  row "funnel board: j and k, 60 each, 2x" "$tasks" "$(presses j 60 k 60 j 60 k 60)"

  tmux -L "$SOCKET" kill-server 2>/dev/null || true
  stop_sandbox
done
