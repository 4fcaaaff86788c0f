package dev.raykube.job.push;

import dev.raykube.kernel.AdaptivePoll;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of the push signal "the Ray job ended": the log tails the RayJob controller keeps open
 * ({@link JobLogTails}). Immutable.
 *
 * @param maxOpen how many tails may be open at once over all RayJobs (one WebSocket and one thread each); beyond it a
 *     RayJob is polled only. 0 turns the push signal off. Default {@value #DEFAULT_MAX_OPEN}; the operator's
 *     {@code --max-job-log-tails} replaces it
 * @param firstRetry how long after a tail of a submission ended (broke, was refused, or closed while the job still
 *     ran) it may be opened again; doubled after each further end that came within {@code maxRetry} of its opening.
 *     Default 2 s
 * @param maxRetry the longest wait before a tail is opened again; a tail that stayed open at least this long starts
 *     the doubling over. Default 5 min
 * @param followedPoll how often a RayJob whose Ray job is RUNNING is polled while a tail follows it. Default every
 *     3 s, KubeRay's rate: Ray's tail closes only 2–4 s after the job ended (its loop looks at the status once per
 *     2 s and returns 2 s after the look that saw the end), so the poll sees most ends first and the tail bounds the
 *     rest; whichever sees the end first wins (the unfollowed poll is {@code RayJobSettings.poll()}, 1 s to 10 s)
 */
public record LogTailSettings(int maxOpen, Duration firstRetry, Duration maxRetry, AdaptivePoll followedPoll) {

  /**
   * Default {@link #maxOpen()}: each open tail costs about 150 KB outside the heap (its thread), so 250 tails (about
   * 38 MB) fit beside the heap in the deployment manifest's 512 MiB; see docs/rayjob.md, "What open tails cost".
   */
  public static final int DEFAULT_MAX_OPEN = 250;

  /** Validates. */
  public LogTailSettings {
    if (maxOpen < 0) {
      throw new IllegalArgumentException("maxOpen must be 0 (off) or more: " + maxOpen);
    }
    Objects.requireNonNull(firstRetry, "firstRetry");
    Objects.requireNonNull(maxRetry, "maxRetry");
    Objects.requireNonNull(followedPoll, "followedPoll");
    if (firstRetry.isNegative() || firstRetry.isZero()) {
      throw new IllegalArgumentException("firstRetry must be positive: " + firstRetry);
    }
    if (maxRetry.compareTo(firstRetry) < 0) {
      throw new IllegalArgumentException("maxRetry (" + maxRetry + ") must not be shorter than firstRetry ("
          + firstRetry + ")");
    }
  }

  /** The followed poll of {@link #defaults()}: every 3 s, whatever the job's age. */
  public static final AdaptivePoll DEFAULT_FOLLOWED_POLL =
      new AdaptivePoll(Duration.ofSeconds(3), Duration.ofSeconds(3), 0);

  /** {@value #DEFAULT_MAX_OPEN} tails, retries after 2 s doubling to 5 min, a followed poll of 3 s. */
  public static LogTailSettings defaults() {
    return new LogTailSettings(DEFAULT_MAX_OPEN, Duration.ofSeconds(2), Duration.ofMinutes(5), DEFAULT_FOLLOWED_POLL);
  }

  /** Returns a copy with another {@link #maxOpen()}. */
  public LogTailSettings withMaxOpen(int value) {
    return new LogTailSettings(value, firstRetry, maxRetry, followedPoll);
  }

  /** Returns a copy with other retry delays. */
  public LogTailSettings withRetry(Duration first, Duration max) {
    return new LogTailSettings(maxOpen, first, max, followedPoll);
  }

  /** Returns a copy with another {@link #followedPoll()}. */
  public LogTailSettings withFollowedPoll(AdaptivePoll value) {
    return new LogTailSettings(maxOpen, firstRetry, maxRetry, value);
  }

  /** Whether tails are opened at all. */
  public boolean enabled() {
    return maxOpen > 0;
  }
}
