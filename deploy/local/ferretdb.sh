#!/usr/bin/env bash
# Local FerretDB (MongoDB wire protocol on top of PostgreSQL, or of SQLite) for
# development and tests. Built from source with the machine's Go toolchain; no Docker.
# The PostgreSQL backend (the default) stores into deploy/local/postgres.sh's cluster,
# which must be running; FERRETDB_BACKEND=sqlite keeps the files in the run directory.
set -euo pipefail

FERRETDB_MODULE="github.com/FerretDB/FerretDB"
FERRETDB_VERSION="${FERRETDB_VERSION:-v1.24.2}"
CACHE="${TRADEWISE_CACHE:-$HOME/.cache/tradewise}"
BIN_DIR="$CACHE/bin"
BIN="$BIN_DIR/ferretdb"

HOST="127.0.0.1"
PORT="${FERRETDB_PORT:-27017}"
DEBUG_PORT="${FERRETDB_DEBUG_PORT:-8088}"

RUN_DIR="$CACHE/run/ferretdb"
DATA_DIR="$RUN_DIR/data"
PID_FILE="$RUN_DIR/ferretdb.pid"
LOG_FILE="$RUN_DIR/ferretdb.log"

START_TIMEOUT="${FERRETDB_START_TIMEOUT:-180}"
STOP_TIMEOUT="${FERRETDB_STOP_TIMEOUT:-20}"
LOG_LEVEL="${FERRETDB_LOG_LEVEL:-error}"
BACKEND="${FERRETDB_BACKEND:-postgresql}"
POSTGRES_URL="postgres://tradewise@127.0.0.1:${POSTGRES_PORT:-54329}/ferretdb"

NAME=ferretdb
PROCESS_PATTERN=ferretdb
ENDPOINT="mongodb://$HOST:$PORT/"

# shellcheck source=lib/daemon.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/daemon.sh"

