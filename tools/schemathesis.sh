#!/usr/bin/env bash
# Schemathesis (https://schemathesis.readthedocs.io), the API fuzzer that checks contracts/openapi.json against the
# running server (tests/e2e/api-schema.spec.ts, docs/api.md). Installed from PyPI into a virtual environment in the
# project's tool cache, pinned, so CI on a new machine gets exactly this version and a second run is instant.
#
#   tools/schemathesis.sh install      create the venv and install the pinned version (cached; idempotent)
#   tools/schemathesis.sh path         print the path of the `st` executable (exit 3 when not installed)
#   tools/schemathesis.sh run ARGS...  install if needed, then run `st ARGS...`
#
# Environment: TRADEWISE_CACHE (default ~/.cache/tradewise), PYTHON (default python3, 3.10 or later).
set -euo pipefail

SCHEMATHESIS_VERSION=4.32.5
CACHE="${TRADEWISE_CACHE:-$HOME/.cache/tradewise}"
VENV="$CACHE/schemathesis-$SCHEMATHESIS_VERSION"
ST="$VENV/bin/st"
PYTHON="${PYTHON:-python3}"

log() { printf '[schemathesis] %s\n' "$*" >&2; }

is_installed() {
  [ -x "$ST" ] && [ -f "$VENV/.provisioned" ]
}

do_install() {
  if ! command -v "$PYTHON" >/dev/null 2>&1; then
    log "no $PYTHON on PATH: install Python 3.10+ (with venv) first"
    return 1
  fi
  "$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' ||
    {
      log "$PYTHON is $("$PYTHON" --version 2>&1); schemathesis $SCHEMATHESIS_VERSION needs 3.10 or later"
      return 1
    }
  log "installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
  "$ST" --version >&2
  touch "$VENV/.provisioned"
}

cmd_install() {
  if is_installed; then
    return 0
  fi
  mkdir -p "$CACHE"
  # Serialise concurrent installs (parallel CI steps, two Jest workers).
  (
    flock 8
    is_installed || do_install
  ) 8>"$CACHE/.schemathesis-install.lock"
}

case "${1:-}" in
  install) cmd_install ;;
  path)
    if is_installed; then echo "$ST"; else exit 3; fi
    ;;
  run)
    shift
    cmd_install
    exec "$ST" "$@"
    ;;
  *)
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
