package dev.raykube.dashboard.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The wire-level half of the dashboard contract: what Ray answers on the HTTP level, including what the client hides
 * or never sends (exact statuses and texts, JSON key order, empty ids, list order). Subclasses name the dashboard; the
 * scenarios run unchanged against {@code FakeRayDashboard} and a real head.
 */
abstract class DashboardWireContractTest {
  static final String JSON_TYPE = "application/json; charset=utf-8";
  static final String TEXT_TYPE = "text/plain; charset=utf-8";

  /** JobDetails keys of Ray 2.60, in the order Ray sends them. */
  static final List<String> JOB_DETAILS_KEYS = List.of("type", "job_id", "submission_id", "driver_info", "status",
      "entrypoint", "message", "error_type", "start_time", "end_time", "metadata", "runtime_env",
      "driver_agent_http_address", "driver_node_id", "driver_exit_code");

  protected DashboardWire wire;
  private final List<String> wireSubmitted = new ArrayList<>();

  /** The dashboard URL, e.g. {@code http://127.0.0.1:8265}. */
  protected abstract String baseUrl();

  /** The bearer token, or null when the head has no token auth. */
  protected abstract String token();

  /** How long to wait for a job to reach a status. */
  protected abstract Duration patience();

  /**
   * How long after a job's end its supervisor has exited and Ray's job monitor (polling every second) has noticed;
   * a delete after that is final, a delete before it may bring the job back as FAILED.
   */
  protected abstract Duration jobMonitorLag();

  /** How much faster than a real head the dashboard runs its jobs and Ray's own delays: 1 for a head, 0.1 for the fakes. */
  protected abstract double timeScale();

  @BeforeEach
  void openWire() {
    wire = new DashboardWire(baseUrl(), token());
  }

  @AfterEach
  void closeWire() {
    for (String id : wireSubmitted) {
      wire.post("/api/jobs/" + id + "/stop", "");
    }
    wire.close();
  }

  static String uniqueId(String what) {
    return "contract-" + what + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  private String wireSubmit(String what, String entrypoint) {
    String id = uniqueId(what);
    DashboardWire.Reply reply = wire.post("/api/jobs/", "{\"entrypoint\": \"" + entrypoint + "\", "
        + "\"submission_id\": \"" + id + "\"}");
    assertThat(reply.code()).as(reply.body()).isEqualTo(200);
    wireSubmitted.add(id);
    return id;
  }

  private Map<String, Object> awaitWireStatus(String id, String status) {
    long deadline = System.nanoTime() + patience().toNanos();
    while (true) {
      Map<String, Object> job = wire.get("/api/jobs/" + id).object();
      if (status.equals(job.get("status"))) {
        return job;
      }
      assertThat(System.nanoTime()).as("%s reaching %s, now %s", id, status, job.get("status")).isLessThan(deadline);
      pause(100);
    }
  }

  static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  @Test
  void repliesHaveRaysKeysInRaysOrder() {
    String id = uniqueId("wire");
    DashboardWire.Reply submitted = wire.post("/api/jobs/", "{\"entrypoint\": \"echo wire\", \"submission_id\": \""
        + id + "\"}");
    wireSubmitted.add(id);
    assertThat(submitted.contentType()).isEqualTo(JSON_TYPE);
    assertThat(submitted.object()).containsExactly(Map.entry("job_id", id), Map.entry("submission_id", id));

    DashboardWire.Reply details = wire.get("/api/jobs/" + id);
    assertThat(details.contentType()).isEqualTo(JSON_TYPE);
    Map<String, Object> job = details.object();
    assertThat(job.keySet()).containsExactlyElementsOf(JOB_DETAILS_KEYS);
    assertThat(job).containsEntry("type", "SUBMISSION").containsEntry("job_id", null)
        .containsEntry("driver_info", null).containsEntry("metadata", null).containsEntry("runtime_env", null)
        .containsEntry("error_type", null).containsEntry("end_time", null).containsEntry("driver_exit_code", null);
    assertThat(job.get("start_time")).isInstanceOf(Double.class); // Moshi reads every JSON number as a double
    assertThat(wire.get("/api/jobs/" + id + "/logs").object()).containsOnlyKeys("logs");

    Map<String, Object> done = awaitWireStatus(id, "SUCCEEDED");
    assertThat(done.keySet()).containsExactlyElementsOf(JOB_DETAILS_KEYS);
    assertThat(done).containsEntry("message", "Job finished successfully.").containsEntry("driver_exit_code", 0.0);
    assertThat((double) done.get("end_time")).isGreaterThanOrEqualTo((double) done.get("start_time"));
    assertThat((String) wire.get("/api/jobs/" + id + "/logs").object().get("logs")).contains("wire\n");
    assertThat(wire.post("/api/jobs/" + id + "/stop", "").object()).containsOnlyKeys("stopped");
  }

  @Test
  void unknownJobsRoutesAndMethodsAnswerLikeAiohttp() {
    String id = uniqueId("missing");
    assertThat(wire.get("/api/jobs/" + id)).isEqualTo(new DashboardWire.Reply(404, "Job " + id + " does not exist",
        TEXT_TYPE));
    assertThat(wire.post("/api/jobs/" + id + "/stop", "").code()).isEqualTo(404);
    assertThat(wire.delete("/api/jobs/" + id).body()).isEqualTo("Job " + id + " does not exist");
    assertThat(wire.get("/api/jobs/" + id + "/bogus")).isEqualTo(new DashboardWire.Reply(404, "404: Not Found",
        TEXT_TYPE));
    assertThat(wire.get("/api/no-such-route")).isEqualTo(new DashboardWire.Reply(404, "404: Not Found", TEXT_TYPE));
    assertThat(wire.call("PUT", "/api/jobs/", "{}"))
        .isEqualTo(new DashboardWire.Reply(405, "405: Method Not Allowed", TEXT_TYPE));
    assertThat(wire.get("/api/jobs/" + id + "/stop").code()).isEqualTo(405);
  }

  @Test
  void anEmptySubmissionIdCountsAsNone() {
    DashboardWire.Reply reply = wire.post("/api/jobs/", "{\"entrypoint\": \"echo\", \"submission_id\": \"\"}");
    assertThat(reply.code()).as(reply.body()).isEqualTo(200);
    String id = (String) reply.object().get("submission_id");
    wireSubmitted.add(id);
    assertThat(id).matches("raysubmit_[A-Za-z0-9]{16}");
    assertThat(reply.object()).containsEntry("job_id", id);
  }

  @Test
  void theListIsNotInSubmissionOrder() {
    List<String> submitted = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      submitted.add(wireSubmit("order" + i, "echo"));
    }
    List<String> listed = new ArrayList<>();
    for (Object job : wire.get("/api/jobs/").array()) {
      String id = (String) ((Map<?, ?>) job).get("submission_id");
      if (submitted.contains(id)) {
        listed.add(id);
      }
    }
    // Ray lists jobs in its GCS key-value store's (hash) order; seven jobs in submission order by chance: 1 in 5040.
    assertThat(listed).containsExactlyInAnyOrderElementsOf(submitted).isNotEqualTo(submitted);
  }
}
