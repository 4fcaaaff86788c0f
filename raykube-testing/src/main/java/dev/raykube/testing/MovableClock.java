package dev.raykube.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * A clock that stands still until the test moves it, for decisions and loops that take a {@link Clock}: a table test
 * sets the time of each row, a loop test moves past a backoff or a schedule boundary without sleeping. Always in UTC.
 * Thread-safe: a test may move it while the code under test reads it.
 */
public final class MovableClock extends Clock {
  private volatile Instant now;

  /** A clock standing at {@code start}. */
  public MovableClock(Instant start) {
    this.now = Objects.requireNonNull(start, "start");
  }

  /**
   * A clock standing at the real time now: for tests against a server (the fabric8 CRUD mock, an API server) that
   * stamps objects with its own clock.
   */
  public static MovableClock atNow() {
    return new MovableClock(Instant.now());
  }

  /**
   * Moves the clock forward.
   *
   * @param duration how far; not negative
   * @return the new time
   */
  public Instant advance(Duration duration) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException("a clock moves forward only: " + duration);
    }
    synchronized (this) {
      now = now.plus(duration);
      return now;
    }
  }

  /**
   * Sets the clock to {@code time}, forward or back (a table test's row).
   *
   * @param time the new time
   */
  public void set(Instant time) {
    now = Objects.requireNonNull(time, "time");
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  /** The same clock: it is always in UTC. */
  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
