package dev.raykube.dashboard.fake;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** The fake's notion of time: a clock for timestamps, a scheduler for job transitions, and a time scale. */
final class Timeline {
  private final Clock clock;
  private final ScheduledExecutorService scheduler;
  private final double timeScale;

  Timeline(Clock clock, ScheduledExecutorService scheduler, double timeScale) {
    this.clock = clock;
    this.scheduler = scheduler;
    this.timeScale = timeScale;
  }

  long nowMillis() {
    return clock.millis();
  }

  Clock clock() {
    return clock;
  }

  /** Runs {@code task} after {@code delay} times the time scale; never synchronously. */
  ScheduledFuture<?> schedule(Runnable task, Duration delay) {
    long nanos = scaledNanos(delay);
    return scheduler.schedule(task, nanos, TimeUnit.NANOSECONDS);
  }

  long scaledNanos(Duration delay) {
    double scaled;
    try {
      scaled = delay.toNanos() * timeScale;
    } catch (ArithmeticException overflow) {
      scaled = Long.MAX_VALUE;
    }
    return (long) Math.min(Math.max(scaled, 0), Long.MAX_VALUE / 2);
  }
}
