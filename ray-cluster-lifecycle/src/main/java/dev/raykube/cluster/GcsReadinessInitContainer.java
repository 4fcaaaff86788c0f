package dev.raykube.cluster;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The {@code wait-gcs-ready} init container of worker Pods (never the head): it keeps the worker's {@code ray start}
 * from running before the head's GCS answers, which would otherwise exhaust {@code ray start}'s own retries and
 * crash-loop the worker.
 *
 * <p>It runs {@link #script(int)} with {@code /bin/bash -c --} (or {@code -lc}), using the Ray container's image,
 * pull policy, security context, environment and volume mounts (TLS settings for Ray live there), plus
 * {@code FQ_RAY_IP} and {@code RAY_IP}. It is appended after the user's own init containers.
 *
 * <p><b>Resources.</b> KubeRay gives this container a fixed 200m CPU / 256Mi, requests equal to limits. The check runs
 * the full {@code ray} CLI, whose Python imports take tens of seconds under a 200m CPU quota (KubeRay issue #5138),
 * delaying every worker. Here, unless {@link ClusterBuildSettings#initContainerResources()} fixes them, the container
 * gets the Ray container's own {@code cpu}, {@code memory} and {@code ephemeral-storage} requests and limits, and
 * nothing else ({@link #resourcesFor}). This costs nothing: init containers run before the app containers, so the
 * scheduler and ResourceQuota count a Pod's request as the larger of its biggest init container and the sum of its app
 * containers, and a copy of one app container's request is never larger than that sum. It keeps the Pod's QoS class
 * (a Guaranteed Ray container gives a Guaranteed init container), satisfies quotas that demand requests and limits
 * whenever the Ray container does, lets the check use the CPU the Ray container would have, and never asks for GPUs or
 * other extended resources, which init containers cannot use (and GKE Autopilot rejects there).
 */
public final class GcsReadinessInitContainer {

  /** The init container's name. */
  public static final String NAME = "wait-gcs-ready";
  /** Environment variable overriding the GCS port baked into the script (for running the script by hand). */
  public static final String PORT_ENV = "RAYKUBE_GCS_PORT";
  /** Environment variable overriding the 5-second interval between checks. */
  public static final String PERIOD_ENV = "RAYKUBE_WAIT_GCS_PERIOD_SECONDS";
  /** Environment variable overriding the 120 seconds after which the check's own output is shown. */
  public static final String QUIET_ENV = "RAYKUBE_WAIT_GCS_QUIET_SECONDS";
  /** Seconds between two checks. */
  public static final int PERIOD_SECONDS = 5;
  /** Seconds during which failed checks are reported in one line each, without the check's own output. */
  public static final int QUIET_SECONDS = 120;
  /** Where to look when the wait takes long. */
  public static final String TROUBLESHOOTING_URL =
      "https://docs.ray.io/en/latest/cluster/kubernetes/troubleshooting/troubleshooting.html";

  private static final Set<String> COPIED_RESOURCES = Set.of("cpu", "memory", "ephemeral-storage");

  private GcsReadinessInitContainer() {
  }

  /**
   * The init container for a worker whose Ray container is {@code rayContainer} as the user wrote it.
   *
   * @param rayContainer the worker template's first container, before the operator changed it
   */
  public static Container build(Container rayContainer, HeadAddress head, ClusterBuildSettings settings) {
    List<EnvVar> env = rayContainer.getEnv() == null ? List.of()
        : rayContainer.getEnv().stream().map(e -> new EnvVarBuilder(e).build()).toList();
    List<VolumeMount> mounts = rayContainer.getVolumeMounts() == null ? List.of()
        : rayContainer.getVolumeMounts().stream().map(m -> new VolumeMountBuilder(m).build()).toList();
    Container init = new ContainerBuilder()
        .withName(NAME)
        .withImage(rayContainer.getImage())
        .withImagePullPolicy(rayContainer.getImagePullPolicy())
        .withCommand(settings.shellCommand())
        .withArgs(script(head.gcsPort()))
        .withSecurityContext(rayContainer.getSecurityContext() == null ? null
            : new SecurityContextBuilder(rayContainer.getSecurityContext()).build())
        .withEnv(env)
        .withVolumeMounts(mounts)
        .withResources(resourcesFor(rayContainer, settings))
        .build();
    RayContainerEnv.applyToInitContainer(init, head);
    return init;
  }

  /**
   * The resources of the init container: {@link ClusterBuildSettings#initContainerResources()} if set, else the
   * {@code cpu}, {@code memory} and {@code ephemeral-storage} requests and limits of the Ray container (none if it has
   * none). See the class comment for why.
   */
  public static ResourceRequirements resourcesFor(Container rayContainer, ClusterBuildSettings settings) {
    ResourceRequirements fixed = settings.initContainerResources();
    if (fixed != null) {
      return fixed;
    }
    ResourceRequirements source = rayContainer.getResources();
    ResourceRequirements copy = new ResourceRequirements();
    if (source != null) {
      copy.setRequests(copyOf(source.getRequests()));
      copy.setLimits(copyOf(source.getLimits()));
    }
    return copy;
  }

  /**
   * The script: every {@value #PERIOD_SECONDS} s it runs {@code ray health-check --address $FQ_RAY_IP:<gcsPort>} and
   * exits 0 as soon as a check passes. For the first {@value #QUIET_SECONDS} s each failure prints one line with the
   * seconds waited; after that the check's own output is shown, followed by a troubleshooting hint. It never gives
   * up: if the head never comes, the worker stays in {@code Init} with a log that says why.
   *
   * <p>The head's address comes from the environment ({@code FQ_RAY_IP}, required), so the same text runs anywhere,
   * for example under plain {@code bash} with {@code FQ_RAY_IP=127.0.0.1}. The GCS port is baked in and can be
   * overridden with {@value #PORT_ENV}; {@value #PERIOD_ENV} and {@value #QUIET_ENV} override the timings (tests use
   * them; Pods never set them). Token authentication needs no flag: {@code ray health-check} reads
   * {@code RAY_AUTH_MODE} and {@code RAY_AUTH_TOKEN} from the environment. If no {@code ray} executable is on the
   * {@code PATH}, the script says so and exits 1 instead of waiting forever.
   */
  public static String script(int gcsPort) {
    return """
        address="${FQ_RAY_IP:?FQ_RAY_IP must be set to the host name of the Ray head}:${%1$s:-%2$d}"
        period="${%3$s:-%4$d}"
        quiet="${%5$s:-%6$d}"
        if ! command -v ray >/dev/null 2>&1; then
          echo "wait-gcs-ready: no 'ray' executable on PATH ($PATH); this image cannot run 'ray health-check'. \
        Use an image with Ray, or disable the init container injection and add your own wait." >&2
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
            echo "GCS at ${address} is still not ready after ${SECONDS}s. Check that the head Pod is Running \
        and Ready, that its log shows the GCS started, and that this Pod can resolve and reach ${address}. \
        Troubleshooting: %7$s"
          fi
          sleep "$period"
        done
        """.formatted(PORT_ENV, gcsPort, PERIOD_ENV, PERIOD_SECONDS, QUIET_ENV, QUIET_SECONDS, TROUBLESHOOTING_URL);
  }

  private static Map<String, Quantity> copyOf(Map<String, Quantity> source) {
    if (source == null) {
      return null;
    }
    Map<String, Quantity> copy = new TreeMap<>();
    source.forEach((name, quantity) -> {
      if (COPIED_RESOURCES.contains(name)) {
        copy.put(name, new Quantity(quantity.getAmount(), quantity.getFormat()));
      }
    });
    return copy.isEmpty() ? null : copy;
  }
}
