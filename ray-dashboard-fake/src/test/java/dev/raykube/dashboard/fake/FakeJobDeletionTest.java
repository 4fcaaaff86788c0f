package dev.raykube.dashboard.fake;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Ray 2.60 facts about deleting jobs, empty submission ids and the list order, checked against a real head. */
class FakeJobDeletionTest {
  private FakeRayDashboard fake;
  private TestHttp http;

  private void start(FakeRayDashboardBuilder builder) {
    fake = builder.build().start();
    http = new TestHttp(fake.url());
  }

  @AfterEach
  void stop() {
    fake.close();
  }

  private void submit(String id, String entrypoint) {
    assertThat(http.post("/api/jobs/", "{\"entrypoint\":\"" + entrypoint + "\",\"submission_id\":\"" + id + "\"}")
        .code()).isEqualTo(200);
  }

  @Test
  void aJobDeletedBeforeTheMonitorSawItsSupervisorExitComesBackFailed() {
    start(FakeRayDashboard.builder().startDelay(Duration.ofMillis(20)).supervisorExitDelay(Duration.ofMillis(50))
        .jobMonitorDelay(Duration.ofMillis(400)));
    submit("gone", "echo quick");
    Await.status(fake, "gone", "SUCCEEDED");
    assertThat(http.delete("/api/jobs/gone").json()).containsEntry("deleted", true);
    assertThat(http.get("/api/jobs/gone").code()).isEqualTo(404);

    Await.status(fake, "gone", "FAILED");
    Map<String, Object> back = http.get("/api/jobs/gone").json();
    assertThat(back).containsEntry("type", "SUBMISSION").containsEntry("submission_id", "gone")
        .containsEntry("entrypoint", "Entrypoint not found.").containsEntry("error_type", "JOB_SUPERVISOR_ACTOR_DIED")
        .containsEntry("start_time", null).containsEntry("metadata", null).containsEntry("runtime_env", null)
        .containsEntry("driver_agent_http_address", null).containsEntry("driver_node_id", null)
        .containsEntry("driver_exit_code", null);
    assertThat((Long) back.get("end_time")).isPositive();
    assertThat((String) back.get("message")).startsWith("Job supervisor actor died: The actor died unexpectedly")
        .contains("\tname: _ray_internal_job_actor_gone\n")
        .endsWith("Worker exit type: INTENDED_USER_EXIT Worker exit detail: User requested to exit the actor.");
    assertThat(http.get("/api/jobs/gone/logs").json()).containsEntry("logs", "");
    assertThat(http.post("/api/jobs/gone/stop", "").json()).containsEntry("stopped", false);
    assertThat(http.post("/api/jobs/", "{\"entrypoint\":\"echo\",\"submission_id\":\"gone\"}").body())
        .contains("ValueError: Job with submission_id gone already exists.");

    assertThat(http.delete("/api/jobs/gone").json()).containsEntry("deleted", true);
    sleep(600);
    assertThat(http.get("/api/jobs/gone").code()).as("the second delete is final").isEqualTo(404);
  }

  @Test
  void aDeleteAfterTheMonitorSawTheSupervisorExitIsFinal() {
    start(FakeRayDashboard.builder().startDelay(Duration.ofMillis(20)).supervisorExitDelay(Duration.ofMillis(50))
        .jobMonitorDelay(Duration.ofMillis(100)));
    submit("done", "echo quick");
    Await.status(fake, "done", "SUCCEEDED");
    sleep(400);
    assertThat(http.delete("/api/jobs/done").json()).containsEntry("deleted", true);
    sleep(400);
    assertThat(http.get("/api/jobs/done").code()).isEqualTo(404);
    assertThat(fake.submissionIds()).isEmpty();
  }

  @Test
  void anEmptySubmissionIdCountsAsNone() {
    start(FakeRayDashboard.builder());
    Map<String, Object> reply = http.post("/api/jobs/", "{\"entrypoint\":\"echo\",\"submission_id\":\"\"}").json();
    assertThat((String) reply.get("submission_id")).startsWith("raysubmit_");
    Map<String, Object> viaJobId = http.post("/api/jobs/",
        "{\"entrypoint\":\"echo\",\"submission_id\":\"\",\"job_id\":\"legacy\"}").json();
    assertThat(viaJobId).containsEntry("submission_id", "legacy");
  }

  @Test
  void theListIsNotInSubmissionOrder() {
    start(FakeRayDashboard.builder().startDelay(Duration.ofSeconds(30)));
    List<String> submitted = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      submitted.add("order-" + i);
      submit("order-" + i, "echo");
    }
    List<String> listed = new ArrayList<>();
    for (Object job : (List<?>) parse(http.get("/api/jobs/").body())) {
      listed.add((String) ((Map<?, ?>) job).get("submission_id"));
    }
    assertThat(listed).containsExactlyInAnyOrderElementsOf(submitted).isNotEqualTo(submitted);
    assertThat(fake.submissionIds()).as("the fake's own view keeps submission order").isEqualTo(submitted);
  }

  private static Object parse(String body) {
    try {
      return Json.parse(body);
    } catch (Json.MalformedJsonException e) {
      throw new AssertionError(e);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
