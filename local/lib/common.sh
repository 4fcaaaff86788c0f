# shellcheck shell=bash
# Settings shared by the local environment's scripts (local/provision, local/start-control-plane,
# local/stop-control-plane, the raykube launcher) and the end-to-end scripts under e2e/. Sourced, never run.
# Every value can be overridden from the environment.

RAYKUBE_LOCAL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# (The test kit runs a copy of these scripts with no e2e/ beside it; nothing there uses this directory.)
RAYKUBE_E2E_DIR="$(cd "${RAYKUBE_LOCAL_DIR}/.." && pwd)/e2e"
RAYKUBE_TOOL_MODULE="${RAYKUBE_LOCAL_DIR}/tools/k8s"

# Pinned versions. etcd is not pinned here: it is the go.etcd.io/etcd/server/v3 version that the pinned
# k8s.io/kubernetes go.mod requires (read from local/tools/k8s/go.mod, which local/provision derives from it).
RAYKUBE_K8S_VERSION="${RAYKUBE_K8S_VERSION:-v1.36.3}"
RAYKUBE_RAY_VERSION="${RAYKUBE_RAY_VERSION:-2.60.0}"

# Cache (binaries, Python venv): kept between runs.
RAYKUBE_CACHE_DIR="${RAYKUBE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/raykube}"
RAYKUBE_BIN_DIR="${RAYKUBE_BIN_DIR:-${RAYKUBE_CACHE_DIR}/k8s/${RAYKUBE_K8S_VERSION}/bin}"
RAYKUBE_RAY_VENV="${RAYKUBE_RAY_VENV:-${RAYKUBE_CACHE_DIR}/ray/${RAYKUBE_RAY_VERSION}/venv}"

# State of a running control plane (certificates, etcd data, logs, pid files, kubeconfig): removed by
# local/stop-control-plane. The end-to-end suite's default; the raykube launcher sets its own.
RAYKUBE_E2E_STATE="${RAYKUBE_E2E_STATE:-${TMPDIR:-/tmp}/raykube-e2e}"

# Ports on 127.0.0.1; none of them is a component's default port, so a real cluster on this machine does not clash.
RAYKUBE_ETCD_PORT="${RAYKUBE_ETCD_PORT:-23379}"
RAYKUBE_ETCD_PEER_PORT="${RAYKUBE_ETCD_PEER_PORT:-23380}"
RAYKUBE_APISERVER_PORT="${RAYKUBE_APISERVER_PORT:-26443}"
RAYKUBE_KCM_PORT="${RAYKUBE_KCM_PORT:-26257}"

# How long local/start-control-plane waits for each component to report healthy.
RAYKUBE_START_TIMEOUT="${RAYKUBE_START_TIMEOUT:-120}"

# Prints a script's header comment (from line 2 up to the first line that is not a comment) as its --help.
raykube_usage() { awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$1"; }

# raykube_log is quiet with RAYKUBE_QUIET=1 (the raykube launcher); raykube_say always prints (long first-run work).
raykube_log() { [[ "${RAYKUBE_QUIET:-0}" == 1 ]] || printf '[raykube] %s\n' "$*" >&2; }
raykube_say() { printf '[raykube] %s\n' "$*" >&2; }
raykube_die() { printf '[raykube] ERROR: %s\n' "$*" >&2; exit 1; }

# raykube_with_progress WHAT SECONDS COMMAND... — runs COMMAND, saying every 30 s how long it has run against the
# estimate (SECONDS, measured on a 2-core machine), for work that prints nothing for minutes.
raykube_with_progress() {
  local what=$1 estimate=$2; shift 2
  raykube_say "${what}: first time only, about $((estimate / 60)) min $((estimate % 60)) s on 2 cores"
  ( local waited=0; while sleep 30; do waited=$((waited + 30)); raykube_say "${what}: ${waited} s of about ${estimate} s"; done ) &
  local ticker=$! status=0
  "$@" || status=$?
  kill "$ticker" 2>/dev/null || true
  wait "$ticker" 2>/dev/null || true
  return "$status"
}

# The etcd version the tool module builds (the go.etcd.io/etcd/server/v3 requirement in its go.mod).
raykube_etcd_version() {
  awk '$1 == "go.etcd.io/etcd/server/v3" { print $2; exit }' "${RAYKUBE_TOOL_MODULE}/go.mod"
}

# Seconds since the epoch with milliseconds, for step timings.
raykube_now() { date +%s.%3N; }
raykube_elapsed() { awk -v a="$1" -v b="$(raykube_now)" 'BEGIN { printf "%.1f", b - a }'; }
