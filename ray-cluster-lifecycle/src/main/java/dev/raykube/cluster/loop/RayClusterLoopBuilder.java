package dev.raykube.cluster.loop;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.ReplicaNameSource;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.PrimaryCache;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Builds a {@link RayClusterLoop}: {@link RayClusterLoop#builder(KubernetesClient)}. The Event recorder
 * ({@link #events}) is required; {@link #build()} checks it. Everything else has a default:
 *
 * <ul>
 *   <li>{@link #reads}: Pods and Services listed from the API server ({@link RayClusterReads#fromApi});</li>
 *   <li>{@link #settings}: {@link ClusterBuildSettings#defaults()}; {@link #timings}:
 *       {@link RayClusterTimings#defaults()};</li>
 *   <li>{@link #statusListener}: none; {@link #primaryCache}: none; {@link #clock}: {@link Clock#systemUTC()};</li>
 *   <li>{@link #podCreations}: none, a group's new workers are created one after another in the reconcile's
 *       thread;</li>
 *   <li>{@link #replicaNames}: {@link RandomReplicaNames}.</li>
 * </ul>
 */
public final class RayClusterLoopBuilder {
  final KubernetesClient client;
  RayClusterReads reads;
  EventRecorder events;
  ClusterBuildSettings settings = ClusterBuildSettings.defaults();
  RayClusterTimings timings = RayClusterTimings.defaults();
  ClusterStatusListener listener = ClusterStatusListener.none();
  PrimaryCache<RayCluster> cache = PrimaryCache.none();
  Clock clock = Clock.systemUTC();
  Executor podCreations;
  ReplicaNameSource replicaNames = new RandomReplicaNames();

  RayClusterLoopBuilder(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  /** Where the clusters' Pods and Services are read (the caller's informer caches, for one). */
  public RayClusterLoopBuilder reads(RayClusterReads value) {
    this.reads = Objects.requireNonNull(value, "reads");
    return this;
  }

  /** Records the loop's Events. Required. */
  public RayClusterLoopBuilder events(EventRecorder value) {
    this.events = Objects.requireNonNull(value, "events");
    return this;
  }

  /** The settings of the Pod, head Service and RBAC builders. */
  public RayClusterLoopBuilder settings(ClusterBuildSettings value) {
    this.settings = Objects.requireNonNull(value, "settings");
    return this;
  }

  /** Requeue delays and cache allowances. */
  public RayClusterLoopBuilder timings(RayClusterTimings value) {
    this.timings = Objects.requireNonNull(value, "timings");
    return this;
  }

  /** Told of each decided status before it is written. */
  public RayClusterLoopBuilder statusListener(ClusterStatusListener value) {
    this.listener = Objects.requireNonNull(value, "statusListener");
    return this;
  }

  /** Told of every status write (e.g. Java Operator SDK's cache of RayClusters). */
  public RayClusterLoopBuilder primaryCache(PrimaryCache<RayCluster> value) {
    this.cache = Objects.requireNonNull(value, "primaryCache");
    return this;
  }

  /** The time of every decision. */
  public RayClusterLoopBuilder clock(Clock value) {
    this.clock = Objects.requireNonNull(value, "clock");
    return this;
  }

  /**
   * Runs the creations of a group's new workers at once (e.g. a small thread pool; the reconcile waits for all of
   * them).
   */
  public RayClusterLoopBuilder podCreations(Executor value) {
    this.podCreations = Objects.requireNonNull(value, "podCreations");
    return this;
  }

  /** Where the random part of new multi-host replicas' names comes from (a fixed sequence, in tests). */
  public RayClusterLoopBuilder replicaNames(ReplicaNameSource value) {
    this.replicaNames = Objects.requireNonNull(value, "replicaNames");
    return this;
  }

  /**
   * Builds the loop.
   *
   * @return the loop
   * @throws IllegalStateException if the Event recorder is missing
   */
  public RayClusterLoop build() {
    if (events == null) {
      throw new IllegalStateException("RayClusterLoop needs events(...) before build()");
    }
    if (reads == null) {
      reads = RayClusterReads.fromApi(client);
    }
    return new RayClusterLoop(this);
  }
}
