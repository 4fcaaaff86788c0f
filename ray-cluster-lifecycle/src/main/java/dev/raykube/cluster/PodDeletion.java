package dev.raykube.cluster;

import java.util.Objects;

/**
 * One Pod the controller should delete, and why.
 *
 * @param podName the Pod's name
 * @param reason why it goes
 */
public record PodDeletion(String podName, Reason reason) {

  /** Why a Pod is deleted. */
  public enum Reason {
    /** Failed or finished, or its Ray container is dead under restartPolicy Never: it is replaced. */
    BEYOND_REPAIR,
    /** Named in the group's {@code scaleStrategy.workersToDelete} (the autoscaler's choice). */
    WORKERS_TO_DELETE,
    /** More Pods than desired while autoscaling is off. */
    SCALE_DOWN,
    /** The worker group is suspended. */
    GROUP_SUSPENDED,
    /** The Pod's worker group is no longer in the spec. */
    GROUP_REMOVED,
    /** A host of its multi-host replica is gone: the rest of the replica goes too, to be replaced whole. */
    INCOMPLETE_REPLICA,
    /** A host of its multi-host replica is beyond repair: the whole replica is replaced. */
    REPLICA_BEYOND_REPAIR,
    /** A host of its multi-host replica is named in {@code scaleStrategy.workersToDelete}: the whole replica goes. */
    REPLICA_IN_WORKERS_TO_DELETE,
    /** Its multi-host group has more replicas than desired while autoscaling is off: a whole replica goes. */
    REPLICA_SCALE_DOWN
  }

  /** Checks that nothing is missing. */
  public PodDeletion {
    Objects.requireNonNull(podName, "podName");
    Objects.requireNonNull(reason, "reason");
  }
}
