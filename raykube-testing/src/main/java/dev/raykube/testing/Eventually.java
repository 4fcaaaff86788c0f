package dev.raykube.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The one way RayKube's tests wait for something another thread or process does: poll a condition every 20 ms until it
 * holds or a deadline passes, then fail with an {@link AssertionError} that says what was awaited. A passing wait
 * returns as soon as its condition holds, so the generous default costs nothing but the time to fail. (Decisions and
 * loops under a {@link MovableClock} need no waiting at all.)
 */
public final class Eventually {

  /** How long {@link #await(String, BooleanSupplier)} waits: generous, a test suite may share two cores. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

  private Eventually() {
  }

  /** Waits up to {@link #DEFAULT_TIMEOUT} for {@code condition}; fails with {@code what} otherwise. */
  public static void await(String what, BooleanSupplier condition) {
    await(DEFAULT_TIMEOUT, what, condition);
  }

  /**
   * Waits up to {@link #DEFAULT_TIMEOUT} for {@code condition}; fails with {@code what} and, to tell why, what
   * {@code explain} says at that moment (for example the objects the condition is about).
   */
  public static void await(String what, BooleanSupplier condition, Supplier<String> explain) {
    try {
      await(DEFAULT_TIMEOUT, what, condition);
    } catch (AssertionError e) {
      String why;
      try {
        why = explain.get();
      } catch (RuntimeException failure) {
        why = "(could not tell: " + failure + ")";
      }
      throw new AssertionError(e.getMessage() + "\n" + why, e);
    }
  }

  /** Waits up to {@code timeout} for {@code condition}, polling every 20 ms; fails with {@code what} otherwise. */
  public static void await(Duration timeout, String what, BooleanSupplier condition) {
    await(timeout, Duration.ofMillis(20), what, condition);
  }

  /**
   * Waits up to {@code timeout} for {@code condition}, polling every {@code period} (longer for conditions that ask a
   * real API server or Ray head); fails with {@code what} otherwise.
   */
  public static void await(Duration timeout, Duration period, String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Timed out after " + timeout.toMillis() + " ms waiting for: " + what);
      }
      try {
        Thread.sleep(period.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("Interrupted waiting for: " + what, e);
      }
    }
  }
}
