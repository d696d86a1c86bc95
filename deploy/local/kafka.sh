#!/usr/bin/env bash
# Local single-node Apache Kafka (KRaft, combined broker+controller) for development
# and tests. No Docker, no tarball: the jars come from Maven Central through
# deploy/local/kafka/pom.xml and run on the machine's Java (17+).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
POM="$SCRIPT_DIR/kafka/pom.xml"

KAFKA_VERSION="${KAFKA_VERSION:-3.9.2}"
CACHE="${TRADEWISE_CACHE:-$HOME/.cache/tradewise}"
KAFKA_HOME="$CACHE/kafka-$KAFKA_VERSION"
LIBS="$KAFKA_HOME/libs"
MARKER="$KAFKA_HOME/.provisioned"

HOST="127.0.0.1"
PORT="${KAFKA_PORT:-9092}"
CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9093}"
BOOTSTRAP="$HOST:$PORT"

RUN_DIR="$CACHE/run/kafka"
DATA_DIR="$RUN_DIR/data"
CONF="$RUN_DIR/server.properties"
LOG4J_CONF="$RUN_DIR/log4j.properties"
TOOLS_LOG4J_CONF="$RUN_DIR/tools-log4j.properties"
CLUSTER_ID_FILE="$RUN_DIR/cluster.id"
PID_FILE="$RUN_DIR/kafka.pid"
LOG_FILE="$RUN_DIR/kafka.log"

START_TIMEOUT="${KAFKA_START_TIMEOUT:-180}"
STOP_TIMEOUT="${KAFKA_STOP_TIMEOUT:-30}"

NAME=kafka
PROCESS_PATTERN='kafka\.Kafka'
ENDPOINT="$BOOTSTRAP"

# shellcheck source=lib/daemon.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/daemon.sh"
HEAP_OPTS="${KAFKA_HEAP_OPTS:--Xmx512m -Xms256m}"
TOOLS_HEAP_OPTS="${KAFKA_TOOLS_HEAP_OPTS:--Xmx512m}"
LOG_LEVEL="${KAFKA_LOG_LEVEL:-WARN}"

PRODUCER_PERF_CLASS="org.apache.kafka.tools.ProducerPerformance"
CONSUMER_PERF_CLASS="org.apache.kafka.tools.ConsumerPerformance"
TOPIC_CLASS="org.apache.kafka.tools.TopicCommand"

usage() {
  cat <<EOF
Usage: $(basename "$0") <command> [args]

Single-node Kafka $KAFKA_VERSION (KRaft) on $BOOTSTRAP (controller $HOST:$CONTROLLER_PORT).

Commands:
  provision       download Kafka jars from Maven Central into $KAFKA_HOME (cached)
  start           provision if needed, start in the background, wait until healthy
  stop            graceful stop (SIGTERM, then SIGKILL after ${STOP_TIMEOUT}s)
  status          print "running (pid N)" (exit 0) or "stopped" (exit 3)
  health          exit 0 only if the broker answers a Kafka Metadata request
  reset           stop and delete all broker data ($RUN_DIR)
  perf-producer   run $PRODUCER_PERF_CLASS [args]
  perf-consumer   run $CONSUMER_PERF_CLASS [args]
  topics          run $TOPIC_CLASS [args], e.g. --list | --create --topic T --partitions 4

perf-producer args (Kafka's own syntax; bootstrap.servers=$BOOTSTRAP is added to
--producer-props unless you set bootstrap.servers yourself):
  --topic T --num-records N --record-size BYTES --throughput MSGS_PER_SEC|-1
  [--producer-props acks=1 linger.ms=5 ...] [--print-metrics]
  e.g. $(basename "$0") perf-producer --topic perf --num-records 100000 --record-size 200 --throughput -1

perf-consumer / topics: --bootstrap-server $BOOTSTRAP is appended unless given.
perf-consumer args:
  --topic T --messages N [--group G] [--timeout MS] [--fetch-size BYTES]
  [--show-detailed-stats --reporting-interval MS] [--from-latest] [--print-metrics]
  e.g. $(basename "$0") perf-consumer --topic perf --messages 100000 --timeout 30000

Environment: TRADEWISE_CACHE (default ~/.cache/tradewise), KAFKA_VERSION, KAFKA_PORT,
KAFKA_CONTROLLER_PORT, KAFKA_HEAP_OPTS, KAFKA_LOG_LEVEL, KAFKA_START_TIMEOUT, JAVA_HOME.
EOF
}


# Install a missing Debian package (CI images start clean); otherwise fail clearly.
ensure_cmd() {
  local cmd="$1" pkg="$2"
  command -v "$cmd" >/dev/null 2>&1 && return 0
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    log "installing $pkg (missing '$cmd')"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$pkg" >/dev/null ||
      { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$pkg" >/dev/null; }
  fi
  command -v "$cmd" >/dev/null 2>&1 || die "'$cmd' not found; install $pkg"
}

java_bin() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    printf '%s\n' "$JAVA_HOME/bin/java"
  else
    ensure_cmd java openjdk-17-jre-headless
    command -v java
  fi
}

