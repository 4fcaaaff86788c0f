package dev.raykube.kernel;

import java.time.Duration;
import java.util.Objects;

/**
 * How often to look at a RayJob that has not ended: a delay that grows with the age of what is being waited for.
 * Shortly after a job starts it is checked often, so a short job's end is seen quickly; a job that has run for a long
 * time is checked less often, so many long jobs do not hammer their dashboards. The delay is
 * {@code clamp(age × ageFraction, min, max)}: with the defaults (1 s, 10 s, 0.1) a job is checked every second during
 * its first 10 seconds, every 3 s at 30 s of age and every 10 s from 100 s on, so the time to notice its end stays
 * under about a tenth of its run time (plus the watch and write latency).
 *
 * @param min the shortest delay; not negative
 * @param max the longest delay; not shorter than {@code min}
 * @param ageFraction the share of the age to wait; finite and not negative
 */
public record AdaptivePoll(Duration min, Duration max, double ageFraction) {

  /** The defaults: 1 s to 10 s, a tenth of the age. */
  public static final AdaptivePoll DEFAULT = new AdaptivePoll(Duration.ofSeconds(1), Duration.ofSeconds(10), 0.1);

  /** Validates the bounds. */
  public AdaptivePoll {
    Objects.requireNonNull(min, "min");
    Objects.requireNonNull(max, "max");
    if (min.isNegative()) {
      throw new IllegalArgumentException("min must not be negative: " + min);
    }
    if (max.compareTo(min) < 0) {
      throw new IllegalArgumentException("max (" + max + ") must not be shorter than min (" + min + ")");
    }
    if (Double.isNaN(ageFraction) || Double.isInfinite(ageFraction) || ageFraction < 0) {
      throw new IllegalArgumentException("ageFraction must be a finite number >= 0: " + ageFraction);
    }
  }

  /**
   * Returns the delay before the next look.
   *
   * @param age how long the thing waited for has existed (a negative age counts as zero); not null
   * @return a delay between {@link #min()} and {@link #max()}
   */
  public Duration after(Duration age) {
    Objects.requireNonNull(age, "age");
    long ageMillis = age.isNegative() ? 0 : saturatedMillis(age);
    double scaled = ageMillis * ageFraction;
    long millis = scaled >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) scaled;
    Duration delay = Duration.ofMillis(millis);
    if (delay.compareTo(min) < 0) {
      return min;
    }
    return delay.compareTo(max) > 0 ? max : delay;
  }

  private static long saturatedMillis(Duration d) {
    try {
      return d.toMillis();
    } catch (ArithmeticException tooLong) {
      return Long.MAX_VALUE;
    }
  }
}
