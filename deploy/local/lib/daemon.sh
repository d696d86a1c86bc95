# Shared by kafka.sh, ferretdb.sh and postgres.sh: logging, pid files, launching detached, health waits, stopping.
# The sourcing script sets NAME, PROCESS_PATTERN (matched against the process's command line), ENDPOINT,
# HOST, PID_FILE, LOG_FILE, RUN_DIR, START_TIMEOUT, STOP_TIMEOUT, and defines probe(); STOP_SIGNAL (default TERM)
# is the signal that asks the server to stop; LAUNCH_PREFIX (default none) runs the launched server as another user.
# shellcheck shell=bash

LAUNCH_PREFIX=()

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


# Starts "$@" detached in RUN_DIR (setsid nohup, output appended to LOG_FILE) through DAEMON_EXEC, so the pid file
# names the server itself, then waits for it to be healthy. Redirecting the whole background subshell and exec-ing
# from it leaves no process holding the caller's stdout/stderr (so `<script> start | tee` ends).
launch_detached() {
  local -a launcher=()
  command -v setsid >/dev/null 2>&1 && launcher=(setsid)
  rm -f "$PID_FILE"
  (
    cd "$RUN_DIR" || exit 1
    exec nohup "${launcher[@]}" "${LAUNCH_PREFIX[@]}" bash -c "$DAEMON_EXEC" "$PID_FILE" "$@"
  ) </dev/null >>"$LOG_FILE" 2>&1 &
  local _ pid
  for _ in $(seq 1 50); do
    [ -s "$PID_FILE" ] && break
    sleep 0.1
  done
  [ -s "$PID_FILE" ] || die "failed to launch $NAME (see $LOG_FILE)"
  pid="$(cat "$PID_FILE")"
  log "started pid $pid (log: $LOG_FILE); waiting up to ${START_TIMEOUT}s for health"
  wait_healthy "$pid"
}

cmd_status() {
  local pid
  if pid="$(pid_of)"; then
    echo "running (pid $pid, $ENDPOINT)"
  else
    echo "stopped"
    return 3
  fi
}

cmd_health() {
  if probe; then
    echo "healthy ($ENDPOINT)"
  else
    echo "unhealthy ($ENDPOINT)" >&2
    return 1
  fi
}
