package dev.raykube.cluster;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Service;

/**
 * Names of the objects derived from a RayCluster: {@code <cluster>-head-svc}, and the {@code generateName} prefixes
 * {@code <cluster>-head-} and {@code <cluster>-<group>-worker-}.
 *
 * <p>A Pod name must fit a 63-character host name; {@code generateName} appends 5 random characters, so the part
 * before {@code -head-} / {@code -worker-} is cut to its last 50 characters (keeping the group name, which tells the
 * groups apart). Cluster names are at most 53 characters ({@link RayClusterValidator}), so only long group names are
 * ever cut.
 */
public final class RayClusterNames {

  /** Longest prefix before {@code -head-}/{@code -worker-}: 63 − 8 ({@code -worker-}) − 5 (random suffix). */
  static final int MAX_POD_NAME_PREFIX = 50;

  private RayClusterNames() {
  }

  /** The head Service's name: {@code headGroupSpec.headService.metadata.name} if set, else {@code <cluster>-head-svc}. */
  public static String headService(RayCluster cluster) {
    var head = cluster.getSpec() == null ? null : cluster.getSpec().getHeadGroupSpec();
    Service custom = head == null ? null : head.getHeadService();
    if (custom != null && custom.getMetadata() != null && custom.getMetadata().getName() != null
        && !custom.getMetadata().getName().isBlank()) {
      return custom.getMetadata().getName();
    }
    return cluster.getMetadata().getName() + "-head-svc";
  }

  /**
   * The head's Ingress: {@code <cluster>-head-ingress}, cut to its last {@value #MAX_POD_NAME_PREFIX} characters, with
   * a leading digit or punctuation character replaced by {@code r} (KubeRay's name check).
   */
  public static String headIngress(String clusterName) {
    return kubeRayCheckedName(clusterName + "-head-ingress");
  }

  /**
   * KubeRay's name check of derived object names: a name longer than {@value #MAX_POD_NAME_PREFIX} characters keeps
   * its last {@value #MAX_POD_NAME_PREFIX}, and a first character that is not a letter (a digit, {@code -} or
   * {@code .}) becomes {@code r}.
   */
  static String kubeRayCheckedName(String name) {
    String value = name.length() <= MAX_POD_NAME_PREFIX ? name : name.substring(name.length() - MAX_POD_NAME_PREFIX);
    if (!value.isEmpty() && !Character.isLetter(value.charAt(0))) {
      value = "r" + value.substring(1);
    }
    return value;
  }

  /** {@code generateName} of the head Pod: {@code <cluster>-head-}. */
  public static String headPodPrefix(String clusterName) {
    return shorten(clusterName) + "-head-";
  }

  /** {@code generateName} of a worker Pod: {@code <cluster>-<group>-worker-}. */
  public static String workerPodPrefix(String clusterName, String groupName) {
    return shorten(clusterName + "-" + groupName) + "-worker-";
  }

  static String shorten(String prefix) {
    String value = prefix.length() <= MAX_POD_NAME_PREFIX ? prefix
        : prefix.substring(prefix.length() - MAX_POD_NAME_PREFIX);
    int start = 0;
    while (start < value.length() - 1 && !Character.isLetterOrDigit(value.charAt(start))) {
      start++;
    }
    return value.substring(start);
  }
}
