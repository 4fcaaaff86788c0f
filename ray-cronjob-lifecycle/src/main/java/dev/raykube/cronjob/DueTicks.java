package dev.raykube.cronjob;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The scheduled times ("ticks") of a schedule that fell due in a window {@code (since, now]}: the latest of them and
 * how many there were.
 *
 * @param latest the latest tick in the window; empty when none fell due
 * @param count how many ticks fell due: exact when {@code countExact}, else a lower bound (counting stops after
 *     {@link CronSchedule#COUNT_LIMIT} ticks of a cron expression, so that a long outage costs no more than that)
 * @param countExact whether {@code count} is exact
 */
public record DueTicks(Optional<Instant> latest, long count, boolean countExact) {

  private static final DueTicks NONE = new DueTicks(Optional.empty(), 0, true);

  /** Checks that a window without ticks has a count of 0 and that a window with ticks has a positive one. */
  public DueTicks {
    Objects.requireNonNull(latest, "latest");
    if (latest.isPresent() != count > 0) {
      throw new IllegalArgumentException("a latest tick goes with a positive count, and only then: " + latest
          + ", " + count);
    }
  }

  /** No tick fell due. */
  public static DueTicks none() {
    return NONE;
  }

  /** {@code count} ticks fell due, counted exactly, the latest at {@code latest}. */
  static DueTicks exactly(Instant latest, long count) {
    return new DueTicks(Optional.of(latest), count, true);
  }

  /** At least {@code count} ticks fell due, the latest at {@code latest}. */
  static DueTicks atLeast(Instant latest, long count) {
    return new DueTicks(Optional.of(latest), count, false);
  }
}
