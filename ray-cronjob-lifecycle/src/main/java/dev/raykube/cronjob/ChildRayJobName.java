package dev.raykube.cronjob;

import java.time.Instant;
import java.util.Objects;

/**
 * The name of the RayJob a RayCronJob creates for a scheduled time: {@code <cronjob-name>-<minute>}, where
 * {@code minute} is the tick in whole minutes since 1970-01-01T00:00Z (KubeRay v1.7's scheme, and batch/v1 CronJob's).
 * The name depends only on the RayCronJob and the tick, so creating the RayJob for a tick twice (a retry, a restart,
 * two operator replicas) fails with AlreadyExists instead of running the tick twice. Ticks less than a minute apart
 * ({@code @every 30s}) share a name: the second of them finds its RayJob already there.
 */
public final class ChildRayJobName {

  /**
   * KubeRay's longest RayJob name, 47: a RayCluster name has at most 53 characters (63 minus {@code -serve-svc}, the
   * longest suffix of its Services) and the RayCluster of a RayJob is named {@code <rayjob>-<5 characters>}
   * (53 − 6).
   */
  public static final int KUBERAY_MAX_RAY_JOB_NAME_LENGTH = 53 - 6;

  /**
   * The longest suffix, 11: a dash and at most 10 digits. Minutes since 1970 have 8 digits until the year 2160 and
   * 10 digits until about the year 21000.
   */
  public static final int MAX_SUFFIX_LENGTH = 1 + 10;

  /**
   * The longest RayCronJob name, 36 = 47 − 11, so that every child name is a valid RayJob name in KubeRay (KubeRay
   * v1.7 rejects longer RayCronJob names). RayKube's own RayJob names may be longer, but keeping KubeRay's limit keeps
   * a manifest valid for both operators.
   */
  public static final int MAX_RAY_CRON_JOB_NAME_LENGTH = KUBERAY_MAX_RAY_JOB_NAME_LENGTH - MAX_SUFFIX_LENGTH;

  private ChildRayJobName() {
  }

  /**
   * The child RayJob's name.
   *
   * @param cronJobName the RayCronJob's name
   * @param tick the scheduled time the RayJob runs for
   * @return {@code <cronJobName>-<tick in whole minutes since the epoch>}, for example {@code nightly-29741165} for
   *     2026-07-19T14:05:00Z
   */
  public static String of(String cronJobName, Instant tick) {
    Objects.requireNonNull(cronJobName, "cronJobName");
    return cronJobName + "-" + minute(tick);
  }

  /** The tick in whole minutes since 1970-01-01T00:00Z, rounded down. */
  public static long minute(Instant tick) {
    return Math.floorDiv(Objects.requireNonNull(tick, "tick").getEpochSecond(), 60);
  }
}
