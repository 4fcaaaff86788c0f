package dev.raykube.operator.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand. Thread-safe. */
public final class MutableClock extends Clock {
  private volatile Instant now;

  /** A clock standing at {@code start}. */
  public MutableClock(Instant start) {
    this.now = start;
  }

  /** Moves the clock forward by {@code duration}. */
  public void advance(Duration duration) {
    now = now.plus(duration);
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
