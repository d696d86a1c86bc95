#!/usr/bin/env bash
# Local PostgreSQL (Debian's package) as FerretDB's storage: the MongoDB-wire read store's closest stand-in for
# MongoDB that runs here. Its own cluster in the tool cache, on a port of its own; no system service is touched.
set -euo pipefail

CACHE="${TRADEWISE_CACHE:-$HOME/.cache/tradewise}"
HOST="127.0.0.1"
PORT="${POSTGRES_PORT:-54329}"
DATABASE="ferretdb"
USER_NAME="tradewise"

# As root the cluster's owner is the postgres user, which cannot enter root's home: the cluster lives in /var/tmp.
if [ "$(id -u)" = 0 ]; then RUN_DIR="${POSTGRES_RUN_DIR:-/var/tmp/tradewise/postgres}"; else RUN_DIR="${POSTGRES_RUN_DIR:-$CACHE/run/postgres}"; fi
DATA_DIR="$RUN_DIR/data"
SOCKET_DIR="$RUN_DIR/socket"
PID_FILE="$RUN_DIR/postgres.pid"
LOG_FILE="$RUN_DIR/postgres.log"

START_TIMEOUT="${POSTGRES_START_TIMEOUT:-120}"
STOP_TIMEOUT="${POSTGRES_STOP_TIMEOUT:-30}"
# SIGINT is PostgreSQL's fast shutdown: SIGTERM would wait for FerretDB's pooled connections to close.
STOP_SIGNAL=INT

NAME=postgres
PROCESS_PATTERN=postgres
ENDPOINT="postgres://$USER_NAME@$HOST:$PORT/$DATABASE"

# shellcheck source=lib/daemon.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/daemon.sh"

usage() {
  cat <<USAGE
Usage: $(basename "$0") <command>

PostgreSQL (Debian's postgresql package) on $ENDPOINT, the storage of FerretDB's PostgreSQL backend.

Commands:
  provision   install Debian's postgresql package if no PostgreSQL server binaries are found
  start       provision if needed, create the cluster on first start, start it, wait until it answers
  stop        fast shutdown (SIGINT), SIGKILL after ${STOP_TIMEOUT}s
  status      print "running (pid N)" (exit 0) or "stopped" (exit 3)
  health      exit 0 only if the server accepts a connection to $DATABASE
  reset       stop and delete the cluster ($RUN_DIR)

The cluster lives in $RUN_DIR (POSTGRES_RUN_DIR; as root /var/tmp/tradewise/postgres, owned by the postgres user).
Environment: TRADEWISE_CACHE (default ~/.cache/tradewise), POSTGRES_RUN_DIR, POSTGRES_PORT, POSTGRES_START_TIMEOUT.
USAGE
}

bin_dir() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  [ -n "$dir" ] && [ -x "$dir/postgres" ] && printf '%s\n' "$dir"
}

cmd_provision() {
  if bin_dir >/dev/null; then
    log "PostgreSQL server binaries in $(bin_dir)"
    return 0
  fi
  command -v apt-get >/dev/null 2>&1 || die "no PostgreSQL server binaries and no apt-get to install Debian's postgresql"
  log "installing Debian's postgresql package"
  mkdir -p "$CACHE"
  (
    flock 8
    bin_dir >/dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql; }
  ) 8>"$CACHE/.postgres-provision.lock"
  bin_dir >/dev/null || die "postgresql installed, but no server binaries under /usr/lib/postgresql"
}

# PostgreSQL refuses to run as root: as root, the cluster belongs to the package's postgres user.
OWNER_PREFIX=()
[ "$(id -u)" = 0 ] && OWNER_PREFIX=(runuser -u postgres --)
as_owner() { "${OWNER_PREFIX[@]}" "$@"; }

probe() {
  as_owner "$(bin_dir)/pg_isready" -q -h "$HOST" -p "$PORT" -d "$DATABASE" -U "$USER_NAME" 2>/dev/null
}

init_cluster() {
  log "creating the cluster in $DATA_DIR"
  mkdir -p "$RUN_DIR" "$SOCKET_DIR"
  [ "$(id -u)" = 0 ] && chown -R postgres:postgres "$RUN_DIR"
  as_owner "$(bin_dir)/initdb" -D "$DATA_DIR" -U "$USER_NAME" --auth=trust -E UTF8 --no-locale >>"$LOG_FILE" 2>&1 ||
    die "initdb failed (see $LOG_FILE)"
  # The read store's data is rebuilt from the event log; like MongoDB's default write concern, a commit is
  # acknowledged before its WAL reaches the disk (fsync stays on: a crash loses the last moments, never the cluster).
  cat >>"$DATA_DIR/postgresql.conf" <<CONF
listen_addresses = '$HOST'
port = $PORT
unix_socket_directories = '$SOCKET_DIR'
max_connections = 300
synchronous_commit = off
CONF
}

cmd_start() {
  local pid
  if pid="$(pid_of)"; then
    probe && { log "already running and healthy (pid $pid)"; return 0; }
    wait_healthy "$pid"
    return
  fi
  port_open "$PORT" && die "port $PORT is already in use by a process not started by this script"
  cmd_provision
  mkdir -p "$RUN_DIR"
  [ -f "$DATA_DIR/PG_VERSION" ] || init_cluster
  echo "=== $(date -u +%FT%TZ) starting PostgreSQL ===" >>"$LOG_FILE"
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$RUN_DIR" "$LOG_FILE"
  # As root the launcher shell runs as the cluster's owner, so the pid it records is the server's own.
  LAUNCH_PREFIX=("${OWNER_PREFIX[@]}")
  launch_detached "$(bin_dir)/postgres" -D "$DATA_DIR"
  as_owner "$(bin_dir)/psql" -h "$HOST" -p "$PORT" -U "$USER_NAME" -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = '$DATABASE'" | grep -q 1 ||
    as_owner "$(bin_dir)/createdb" -h "$HOST" -p "$PORT" -U "$USER_NAME" "$DATABASE"
}

main() {
  case "${1:-}" in
    provision) cmd_provision ;;
    start) cmd_start ;;
    stop) cmd_stop ;;
    status) cmd_status ;;
    health) cmd_health ;;
    reset) cmd_reset ;;
    -h | --help | help) usage ;;
    *)
      usage >&2
      exit 2
      ;;
  esac
}

main "$@"
