package dev.raykube.cluster;

import dev.raykube.model.cluster.WorkerGroupSpec;

/**
 * How many worker Pods a group should have. A replica is {@code numOfHosts} Pods (default 1); {@code replicas} is
 * clamped to {@code [minReplicas, maxReplicas]} (defaults 0 and 2147483647, as the CRD defaults them); a suspended
 * group wants none. Counts saturate at {@link Integer#MAX_VALUE} instead of overflowing.
 */
public final class WorkerGroupSize {

  private WorkerGroupSize() {
  }

  /** Pods the group should run: clamp(replicas, min, max) × numOfHosts, or 0 if the group is suspended. */
  public static int desiredPods(WorkerGroupSpec group) {
    return times(desiredReplicas(group), numOfHosts(group));
  }

  /** Replicas the group should run: clamp(replicas, min, max), or 0 if the group is suspended. */
  public static int desiredReplicas(WorkerGroupSpec group) {
    if (Boolean.TRUE.equals(group.getSuspend())) {
      return 0;
    }
    int min = minReplicas(group);
    int max = maxReplicas(group);
    int replicas = value(group.getReplicas(), 0);
    return Math.max(min, Math.min(replicas, max));
  }

  /** minReplicas × numOfHosts, or 0 if the group is suspended. */
  public static int minPods(WorkerGroupSpec group) {
    return Boolean.TRUE.equals(group.getSuspend()) ? 0 : times(minReplicas(group), numOfHosts(group));
  }

  /** maxReplicas × numOfHosts, or 0 if the group is suspended. */
  public static int maxPods(WorkerGroupSpec group) {
    return Boolean.TRUE.equals(group.getSuspend()) ? 0 : times(maxReplicas(group), numOfHosts(group));
  }

  /** Pods per replica: numOfHosts, at least 1. */
  public static int numOfHosts(WorkerGroupSpec group) {
    return Math.max(1, value(group.getNumOfHosts(), 1));
  }

  private static int minReplicas(WorkerGroupSpec group) {
    return Math.max(0, value(group.getMinReplicas(), 0));
  }

  private static int maxReplicas(WorkerGroupSpec group) {
    return Math.max(0, value(group.getMaxReplicas(), Integer.MAX_VALUE));
  }

  static int times(int a, int b) {
    long product = (long) a * b;
    return product > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) product;
  }

  static int plus(int a, int b) {
    long sum = (long) a + b;
    return sum > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) sum;
  }

  private static int value(Integer value, int fallback) {
    return value == null ? fallback : value;
  }
}
