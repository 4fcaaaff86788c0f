package dev.raykube.dashboard;

import static dev.raykube.dashboard.MisbehavingServer.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The client against servers that misbehave on the wire (issue 15, deliverable 4). For every case: a typed
 * {@link RayDashboardException} within the configured timeouts (attempts × call timeout plus backoff), no more
 * connections than the retry policy allows, the token in no message, a bounded number of bytes read, and no thread
 * left behind once the client is closed.
 */
class MisbehavingServerTest {
  private static final String TOKEN = "s3cret-dashboard-token";
  private static final long MAX_BYTES = 1024 * 1024;
  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(2);
  private static final RetryPolicy RETRIES = new RetryPolicy(2, Duration.ofMillis(50), Duration.ofMillis(100), 2, 0);
  /** Two attempts of one call timeout each, the backoff between them, and scheduling slack on a busy 2-core box. */
  private static final Duration BOUND = CALL_TIMEOUT.multipliedBy(2).plusMillis(100).plusSeconds(2);
  /** The client's limit plus what loopback socket buffers can hold beyond it. */
  private static final long BYTES_BOUND = MAX_BYTES + 24L * 1024 * 1024;

  /** The read timeout (SocketTimeoutException) or the call timeout (InterruptedIOException), whichever fires first. */
  private static final String TIMED_OUT = "timeout|timed out";