pom_sum() { sha256sum "$POM" | cut -d' ' -f1; }

is_provisioned() {
  [ -f "$MARKER" ] && [ "$(cat "$MARKER")" = "$KAFKA_VERSION $(pom_sum)" ]
}

cmd_provision() {
  if is_provisioned; then
    log "Kafka $KAFKA_VERSION already provisioned in $KAFKA_HOME"
    return 0
  fi
  mkdir -p "$CACHE"
  # Serialise concurrent provisioning (e.g. parallel CI steps). The lock is held
  # in a subshell so its fd is not inherited by a broker started afterwards.
  (
    flock 8
    is_provisioned || do_provision
  ) 8>"$CACHE/.kafka-provision.lock"
}

do_provision() {
  ensure_cmd mvn maven
  java_bin >/dev/null
  log "provisioning Kafka $KAFKA_VERSION from Maven Central into $KAFKA_HOME"
  local tmp="$KAFKA_HOME/libs.tmp"
  rm -rf "$tmp"
  mkdir -p "$KAFKA_HOME"
  # (sed: Debian's Maven 3.8 prints stray ANSI resets even with -q -B)
  mvn -q -B -f "$POM" -Dkafka.version="$KAFKA_VERSION" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$tmp" 2>&1 |
    sed $'s/\e\\[0m//g' >&2
  [ -f "$tmp/kafka_2.13-$KAFKA_VERSION.jar" ] || die "kafka_2.13-$KAFKA_VERSION.jar missing after mvn"
  [ -f "$tmp/kafka-tools-$KAFKA_VERSION.jar" ] || die "kafka-tools-$KAFKA_VERSION.jar missing after mvn"
  rm -rf "$LIBS"
  mv "$tmp" "$LIBS"
  printf '%s %s\n' "$KAFKA_VERSION" "$(pom_sum)" >"$MARKER"
  log "provisioned $(find "$LIBS" -name '*.jar' | wc -l) jars"
}

# Real protocol check: send a Kafka Metadata v4 request and require at least one
# live (unfenced) broker in the answer. Uses only node core modules; falls back
# to Kafka's own BrokerApiVersionsCommand (slower JVM start) if node is absent.
probe() {
  if command -v node >/dev/null 2>&1; then
    KAFKA_PROBE_HOST="$HOST" KAFKA_PROBE_PORT="$PORT" node - <<'EOF'
const net = require('net');
const host = process.env.KAFKA_PROBE_HOST, port = Number(process.env.KAFKA_PROBE_PORT);
const fail = (m) => { if (process.env.KAFKA_PROBE_VERBOSE) console.error(m); process.exit(1); };
const clientId = Buffer.from('tradewise-health');
// Request header v1: api_key=3 (Metadata), api_version=4, correlation_id, client_id.
// Body v4: topics=[] (no topics), allow_auto_topic_creation=false.
const body = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length + 4 + 1);
let o = 0;
o = body.writeInt16BE(3, o); o = body.writeInt16BE(4, o); o = body.writeInt32BE(4242, o);
o = body.writeInt16BE(clientId.length, o); o += clientId.copy(body, o);
o = body.writeInt32BE(0, o); body.writeInt8(0, o);
const size = Buffer.alloc(4); size.writeInt32BE(body.length);
const sock = net.connect({ host, port });
sock.setTimeout(3000, () => fail('timeout'));
sock.on('error', (e) => fail(e.message));
let buf = Buffer.alloc(0);
sock.on('connect', () => sock.write(Buffer.concat([size, body])));
sock.on('data', (d) => {
  buf = Buffer.concat([buf, d]);
  if (buf.length < 4 || buf.length < 4 + buf.readInt32BE(0)) return;
  // Response v4: correlation_id, throttle_time_ms, brokers[node_id, host, port, rack]...
  if (buf.readInt32BE(4) !== 4242) fail('bad correlation id');
  const brokers = buf.readInt32BE(12);
  if (brokers < 1) fail('no live brokers yet');
  sock.destroy();
  process.exit(0);
});
EOF
  else
    timeout 20 "$(java_bin)" -Xmx128m -XX:TieredStopAtLevel=1 \
      -Dlog4j.configuration="file:$TOOLS_LOG4J_CONF" -cp "$LIBS/*" \
      kafka.admin.BrokerApiVersionsCommand --bootstrap-server "$BOOTSTRAP" >/dev/null 2>&1
  fi
}



write_config() {
  mkdir -p "$DATA_DIR"
  cat >"$CONF" <<EOF
# Generated by deploy/local/kafka.sh - edits are overwritten on start.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$HOST:$CONTROLLER_PORT
listeners=PLAINTEXT://$HOST:$PORT,CONTROLLER://$HOST:$CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$HOST:$PORT
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$DATA_DIR
num.partitions=4
default.replication.factor=1
min.insync.replicas=1
auto.create.topics.enable=true
offsets.topic.replication.factor=1
offsets.topic.num.partitions=8
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=8
group.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=4
num.recovery.threads.per.data.dir=1
log.retention.hours=168
EOF
  cat >"$LOG4J_CONF" <<EOF
log4j.rootLogger=$LOG_LEVEL, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
# Keep the start/stop banners.
log4j.logger.kafka.server.KafkaRaftServer=INFO
log4j.logger.kafka.Kafka\$=INFO
EOF
  cat >"$TOOLS_LOG4J_CONF" <<'EOF'
log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.appender.stderr.Target=System.err
EOF
}

