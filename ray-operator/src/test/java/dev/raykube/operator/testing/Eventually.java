package dev.raykube.operator.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Polls a condition until it holds or a deadline passes. */
public final class Eventually {

  private Eventually() {
  }

  /** Waits up to {@code timeout} for {@code condition}; fails with {@code what} otherwise. */
  public static void await(Duration timeout, String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Timed out after " + timeout.toMillis() + " ms waiting for: " + what);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("Interrupted waiting for: " + what, e);
      }
    }
  }
}
