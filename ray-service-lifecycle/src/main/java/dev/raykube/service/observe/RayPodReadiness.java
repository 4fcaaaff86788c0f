package dev.raykube.service.observe;

import dev.raykube.cluster.HeadServiceFactory;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.RayNodeType;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterConditionType;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.util.List;

/**
 * What the observer reads off RayClusters and their Pods: whether the head Pod is ready, whether a Pod is a running,
 * ready head, and the port its Serve proxy listens on. Pure.
 */
public final class RayPodReadiness {

  /** The name of the container port Ray Serve's proxy listens on. */
  public static final String SERVE_PORT_NAME = HeadServiceFactory.SERVE_PORT_NAME;

  private RayPodReadiness() {
  }

  /**
   * Whether a cluster's head Pod is running and ready: its RayCluster says so ({@code HeadPodReady=True}), or one of
   * {@code pods} is the head and is ready.
   *
   * @param cluster the RayCluster as read
   * @param pods its Pods as read, possibly empty (not read)
   */
  public static boolean headPodReady(RayCluster cluster, List<Pod> pods) {
    List<Condition> conditions = cluster.getStatus() == null ? null : cluster.getStatus().getConditions();
    if (conditions != null) {
      for (Condition condition : conditions) {
        if (RayClusterConditionType.HEAD_POD_READY.value().equals(condition.getType())
            && "True".equals(condition.getStatus())) {
          return true;
        }
      }
    }
    return pods.stream().anyMatch(p -> isHead(p) && ready(p));
  }

  /** Whether the Pod is the head ({@code ray.io/node-type=head}). */
  public static boolean isHead(Pod pod) {
    return pod.getMetadata() != null && pod.getMetadata().getLabels() != null
        && RayNodeType.HEAD.label().equals(pod.getMetadata().getLabels().get(RayClusterLabels.NODE_TYPE));
  }

  /** Whether the Pod runs ({@code Running}, not being deleted) and its {@code Ready} condition is true. */
  public static boolean ready(Pod pod) {
    if (pod.getStatus() == null || !"Running".equals(pod.getStatus().getPhase())
        || pod.getMetadata().getDeletionTimestamp() != null) {
      return false;
    }
    List<PodCondition> conditions = pod.getStatus().getConditions();
    return conditions != null && conditions.stream()
        .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  /** Whether the Pod runs, is not being deleted and has an IP, so its proxy can be asked. */
  public static boolean probeable(Pod pod) {
    return pod.getStatus() != null && "Running".equals(pod.getStatus().getPhase())
        && pod.getMetadata().getDeletionTimestamp() == null && pod.getStatus().getPodIP() != null
        && !pod.getStatus().getPodIP().isBlank();
  }

  /** The serve port of the Pod's first (Ray) container ({@link HeadServiceFactory#servePort}). */
  public static int servePort(Pod pod) {
    List<Container> containers = pod.getSpec() == null ? null : pod.getSpec().getContainers();
    return HeadServiceFactory.servePort(containers == null || containers.isEmpty() ? null : containers.get(0));
  }
}
