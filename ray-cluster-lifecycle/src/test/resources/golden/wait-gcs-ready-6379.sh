address="${FQ_RAY_IP:?FQ_RAY_IP must be set to the host name of the Ray head}:${RAYKUBE_GCS_PORT:-6379}"
period="${RAYKUBE_WAIT_GCS_PERIOD_SECONDS:-5}"
quiet="${RAYKUBE_WAIT_GCS_QUIET_SECONDS:-120}"
if ! command -v ray >/dev/null 2>&1; then
  echo "wait-gcs-ready: no 'ray' executable on PATH ($PATH); this image cannot run 'ray health-check'. Use an image with Ray, or disable the init container injection and add your own wait." >&2
  exit 1
fi
echo "Waiting for the GCS of the Ray head at ${address}; checking every ${period}s."
SECONDS=0
while true; do
  if [ "$SECONDS" -le "$quiet" ]; then
    if ray health-check --address "$address" >/dev/null 2>&1; then
      echo "GCS at ${address} is ready after ${SECONDS}s."
      exit 0
    fi
    echo "GCS at ${address} is not ready yet; waited ${SECONDS}s."
  else
    if ray health-check --address "$address"; then
      echo "GCS at ${address} is ready after ${SECONDS}s; the errors above no longer matter."
      exit 0
    fi
    echo "GCS at ${address} is still not ready after ${SECONDS}s. Check that the head Pod is Running and Ready, that its log shows the GCS started, and that this Pod can resolve and reach ${address}. Troubleshooting: https://docs.ray.io/en/latest/cluster/kubernetes/troubleshooting/troubleshooting.html"
  fi
  sleep "$period"
done
