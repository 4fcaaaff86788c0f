package dev.raykube.job.push;

import dev.raykube.kernel.AdaptivePoll;
import java.time.Duration;

/**
 * How often a dashboard's job list is read for the RayJobs it follows, and whether those RayJobs may poll their own
 * job less: pure functions, no I/O ({@link JobListPolls} carries them out).
 *
 * <p>The budget is KubeRay's: one dashboard request per running Ray job every {@value #BUDGET_SECONDS} s. One
 * {@code GET /api/jobs/} answers for every job on the dashboard, so with n jobs followed there the list may be read
 * every 3 s / n, and each job's end is seen that much sooner; not more often than every {@value #FASTEST_MILLIS} ms,
 * so that a busy cluster's head is not kept busy listing. After failed reads the list waits longer (doubling, at most
 * {@value #SLOWEST_SECONDS} s) and does not relieve the RayJobs' own polls, which then carry the latency; so does a
 * list longer than {@value #MAX_LISTED} jobs (a cluster with a long history, where one job's GET is cheaper).
 */
final class JobListCadence {

  /** The per-job budget: one request per running job every so many seconds. */
  static final int BUDGET_SECONDS = 3;
  /** The shortest time between two reads of one dashboard's list. */
  static final int FASTEST_MILLIS = 1000;
  /** The longest time between two reads after failures. */
  static final int SLOWEST_SECONDS = 30;
  /** Above this many jobs in the list, the RayJobs poll their own jobs instead. */
  static final int MAX_LISTED = 500;

  /** The poll of a RayJob whose job a healthy list follows: a safety net only. */
  static final AdaptivePoll RELIEVED_POLL = new AdaptivePoll(Duration.ofSeconds(30), Duration.ofSeconds(30), 0);

  private JobListCadence() {}

  /**
   * When to read the list again.
   *
   * @param followed how many RayJobs follow a job on the dashboard; at least 1
   * @param failuresInARow how many reads in a row failed (0 after a success)
   */
  static Duration next(int followed, int failuresInARow) {
    if (followed < 1) {
      throw new IllegalArgumentException("followed must be at least 1: " + followed);
    }
    if (failuresInARow < 0) {
      throw new IllegalArgumentException("failuresInARow must not be negative: " + failuresInARow);
    }
    if (failuresInARow > 0) {
      long seconds = (long) BUDGET_SECONDS << Math.min(failuresInARow - 1, 10);
      return Duration.ofSeconds(Math.min(seconds, SLOWEST_SECONDS));
    }
    return Duration.ofMillis(Math.max(FASTEST_MILLIS, BUDGET_SECONDS * 1000L / followed));
  }

  /**
   * Whether the list stands in for the RayJobs' own polls: its last read succeeded and listed at most
   * {@value #MAX_LISTED} jobs.
   */
  static boolean relievesPolls(int failuresInARow, int lastListed) {
    return failuresInARow == 0 && lastListed >= 0 && lastListed <= MAX_LISTED;
  }
}
