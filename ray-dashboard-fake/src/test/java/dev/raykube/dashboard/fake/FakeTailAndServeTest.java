package dev.raykube.dashboard.fake;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import org.junit.jupiter.api.Test;

class FakeTailAndServeTest {

  private static final class Collector extends WebSocketListener {
    final List<String> frames = new CopyOnWriteArrayList<>();
    final AtomicInteger closeCode = new AtomicInteger(-1);
    final CountDownLatch done = new CountDownLatch(1);

    @Override
    public void onMessage(WebSocket webSocket, String text) {
      frames.add(text);
    }

    @Override
    public void onClosing(WebSocket webSocket, int code, String reason) {
      closeCode.set(code);
      webSocket.close(1000, null);
      done.countDown();
    }

    @Override
    public void onFailure(WebSocket webSocket, Throwable t, Response response) {
      done.countDown();
    }
  }

  /** Tails like RayKube's client: without offering permessage-deflate. */
  private static final okhttp3.OkHttpClient UNCOMPRESSED = TestHttp.CLIENT.newBuilder()
      .addInterceptor(chain -> chain.proceed(chain.request().newBuilder()
          .removeHeader("Sec-WebSocket-Extensions").build()))
      .build();

  private static Collector tail(FakeRayDashboard fake, String id) {
    Collector c = new Collector();
    UNCOMPRESSED.newWebSocket(new Request.Builder().url(fake.url() + "/api/jobs/" + id + "/logs/tail").build(), c);
    return c;
  }

