package dev.raykube.bench.rayjob;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.net.ServerSocketFactory;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;

/**
 * A Ray dashboard stand-in whose log tails never end and never speak, run in a child JVM so that a benchmark measuring
 * its own memory does not count the server's.
 * {@link dev.raykube.dashboard.RayDashboardClient#tailJobLogs} makes exactly one request,
 * {@code GET /api/jobs/{id}/logs/tail}, upgraded to a WebSocket (it does not read {@code /api/version} first); every
 * such request is upgraded here and the socket stays open, sending nothing, until the client goes.
 * {@code GET /api/version} answers Ray 2.46.0 for clients that check it; anything else is 404.
 *
 * <p>The child ({@link #main}) prints {@code DASHBOARD_URL <url>}, then answers each line {@code sockets} on its
 * standard input with {@code SOCKETS <upgrades> <open> <ended>}, and ends when its standard input ends. The parent
 * side ({@link #start}) asks over these pipes, so measuring the counts costs the measured JVM no thread and no
 * socket.
 */
public final class SilentTailDashboard implements AutoCloseable {

  private static final String TAIL_PREFIX = "/api/jobs/";
  private static final String TAIL_SUFFIX = "/logs/tail";

  /**
   * The server's counts of log-tail WebSockets.
   *
   * @param upgrades tails upgraded since the start
   * @param open tails open now
   * @param ended tails that ended (closed or broken by the client)
   */
  public record Sockets(int upgrades, int open, int ended) {
  }

  private final Process process;
  private final BufferedReader replies;
  private final Writer requests;
  private final String url;

  private SilentTailDashboard(Process process) throws IOException {
    this.process = process;
    this.replies = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    this.requests = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    String first = replies.readLine();
    if (first == null || !first.startsWith("DASHBOARD_URL ")) {
      process.destroyForcibly();
      throw new IllegalStateException("the dashboard stand-in did not start (first line: " + first + ")");
    }
    this.url = first.substring("DASHBOARD_URL ".length()).trim();
  }

  /**
   * Starts the stand-in in a child {@code java} with this JVM's class path.
   *
   * @param jvmArgs options of the child JVM, e.g. {@code -Xmx512m}
   * @param log where the child's standard error (MockWebServer's warnings) goes
   */
  public static SilentTailDashboard start(List<String> jvmArgs, Path log) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmArgs);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), SilentTailDashboard.class.getName()));
    Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
    return new SilentTailDashboard(process);
  }

  /** The base URL, e.g. {@code http://127.0.0.1:41234}. */
  public String url() {
    return url;
  }

  /** The server's counts now. */
  public synchronized Sockets sockets() {
    try {
      requests.write("sockets\n");
      requests.flush();
      String line = replies.readLine();
      if (line == null || !line.startsWith("SOCKETS ")) {
        throw new IllegalStateException("the dashboard stand-in answered " + line + " (alive: " + process.isAlive()
            + ")");
      }
      String[] parts = line.split(" ");
      return new Sockets(Integer.parseInt(parts[1]), Integer.parseInt(parts[2]), Integer.parseInt(parts[3]));
    } catch (IOException e) {
      throw new UncheckedIOException("the dashboard stand-in is gone", e);
    }
  }

  /** Ends the child: closes its standard input, then destroys it if it does not end in 10 s. */
  @Override
  public void close() {
    try {
      requests.close();
    } catch (IOException ignored) {
      // it is ending anyway
    }
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  /** The child: serves until standard input ends. */
  public static void main(String[] args) throws Exception {
    Logger.getLogger(MockWebServer.class.getName()).setLevel(Level.WARNING);
    AtomicInteger upgrades = new AtomicInteger();
    AtomicInteger open = new AtomicInteger();
    AtomicInteger ended = new AtomicInteger();
    WebSocketListener silent = new WebSocketListener() {
      @Override
      public void onOpen(WebSocket webSocket, Response response) {
        upgrades.incrementAndGet();
        open.incrementAndGet();
      }

      @Override
      public void onClosing(WebSocket webSocket, int code, String reason) {
        webSocket.close(1000, null);
      }

      @Override
      public void onClosed(WebSocket webSocket, int code, String reason) {
        open.decrementAndGet();
        ended.incrementAndGet();
      }

      @Override
      public void onFailure(WebSocket webSocket, Throwable t, Response response) {
        open.decrementAndGet(); // a cancelled client tail ends here (EOF or reset)
        ended.incrementAndGet();
      }
    };
    MockWebServer server = new MockWebServer();
    server.setServerSocketFactory(new WideBacklog());
    server.setDispatcher(new Dispatcher() {
      @Override
      public MockResponse dispatch(RecordedRequest request) {
        String path = request.getUrl().encodedPath();
        if ("GET".equals(request.getMethod()) && path.startsWith(TAIL_PREFIX) && path.endsWith(TAIL_SUFFIX)
            && path.length() > TAIL_PREFIX.length() + TAIL_SUFFIX.length()) {
          return new MockResponse.Builder().webSocketUpgrade(silent).build();
        }
        if ("GET".equals(request.getMethod()) && path.equals("/api/version")) {
          return new MockResponse.Builder().setHeader("Content-Type", "application/json")
              .body("{\"version\": \"4\", \"ray_version\": \"2.46.0\", \"ray_commit\": \"bench\"}").build();
        }
        return new MockResponse.Builder().code(404).body("Not Found").build();
      }
    });
    server.start(InetAddress.getLoopbackAddress(), 0);
    PrintStream out = System.out;
    out.println("DASHBOARD_URL http://127.0.0.1:" + server.getPort());
    out.flush();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.trim().equals("sockets")) {
        out.println("SOCKETS " + upgrades.get() + " " + open.get() + " " + ended.get());
        out.flush();
      }
      while (server.takeRequest(0, TimeUnit.NANOSECONDS) != null) {
        // MockWebServer keeps every request; forget them
      }
    }
    server.close();
    System.exit(0); // the upgraded sockets' threads would keep the JVM alive
  }

  /**
   * Server sockets with a listen backlog of 4096 (capped by {@code net.core.somaxconn}) instead of MockWebServer's 50,
   * so that thousands of tails connecting at once are not dropped and retried by the kernel.
   */
  private static final class WideBacklog extends ServerSocketFactory {
    @Override
    public ServerSocket createServerSocket() throws IOException {
      return new ServerSocket() {
        @Override
        public void bind(SocketAddress endpoint, int backlog) throws IOException {
          super.bind(endpoint, Math.max(backlog, 4096));
        }
      };
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
      throw new UnsupportedOperationException("unbound sockets only");
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog) throws IOException {
      throw new UnsupportedOperationException("unbound sockets only");
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog, InetAddress address) throws IOException {
      throw new UnsupportedOperationException("unbound sockets only");
    }
  }
}
