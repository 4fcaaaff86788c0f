package dev.raykube.cronjob;

import java.time.Instant;
import java.util.Optional;

/** The scheduled times of one kind of schedule: a cron expression, or a fixed delay ({@code @every}). */
interface Ticks {

  /** The first tick strictly after {@code after}; empty when the schedule never fires again. */
  Optional<Instant> next(Instant after);

  /** The ticks {@code t} with {@code since < t <= now}. */
  DueTicks due(Instant since, Instant now);
}