format_storage() {
  [ -f "$DATA_DIR/meta.properties" ] && return 0
  local java cid
  java="$(java_bin)"
  if [ -s "$CLUSTER_ID_FILE" ]; then
    cid="$(cat "$CLUSTER_ID_FILE")"
  else
    cid="$("$java" -Dlog4j.configuration="file:$TOOLS_LOG4J_CONF" -cp "$LIBS/*" kafka.tools.StorageTool random-uuid | tail -n1)"
    printf '%s\n' "$cid" >"$CLUSTER_ID_FILE"
  fi
  log "formatting $DATA_DIR (cluster id $cid)"
  "$java" -Dlog4j.configuration="file:$TOOLS_LOG4J_CONF" -cp "$LIBS/*" \
    kafka.tools.StorageTool format -t "$cid" -c "$CONF" --ignore-formatted >/dev/null
}

cmd_start() {
  local pid java
  if pid="$(pid_of)"; then
    if probe; then
      log "already running and healthy (pid $pid)"
      return 0
    fi
    log "already running (pid $pid) but not healthy yet; waiting"
    wait_healthy "$pid"
    return
  fi
  if port_open "$PORT" || port_open "$CONTROLLER_PORT"; then
    die "port $PORT or $CONTROLLER_PORT is already in use by a process not started by this script"
  fi
  cmd_provision
  java="$(java_bin)"
  write_config
  format_storage
  {
    echo
    echo "=== $(date -u +%FT%TZ) starting Kafka $KAFKA_VERSION ==="
  } >>"$LOG_FILE"
  local -a jvm_opts
  read -r -a jvm_opts <<<"$HEAP_OPTS"
  jvm_opts+=(
    -server -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35
    -XX:+ExplicitGCInvokesConcurrent -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true
    "-Dlog4j.configuration=file:$LOG4J_CONF" "-Dkafka.logs.dir=$RUN_DIR"
  )
  # The pid file names the JVM itself.
  launch_detached "$java" "${jvm_opts[@]}" -cp "$LIBS/*" kafka.Kafka "$CONF"
}

run_tool() {
  local class="$1"
  shift
  is_provisioned || cmd_provision
  mkdir -p "$RUN_DIR"
  [ -f "$TOOLS_LOG4J_CONF" ] || write_config
  local -a heap
  read -r -a heap <<<"$TOOLS_HEAP_OPTS"
  exec "$(java_bin)" "${heap[@]}" -XX:+UseG1GC -Djava.awt.headless=true \
    "-Dlog4j.configuration=file:$TOOLS_LOG4J_CONF" -cp "$LIBS/*" "$class" "$@"
}

# bootstrap.servers is added to --producer-props (or appended as a new
# --producer-props) unless the caller already set it.
cmd_perf_producer() {
  local -a args=() in=("$@")
  local a has_bs=0 has_props=0
  for a in "${in[@]}"; do
    case "$a" in
      bootstrap.servers=*) has_bs=1 ;;
      --producer-props) has_props=1 ;;
      -h | --help) has_bs=1 ;;
    esac
  done
  if ((has_bs == 1 || ${#in[@]} == 0)); then
    args=("${in[@]}")
  elif ((has_props == 1)); then
    for a in "${in[@]}"; do
      args+=("$a")
      [ "$a" = --producer-props ] && args+=("bootstrap.servers=$BOOTSTRAP")
    done
  else
    args=("${in[@]}" --producer-props "bootstrap.servers=$BOOTSTRAP")
  fi
  run_tool "$PRODUCER_PERF_CLASS" "${args[@]}"
}

# Shared by perf-consumer and topics: append --bootstrap-server unless given.
with_bootstrap_server() {
  local class="$1"
  shift
  local -a args=("$@")
  local a found=0
  for a in "${args[@]}"; do
    case "$a" in --bootstrap-server | --broker-list) found=1 ;; esac
  done
  if ((found == 0)) && ((${#args[@]} > 0)); then
    case " ${args[*]} " in *" --help "* | *" -h "*) ;; *) args+=(--bootstrap-server "$BOOTSTRAP") ;; esac
  fi
  run_tool "$class" "${args[@]}"
}

main() {
  local cmd="${1:-}"
  [ $# -gt 0 ] && shift
  case "$cmd" in
    provision) cmd_provision ;;
    start) cmd_start ;;
    stop) cmd_stop ;;
    status) cmd_status ;;
    health) cmd_health ;;
    reset) cmd_reset ;;
    perf-producer) cmd_perf_producer "$@" ;;
    perf-consumer) with_bootstrap_server "$CONSUMER_PERF_CLASS" "$@" ;;
    topics) with_bootstrap_server "$TOPIC_CLASS" "$@" ;;
    -h | --help | help) usage ;;
    *)
      usage >&2
      exit 2
      ;;
  esac
}

main "$@"
