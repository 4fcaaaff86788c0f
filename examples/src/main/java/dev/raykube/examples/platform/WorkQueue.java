package dev.raykube.examples.platform;

import io.fabric8.kubernetes.client.utils.ExponentialBackoffIntervalCalculator;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small controller work queue: keys (here {@code namespace/name} of RayJobs) are handed to one worker function,
 * never two runs for the same key at once, and requests for a key are merged — a key waits at most once, for the
 * earliest time asked. A key asked for while it runs runs again right after. The worker returns when it wants to see
 * the key again; a worker that throws is retried with exponential backoff (0.5 s doubling up to 32 s).
 *
 * <p>This is what an operator framework gives you; for a platform built on bare fabric8 informers it is the missing
 * piece (see {@code docs/lifecycle.md}). Thread-safe.
 */
final class WorkQueue implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WorkQueue.class);

  private record Pending(long due, long generation, ScheduledFuture<?> future) {
  }

  private final ScheduledExecutorService scheduler;
  private final Function<String, Optional<Duration>> worker;
  private final ExponentialBackoffIntervalCalculator backoff = new ExponentialBackoffIntervalCalculator(500, 6);
  private final Map<String, Pending> pending = new HashMap<>();
  private final Set<String> running = new HashSet<>();
  private final Map<String, Long> dueAfterRun = new HashMap<>();
  private final Map<String, Integer> failures = new HashMap<>();
  private long generations;
  private boolean closed;

  /**
   * @param threads how many keys may be worked on at once
   * @param worker works on one key; returns when to work on it again (empty: only when asked)
   */
  WorkQueue(int threads, Function<String, Optional<Duration>> worker) {
    ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(threads, r -> {
      Thread t = new Thread(r, "rayjob-worker");
      t.setDaemon(true);
      return t;
    });
    executor.setRemoveOnCancelPolicy(true);
    this.scheduler = executor;
    this.worker = Objects.requireNonNull(worker, "worker");
  }

  /** Asks for {@code key} to be worked on after {@code delay} at the latest. */
  synchronized void add(String key, Duration delay) {
    if (closed) {
      return;
    }
    long due = System.nanoTime() + Math.max(0, delay.toNanos());
    if (running.contains(key)) {
      dueAfterRun.merge(key, due, Math::min);
      return;
    }
    Pending current = pending.get(key);
    if (current != null) {
      if (current.due() <= due) {
        return;
      }
      current.future().cancel(false);
    }
    long generation = ++generations;
    ScheduledFuture<?> future = scheduler.schedule(() -> run(key, generation), Math.max(0, delay.toNanos()),
        TimeUnit.NANOSECONDS);
    pending.put(key, new Pending(due, generation, future));
  }

  /** How many keys wait or run. */
  synchronized int size() {
    Set<String> keys = new HashSet<>(pending.keySet());
    keys.addAll(running);
    return keys.size();
  }

  private void run(String key, long generation) {
    synchronized (this) {
      Pending mine = pending.get(key);
      if (closed || mine == null || mine.generation() != generation) {
        return; // superseded by an earlier request
      }
      pending.remove(key);
      running.add(key);
    }
    Optional<Duration> again;
    try {
      again = worker.apply(key);
      synchronized (this) {
        failures.remove(key);
      }
    } catch (RuntimeException e) {
      int attempt;
      synchronized (this) {
        attempt = failures.merge(key, 1, Integer::sum);
      }
      again = Optional.of(Duration.ofMillis(backoff.getInterval(attempt - 1)));
      LOG.warn("{}: reconcile failed (attempt {}), retrying in {} ms", key, attempt, again.get().toMillis(), e);
    }
    synchronized (this) {
      running.remove(key);
      Long due = dueAfterRun.remove(key);
      if (due != null) {
        add(key, Duration.ofNanos(Math.max(0, due - System.nanoTime())));
      }
      again.ifPresent(delay -> add(key, delay));
    }
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      pending.values().forEach(p -> p.future().cancel(false));
      pending.clear();
    }
    scheduler.shutdown();
    try {
      if (!scheduler.awaitTermination(10, TimeUnit.SECONDS)) {
        scheduler.shutdownNow();
      }
    } catch (InterruptedException e) {
      scheduler.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
