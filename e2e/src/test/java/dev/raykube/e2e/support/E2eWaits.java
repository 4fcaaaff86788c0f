package dev.raykube.e2e.support;

import java.time.Duration;

/**
 * How the end-to-end tests wait, with the operator tests' one wait helper
 * ({@code dev.raykube.testing.Eventually.await(timeout, period, what, condition)}): generous limits, as real
 * processes share a 2-core machine, and a slower poll, as a condition here asks a real API server or Ray head.
 * A passing wait returns as soon as its condition holds.
 */
public final class E2eWaits {

  /** The default end-to-end wait: long enough for a Ray head to start on a loaded machine. */
  public static final Duration LONG = Duration.ofMinutes(4);

  /** How often an end-to-end condition is asked. */
  public static final Duration POLL = Duration.ofMillis(250);

  private E2eWaits() {
  }
}
