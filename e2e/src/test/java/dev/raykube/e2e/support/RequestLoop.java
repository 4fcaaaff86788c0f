package dev.raykube.e2e.support;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Requests at a fixed rate, each a {@link FreshConnectionGet} of its own, counted: a request succeeds when it answers
 * 200 with exactly the expected body, and fails otherwise (another status or body, a refused or reset
 * connection, a timeout). Requests are started on schedule whether or not earlier ones have answered (up to
 * {@value #IN_FLIGHT} at once), so a slow endpoint does not lower the rate.
 */
public final class RequestLoop implements AutoCloseable {

  private static final int IN_FLIGHT = 16;

  private final int port;
  private final String path;
  private final String expected;
  private final Duration timeout;
  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong succeeded = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private final List<String> failures = new CopyOnWriteArrayList<>();
  private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
  private final ExecutorService senders = Executors.newFixedThreadPool(IN_FLIGHT);
  private final long startedNanos = System.nanoTime();
  private volatile long stoppedNanos;

  private RequestLoop(int port, String path, String expected, Duration period, Duration timeout) {
    this.port = port;
    this.path = path;
    this.expected = expected;
    this.timeout = timeout;
    clock.scheduleAtFixedRate(this::fire, 0, period.toNanos(), TimeUnit.NANOSECONDS);
  }

  /**
   * Starts sending {@code GET path} to {@code 127.0.0.1:port} every {@code period}.
   *
   * @param expected the body of every successful answer
   */
  public static RequestLoop start(int port, String path, String expected, Duration period, Duration timeout) {
    return new RequestLoop(port, path, expected, period, timeout);
  }

  private void fire() {
    sent.incrementAndGet();
    senders.execute(() -> {
      try {
        FreshConnectionGet answer = FreshConnectionGet.send(port, path, timeout);
        if (answer.status() == 200 && answer.body().equals(expected)) {
          succeeded.incrementAndGet();
        } else {
          fail(answer.status() + " " + answer.body().strip());
        }
      } catch (IOException | RuntimeException e) {
        fail(e.toString());
      }
    });
  }

  private void fail(String why) {
    failed.incrementAndGet();
    if (failures.size() < 20) {
      failures.add(why);
    }
  }

  /** Stops sending and waits for the requests in flight to end. */
  public void stop() throws InterruptedException {
    clock.shutdownNow();
    clock.awaitTermination(5, TimeUnit.SECONDS);
    stoppedNanos = System.nanoTime();
    senders.shutdown();
    senders.awaitTermination(timeout.toMillis() + 5000, TimeUnit.MILLISECONDS);
  }

  /** How many requests were started. */
  public long sent() {
    return sent.get();
  }

  /** How many answered 200 with the expected body. */
  public long succeeded() {
    return succeeded.get();
  }

  /** How many failed (see the class comment). */
  public long failed() {
    return failed.get();
  }

  /** The first failures, as text (status and body, or the exception). */
  public List<String> failures() {
    return List.copyOf(failures);
  }

  /** Requests started per second, from the start to {@link #stop()} (or now). */
  public double rate() {
    long end = stoppedNanos == 0 ? System.nanoTime() : stoppedNanos;
    return sent.get() / ((end - startedNanos) / 1e9);
  }

  @Override
  public void close() throws InterruptedException {
    if (!clock.isShutdown()) {
      stop();
    }
  }
}
