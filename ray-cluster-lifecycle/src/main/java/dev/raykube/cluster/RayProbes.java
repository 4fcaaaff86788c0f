package dev.raykube.cluster;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Liveness and readiness probes for a Ray container that has none (a probe the user set is kept as written).
 *
 * <p>Ray 2.53 and later serve one health endpoint per node, {@code GET /api/healthz} on the dashboard agent port
 * ({@code dashboard-agent-listen-port}, default 52365), which checks the raylet and, on the head, the GCS. For older
 * or unparseable {@code rayVersion}s the probe runs {@code wget} in the container: the raylet check
 * {@code :52365/api/local_raylet_healthz} and, on the head, {@code :8265/api/gcs_healthz} (port from
 * {@code dashboard-port}), each passing only if the body contains {@code success}.
 *
 * <p>Timings: liveness starts after 30 s, every 5 s, timeout 2 s (head 5 s), 120 failures; readiness starts after
 * 10 s, every 5 s, timeout 2 s (head 5 s), 10 failures. The long liveness budget (10 minutes) keeps a busy node from
 * being killed for slow health answers.
 *
 * <p>A worker that takes Serve traffic (labelled {@code ray.io/serve=true}) has its readiness probe check its Serve
 * proxy as well, {@code wget} of {@code :<serve port>/-/healthz} expecting {@code success}, with one failure
 * enough (KubeRay's shape): the kubelet then takes a worker whose proxy is not up out of the serve Service's
 * endpoints at once, and puts it back when the proxy answers, without a write by the operator. Both checks run in one
 * exec probe (timeout 4 s), also for Ray 2.53 and later ({@code wget} of {@code /api/healthz}, which fails on a
 * non-2xx answer).
 */
final class RayProbes {

  static final String HEALTHZ_PATH = "/api/healthz";
  static final RayRelease FIRST_UNIFIED_HEALTHZ = new RayRelease(2, 53, 0);
  /** The {@code servePort} of {@link #apply} for a container whose Serve proxy the probe does not check. */
  static final int NO_SERVE_PROXY = -1;

  private RayProbes() {
  }

  /**
   * Sets the probes the container lacks.
   *
   * @param servePort the port of the Serve proxy the readiness probe checks too, or {@link #NO_SERVE_PROXY}
   */
  static void apply(Container ray, RayNodeType type, String rayVersion, Map<String, String> params, int servePort) {
    int agentPort = port(params, RayStartParams.DASHBOARD_AGENT_LISTEN_PORT,
        RayStartParams.DEFAULT_DASHBOARD_AGENT_LISTEN_PORT);
    int dashboardPort = port(params, RayStartParams.DASHBOARD_PORT, RayStartParams.DEFAULT_DASHBOARD_PORT);
    int timeout = type == RayNodeType.HEAD ? 5 : 2;
    boolean http = supportsUnifiedHealthz(rayVersion);
    if (ray.getLivenessProbe() == null) {
      ray.setLivenessProbe(probe(http, type, agentPort, dashboardPort, 30, timeout, 120));
    }
    if (ray.getReadinessProbe() == null) {
      ray.setReadinessProbe(servePort == NO_SERVE_PROXY ? probe(http, type, agentPort, dashboardPort, 10, timeout, 10)
          : serveWorkerReadiness(http, agentPort, servePort));
    }
  }

  private static Probe serveWorkerReadiness(boolean http, int agentPort, int servePort) {
    String raylet = http ? "wget -T 2 -q -O /dev/null http://localhost:" + agentPort + HEALTHZ_PATH
        : wget(agentPort, "api/local_raylet_healthz");
    return new ProbeBuilder()
        .withInitialDelaySeconds(10)
        .withPeriodSeconds(5)
        .withTimeoutSeconds(4)
        .withSuccessThreshold(1)
        .withFailureThreshold(1)
        .withNewExec().withCommand("bash", "-c", raylet + " && " + wget(servePort, "-/healthz")).endExec()
        .build();
  }

  /** Whether the Ray version serves {@code /api/healthz} (2.53 or later); unparseable versions do not. */
  static boolean supportsUnifiedHealthz(String rayVersion) {
    return RayRelease.of(rayVersion).map(release -> release.isAtLeast(FIRST_UNIFIED_HEALTHZ)).orElse(false);
  }

  private static Probe probe(boolean http, RayNodeType type, int agentPort, int dashboardPort, int initialDelay,
      int timeout, int failures) {
    ProbeBuilder probe = new ProbeBuilder()
        .withInitialDelaySeconds(initialDelay)
        .withPeriodSeconds(5)
        .withTimeoutSeconds(timeout)
        .withSuccessThreshold(1)
        .withFailureThreshold(failures);
    if (http) {
      return probe.withNewHttpGet().withPath(HEALTHZ_PATH).withPort(new IntOrString(agentPort)).endHttpGet().build();
    }
    List<String> checks = new ArrayList<>();
    checks.add(wget(agentPort, "api/local_raylet_healthz"));
    if (type == RayNodeType.HEAD) {
      checks.add(wget(dashboardPort, "api/gcs_healthz"));
    }
    return probe.withNewExec().withCommand("bash", "-c", String.join(" && ", checks)).endExec().build();
  }

  private static String wget(int port, String path) {
    return "wget -T 2 -q -O- http://localhost:" + port + "/" + path + " | grep success";
  }

  private static int port(Map<String, String> params, String key, int fallback) {
    String value = params.get(key);
    if (value == null) {
      return fallback;
    }
    try {
      return Integer.parseInt(value.strip());
    } catch (NumberFormatException notANumber) {
      return fallback;
    }
  }
}