  /** One misbehaviour, what the caller must get, and a pattern its message must contain. */
  record Case(String name, String scheme, MisbehavingServer.Behaviour behaviour,
      Class<? extends RayDashboardException> expected, String inMessage, boolean retried) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("headers never come", "http", (s, out) -> Thread.sleep(60_000),
            DashboardUnavailableException.class, TIMED_OUT, true),
        new Case("headers dribble in forever", "http", (s, out) -> {
          write(out, "HTTP/1.1 200 OK\r\n");
          for (int i = 0; ; i++) {
            write(out, "X-Slow-" + i + ": yes\r\n");
            Thread.sleep(300);
          }
        }, DashboardUnavailableException.class, TIMED_OUT, true),
        new Case("body dribbles in forever", "http", (s, out) -> {
          write(out, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{");
          while (true) {
            write(out, " ");
            Thread.sleep(300);
          }
        }, DashboardUnavailableException.class, TIMED_OUT, true),
        new Case("body shorter than its Content-Length", "http", (s, out) ->
            write(out, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n"
                + "{\"job_id\": \"x\", \"status\": \"RUN"),
            DashboardUnavailableException.class, "could not reach", true),
        new Case("truncated JSON in a complete reply", "http", (s, out) ->
            reply(out, 200, "application/json", "{\"job_id\": \"x\", \"status\": \"RUN"),
            UnexpectedResponseException.class, "not JSON", false),
        new Case("200 with an HTML page", "http", (s, out) ->
            reply(out, 200, "text/html", "<html><body><h1>Welcome to nginx!</h1></body></html>"),
            UnexpectedResponseException.class, "not JSON", false),
        new Case("bad chunked encoding", "http", (s, out) ->
            write(out, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "zz\r\n{}\r\n"), DashboardUnavailableException.class, "could not reach", true),
        new Case("enormous chunked body", "http", (s, out) -> {
          write(out, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
          byte[] chunk = new byte[64 * 1024];
          Arrays.fill(chunk, (byte) 'a');
          String size = Integer.toHexString(chunk.length) + "\r\n";
          for (int i = 0; i < 16 * 1024; i++) { // 1 GiB unless the client stops reading
            write(out, size);
            out.write(chunk);
            write(out, "\r\n");
          }
        }, UnexpectedResponseException.class, "too large", false),
        new Case("enormous Content-Length", "http", (s, out) -> {
          write(out, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10737418240\r\n\r\n");
          byte[] block = new byte[64 * 1024];
          Arrays.fill(block, (byte) ' ');
          for (int i = 0; i < 16 * 1024; i++) {
            out.write(block);
          }
        }, UnexpectedResponseException.class, "10737418240 bytes announced", false),
        new Case("redirect to another host", "http", (s, out) ->
            write(out, "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.2:9/api/jobs/x\r\nContent-Length: 0\r\n\r\n"),
            UnexpectedResponseException.class, "redirecting to http://127.0.0.2:9/api/jobs/x", false),
        new Case("no HTTP at all (TLS alert bytes)", "http", (s, out) -> {
          out.write(new byte[] {0x15, 0x03, 0x01, 0x00, 0x02, 0x02, 0x50});
          out.flush();
        }, DashboardUnavailableException.class, "could not reach", true),
        new Case("TLS to a plain HTTP port", "https", (s, out) ->
            reply(out, 400, "text/plain", "Bad Request"),
            DashboardUnavailableException.class, "SSL", true),
        new Case("connection reset", "http", (s, out) -> s.setSoLinger(true, 0),
            DashboardUnavailableException.class, "could not reach", true));
  }

  private static void reply(OutputStream out, int status, String type, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    write(out, "HTTP/1.1 " + status + " X\r\nContent-Type: " + type + "\r\nContent-Length: " + bytes.length
        + "\r\nConnection: close\r\n\r\n" + body);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aTypedExceptionInTimeWithBoundedMemoryAndNoThreadLeft(Case c) throws Exception {
    Set<Thread> before = liveThreads();
    try (MisbehavingServer server = new MisbehavingServer(c.behaviour())) {
      RayDashboardClient client = client(server.url(c.scheme()));
      long start = System.nanoTime();
      RayDashboardException error;
      try {
        error = assertTimeoutPreemptively(BOUND, () -> catchDashboardError(() -> client.getJob("x")));
      } finally {
        client.close();
      }
      Duration took = Duration.ofNanos(System.nanoTime() - start);

      assertThat(error).as(c.name()).isInstanceOf(c.expected());
      assertThat(error.getMessage()).as(c.name()).containsPattern(c.inMessage()).doesNotContain(TOKEN);
      assertThat(String.valueOf(error.responseBody())).doesNotContain(TOKEN);
      assertThat(error.isRetryable()).isEqualTo(c.retried());
      assertThat(took).as(c.name()).isLessThan(BOUND);
      assertThat(server.connections()).as("connections, " + c.name())
          .isBetween(1, c.retried() ? RETRIES.maxAttempts() : 1);
      assertThat(server.bytesWritten()).as("bytes the server got out, " + c.name()).isLessThan(BYTES_BOUND);
    }
    assertNoThreadLeftBehind(before);
  }

  @Test
  void aRedirectIsNotFollowedSoTheTokenStaysHome() throws Exception {
    try (MisbehavingServer target = new MisbehavingServer((s, out) -> reply(out, 200, "application/json", "{}"));
        MisbehavingServer redirecting = new MisbehavingServer((s, out) -> write(out, "HTTP/1.1 307 Temporary Redirect"
            + "\r\nLocation: " + target.url("http") + "/api/jobs/x\r\nContent-Length: 0\r\n\r\n"));
        RayDashboardClient client = client(redirecting.url("http"))) {
      assertThatThrownBy(() -> client.getJob("x")).isInstanceOf(UnexpectedResponseException.class)
          .hasMessageContaining("redirects are not followed");
      assertThat(target.connections()).isZero();
    }
  }

  @Test
  void aLogTailWhoseUpgradeIsAnsweredWithHtmlFailsTyped() throws Exception {
    Set<Thread> before = liveThreads();
    try (MisbehavingServer server = new MisbehavingServer((s, out) ->
        reply(out, 200, "text/html", "<html>no websockets here</html>"))) {
      RecordingLogListener listener = new RecordingLogListener();
      try (RayDashboardClient client = client(server.url("http"));
          LogTail tail = client.tailJobLogs("x", listener)) {
        assertThatThrownBy(() -> tail.completion().get(BOUND.toMillis(), TimeUnit.MILLISECONDS))
            .isInstanceOf(ExecutionException.class).cause().isInstanceOf(UnexpectedResponseException.class)
            .hasMessageContaining("200");
        assertThat(listener.failure.get()).isInstanceOf(UnexpectedResponseException.class);
        assertThat(listener.chunks).isEmpty();
      }
    }
    assertNoThreadLeftBehind(before);
  }

  @Test
  void aLogTailWhoseUpgradeNeverComesFailsWithinTheReadTimeout() throws Exception {
    try (MisbehavingServer server = new MisbehavingServer((s, out) -> Thread.sleep(60_000))) {
      RecordingLogListener listener = new RecordingLogListener();
      try (RayDashboardClient client = client(server.url("http"));
          LogTail tail = client.tailJobLogs("x", listener)) {
        assertThatThrownBy(() -> tail.completion().get(BOUND.toMillis(), TimeUnit.MILLISECONDS))
            .isInstanceOf(ExecutionException.class).cause().isInstanceOf(DashboardUnavailableException.class);
      }
    }
  }

  private static RayDashboardClient client(String url) {
    return RayDashboardClient.builder().baseUrl(url).bearerToken(TOKEN).connectTimeout(Duration.ofSeconds(1))
        .readTimeout(Duration.ofSeconds(1)).writeTimeout(Duration.ofSeconds(1)).callTimeout(CALL_TIMEOUT)
        .retryPolicy(RETRIES).maxResponseBytes(MAX_BYTES).build();
  }

  private static RayDashboardException catchDashboardError(Runnable call) {
    try {
      call.run();
    } catch (RayDashboardException e) {
      return e;
    }
    throw new AssertionError("the call succeeded against a misbehaving server");
  }

  private static Set<Thread> liveThreads() {
    return new HashSet<>(Thread.getAllStackTraces().keySet());
  }

  /**
   * Every thread started since {@code before} has ended, except OkHttp's and Okio's JVM-wide task pool and timeout
   * watchdog, which are shared by all clients and end by themselves when idle.
   */
  private static void assertNoThreadLeftBehind(Set<Thread> before) throws InterruptedException {
    List<String> left = List.of();
    for (int i = 0; i < 50; i++) {
      left = Thread.getAllStackTraces().keySet().stream()
          .filter(t -> !before.contains(t) && t.isAlive())
          .map(Thread::getName)
          .filter(name -> !name.startsWith("OkHttp TaskRunner") && !name.equals("Okio Watchdog"))
          .collect(Collectors.toList());
      if (left.isEmpty()) {
        return;
      }
      Thread.sleep(100);
    }
    assertThat(left).as("threads left behind").isEmpty();
  }
}
