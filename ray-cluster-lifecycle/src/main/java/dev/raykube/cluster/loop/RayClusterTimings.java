package dev.raykube.cluster.loop;

import java.time.Duration;
import java.util.Objects;

/**
 * When the RayCluster controller reconciles a cluster again without being told that something changed, and how long
 * it trusts its own writes over the informer cache.
 *
 * @param requeueSoon after a reconcile that is still waiting for something it started (Pods it created or deleted but
 *     the cache does not show yet, a suspension in progress, a replaced Pod); KubeRay's 2 s
 * @param afterFailure after a write failed or a required object is missing (the cluster's status and a Warning Event
 *     say which); the next attempt retries it
 * @param resync after a reconcile that changed nothing and waits for nothing: a periodic check that also repairs what
 *     a lost watch event would hide; KubeRay's default 300 s
 * @param expectationTimeout how long a Pod the controller created or deleted is assumed to exist (or be gone) while
 *     the informer cache does not show it yet; KubeRay's 30 s
 * @param objectRecheck how long an object the controller found or created once (autoscaler ServiceAccount, Role,
 *     RoleBinding, token Secret) is assumed to still exist before it is looked up again
 * @param redisCleanupDeadline how long after its deletion a RayCluster with Redis GCS fault tolerance waits for its
 *     Redis clean-up; then its finalizer is removed anyway, with a Warning Event naming what may be left in Redis
 *     (the clean-up Job itself gives up after {@value dev.raykube.cluster.RedisCleanupJob#ACTIVE_DEADLINE_SECONDS} s)
 */
public record RayClusterTimings(Duration requeueSoon, Duration afterFailure, Duration resync,
    Duration expectationTimeout, Duration objectRecheck, Duration redisCleanupDeadline) {

  /** The default Redis clean-up deadline: 6 minutes, the clean-up Job's 5 plus a minute for the Pods to go. */
  public static final Duration DEFAULT_REDIS_CLEANUP_DEADLINE = Duration.ofMinutes(6);

  /** Requires positive durations. */
  public RayClusterTimings {
    requirePositive(requeueSoon, "requeueSoon");
    requirePositive(afterFailure, "afterFailure");
    requirePositive(resync, "resync");
    requirePositive(expectationTimeout, "expectationTimeout");
    requirePositive(objectRecheck, "objectRecheck");
    requirePositive(redisCleanupDeadline, "redisCleanupDeadline");
  }

  /** The timings with the {@linkplain #DEFAULT_REDIS_CLEANUP_DEADLINE default Redis clean-up deadline}. */
  public RayClusterTimings(Duration requeueSoon, Duration afterFailure, Duration resync, Duration expectationTimeout,
      Duration objectRecheck) {
    this(requeueSoon, afterFailure, resync, expectationTimeout, objectRecheck, DEFAULT_REDIS_CLEANUP_DEADLINE);
  }

  /** Returns a copy with {@link #redisCleanupDeadline()} replaced. */
  public RayClusterTimings withRedisCleanupDeadline(Duration value) {
    return new RayClusterTimings(requeueSoon, afterFailure, resync, expectationTimeout, objectRecheck, value);
  }

  /**
   * Requeue 2 s, after a failure 10 s, resync 300 s, expectations 30 s, object re-check 300 s, Redis clean-up deadline
   * 6 min.
   */
  public static RayClusterTimings defaults() {
    return new RayClusterTimings(Duration.ofSeconds(2), Duration.ofSeconds(10), Duration.ofSeconds(300),
        Duration.ofSeconds(30), Duration.ofSeconds(300));
  }

  private static void requirePositive(Duration value, String name) {
    Objects.requireNonNull(value, name);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, not " + value);
    }
  }
}
