package dev.raykube.dashboard.fake;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockWebServer;

/**
 * The fake's listening socket: a {@link MockWebServer} on one address and port, closed and bound again on the same
 * port when the fake refuses connections for a while. Thread-safe.
 */
final class DashboardListener {

  private final InetAddress address;
  private final ScheduledExecutorService scheduler;
  private Dispatcher dispatcher;
  private volatile MockWebServer server;
  private int port;
  private boolean closed;
  private long refusalGeneration;

  DashboardListener(InetAddress address, ScheduledExecutorService scheduler) {
    this.address = address;
    this.scheduler = scheduler;
  }

  /** Listens on {@code configuredPort} (0: a free one) with {@code dispatcher}; returns the port. */
  synchronized int start(int configuredPort, Dispatcher dispatcher) {
    this.dispatcher = dispatcher;
    server = configuredPort != 0 ? listen(configuredPort) : listenOnFreePort();
    port = server.getPort();
    return port;
  }

  /**
   * Picks the port first: MockWebServer sets SO_REUSEADDR only for an explicit port, and without it the port could not
   * be bound again by {@link #refuseFor(Duration)} while old connections linger in TIME_WAIT.
   */
  private MockWebServer listenOnFreePort() {
    UncheckedIOException last = null;
    for (int attempt = 0; attempt < 5; attempt++) {
      int free;
      try (ServerSocket probe = new ServerSocket(0, 1, address)) {
        free = probe.getLocalPort();
      } catch (IOException e) {
        throw new UncheckedIOException("FakeRayDashboard found no free port", e);
      }
      try {
        return listen(free);
      } catch (UncheckedIOException taken) {
        last = taken;
      }
    }
    throw last;
  }

  private MockWebServer listen(int onPort) {
    MockWebServer s = new MockWebServer();
    s.setServerSocketFactory(new NoDelayServerSocketFactory());
    s.setDispatcher(dispatcher);
    try {
      s.start(address, onPort);
    } catch (IOException e) {
      throw new UncheckedIOException("FakeRayDashboard could not listen on " + address.getHostAddress() + ":" + onPort,
          e);
    }
    return s;
  }

  /** Stops listening at once (open connections are cut) and listens again on the same port after {@code duration}. */
  synchronized void refuseFor(Duration duration) {
    if (closed) {
      return;
    }
    if (server != null) {
      server.close();
      server = null;
    }
    long generation = ++refusalGeneration;
    scheduler.schedule(() -> reopen(generation), duration.toNanos(), TimeUnit.NANOSECONDS);
  }

  private synchronized void reopen(long generation) {
    if (closed || server != null || generation != refusalGeneration) {
      return;
    }
    server = listen(port);
  }

  /** Empties MockWebServer's own, unbounded copy of every request (the fake keeps a bounded log instead). */
  void drainQueue() {
    MockWebServer s = server;
    if (s == null) {
      return;
    }
    try {
      while (s.takeRequest(0, TimeUnit.NANOSECONDS) != null) {
        // dropped
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stops listening for good. Idempotent. */
  synchronized void close() {
    closed = true;
    if (server != null) {
      server.close();
      server = null;
    }
  }
}
