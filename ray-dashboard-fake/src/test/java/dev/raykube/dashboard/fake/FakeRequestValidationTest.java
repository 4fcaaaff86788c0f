package dev.raykube.dashboard.fake;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FakeRequestValidationTest {

  private static TestHttp.Reply submit(FakeRayDashboard fake, String body) {
    return new TestHttp(fake.url()).post("/api/jobs/", body);
  }

  @Test
  void badBodiesGetRaysTexts() {
    try (FakeRayDashboard fake = FakeRayDashboard.create().start()) {
      assertBadRequest(submit(fake, "{\"entrypoint\":\"echo\",\"bogus\":1}"),
          "TypeError: JobSubmitRequest.__init__() got an unexpected keyword argument 'bogus'");
      assertBadRequest(submit(fake, "{\"submission_id\":\"x\"}"),
          "TypeError: JobSubmitRequest.__init__() missing 1 required positional argument: 'entrypoint'");
      assertBadRequest(submit(fake, "{\"entrypoint\":5}"), "TypeError: entrypoint must be a string, got <class 'int'>");
      assertBadRequest(submit(fake, "{\"entrypoint\":\"e\",\"entrypoint_memory\":1.5}"),
          "TypeError: entrypoint_memory must be an integer, got <class 'float'>");
      assertBadRequest(submit(fake, "{\"entrypoint\":\"e\",\"metadata\":{\"a\":1}}"),
          "TypeError: metadata values must be strings, got <class 'int'>");
      assertBadRequest(submit(fake, "{\"entrypoint\":\"e\",\"entrypoint_resources\":{\"a\":\"x\"}}"),
          "TypeError: entrypoint_resources values must be numbers, got <class 'str'>");
      assertThat(fake.submissionIds()).isEmpty();
    }
  }

  private static void assertBadRequest(TestHttp.Reply reply, String lastLine) {
    assertThat(reply.code()).isEqualTo(400);
    assertThat(reply.contentType()).isEqualTo("text/plain; charset=utf-8");
    assertThat(reply.body()).startsWith("Traceback (most recent call last):\n").endsWith(lastLine + "\n");
  }

  @Test
  void nullValuedKeysAreDroppedBeforeValidation() {
    try (FakeRayDashboard fake = FakeRayDashboard.create().start()) {
      TestHttp.Reply r = submit(fake, "{\"entrypoint\":\"echo\",\"bogus\":null,\"submission_id\":null}");
      assertThat(r.code()).isEqualTo(200);
    }
  }

  @Test
  void malformedBodyIsAnUnhandled500() {
    try (FakeRayDashboard fake = FakeRayDashboard.create().start()) {
      for (String body : List.of("not json", "[1]", "")) {
        TestHttp.Reply r = submit(fake, body);
        assertThat(r.code()).isEqualTo(500);
        assertThat(r.body()).isEqualTo("500 Internal Server Error\n\nServer got itself in trouble");
      }
    }
  }

  @Test
  void badLabelSelectorIsRejectedByTheAgentAs500() {
    try (FakeRayDashboard fake = FakeRayDashboard.create().start()) {
      TestHttp.Reply r = submit(fake, "{\"entrypoint\":\"e\",\"entrypoint_label_selector\":{\"a\":\"!!bad\"}}");
      assertThat(r.code()).isEqualTo(500);
      assertThat(r.body()).contains("RuntimeError: Request failed with status code 400: Traceback")
          .contains("ValueError: Invalid label selector value `!!bad`.");
    }
  }

  @Test
  void duplicateSubmissionIdIs500WithRaysSentence() {
    try (FakeRayDashboard fake = FakeRayDashboard.create().start()) {
      assertThat(submit(fake, "{\"entrypoint\":\"echo\",\"submission_id\":\"dup\"}").code()).isEqualTo(200);
      TestHttp.Reply again = submit(fake, "{\"entrypoint\":\"echo\",\"submission_id\":\"dup\"}");
      assertThat(again.code()).isEqualTo(500);
      assertThat(again.contentType()).isEqualTo("text/plain; charset=utf-8");
      assertThat(again.body())
          .contains("ValueError: Job with submission_id dup already exists. Please use a different submission_id.");
    }
  }

  @Test
  void unknownIdsAndPathsAre404() {
    try (FakeRayDashboard fake = FakeRayDashboard.create().start()) {
      TestHttp http = new TestHttp(fake.url());
      for (TestHttp.Reply r : List.of(http.get("/api/jobs/nope"), http.post("/api/jobs/nope/stop", ""),
          http.delete("/api/jobs/nope"), http.get("/api/jobs/nope/logs"), http.get("/api/jobs/nope/logs/tail"))) {
        assertThat(r.code()).isEqualTo(404);
        assertThat(r.body()).isEqualTo("Job nope does not exist");
      }
      assertThat(http.get("/api/jobs").body()).isEqualTo("404: Not Found");
      assertThat(http.get("/api/jobs/x/").body()).isEqualTo("404: Not Found");
      assertThat(http.get("/api/nothing").code()).isEqualTo(404);
      assertThat(http.put("/api/jobs/", "{}").code()).isEqualTo(405);
    }
  }

  @Test
  void browserLikeWritesAreRefused() {
    try (FakeRayDashboard fake = FakeRayDashboard.create().start()) {
      for (Map<String, String> headers : List.of(Map.of("Origin", "http://x"), Map.of("Referer", "http://x"),
          Map.of("Sec-Fetch-Mode", "cors"), Map.of("User-Agent", "Mozilla/5.0"))) {
        TestHttp.Reply r = new TestHttp(fake.url(), headers).post("/api/jobs/", "{\"entrypoint\":\"echo\"}");
        assertThat(r.code()).as(headers.toString()).isEqualTo(405);
        assertThat(r.body()).isEqualTo("'POST' method not allowed for browser traffic.");
      }
      assertThat(new TestHttp(fake.url(), Map.of("Origin", "http://x")).get("/api/jobs/").code()).isEqualTo(200);
      assertThat(fake.submissionIds()).isEmpty();
    }
  }

  @Test
  void versionReportsConfiguredRay() {
    try (FakeRayDashboard fake = FakeRayDashboard.builder().rayVersion("2.9.3").build().start()) {
      Map<String, Object> v = new TestHttp(fake.url()).get("/api/version").json();
      assertThat(v).containsEntry("version", "4").containsEntry("ray_version", "2.9.3").containsKey("session_name");
      assertThat(new TestHttp(fake.url()).get("/api/ray/version").json()).isEqualTo(v);
    }
  }

  @Test
  void olderVersionsRejectNewerFieldsAsUnknownKeys() {
    try (FakeRayDashboard fake = FakeRayDashboard.builder().rayVersion("2.7.1").build().start()) {
      assertBadRequest(submit(fake, "{\"entrypoint\":\"e\",\"entrypoint_memory\":5}"),
          "TypeError: JobSubmitRequest.__init__() got an unexpected keyword argument 'entrypoint_memory'");
      assertThat(submit(fake, "{\"entrypoint\":\"e\",\"entrypoint_num_cpus\":1}").code()).isEqualTo(200);
    }
    try (FakeRayDashboard fake = FakeRayDashboard.builder().rayVersion("2.1.0").build().start()) {
      assertBadRequest(submit(fake, "{\"entrypoint\":\"e\",\"entrypoint_num_cpus\":1}"),
          "TypeError: JobSubmitRequest.__init__() got an unexpected keyword argument 'entrypoint_num_cpus'");
      String id = (String) submit(fake, "{\"entrypoint\":\"e\"}").json().get("submission_id");
      assertThat(new TestHttp(fake.url()).delete("/api/jobs/" + id).code()).isEqualTo(405);
      assertThat(new TestHttp(fake.url()).get("/api/jobs/" + id).json()).doesNotContainKeys(
          "driver_agent_http_address", "driver_node_id", "driver_exit_code");
    }
  }

  @Test
  void ray1ShapesUseJobIdAndAnObjectList() {
    try (FakeRayDashboard fake = FakeRayDashboard.builder().rayVersion("1.13.0").build().start()) {
      TestHttp http = new TestHttp(fake.url());
      assertBadRequest(submit(fake, "{\"entrypoint\":\"e\",\"submission_id\":\"s\"}"),
          "TypeError: JobSubmitRequest.__init__() got an unexpected keyword argument 'submission_id'");
      Map<String, Object> reply = submit(fake, "{\"entrypoint\":\"echo hi\",\"job_id\":\"old\"}").json();
      assertThat(reply).containsOnlyKeys("job_id").containsEntry("job_id", "old");
      assertThat(http.get("/api/jobs/old").json()).doesNotContainKeys("type", "job_id", "submission_id")
          .containsKeys("status", "entrypoint", "message");
      Map<String, Object> list = http.get("/api/jobs/").json();
      assertThat(list).containsOnlyKeys("old");
      assertThat(http.get("/api/version").json()).containsEntry("version", "1").doesNotContainKey("session_name");
    }
  }
}