  @Test
  void tailStreamsChunksAndClosesNormallyWhenTheJobEnds() throws Exception {
    try (FakeRayDashboard fake = FakeRayDashboard.builder().timeScale(0.2).build().start()) {
      String id = (String) new TestHttp(fake.url())
          .post("/api/jobs/", "{\"entrypoint\":\"echo a && sleep 1 && echo b\"}").json().get("submission_id");
      Collector c = tail(fake, id);
      assertThat(c.done.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(c.closeCode.get()).isEqualTo(1000);
      assertThat(String.join("", c.frames)).endsWith("a\nb\n").contains("Running entrypoint for job " + id);
      assertThat(c.frames.size()).isGreaterThanOrEqualTo(2);
      assertThat(fake.jobStatus(id)).contains("SUCCEEDED");
    }
  }

  @Test
  void aCompressedTailGetsNoFramesLikeRay260() throws Exception {
    try (FakeRayDashboard fake = FakeRayDashboard.builder().timeScale(0.2).build().start()) {
      String id = (String) new TestHttp(fake.url())
          .post("/api/jobs/", "{\"entrypoint\":\"echo a && sleep 1 && echo b\"}").json().get("submission_id");
      Collector c = new Collector();
      // OkHttp offers permessage-deflate on every upgrade unless the header is removed.
      okhttp3.OkHttpClient offering = TestHttp.CLIENT;
      offering.newWebSocket(new Request.Builder().url(fake.url() + "/api/jobs/" + id + "/logs/tail").build(), c);
      assertThat(c.done.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(c.closeCode.get()).isEqualTo(1000);
      assertThat(c.frames).isEmpty();
    }
  }

  @Test
  void tailOfAFinishedJobSendsEverythingThenCloses() throws Exception {
    try (FakeRayDashboard fake = FakeRayDashboard.builder().startDelay(Duration.ZERO).build().start()) {
      fake.script("done", JobScript.succeeds("all\n"));
      new TestHttp(fake.url()).post("/api/jobs/", "{\"entrypoint\":\"x\",\"submission_id\":\"done\"}");
      Await.status(fake, "done", "SUCCEEDED");
      Collector c = tail(fake, "done");
      assertThat(c.done.await(10, TimeUnit.SECONDS)).isTrue(); // Ray's loop looks after 2 s and returns 2 s later
      assertThat(c.closeCode.get()).isEqualTo(1000);
      assertThat(c.frames).hasSize(1);
      assertThat(c.frames.get(0)).endsWith("all\n");
    }
  }

  /**
   * Ray's tail loop sees the end only when it next looks at the status and closes 2 s after that look; a GET sees the
   * end at once. So the tail is still open when the end is first visible (the gap is at least 2 of the scaled 1 s
   * sleeps, 400 ms here, against a GET every 5 ms), and closes normally afterwards.
   */
  @Test
  void theTailClosesOnlyAfterRaysTailLoopHasSeenTheEnd() throws Exception {
    try (FakeRayDashboard fake = FakeRayDashboard.builder().timeScale(0.2).build().start()) {
      TestHttp http = new TestHttp(fake.url());
      String id = (String) http.post("/api/jobs/", "{\"entrypoint\":\"sleep 1\"}").json().get("submission_id");
      Collector c = tail(fake, id);
      Await.until("SUCCEEDED", Duration.ofSeconds(10), () -> {
        boolean ended = http.get("/api/jobs/" + id).body().contains("\"status\":\"SUCCEEDED\"");
        if (!ended) {
          pause(5);
        }
        return ended;
      });
      assertThat(c.done.getCount()).as("tail still open when the end is visible").isEqualTo(1);
      assertThat(c.done.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(c.closeCode.get()).isEqualTo(1000);
    }
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  @Test
  void tailOfAJobThatFailsBeforeItsDriverStartsClosesWithoutData() throws Exception {
    try (FakeRayDashboard fake = FakeRayDashboard.builder().startDelay(Duration.ofMillis(300)).build().start()) {
      fake.script("no-driver", JobScript.failsToStart("runtime_env setup failed: boom", "RUNTIME_ENV_SETUP_FAILURE"));
      TestHttp http = new TestHttp(fake.url());
      String id = (String) http.post("/api/jobs/", "{\"entrypoint\":\"echo\",\"submission_id\":\"no-driver\"}")
          .json().get("submission_id");
      Collector c = tail(fake, id);
      assertThat(c.done.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(c.closeCode.get()).isEqualTo(1000);
      assertThat(c.frames).isEmpty();
    }
  }

  @Test
  void serveDeploysDeclarativelyAndShutsDown() {
    try (FakeRayDashboard fake = FakeRayDashboard.builder().startDelay(Duration.ofMillis(50)).build().start()) {
      TestHttp http = new TestHttp(fake.url());
      assertThat(http.get("/api/serve/applications/").json()).containsEntry("applications", Map.of())
          .containsEntry("target_capacity", null);
      TestHttp.Reply put = http.put("/api/serve/applications/", "{\"applications\":[{\"name\":\"app1\","
          + "\"route_prefix\":\"/a\",\"import_path\":\"m:app\",\"deployments\":[{\"name\":\"D\"}]}]}");
      assertThat(put.code()).isEqualTo(200);
      assertThat(put.body()).isEmpty();
      Await.until("app RUNNING", Duration.ofSeconds(5),
          () -> http.get("/api/serve/applications/").body().contains("\"status\":\"RUNNING\""));
      Map<?, ?> app = (Map<?, ?>) ((Map<?, ?>) http.get("/api/serve/applications/").json().get("applications"))
          .get("app1");
      assertThat(app.get("route_prefix")).isEqualTo("/a");
      assertThat(((Map<?, ?>) ((Map<?, ?>) app.get("deployments")).get("D")).get("status")).isEqualTo("HEALTHY");
      assertThat(http.put("/api/serve/applications/", "{\"applications\":[{\"name\":\"x\"}]}").code())
          .isEqualTo(400);
      assertThat(http.delete("/api/serve/applications/").code()).isEqualTo(200);
      assertThat(http.get("/api/serve/applications/").json()).containsEntry("applications", Map.of());
    }
  }

  @Test
  void serveWithoutDependenciesIs501() {
    try (FakeRayDashboard fake = FakeRayDashboard.builder().serveInstalled(false).build().start()) {
      TestHttp.Reply r = new TestHttp(fake.url()).get("/api/serve/applications/");
      assertThat(r.code()).isEqualTo(501);
      assertThat(r.body()).startsWith("Serve dependencies are not installed.");
      TestHttp.Reply delete = new TestHttp(fake.url()).delete("/api/serve/applications/");
      assertThat(delete.code()).isEqualTo(500);
      assertThat(delete.body()).contains("in delete_serve_applications")
          .endsWith("ModuleNotFoundError: No module named 'starlette'. You can run `pip install \"ray[serve]\"` to "
              + "install all Ray Serve dependencies.\n");
    }
  }
}
