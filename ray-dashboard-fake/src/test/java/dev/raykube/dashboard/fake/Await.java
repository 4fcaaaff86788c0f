package dev.raykube.dashboard.fake;

import java.time.Duration;
import java.util.function.BooleanSupplier;

final class Await {
  private Await() {}

  static void until(String what, Duration timeout, BooleanSupplier condition) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out after " + timeout + " waiting for " + what);
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
    }
  }

  static void status(FakeRayDashboard fake, String id, String status) {
    until(id + " " + status, Duration.ofSeconds(10), () -> fake.jobStatus(id).orElse("").equals(status));
  }
}
