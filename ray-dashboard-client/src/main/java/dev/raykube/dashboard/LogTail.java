package dev.raykube.dashboard;

import java.io.Closeable;
import java.util.concurrent.CompletableFuture;

/** A running log tail from {@link RayDashboardClient#tailJobLogs(String, JobLogListener)}. Thread-safe. */
public interface LogTail extends Closeable {
  /**
   * Completes normally when the job has ended and its whole log was delivered, exceptionally with the
   * {@link RayDashboardException} passed to {@link JobLogListener#onFailure(RayDashboardException)}, and is cancelled
   * when the tail is closed first.
   */
  CompletableFuture<Void> completion();

  /** Stops the tail at once; the listener gets no further calls. Idempotent; does not throw. */
  @Override
  void close();
}
