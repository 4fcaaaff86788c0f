package dev.raykube.service.decide;

import java.util.Objects;

/**
 * A serve-eligible Ray Pod of the active or pending cluster and what its Serve proxy said. The caller probes
 * {@code GET http://<pod IP>:<serve port>/-/healthz} (200 means healthy) on the Pods whose {@link RayServiceLabels#SERVE}
 * label the operator maintains: the head Pods, as KubeRay does (workers rely on their readiness probe; the state
 * machine leaves any reported alone). A Pod that is not running or has no IP is reported with
 * {@code proxyHealthy=false}.
 *
 * @param name the Pod's name; not null
 * @param clusterName its RayCluster ({@code ray.io/cluster}); not null
 * @param head whether it is the head Pod ({@code ray.io/node-type=head})
 * @param serveLabel the current value of its {@link RayServiceLabels#SERVE} label, {@code null} when unset
 * @param proxyHealthy whether {@code /-/healthz} answered 200
 */
public record ServePod(String name, String clusterName, boolean head, String serveLabel, boolean proxyHealthy) {

  /** Checks the names are given. */
  public ServePod {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(clusterName, "clusterName");
  }

  /** A head Pod of {@code clusterName} whose label is {@code serveLabel} and whose proxy answered (or not). */
  public static ServePod head(String name, String clusterName, String serveLabel, boolean proxyHealthy) {
    return new ServePod(name, clusterName, true, serveLabel, proxyHealthy);
  }

  /** A worker Pod of {@code clusterName} whose label is {@code serveLabel} and whose proxy answered (or not). */
  public static ServePod worker(String name, String clusterName, String serveLabel, boolean proxyHealthy) {
    return new ServePod(name, clusterName, false, serveLabel, proxyHealthy);
  }
}
