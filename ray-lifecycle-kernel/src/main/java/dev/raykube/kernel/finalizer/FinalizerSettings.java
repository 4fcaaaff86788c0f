package dev.raykube.kernel.finalizer;

import java.time.Duration;
import java.util.Objects;

/**
 * Operator-wide finalizer settings. Immutable; start from {@link #defaults()} and change with the {@code with…}
 * methods.
 *
 * <p>Backoff for {@link FinalizerPolicy#UNTIL_CONFIRMED}: after the {@code n}th failed attempt the next one is due
 * after {@code min(maxDelay, initialDelay × factor^(n-1))} — deterministic, without jitter (each object has its own
 * schedule, so there is no thundering herd to break up) — and never later than the end of {@code maxWait}.
 *
 * @param defaultPolicy the policy for objects without a valid {@value FinalizerPolicy#ANNOTATION} annotation
 * @param initialDelay the wait after the first failed attempt, positive
 * @param factor the growth of the wait per failed attempt, at least 1
 * @param maxDelay the longest wait between two attempts, at least {@code initialDelay}
 * @param maxWait how long after {@code metadata.deletionTimestamp} {@link FinalizerPolicy#UNTIL_CONFIRMED} keeps the
 *     finalizer at most, positive
 */
public record FinalizerSettings(
    FinalizerPolicy defaultPolicy, Duration initialDelay, double factor, Duration maxDelay, Duration maxWait) {

  private static final FinalizerSettings DEFAULTS = new FinalizerSettings(FinalizerPolicy.BEST_EFFORT,
      Duration.ofSeconds(1), 2.0, Duration.ofMinutes(1), Duration.ofMinutes(10));

  /** Checks the bounds. */
  public FinalizerSettings {
    Objects.requireNonNull(defaultPolicy, "defaultPolicy");
    Objects.requireNonNull(initialDelay, "initialDelay");
    Objects.requireNonNull(maxDelay, "maxDelay");
    Objects.requireNonNull(maxWait, "maxWait");
    if (initialDelay.isNegative() || initialDelay.isZero()) {
      throw new IllegalArgumentException("initialDelay must be positive: " + initialDelay);
    }
    if (!(factor >= 1) || Double.isInfinite(factor)) {
      throw new IllegalArgumentException("factor must be a finite number >= 1: " + factor);
    }
    if (maxDelay.compareTo(initialDelay) < 0) {
      throw new IllegalArgumentException("maxDelay (" + maxDelay + ") must not be less than initialDelay ("
          + initialDelay + ")");
    }
    if (maxWait.isNegative() || maxWait.isZero()) {
      throw new IllegalArgumentException("maxWait must be positive: " + maxWait);
    }
  }

  /** Best effort by default; backoff 1 s doubling up to 1 min; give up after 10 min. */
  public static FinalizerSettings defaults() {
    return DEFAULTS;
  }

  /** These settings with another default policy. */
  public FinalizerSettings withDefaultPolicy(FinalizerPolicy policy) {
    return new FinalizerSettings(policy, initialDelay, factor, maxDelay, maxWait);
  }

  /** These settings with another backoff. */
  public FinalizerSettings withBackoff(Duration initial, double growth, Duration max) {
    return new FinalizerSettings(defaultPolicy, initial, growth, max, maxWait);
  }

  /** These settings with another maximum wait. */
  public FinalizerSettings withMaxWait(Duration wait) {
    return new FinalizerSettings(defaultPolicy, initialDelay, factor, maxDelay, wait);
  }

  /**
   * The wait after {@code failedAttempts} failed attempts in a row.
   *
   * @param failedAttempts at least 1
   * @return {@code min(maxDelay, initialDelay × factor^(failedAttempts-1))}
   */
  public Duration backoff(int failedAttempts) {
    if (failedAttempts < 1) {
      throw new IllegalArgumentException("failedAttempts must be at least 1: " + failedAttempts);
    }
    double nanos = initialDelay.toNanos() * Math.pow(factor, failedAttempts - 1);
    return nanos >= maxDelay.toNanos() ? maxDelay : Duration.ofNanos((long) nanos);
  }
}
