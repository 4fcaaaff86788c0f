package dev.raykube.cluster;

import java.util.List;
import java.util.Objects;

/**
 * What to do with one worker group in this reconcile.
 *
 * @param groupName the group
 * @param desiredPods how many Pods the group should have ({@link WorkerGroupSize#desiredPods})
 * @param countedPods the group's Pods that count towards it before this plan's deletions (Running or Pending, not
 *     being deleted)
 * @param podsToCreate how many worker Pods to create now
 * @param deletions which Pods to delete now
 */
public record WorkerGroupPlan(String groupName, int desiredPods, int countedPods, int podsToCreate,
    List<PodDeletion> deletions) {

  /** Copies the deletions and checks the counts. */
  public WorkerGroupPlan {
    Objects.requireNonNull(groupName, "groupName");
    deletions = List.copyOf(deletions);
    if (desiredPods < 0 || countedPods < 0 || podsToCreate < 0) {
      throw new IllegalArgumentException("counts must not be negative");
    }
  }

  /** Whether this plan changes nothing. */
  public boolean isNoop() {
    return podsToCreate == 0 && deletions.isEmpty();
  }
}
