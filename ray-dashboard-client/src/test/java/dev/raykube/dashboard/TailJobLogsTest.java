package dev.raykube.dashboard;

import static dev.raykube.dashboard.MockDashboard.clientFor;
import static dev.raykube.dashboard.MockDashboard.path;
import static dev.raykube.dashboard.MockDashboard.take;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class TailJobLogsTest {
  private static final String TOKEN = "tail-token-123";

  @StartStop
  final MockWebServer server = new MockWebServer();

  /** Server side that sends frames then closes with the given code. */
  private static MockResponse upgrade(int closeCode, String... frames) {
    return new MockResponse.Builder().webSocketUpgrade(new WebSocketListener() {
      @Override
      public void onOpen(WebSocket webSocket, Response response) {
        for (String f : frames) {
          webSocket.send(f);
        }
        webSocket.close(closeCode, null);
      }
    }).build();
  }

  @Test
  void deliversChunksInOrderThenCompletes() throws Exception {
    server.enqueue(upgrade(1000, "Running entrypoint for job j: x\na\n", "b\nc\n"));
    RecordingLogListener listener = new RecordingLogListener();
    try (RayDashboardClient client = clientFor(server).bearerToken(TOKEN).build()) {
      LogTail tail = client.tailJobLogs("j", listener);
      tail.completion().get(5, TimeUnit.SECONDS);
      assertThat(listener.text()).isEqualTo("Running entrypoint for job j: x\na\nb\nc\n");
      assertThat(listener.chunks).hasSize(2);
      assertThat(listener.completions.get()).isEqualTo(1);
      assertThat(listener.failure.get()).isNull();
      tail.close();
    }
    RecordedRequest upgrade = take(server);
    assertThat(path(upgrade)).isEqualTo("/api/jobs/j/logs/tail");
    assertThat(upgrade.getHeaders().get("Authorization")).isEqualTo("Bearer " + TOKEN);
    assertThat(upgrade.getHeaders().get("X-Ray-Authorization")).isEqualTo("Bearer " + TOKEN);
    assertThat(upgrade.getHeaders().get("Origin")).isNull();
    assertThat(upgrade.getHeaders().get("Upgrade")).isEqualTo("websocket");
    assertThat(upgrade.getHeaders().get("Sec-WebSocket-Extensions")).as("Ray 2.60 sends nothing when compressed")
        .isNull();
  }

  @Test
  void plainHttpErrorsBeforeTheUpgradeAreTyped() throws Exception {
    server.enqueue(Replies.text(404, "Job nope does not exist"));
    server.enqueue(Replies.text(400, "Can only get logs of submission type jobs"));
    server.enqueue(Replies.text(401, "Unauthorized: Missing authentication token"));
    try (RayDashboardClient client = clientFor(server).build()) {
      RecordingLogListener notFound = new RecordingLogListener();
      LogTail tail = client.tailJobLogs("nope", notFound);
      assertThat(notFound.done.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(notFound.failure.get()).isInstanceOfSatisfying(JobNotFoundException.class,
          e -> assertThat(e.responseBody()).isEqualTo("Job nope does not exist"));
      Assertions.assertThatThrownBy(() -> tail.completion().get()).isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(JobNotFoundException.class);

      RecordingLogListener driver = new RecordingLogListener();
      client.tailJobLogs("01000000", driver);
      assertThat(driver.done.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(driver.failure.get()).isInstanceOf(InvalidRequestException.class);

      RecordingLogListener auth = new RecordingLogListener();
      client.tailJobLogs("j", auth);
      assertThat(auth.done.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(auth.failure.get()).isInstanceOf(AuthenticationException.class);
      assertThat(notFound.completions.get() + driver.completions.get() + auth.completions.get()).isZero();
    }
  }

  @Test
  void abnormalCloseIsARetryableFailure() throws Exception {
    server.enqueue(upgrade(1011, "partial\n"));
    RecordingLogListener listener = new RecordingLogListener();
    try (RayDashboardClient client = clientFor(server).build()) {
      client.tailJobLogs("j", listener);
      assertThat(listener.done.await(5, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(listener.chunks).containsExactly("partial\n");
    assertThat(listener.failure.get()).isInstanceOfSatisfying(DashboardUnavailableException.class,
        e -> assertThat(e.getMessage()).contains("1011"));
    assertThat(listener.completions.get()).isZero();
  }

  @Test
  void closingTheHandleStopsDelivery() throws Exception {
    CountDownLatch opened = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    server.enqueue(new MockResponse.Builder().webSocketUpgrade(new WebSocketListener() {
      @Override
      public void onOpen(WebSocket webSocket, Response response) {
        webSocket.send("first\n");
        opened.countDown();
        new Thread(() -> {
          try {
            release.await(5, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          webSocket.send("after close\n");
          webSocket.close(1000, null);
        }).start();
      }
    }).build());
    RecordingLogListener listener = new RecordingLogListener();
    try (RayDashboardClient client = clientFor(server).build()) {
      LogTail tail = client.tailJobLogs("j", listener);
      assertThat(opened.await(5, TimeUnit.SECONDS)).isTrue();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (listener.chunks.isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      tail.close();
      tail.close();
      release.countDown();
      Thread.sleep(200);
      assertThat(listener.chunks).containsExactly("first\n");
      assertThat(listener.completions.get()).isZero();
      assertThat(listener.failure.get()).isNull();
      Assertions.assertThatThrownBy(() -> tail.completion().get()).isInstanceOf(CancellationException.class);
    }
  }
}
