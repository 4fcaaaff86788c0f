package dev.raykube.e2e.support;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Polls a condition until it holds or a deadline passes. End-to-end waits are generous (real processes on a shared
 * 2-core machine); a passing wait returns as soon as the condition holds.
 */
public final class Await {

  /** The default end-to-end wait: long enough for a Ray head to start on a loaded machine. */
  public static final Duration LONG = Duration.ofMinutes(4);

  private Await() {
  }

  /** Waits up to {@code timeout} for {@code condition}, polling every 250 ms; fails with {@code what} otherwise. */
  public static void until(Duration timeout, String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out after " + timeout.toSeconds() + " s waiting for: " + what);
      }
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted waiting for: " + what, e);
      }
    }
  }
}
