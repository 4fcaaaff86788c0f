package dev.raykube.cluster;

import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * What to do with one worker group in this reconcile.
 *
 * @param groupName the group
 * @param desiredPods how many Pods the group should have ({@link WorkerGroupSize#desiredPods})
 * @param countedPods the group's Pods that count towards it before this plan's deletions (Running or Pending, not
 *     being deleted)
 * @param creations the worker Pods to create now, one slot each ({@link WorkerSlot#UNINDEXED} when multi-host
 *     indexing is off); the hosts of a new multi-host replica follow one another, host 0 first
 * @param deletions which Pods to delete now
 */
public record WorkerGroupPlan(String groupName, int desiredPods, int countedPods, List<WorkerSlot> creations,
    List<PodDeletion> deletions) {

  /** Copies the lists and checks the counts. */
  public WorkerGroupPlan {
    Objects.requireNonNull(groupName, "groupName");
    creations = List.copyOf(creations);
    deletions = List.copyOf(deletions);
    if (desiredPods < 0 || countedPods < 0) {
      throw new IllegalArgumentException("counts must not be negative");
    }
  }

  /** A plan whose {@code podsToCreate} new Pods carry no slot labels (multi-host indexing off). */
  public WorkerGroupPlan(String groupName, int desiredPods, int countedPods, int podsToCreate,
      List<PodDeletion> deletions) {
    this(groupName, desiredPods, countedPods, unindexed(podsToCreate), deletions);
  }

  /** How many worker Pods to create now. */
  public int podsToCreate() {
    return creations.size();
  }

  /** Whether this plan changes nothing. */
  public boolean isNoop() {
    return creations.isEmpty() && deletions.isEmpty();
  }

  private static List<WorkerSlot> unindexed(int podsToCreate) {
    if (podsToCreate < 0) {
      throw new IllegalArgumentException("counts must not be negative");
    }
    return Collections.nCopies(podsToCreate, WorkerSlot.UNINDEXED);
  }
}
