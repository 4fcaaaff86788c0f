package dev.raykube.bench.side;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * What kube-proxy does for one Service, plus a request counter: accepts connections on a Service's address and port
 * and relays the bytes both ways to a real head's dashboard, counting the HTTP requests clients send (request lines
 * {@code METHOD /path HTTP/1.x} ending a line of the client's stream, also right after a request body that has no
 * line end; after a WebSocket upgrade the client's frames are masked, so they do not look like request lines). Two threads per connection: for the few connections a
 * latency scenario opens.
 */
final class CountingRelay implements AutoCloseable {

  private static final Pattern REQUEST_LINE =
      Pattern.compile("(?:^|[^A-Z])(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS) /\\S* HTTP/1\\.[01]\r?$");

  private final ServerSocket server;
  private final InetSocketAddress backend;
  private final AtomicLong requests = new AtomicLong();
  private volatile boolean closed;

  CountingRelay(InetAddress address, int port, InetSocketAddress backend) {
    this.backend = backend;
    try {
      server = new ServerSocket();
      server.setReuseAddress(true);
      server.bind(new InetSocketAddress(address, port), 100);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen on " + address.getHostAddress() + ":" + port, e);
    }
    daemon("relay-accept", this::accept);
  }

  /** HTTP requests relayed so far. */
  long requests() {
    return requests.get();
  }

  private void accept() {
    while (!closed) {
      try {
        Socket client = server.accept();
        client.setTcpNoDelay(true);
        Socket upstream = new Socket();
        upstream.setTcpNoDelay(true);
        upstream.connect(backend, 2000);
        daemon("relay-up", () -> pump(client, upstream, true));
        daemon("relay-down", () -> pump(upstream, client, false));
      } catch (IOException e) {
        if (!closed) {
          System.err.println("relay: " + e);
        }
      }
    }
  }

  private void pump(Socket from, Socket to, boolean countRequests) {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    byte[] buffer = new byte[16 * 1024];
    try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
      for (int n; (n = in.read(buffer)) >= 0; ) {
        if (countRequests) {
          for (int i = 0; i < n; i++) {
            if (buffer[i] == '\n') {
              if (REQUEST_LINE.matcher(line.toString(StandardCharsets.ISO_8859_1)).find()) {
                requests.incrementAndGet();
              }
              line.reset();
            } else if (line.size() < 4096) {
              line.write(buffer[i]);
            }
          }
        }
        out.write(buffer, 0, n);
        out.flush();
      }
    } catch (IOException ended) {
      // one side closed: close both below
    } finally {
      closeQuietly(from);
      closeQuietly(to);
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // already closed
    }
  }

  private static void daemon(String name, Runnable body) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void close() {
    closed = true;
    try {
      server.close();
    } catch (IOException ignored) {
      // closing
    }
  }
}
