package dev.raykube.dashboard.fake;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;

/**
 * The Serve HTTP proxy of a fake head: listens on its own port while Serve runs (from the first PUT until a DELETE or
 * {@code loseServeApplications}), refuses connections otherwise, as Ray's proxy actor does. The answers come from
 * {@link ServeRoutes#proxyAnswer(String)}. Thread-safe.
 */
final class ServeProxy {
  private final InetAddress address;
  private final ServeRoutes serve;
  private final int port;
  private MockWebServer server;
  private boolean closed;

  ServeProxy(InetAddress address, int configuredPort, ServeRoutes serve) {
    this.address = address;
    this.serve = serve;
    this.port = configuredPort != 0 ? configuredPort : freePort(address);
  }

  private static int freePort(InetAddress address) {
    try (ServerSocket probe = new ServerSocket(0, 1, address)) {
      return probe.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("FakeRayDashboard found no free port for the Serve proxy", e);
    }
  }

  int port() {
    return port;
  }

  /** Listens when Serve runs, stops listening when it does not. Never called under the ServeRoutes lock. */
  synchronized void follow(boolean serveRunning) {
    if (serveRunning && server == null && !closed) {
      MockWebServer s = new MockWebServer();
      s.setServerSocketFactory(new NoDelayServerSocketFactory());
      s.setDispatcher(new Dispatcher() {
        @Override
        public MockResponse dispatch(RecordedRequest request) {
          ServeRoutes.ProxyAnswer a = serve.proxyAnswer("/" + String.join("/", request.getUrl().pathSegments()));
          return Responses.text(a.code(), a.body(), a.contentType());
        }
      });
      try {
        s.start(address, port);
      } catch (IOException e) {
        throw new UncheckedIOException("the fake Serve proxy could not listen on " + address.getHostAddress() + ":"
            + port, e);
      }
      server = s;
    } else if (!serveRunning && server != null) {
      stop();
    }
  }

  synchronized void close() {
    closed = true;
    stop();
  }

  private void stop() {
    if (server != null) {
      try {
        server.close();
      } catch (Exception e) {
        // closing a test server: nothing to do about it
      }
      server = null;
    }
  }
}
