package dev.raykube.dashboard;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How {@link RayDashboardClient} retries calls that are safe to repeat (GETs, stop, Serve calls, and a submit that
 * carries a submission id) after a {@linkplain RayDashboardException#isRetryable() retryable} failure: bounded
 * exponential backoff with jitter. The wait before retry {@code n} (1-based) is {@code min(maxBackoff, initialBackoff
 * × multiplier^(n-1))}, reduced by a random fraction of up to {@code jitter}; it never exceeds {@code maxBackoff}.
 *
 * @param maxAttempts attempts in total, at least 1 (1 means no retries)
 * @param initialBackoff the wait before the first retry
 * @param maxBackoff the upper bound of any wait
 * @param multiplier growth per retry, at least 1
 * @param jitter the random fraction in [0, 1] taken off each wait, so that many clients do not retry in step
 */
public record RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff, double multiplier,
    double jitter) {

  /** Checks the bounds. */
  public RetryPolicy {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
    }
    Objects.requireNonNull(initialBackoff, "initialBackoff");
    Objects.requireNonNull(maxBackoff, "maxBackoff");
    if (initialBackoff.isNegative() || maxBackoff.compareTo(initialBackoff) < 0) {
      throw new IllegalArgumentException("need 0 <= initialBackoff <= maxBackoff");
    }
    if (!(multiplier >= 1) || Double.isInfinite(multiplier)) {
      throw new IllegalArgumentException("multiplier must be a finite number >= 1: " + multiplier);
    }
    if (!(jitter >= 0 && jitter <= 1)) {
      throw new IllegalArgumentException("jitter must be in [0, 1]: " + jitter);
    }
  }

  /** 4 attempts, waits from 250 ms doubling up to 4 s, 50 % jitter. */
  public static RetryPolicy defaults() {
    return new RetryPolicy(4, Duration.ofMillis(250), Duration.ofSeconds(4), 2.0, 0.5);
  }

  /** A single attempt: failures are thrown at once. */
  public static RetryPolicy none() {
    return new RetryPolicy(1, Duration.ZERO, Duration.ZERO, 1.0, 0.0);
  }

  /** The wait before retry number {@code retry} (1 = the first retry). */
  public Duration backoff(int retry) {
    if (retry < 1) {
      throw new IllegalArgumentException("retry must be at least 1: " + retry);
    }
    double nanos = initialBackoff.toNanos() * Math.pow(multiplier, retry - 1);
    double capped = Math.min(nanos, maxBackoff.toNanos());
    double jittered = capped * (1 - jitter * ThreadLocalRandom.current().nextDouble());
    return Duration.ofNanos((long) jittered);
  }
}
