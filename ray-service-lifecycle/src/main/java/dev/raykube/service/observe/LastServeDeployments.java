package dev.raykube.service.observe;

import dev.raykube.service.decide.ServeDeployment;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The last serve config sent to each RayCluster of the RayServices and how Serve took it
 * ({@link ServeDeployment}): written by the actuator after each {@code PUT /api/serve/applications/} that Serve
 * answered (accepted, or rejected with its message; a transport failure writes nothing), read by the observer.
 *
 * <p>Kept in memory, keyed by the cluster's {@code metadata.uid} (a cluster re-created under the same name starts
 * afresh), at most {@link #capacity()} clusters (the least recently used is dropped first, as KubeRay's cache of
 * 1000), and forgotten when the cluster is gone ({@link #retainOnly}) or its RayService is ({@link #forgetService}).
 * Thread-safe.
 */
public final class LastServeDeployments {

  /** The default number of clusters remembered. */
  public static final int DEFAULT_CAPACITY = 1000;

  private record Entry(String serviceKey, ServeDeployment deployment) {
  }

  private final int capacity;
  private final LinkedHashMap<String, Entry> byClusterUid;

  /** A memory of {@link #DEFAULT_CAPACITY} clusters. */
  public LastServeDeployments() {
    this(DEFAULT_CAPACITY);
  }

  /**
   * A memory of at most {@code capacity} clusters.
   *
   * @param capacity positive
   */
  public LastServeDeployments(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive: " + capacity);
    }
    this.capacity = capacity;
    this.byClusterUid = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
        return size() > LastServeDeployments.this.capacity;
      }
    };
  }

  /** How many clusters are remembered at most. */
  public int capacity() {
    return capacity;
  }

  /**
   * Remembers what Serve made of the config last sent to a cluster.
   *
   * @param namespace the RayService's namespace
   * @param serviceName the RayService's name
   * @param clusterUid the RayCluster's uid
   * @param deployment the config's hash and Serve's answer
   */
  public synchronized void remember(String namespace, String serviceName, String clusterUid,
      ServeDeployment deployment) {
    Objects.requireNonNull(clusterUid, "clusterUid");
    Objects.requireNonNull(deployment, "deployment");
    byClusterUid.put(clusterUid, new Entry(key(namespace, serviceName), deployment));
  }

  /** What was remembered for a cluster, if anything. */
  public synchronized Optional<ServeDeployment> last(String clusterUid) {
    Entry entry = clusterUid == null ? null : byClusterUid.get(clusterUid);
    return entry == null ? Optional.empty() : Optional.of(entry.deployment());
  }

  /** Forgets the clusters of a RayService that are not among {@code presentClusterUids} (they are gone). */
  public synchronized void retainOnly(String namespace, String serviceName, Set<String> presentClusterUids) {
    String key = key(namespace, serviceName);
    Iterator<Map.Entry<String, Entry>> it = byClusterUid.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<String, Entry> e = it.next();
      if (e.getValue().serviceKey().equals(key) && !presentClusterUids.contains(e.getKey())) {
        it.remove();
      }
    }
  }

  /** Forgets every cluster of a RayService. */
  public void forgetService(String namespace, String serviceName) {
    retainOnly(namespace, serviceName, Set.of());
  }

  /** How many clusters are remembered. */
  public synchronized int size() {
    return byClusterUid.size();
  }

  private static String key(String namespace, String serviceName) {
    return (namespace == null ? "" : namespace) + "/" + Objects.requireNonNull(serviceName, "serviceName");
  }
}
