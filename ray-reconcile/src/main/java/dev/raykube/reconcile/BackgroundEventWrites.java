package dev.raykube.reconcile;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One daemon thread that writes the Events of {@link EventRecorder}s in the order they were recorded, so that a
 * reconcile does not wait for them: with the Events of a new RayCluster written in its reconcile, each costs the
 * reconcile one more API round trip on the way to its Pods. At most {@code capacity} writes wait; beyond that a new
 * Event is dropped and logged (client-go's broadcaster drops the same way, with a queue of 1,000), so a slow API
 * server cannot make the operator's memory grow.
 *
 * <p>{@link #close} stops taking Events and waits a bounded time for those already queued.
 */
public final class BackgroundEventWrites implements Executor, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BackgroundEventWrites.class);

  /** The queue bound client-go's Event broadcaster uses. */
  public static final int DEFAULT_CAPACITY = 1000;

  private final ThreadPoolExecutor thread;
  private final Duration drain;

  /**
   * Starts the writer thread ({@code raykube-events}).
   *
   * @param capacity how many Event writes may wait
   * @param drain how long {@link #close} waits for the queued writes
   */
  public BackgroundEventWrites(int capacity, Duration drain) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1, not " + capacity);
    }
    this.drain = Objects.requireNonNull(drain, "drain");
    this.thread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(capacity),
        runnable -> {
          Thread t = new Thread(runnable, "raykube-events");
          t.setDaemon(true);
          return t;
        }, new ThreadPoolExecutor.AbortPolicy());
  }

  /**
   * Queues a write.
   *
   * @throws RejectedExecutionException if the queue is full or the writer is closed ({@link EventRecorder} logs
   *     and drops the Event)
   */
  @Override
  public void execute(Runnable write) {
    Objects.requireNonNull(write, "write");
    thread.execute(() -> {
      try {
        write.run();
      } catch (RuntimeException e) {
        LOG.warn("An Event write failed", e);
      }
    });
  }

  /** How many writes are waiting. */
  public int queued() {
    return thread.getQueue().size();
  }

  /** Stops taking writes; waits up to the drain time for the queued ones, then drops what is left. */
  @Override
  public void close() {
    thread.shutdown();
    try {
      if (!thread.awaitTermination(drain.toMillis(), TimeUnit.MILLISECONDS)) {
        int dropped = thread.shutdownNow().size();
        LOG.warn("Dropped {} Event(s) not written within {} ms of stopping", dropped, drain.toMillis());
      }
    } catch (InterruptedException e) {
      thread.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
