package dev.raykube.cluster.loop;

import dev.raykube.cluster.PodHealth;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Scale expectations: the Pods the controller created or deleted that the informer cache may not show yet.
 *
 * <p>A reconcile that runs right after the controller created a worker Pod could otherwise read a cache without it
 * and create the Pod again; one that runs right after a deletion could pick another Pod to delete. So every create and
 * delete is remembered per RayCluster, and {@link #podsAsExpected} corrects what the cache shows: a created Pod the
 * cache lacks is added, a deleted Pod the cache still shows as live is shown as being deleted. An expectation ends as
 * soon as the cache shows it (the created Pod appears; the deleted Pod disappears or is being deleted) or after the
 * timeout, so a lost watch event cannot hold a cluster back for long.
 *
 * <p>KubeRay's controller has the same idea (its {@code expectations} package); this keeps the corrected view rather
 * than skipping a worker group, so the decision code ({@code PodReconcilePlan}) stays unaware of caches. Thread-safe.
 */
final class PodExpectations {

  private final Duration timeout;
  private final Map<String, ClusterRecord> clusters = new HashMap<>();

  private static final class ClusterRecord {
    final Map<String, Created> created = new LinkedHashMap<>();
    final Map<String, Instant> deleted = new LinkedHashMap<>();

    boolean isEmpty() {
      return created.isEmpty() && deleted.isEmpty();
    }
  }

  private record Created(Pod pod, Instant at) {
  }

  /** Expectations end after {@code timeout} at the latest. */
  PodExpectations(Duration timeout) {
    this.timeout = Objects.requireNonNull(timeout, "timeout");
  }

  /** Remembers that {@code pod} (as the API server returned it, with its name) was created for {@code cluster}. */
  synchronized void created(String cluster, Pod pod, Instant now) {
    record(cluster).created.put(pod.getMetadata().getName(), new Created(pod, now));
  }

  /** Remembers that the Pod named {@code podName} of {@code cluster} was deleted. */
  synchronized void deleted(String cluster, String podName, Instant now) {
    ClusterRecord record = record(cluster);
    record.created.remove(podName);
    record.deleted.put(podName, now);
  }

  /**
   * The cluster's Pods as they are expected to be: {@code observed} (the informer cache) with the created Pods it
   * lacks added and the deleted Pods it still shows as live marked as being deleted. Ends the expectations the cache
   * now satisfies and those older than the timeout. Never modifies {@code observed} or its Pods.
   */
  synchronized List<Pod> podsAsExpected(String cluster, Collection<Pod> observed, Instant now) {
    ClusterRecord record = clusters.get(cluster);
    if (record == null) {
      return List.copyOf(observed);
    }
    Instant expired = now.minus(timeout);
    Map<String, Pod> byName = new LinkedHashMap<>();
    observed.forEach(pod -> byName.put(pod.getMetadata().getName(), pod));

    record.created.entrySet().removeIf(e -> byName.containsKey(e.getKey()) || !e.getValue().at().isAfter(expired));
    record.deleted.entrySet().removeIf(e -> {
      Pod pod = byName.get(e.getKey());
      return pod == null || PodHealth.isTerminating(pod) || !e.getValue().isAfter(expired);
    });

    List<Pod> pods = new ArrayList<>(observed.size() + record.created.size());
    for (Pod pod : observed) {
      Instant deletedAt = record.deleted.get(pod.getMetadata().getName());
      pods.add(deletedAt == null ? pod : new PodBuilder(pod).editMetadata()
          .withDeletionTimestamp(deletedAt.truncatedTo(ChronoUnit.SECONDS).toString()).endMetadata().build());
    }
    record.created.values().forEach(c -> pods.add(c.pod()));
    if (record.isEmpty()) {
      clusters.remove(cluster);
    }
    return pods;
  }

  /** Whether some create or delete of the cluster is not yet visible in the cache (as of the last view). */
  synchronized boolean pending(String cluster) {
    ClusterRecord record = clusters.get(cluster);
    return record != null && !record.isEmpty();
  }

  /** Drops every expectation of a cluster that is gone. */
  synchronized void forget(String cluster) {
    clusters.remove(cluster);
  }

  /** How many clusters have expectations (for tests and the heap benchmark). */
  synchronized int clusterCount() {
    return clusters.size();
  }

  private ClusterRecord record(String cluster) {
    return clusters.computeIfAbsent(Objects.requireNonNull(cluster, "cluster"), k -> new ClusterRecord());
  }
}