usage() {
  cat <<EOF
Usage: $(basename "$0") <command>

FerretDB $FERRETDB_VERSION ($BACKEND backend) on mongodb://$HOST:$PORT/ (debug http://$HOST:$DEBUG_PORT/debug).

Commands:
  provision   build FerretDB from source into $BIN (cached)
  start       provision if needed, start in the background, wait until healthy
  stop        graceful stop (SIGTERM, then SIGKILL after ${STOP_TIMEOUT}s)
  status      print "running (pid N)" (exit 0) or "stopped" (exit 3)
  health      exit 0 only if FerretDB answers a MongoDB wire-protocol ping
  reset       stop and delete all data ($RUN_DIR)

Environment: TRADEWISE_CACHE (default ~/.cache/tradewise), FERRETDB_PORT, FERRETDB_DEBUG_PORT,
FERRETDB_LOG_LEVEL (debug|info|warn|error), FERRETDB_START_TIMEOUT, FERRETDB_BACKEND (postgresql|sqlite),
POSTGRES_PORT (the PostgreSQL backend's server, deploy/local/postgres.sh).
EOF
}


is_provisioned() {
  [ -x "$BIN" ] && "$BIN" --version 2>/dev/null | grep -q "version: $FERRETDB_VERSION\$"
}

# Why not plain `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2`:
#  * the published module lacks the generated build/version/version.txt, so a
#    binary built straight from the module cache panics at start-up
#    ("Invalid build/version/version.txt file content");
#  * `go install pkg@version` also fetches the module's version list for its
#    deprecation check, which some filtering proxies refuse (403).
# So: download the exact module version, copy it, add version.txt/commit.txt
# (what upstream's `task gen-version` generates) and build it as main module,
# which also uses FerretDB's own go.sum-pinned dependency versions.
cmd_provision() {
  if is_provisioned; then
    log "FerretDB $FERRETDB_VERSION already provisioned in $BIN"
    return 0
  fi
  mkdir -p "$CACHE"
  # Serialise concurrent provisioning (e.g. parallel CI steps). The lock is held
  # in a subshell so its fd is not inherited by a server started afterwards.
  (
    flock 8
    is_provisioned || do_provision
  ) 8>"$CACHE/.ferretdb-provision.lock"
}

# Runs in the locking subshell (so the EXIT trap below is local to it).
do_provision() {
  command -v go >/dev/null 2>&1 || die "'go' not found; install Go >= 1.24 (https://go.dev/dl/)"
  log "building FerretDB $FERRETDB_VERSION from source (first time takes a few minutes)"

  local work json mod_dir commit src
  work="$(mktemp -d "$CACHE/.ferretdb-build.XXXXXX")"
  # shellcheck disable=SC2064
  trap "rm -rf '$work'" EXIT
  # Outside any module, so no go.mod/go.work from the caller interferes.
  json="$(cd "$work" && GOFLAGS=-mod=mod GOWORK=off go mod download -json "$FERRETDB_MODULE@$FERRETDB_VERSION")" ||
    die "go mod download failed: $json"
  mod_dir="$(printf '%s\n' "$json" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' | head -n1)"
  commit="$(printf '%s\n' "$json" | sed -n 's/^[[:space:]]*"Hash": "\([0-9a-f]*\)",\{0,1\}$/\1/p' | head -n1)"
  if [ -z "$mod_dir" ] || [ ! -d "$mod_dir" ]; then die "could not locate downloaded module: $json"; fi

  src="$work/src"
  cp -R "$mod_dir" "$src"
  chmod -R u+w "$src"
  printf '%s\n' "$FERRETDB_VERSION" >"$src/build/version/version.txt"
  [ -n "$commit" ] && printf '%s\n' "$commit" >"$src/build/version/commit.txt"
  printf 'tradewise-local\n' >"$src/build/version/package.txt"

  mkdir -p "$BIN_DIR"
  (cd "$src" && GOWORK=off GOFLAGS=-buildvcs=false go build -trimpath -o "$BIN.tmp" ./cmd/ferretdb)
  mv -f "$BIN.tmp" "$BIN"
  rm -rf "$work"
  trap - EXIT
  is_provisioned || die "built binary does not report $FERRETDB_VERSION: $("$BIN" --version 2>&1 | head -n 5)"
  log "installed $BIN"
}

# Real check: a MongoDB wire-protocol OP_MSG {ping: 1, $db: "admin"} that must
# answer ok: 1. Uses only node core modules (no node_modules); python3 is the
# fallback. (FerretDB's /debug/readyz and `ferretdb ping` only really ping when
# --setup-database/--setup-username/--test-enable-new-auth are used.)
probe() {
  if command -v node >/dev/null 2>&1; then
    MONGO_PROBE_HOST="$HOST" MONGO_PROBE_PORT="$PORT" node - <<'EOF'
const net = require('net');
const fail = (m) => { if (process.env.MONGO_PROBE_VERBOSE) console.error(m); process.exit(1); };
const cstr = (s) => Buffer.from(s + '\0');
const i32 = (n) => { const b = Buffer.alloc(4); b.writeInt32LE(n); return b; };
// BSON {ping: int32 1, $db: "admin"}
const elems = Buffer.concat([Buffer.from([0x10]), cstr('ping'), i32(1),
  Buffer.from([0x02]), cstr('$db'), i32(6), cstr('admin')]);
const doc = Buffer.concat([i32(elems.length + 5), elems, Buffer.from([0])]);
// OP_MSG (opCode 2013): header, flagBits=0, section kind 0 + doc
const payload = Buffer.concat([i32(0), Buffer.from([0]), doc]);
const msg = Buffer.concat([i32(16 + payload.length), i32(4242), i32(0), i32(2013), payload]);
const sock = net.connect({ host: process.env.MONGO_PROBE_HOST, port: Number(process.env.MONGO_PROBE_PORT) });
sock.setTimeout(3000, () => fail('timeout'));
sock.on('error', (e) => fail(e.message));
sock.on('connect', () => sock.write(msg));
let buf = Buffer.alloc(0);
sock.on('data', (d) => {
  buf = Buffer.concat([buf, d]);
  if (buf.length < 4 || buf.length < buf.readInt32LE(0)) return;
  if (buf.readInt32LE(8) !== 4242 || buf.readInt32LE(12) !== 2013 || buf[20] !== 0) fail('unexpected reply');
  const end = 21 + buf.readInt32LE(21) - 1;
  let o = 25;
  while (o < end) {
    const type = buf[o++];
    const z = buf.indexOf(0, o);
    const name = buf.toString('utf8', o, z);
    o = z + 1;
    let v;
    switch (type) {
      case 0x01: v = buf.readDoubleLE(o); o += 8; break;
      case 0x10: v = buf.readInt32LE(o); o += 4; break;
      case 0x12: v = Number(buf.readBigInt64LE(o)); o += 8; break;
      case 0x08: v = buf[o] ? 1 : 0; o += 1; break;
      case 0x02: o += 4 + buf.readInt32LE(o); break;
      case 0x03: case 0x04: o += buf.readInt32LE(o); break;
      default: fail('unsupported BSON type ' + type);
    }
    if (name === 'ok') { sock.destroy(); process.exit(v === 1 ? 0 : 1); }
  }
  fail('no ok field');
});
EOF
  else
    MONGO_PROBE_HOST="$HOST" MONGO_PROBE_PORT="$PORT" python3 - <<'EOF'
import os, socket, struct, sys
def cstr(s): return s.encode() + b"\0"
elems = (b"\x10" + cstr("ping") + struct.pack("<i", 1)
         + b"\x02" + cstr("$db") + struct.pack("<i", 6) + cstr("admin"))
doc = struct.pack("<i", len(elems) + 5) + elems + b"\0"
payload = struct.pack("<I", 0) + b"\0" + doc
msg = struct.pack("<iiii", 16 + len(payload), 4242, 0, 2013) + payload
try:
    s = socket.create_connection((os.environ["MONGO_PROBE_HOST"], int(os.environ["MONGO_PROBE_PORT"])), timeout=3)
    s.sendall(msg)
    buf = b""
    while len(buf) < 4 or len(buf) < struct.unpack_from("<i", buf)[0]:
        chunk = s.recv(65536)
        if not chunk:
            sys.exit(1)
        buf += chunk
except OSError:
    sys.exit(1)
_, _, resp_to, opcode = struct.unpack_from("<iiii", buf)
if resp_to != 4242 or opcode != 2013 or buf[20] != 0:
    sys.exit(1)
# Top-level "ok" as double or int32 must be 1.
i = buf.find(b"\x01ok\0")
if i >= 0 and struct.unpack_from("<d", buf, i + 4)[0] == 1.0:
    sys.exit(0)
i = buf.find(b"\x10ok\0")
sys.exit(0 if i >= 0 and struct.unpack_from("<i", buf, i + 4)[0] == 1 else 1)
EOF
  fi
}



cmd_start() {
  local pid
  if pid="$(pid_of)"; then
    if probe; then
      log "already running and healthy (pid $pid)"
      return 0
    fi
    log "already running (pid $pid) but not healthy yet; waiting"
    wait_healthy "$pid"
    return
  fi
  if port_open "$PORT" || port_open "$DEBUG_PORT"; then
    die "port $PORT or $DEBUG_PORT is already in use by a process not started by this script"
  fi
  cmd_provision
  local -a storage
  case "$BACKEND" in
    postgresql) storage=(--handler=pg --postgresql-url="$POSTGRES_URL") ;;
    sqlite)
      mkdir -p "$DATA_DIR"
      storage=(--handler=sqlite --sqlite-url="file:$DATA_DIR/")
      ;;
    *) die "FERRETDB_BACKEND must be postgresql or sqlite (got '$BACKEND')" ;;
  esac
  mkdir -p "$RUN_DIR"
  {
    echo
    echo "=== $(date -u +%FT%TZ) starting FerretDB $FERRETDB_VERSION ($BACKEND) ==="
  } >>"$LOG_FILE"
  # The pid file names ferretdb itself.
  launch_detached "$BIN" \
    "${storage[@]}" \
    --listen-addr="$HOST:$PORT" \
    --debug-addr="$HOST:$DEBUG_PORT" \
    --state-dir="$RUN_DIR" \
    --telemetry=disable \
    --log-level="$LOG_LEVEL"
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
