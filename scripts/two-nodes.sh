#!/bin/sh
# Two API nodes on one PostgreSQL, one MQTT broker and Redis, behind HAProxy on :8080
# (docs/deployment/haproxy.cfg). The services must be running; set their addresses:
#   DATABASE_URL=postgres://… MQTT_URL=mqtt://… REDIS_URL=redis://… scripts/two-nodes.sh
# Ctrl-C stops the balancer and both nodes.
set -eu
: "${DATABASE_URL:?set DATABASE_URL (PostgreSQL both nodes share)}"
: "${MQTT_URL:?set MQTT_URL (the broker both nodes share)}"
: "${REDIS_URL:?set REDIS_URL (console pushes between the nodes)}"
command -v haproxy >/dev/null || { echo "haproxy is not installed (apt-get install haproxy)" >&2; exit 1; }

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
data=$(mktemp -d)
pids=""
stop() {
  for pid in $pids; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$data"
}
trap stop EXIT INT TERM

start_node() {
  # $1: node id, $2: port. One after the other: the first builds the console if it is stale.
  DATA_DIR="$data/$1" PORT=$2 HOST=127.0.0.1 ICS_NODE_ID=$1 ICS_TRUST_PROXY=1 \
    node scripts/start.mjs &
  pids="$pids $!"
  until curl -fsS "http://127.0.0.1:$2/ics/health/ready" >/dev/null 2>&1; do sleep 1; done
}

start_node node-1 8081
export ICS_SKIP_BUILD=1
start_node node-2 8082
haproxy -f docs/deployment/haproxy.cfg &
pids="$pids $!"
echo "ICS on http://127.0.0.1:8080 (node-1 :8081, node-2 :8082)"
wait
