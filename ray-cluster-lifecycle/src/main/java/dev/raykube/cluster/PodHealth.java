package dev.raykube.cluster;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;

/**
 * What the operator reads from an observed Pod's status: whether it is running and ready, still counts towards its
 * group, is being deleted, or is beyond repair and must be replaced.
 */
public final class PodHealth {

  private PodHealth() {
  }

  /** The Pod's phase; a Pod without status or phase (just created) counts as {@code Pending}. */
  public static String phase(Pod pod) {
    String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
    return phase == null || phase.isBlank() ? "Pending" : phase;
  }

  /** Whether Kubernetes is deleting the Pod ({@code metadata.deletionTimestamp} is set). */
  public static boolean isTerminating(Pod pod) {
    return pod.getMetadata() != null && pod.getMetadata().getDeletionTimestamp() != null;
  }

  /** Phase {@code Running} and condition {@code Ready} true. */
  public static boolean isRunningAndReady(Pod pod) {
    return "Running".equals(phase(pod)) && isReady(pod);
  }

  /** Condition {@code Ready} is {@code True}. */
  public static boolean isReady(Pod pod) {
    return readyCondition(pod) != null && "True".equals(readyCondition(pod).getStatus());
  }

  /** The Pod's {@code Ready} condition, or {@code null}. */
  public static PodCondition readyCondition(Pod pod) {
    if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
      return null;
    }
    return pod.getStatus().getConditions().stream().filter(c -> "Ready".equals(c.getType())).findFirst()
        .orElse(null);
  }

  /** Running or Pending (or without phase yet) and not being deleted: the Pod counts towards its group's size. */
  public static boolean countsTowardsGroup(Pod pod) {
    String phase = phase(pod);
    return !isTerminating(pod) && ("Running".equals(phase) || "Pending".equals(phase));
  }

  /**
   * Whether the Pod can never become healthy again and must be deleted so it can be replaced: phase {@code Failed} or
   * {@code Succeeded} (Ray never exits on purpose), or {@code Running} while its Ray container (the first) has
   * terminated under {@code restartPolicy: Never} (autoscaler v2), since the kubelet will not restart it. Pods being
   * deleted are not reported again.
   */
  public static boolean isBeyondRepair(Pod pod) {
    if (isTerminating(pod)) {
      return false;
    }
    String phase = phase(pod);
    if ("Failed".equals(phase) || "Succeeded".equals(phase)) {
      return true;
    }
    if (!"Running".equals(phase) || pod.getSpec() == null || !"Never".equals(pod.getSpec().getRestartPolicy())) {
      return false;
    }
    String rayContainer = pod.getSpec().getContainers() == null || pod.getSpec().getContainers().isEmpty() ? null
        : pod.getSpec().getContainers().get(0).getName();
    if (rayContainer == null || pod.getStatus().getContainerStatuses() == null) {
      return false;
    }
    for (ContainerStatus status : pod.getStatus().getContainerStatuses()) {
      if (rayContainer.equals(status.getName()) && status.getState() != null
          && status.getState().getTerminated() != null) {
        return true;
      }
    }
    return false;
  }
}
