package dev.raykube.dashboard.fake;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FakeJobLifecycleTest {
  private FakeRayDashboard fake;
  private TestHttp http;

  @BeforeEach
  void start() {
    fake = FakeRayDashboard.builder().startDelay(Duration.ofMillis(50)).stopDelay(Duration.ofMillis(50))
        .timeScale(0.1).build().start();
    http = new TestHttp(fake.url());
  }

  @AfterEach
  void stop() {
    fake.close();
  }

  private String submit(String entrypoint) {
    TestHttp.Reply r = http.post("/api/jobs/", "{\"entrypoint\":\"" + entrypoint + "\"}");
    assertThat(r.code()).isEqualTo(200);
    assertThat(r.contentType()).isEqualTo("application/json; charset=utf-8");
    return (String) r.json().get("submission_id");
  }

  @Test
  void submitReturnsGeneratedIdAndJobIsPendingFirst() {
    fake.close();
    fake = FakeRayDashboard.builder().startDelay(Duration.ofMillis(300)).build().start();
    http = new TestHttp(fake.url());
    TestHttp.Reply r = http.post("/api/jobs/", "{\"entrypoint\":\"sleep 0.2 && echo done\",\"metadata\":{\"k\":\"v\"}}");
    Map<String, Object> reply = r.json();
    String id = (String) reply.get("submission_id");
    assertThat(id).matches("raysubmit_[A-HJ-NP-Za-km-z1-9]{16}");
    assertThat(reply.get("job_id")).isEqualTo(id);

    Map<String, Object> pending = http.get("/api/jobs/" + id).json();
    assertThat(pending.keySet()).containsExactly("type", "job_id", "submission_id", "driver_info", "status",
        "entrypoint", "message", "error_type", "start_time", "end_time", "metadata", "runtime_env",
        "driver_agent_http_address", "driver_node_id", "driver_exit_code");
    assertThat(pending).containsEntry("status", "PENDING").containsEntry("message", "Job has not started yet.")
        .containsEntry("type", "SUBMISSION").containsEntry("job_id", null).containsEntry("end_time", null)
        .containsEntry("driver_agent_http_address", null).containsEntry("metadata", Map.of("k", "v"));
    assertThat((Long) pending.get("start_time")).isPositive();
    assertThat(http.get("/api/jobs/" + id + "/logs").json()).containsEntry("logs", "");

    Await.status(fake, id, "RUNNING");
    Map<String, Object> running = http.get("/api/jobs/" + id).json();
    assertThat(running).containsEntry("message", "Job is currently running.");
    assertThat((String) running.get("driver_agent_http_address")).startsWith("http://");
    assertThat((String) running.get("driver_node_id")).hasSize(56);

    Await.status(fake, id, "SUCCEEDED");
    Map<String, Object> done = http.get("/api/jobs/" + id).json();
    assertThat(done).containsEntry("message", "Job finished successfully.").containsEntry("driver_exit_code", 0L);
    assertThat((Long) done.get("end_time")).isGreaterThanOrEqualTo((Long) done.get("start_time"));
    String logs = (String) http.get("/api/jobs/" + id + "/logs").json().get("logs");
    assertThat(logs).contains("Runtime env is setting up.\nRunning entrypoint for job " + id
        + ": sleep 0.2 && echo done\ndone\n");
  }

  @Test
  void nonZeroExitFailsWithRaysMessage() {
    String id = submit("echo oops && exit 3");
    Await.status(fake, id, "FAILED");
    Map<String, Object> job = http.get("/api/jobs/" + id).json();
    assertThat(job).containsEntry("driver_exit_code", 3L).containsEntry("error_type", "JOB_ENTRYPOINT_COMMAND_ERROR");
    assertThat((String) job.get("message"))
        .startsWith("Job entrypoint command failed with exit code 3, last available logs (truncated to 20,000 chars):\n")
        .endsWith("oops\n");
  }

  @Test
  void stopWhileRunningThenStopAgain() {
    String id = submit("sleep 100");
    Await.status(fake, id, "RUNNING");
    assertThat(http.post("/api/jobs/" + id + "/stop", "").json()).containsEntry("stopped", true);
    Await.status(fake, id, "STOPPED");
    Map<String, Object> job = http.get("/api/jobs/" + id).json();
    assertThat(job).containsEntry("message", "Job was intentionally stopped.").containsEntry("driver_exit_code", null);
    assertThat(job.get("end_time")).isNotNull();
    Await.until("supervisor gone", Duration.ofSeconds(5),
        () -> Boolean.FALSE.equals(http.post("/api/jobs/" + id + "/stop", "").json().get("stopped")));
    assertThat(fake.stopRequested(id)).isTrue();
  }

  @Test
  void aStopRightAfterTheEndStillFindsTheSupervisorButChangesNothing() {
    fake.close();
    fake = FakeRayDashboard.builder().startDelay(Duration.ZERO).supervisorExitDelay(Duration.ofMillis(500)).build()
        .start();
    http = new TestHttp(fake.url());
    String id = submit("echo quick");
    Await.status(fake, id, "SUCCEEDED");
    assertThat(http.post("/api/jobs/" + id + "/stop", "").json()).containsEntry("stopped", true);
    assertThat(fake.jobStatus(id)).contains("SUCCEEDED");
    Await.until("supervisor gone", Duration.ofSeconds(5),
        () -> Boolean.FALSE.equals(http.post("/api/jobs/" + id + "/stop", "").json().get("stopped")));
    assertThat(fake.jobStatus(id)).contains("SUCCEEDED");
  }

  @Test
  void stopWhilePendingStillStartsTheEntrypointThenStops() {
    fake.script("held", JobScript.builder().pendingFor(Duration.ofSeconds(2)).output("x\n").build());
    http.post("/api/jobs/", "{\"entrypoint\":\"echo x\",\"submission_id\":\"held\"}");
    assertThat(http.post("/api/jobs/held/stop", "").json()).containsEntry("stopped", true);
    assertThat(fake.jobStatus("held")).contains("PENDING");
    // RUNNING lasts only the (scaled) stop delay, too short to be seen reliably by polling; the final record shows
    // the job did start: a driver node, a start time and the "Running entrypoint" line.
    Await.status(fake, "held", "STOPPED");
    Map<String, Object> job = http.get("/api/jobs/held").json();
    assertThat(job.get("start_time")).isNotNull();
    assertThat(job).containsEntry("message", "Job was intentionally stopped.").containsEntry("driver_exit_code", null);
    assertThat(job.get("driver_node_id")).isNotNull();
    assertThat((String) http.get("/api/jobs/held/logs").json().get("logs"))
        .endsWith("Running entrypoint for job held: echo x\n");
  }

  @Test
  void deleteOnlyWhenTerminal() throws InterruptedException {
    String id = submit("sleep 100");
    TestHttp.Reply refused = http.delete("/api/jobs/" + id);
    assertThat(refused.code()).isEqualTo(500);
    assertThat(refused.body()).containsPattern("RuntimeError: Attempted to delete job '" + id
        + "', but it is in a non-terminal state (PENDING|RUNNING)\\.");
    http.post("/api/jobs/" + id + "/stop", "");
    Await.status(fake, id, "STOPPED");
    Thread.sleep(500); // supervisor exit (30 ms) + job monitor (150 ms), scaled: the delete is then final
    TestHttp.Reply deleted = http.delete("/api/jobs/" + id);
    assertThat(deleted.json()).containsEntry("deleted", true);
    assertThat(http.get("/api/jobs/" + id).code()).isEqualTo(404);
    assertThat(fake.submissionIds()).doesNotContain(id);
    Thread.sleep(300);
    assertThat(http.get("/api/jobs/" + id).code()).isEqualTo(404);
  }

  @Test
  void listHasSubmissionsThenDrivers() {
    String driver = fake.addDriverJob("python train.py");
    String a = submit("echo a");
    String b = submit("echo b");
    List<?> jobs = (List<?>) parse(http.get("/api/jobs/").body());
    assertThat(jobs).hasSize(3);
    assertThat(List.of(((Map<?, ?>) jobs.get(0)).get("submission_id"), ((Map<?, ?>) jobs.get(1)).get("submission_id")))
        .containsExactlyInAnyOrder(a, b);
    Map<?, ?> d = (Map<?, ?>) jobs.get(2);
    assertThat(d.get("type")).isEqualTo("DRIVER");
    assertThat(d.get("job_id")).isEqualTo(driver);
    assertThat(d.get("end_time")).isEqualTo(0L);
    assertThat(((Map<?, ?>) d.get("driver_info")).get("pid")).isInstanceOf(String.class);
    assertThat(http.post("/api/jobs/" + driver + "/stop", "").body()).isEqualTo("Can only stop submission type jobs");
    assertThat(http.delete("/api/jobs/" + driver).body()).isEqualTo("Can only delete submission type jobs");
    assertThat(http.get("/api/jobs/" + driver + "/logs").body()).isEqualTo("Can only get logs of submission type jobs");
    fake.finishDriverJob(driver);
    assertThat(http.get("/api/jobs/" + driver).json()).containsEntry("status", "SUCCEEDED");
  }

  @Test
  void rayAwareDriverCanBeFoundByRayJobId() {
    fake.scriptEntrypoints(Pattern.compile("python .*"), JobScript.builder().rayDriver().output("hi\n")
        .sleep(Duration.ofSeconds(100)).build());
    String id = submit("python train.py");
    Await.status(fake, id, "RUNNING");
    Map<String, Object> job = http.get("/api/jobs/" + id).json();
    String rayJobId = (String) job.get("job_id");
    assertThat(rayJobId).matches("[0-9a-f]{8}");
    assertThat(http.get("/api/jobs/" + rayJobId).json()).containsEntry("submission_id", id);
  }

  @Test
  void startFailureGoesPendingToFailed() {
    fake.script("bad-env", JobScript.failsToStart("runtime_env setup failed: boom", "RUNTIME_ENV_SETUP_FAILURE"));
    http.post("/api/jobs/", "{\"entrypoint\":\"echo\",\"submission_id\":\"bad-env\"}");
    Await.status(fake, "bad-env", "FAILED");
    Map<String, Object> job = http.get("/api/jobs/bad-env").json();
    assertThat(job).containsEntry("message", "runtime_env setup failed: boom")
        .containsEntry("error_type", "RUNTIME_ENV_SETUP_FAILURE").containsEntry("driver_agent_http_address", null);
  }

  @Test
  void pendingMessageMentionsResourcesAndRuntimeEnv() {
    fake.script("waiting", JobScript.builder().pendingFor(Duration.ofSeconds(5)).build());
    http.post("/api/jobs/", "{\"entrypoint\":\"echo\",\"submission_id\":\"waiting\",\"entrypoint_num_cpus\":1,"
        + "\"runtime_env\":{\"env_vars\":{\"A\":\"1\"}}}");
    assertThat(http.get("/api/jobs/waiting").json()).containsEntry("message", "Job has not started yet. It may be "
        + "waiting for resources (CPUs, GPUs, memory, custom resources) to become available. It may be waiting for the "
        + "runtime environment to be set up.");
  }

  private static Object parse(String body) {
    try {
      return Json.parse(body);
    } catch (Json.MalformedJsonException e) {
      throw new AssertionError(e);
    }
  }
}
