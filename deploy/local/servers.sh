#!/usr/bin/env bash
# Provision and start (or stop) all local backing servers: Kafka, and FerretDB on PostgreSQL.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SERVERS=(kafka ferretdb)
# FerretDB stores into PostgreSQL: it starts before and stops after the others (FERRETDB_BACKEND=sqlite: not at all).
STORAGE=()
[ "${FERRETDB_BACKEND:-postgresql}" = postgresql ] && STORAGE=(postgres)

usage() {
  cat <<EOF
Usage: $(basename "$0") up|fresh|down|status|health

  up      provision (cached) and start PostgreSQL (127.0.0.1:54329), then Kafka
          (127.0.0.1:9092) and FerretDB (127.0.0.1:27017) in parallel; waits until all are
          healthy
  fresh   stop them, delete their data and start them empty: a test run's topics and
          databases are throwaway, and a broker that kept every earlier run's thousands of
          partitions spends minutes loading them before it answers
  down    stop them
  status  print the state of each; exit 0 only if all are running
  health  exit 0 only if all answer real protocol requests

FERRETDB_BACKEND=sqlite runs FerretDB on its SQLite backend, without PostgreSQL.

Downloads, binaries and data live in \${TRADEWISE_CACHE:-\$HOME/.cache/tradewise};
see deploy/local/README.md.
EOF
}

# Run "<server>.sh <cmd>" for every server concurrently; fail if any failed.
run_all() {
  local cmd="$1" s i rc=0
  local -a pids=()
  for s in "${SERVERS[@]}"; do
    "$SCRIPT_DIR/$s.sh" "$cmd" &
    pids+=("$!")
  done
  for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then
      printf '[servers] %s %s FAILED\n' "${SERVERS[$i]}" "$cmd" >&2
      rc=1
    fi
  done
  return "$rc"
}

# Run "<server>.sh <cmd>" for each server in turn, labelled; non-zero if any failed.
run_each() {
  local cmd="$1" s rc=0
  for s in "${SERVERS[@]}"; do
    printf '%-9s ' "$s:"
    "$SCRIPT_DIR/$s.sh" "$cmd" 2>&1 || rc=3
  done
  return "$rc"
}

storage() {
  local s
  for s in "${STORAGE[@]}"; do "$SCRIPT_DIR/$s.sh" "$1"; done
}

start_all() { storage start && run_all start; }

case "${1:-}" in
  up) start_all ;;
  fresh) run_all reset && storage reset && start_all ;;
  down) run_all stop && storage stop ;;
  status)
    SERVERS=("${STORAGE[@]}" "${SERVERS[@]}")
    run_each status
    ;;
  health)
    SERVERS=("${STORAGE[@]}" "${SERVERS[@]}")
    run_each health
    ;;
  -h | --help | help) usage ;;
  *)
    usage >&2
    exit 2
    ;;
esac
