package dev.raykube.cronjob;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * The ticks of {@code @every <duration>}: one every {@code delay}, counted from the time the schedule starts from (the
 * last scheduled time, or the RayCronJob's creation) rather than from the clock's hour or minute. So {@code @every 1h}
 * for a RayCronJob created at 10:20:00 fires at 11:20:00, 12:20:00 and so on; a time zone makes no difference.
 *
 * <p>Like KubeRay, whole seconds only: the fraction of a second of the delay and of the start are dropped, and a delay
 * below one second (zero or negative included) is one second.
 */
final class FixedDelayTicks implements Ticks {

  private static final Duration SHORTEST = Duration.ofSeconds(1);

  private final Duration delay;

  private FixedDelayTicks(Duration delay) {
    this.delay = delay;
  }

  /** The ticks of {@code @every <duration>} for the duration as written. */
  static FixedDelayTicks every(Duration written) {
    Duration wholeSeconds = written.truncatedTo(ChronoUnit.SECONDS);
    return new FixedDelayTicks(written.compareTo(SHORTEST) < 0 ? SHORTEST : wholeSeconds);
  }

  /** The delay between two ticks, in whole seconds, at least one. */
  Duration delay() {
    return delay;
  }

  @Override
  public Optional<Instant> next(Instant after) {
    return Optional.of(after.truncatedTo(ChronoUnit.SECONDS).plus(delay));
  }

  @Override
  public DueTicks due(Instant since, Instant now) {
    Instant start = since.truncatedTo(ChronoUnit.SECONDS);
    if (!now.isAfter(start)) {
      return DueTicks.none();
    }
    long count = Duration.between(start, now).dividedBy(delay);
    return count == 0 ? DueTicks.none() : DueTicks.exactly(start.plus(delay.multipliedBy(count)), count);
  }

  @Override
  public String toString() {
    return "every " + delay;
  }
}
