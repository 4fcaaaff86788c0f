package dev.raykube.cluster;

import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The replica indexes of a worker group ({@value RayClusterLabels#WORKER_GROUP_REPLICA_INDEX}): which ones its Pods
 * hold, and which ones new replicas take, always the smallest free ones, so gaps left by deleted replicas are refilled
 * first.
 */
public final class ReplicaIndexes {

  private ReplicaIndexes() {
  }

  /**
   * The indexes the Pods hold. A Pod without the label, or with a value that is not a non-negative integer, holds
   * none.
   *
   * @param pods the Pods
   * @return the indexes, sorted
   */
  public static Set<Integer> held(Collection<Pod> pods) {
    Set<Integer> held = new TreeSet<>();
    for (Pod pod : pods) {
      Integer index = of(pod);
      if (index != null) {
        held.add(index);
      }
    }
    return held;
  }

  /**
   * The Pod's replica index, or {@code null} if it has none that can be read.
   *
   * @param pod the Pod
   * @return the index, or {@code null}
   */
  public static Integer of(Pod pod) {
    Map<String, String> labels = pod.getMetadata() == null ? null : pod.getMetadata().getLabels();
    String value = labels == null ? null : labels.get(RayClusterLabels.WORKER_GROUP_REPLICA_INDEX);
    if (value == null) {
      return null;
    }
    try {
      int index = Integer.parseInt(value.strip());
      return index < 0 ? null : index;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * The {@code count} smallest non-negative integers not in {@code held}, in increasing order.
   *
   * @param held the indexes in use
   * @param count how many new ones are wanted
   * @return the new indexes
   */
  public static List<Integer> lowestFree(Set<Integer> held, int count) {
    List<Integer> free = new ArrayList<>(count);
    int candidate = 0;
    while (free.size() < count) {
      if (!held.contains(candidate)) {
        free.add(candidate);
      }
      candidate++;
    }
    return free;
  }
}
