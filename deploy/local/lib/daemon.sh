# Shared by kafka.sh and ferretdb.sh: logging, pid files, launching detached, health waits, stopping.
# The sourcing script sets NAME, PROCESS_PATTERN (matched against the process's command line), ENDPOINT,
# HOST, PID_FILE, LOG_FILE, RUN_DIR, START_TIMEOUT, STOP_TIMEOUT, and defines probe(); STOP_SIGNAL (default TERM)
# is the signal that asks the server to stop.
# shellcheck shell=bash

log() { printf '[%s] %s\n' "$NAME" "$*" >&2; }
die() {
  log "ERROR: $*"
  exit 1
}

pid_of() {
  [ -f "$PID_FILE" ] || return 1
  local pid
  pid="$(cat "$PID_FILE" 2>/dev/null)" || return 1
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  if [ -r "/proc/$pid/cmdline" ]; then
    tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q "$PROCESS_PATTERN" || return 1
  else
    ps -p "$pid" -o args= 2>/dev/null | grep -q "$PROCESS_PATTERN" || return 1
  fi
  printf '%s\n' "$pid"
}

# Inner launcher script: write own pid to $0, close inherited fds > 2 (e.g. a
# CI runner's pipes, which would otherwise stay open for the server's
# lifetime), then exec the server so the pid stays the same.
# shellcheck disable=SC2016,SC2034
DAEMON_EXEC='echo $$ >"$0"
if [ -d /proc/$$/fd ]; then
  for fd in /proc/$$/fd/*; do
    fd=${fd##*/}
    case $fd in 0 | 1 | 2) ;; *) eval "exec $fd>&-" 2>/dev/null ;; esac
  done
fi
exec "$@"'

port_open() { (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null; }

wait_healthy() {
  local pid="$1" deadline=$((SECONDS + START_TIMEOUT))
  while ((SECONDS < deadline)); do
    if probe; then
      log "healthy on $ENDPOINT (pid $pid)"
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      log "process exited; last log lines ($LOG_FILE):"
      tail -n 40 "$LOG_FILE" >&2 || true
      rm -f "$PID_FILE"
      return 1
    fi
    sleep 0.5
  done
  log "not healthy after ${START_TIMEOUT}s; last log lines ($LOG_FILE):"
  tail -n 40 "$LOG_FILE" >&2 || true
  return 1
}

cmd_stop() {
  local pid
  if ! pid="$(pid_of)"; then
    rm -f "$PID_FILE"
    log "not running"
    return 0
  fi
  log "stopping pid $pid"
  kill "-${STOP_SIGNAL:-TERM}" "$pid" 2>/dev/null || true
  local deadline=$((SECONDS + STOP_TIMEOUT))
  while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do
    sleep 0.2
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "still running after ${STOP_TIMEOUT}s; sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  fi
  rm -f "$PID_FILE"
  log "stopped"
}

cmd_reset() {
  cmd_stop
  log "deleting $RUN_DIR"
  rm -rf "$RUN_DIR"
}

