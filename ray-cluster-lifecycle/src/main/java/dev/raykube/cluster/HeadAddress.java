package dev.raykube.cluster;

import dev.raykube.model.cluster.RayCluster;
import java.util.Map;
import java.util.Objects;

/**
 * Where the Ray head of a cluster is reached from inside Kubernetes: the head Service's DNS name and the GCS port.
 *
 * @param serviceName the head Service's name, e.g. {@code raycluster-sample-head-svc}
 * @param namespace the RayCluster's namespace
 * @param clusterDomain the Kubernetes cluster's DNS domain, e.g. {@code cluster.local}
 * @param gcsPort the GCS port: the head's {@code rayStartParams.port}, default 6379
 */
public record HeadAddress(String serviceName, String namespace, String clusterDomain, int gcsPort) {

  /** Ray's default GCS port. */
  public static final int DEFAULT_GCS_PORT = 6379;

  /** Checks that nothing is missing and that the port is a port. */
  public HeadAddress {
    Objects.requireNonNull(serviceName, "serviceName");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(clusterDomain, "clusterDomain");
    if (gcsPort < 1 || gcsPort > 65535) {
      throw new IllegalArgumentException("GCS port must be between 1 and 65535: " + gcsPort);
    }
  }

  /**
   * The address of a RayCluster's head.
   *
   * @throws IllegalArgumentException if the head's {@code rayStartParams.port} is not a port number
   */
  public static HeadAddress of(RayCluster cluster, ClusterBuildSettings settings) {
    String namespace = cluster.getMetadata().getNamespace();
    return new HeadAddress(RayClusterNames.headService(cluster), namespace == null ? "default" : namespace,
        settings.clusterDomain(), gcsPort(cluster));
  }

  /**
   * The GCS port of a cluster: {@code headGroupSpec.rayStartParams.port}, or 6379.
   *
   * @throws IllegalArgumentException if the value is not a port number
   */
  public static int gcsPort(RayCluster cluster) {
    var head = cluster.getSpec() == null ? null : cluster.getSpec().getHeadGroupSpec();
    Map<String, String> params = head == null ? null : head.getRayStartParams();
    String port = params == null ? null : params.get(RayStartParams.PORT);
    if (port == null) {
      return DEFAULT_GCS_PORT;
    }
    try {
      int value = Integer.parseInt(port.strip());
      if (value >= 1 && value <= 65535) {
        return value;
      }
    } catch (NumberFormatException notANumber) {
      // reported below
    }
    throw new IllegalArgumentException(
        "spec.headGroupSpec.rayStartParams.port must be a port number between 1 and 65535, not '" + port + "'");
  }

  /** {@code <service>.<namespace>.svc.<domain>}, the value of {@code FQ_RAY_IP}. */
  public String fqdn() {
    return serviceName + "." + namespace + ".svc." + clusterDomain;
  }

  /** {@code <fqdn>:<gcsPort>}, the address workers pass to {@code ray start --address}. */
  public String gcsAddress() {
    return fqdn() + ":" + gcsPort;
  }
}
