package dev.raykube.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ValueTypesTest {

  @Test
  void rayVersionsParseAndOrder() {
    assertThat(RayVersion.parse("2.9.3")).isEqualTo(new RayVersion(2, 9, 3, "2.9.3"));
    assertThat(RayVersion.parse("3.0.0.dev0").major()).isEqualTo(3);
    assertThat(RayVersion.parse("2.10").patch()).isZero();
    assertThat(RayVersion.parse("2.10.0").compareTo(RayVersion.parse("2.9.3"))).isPositive();
    assertThat(RayVersion.parse("2.54.0").isAtLeast(2, 54)).isTrue();
    assertThat(RayVersion.parse("2.53.9").isAtLeast(2, 54)).isFalse();
    assertThat(RayVersion.parse("3.0.0").isAtLeast(2, 54)).isTrue();
    assertThatThrownBy(() -> RayVersion.parse("banana")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RayVersion.parse("2")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void statusesAndTypesFallBackToUnknown() {
    assertThat(JobStatus.fromWire("RUNNING")).isEqualTo(JobStatus.RUNNING);
    assertThat(JobStatus.fromWire("succeeded")).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(JobStatus.fromWire("RETRYING")).isEqualTo(JobStatus.UNKNOWN);
    assertThat(JobStatus.fromWire(null)).isEqualTo(JobStatus.UNKNOWN);
    assertThat(JobType.fromWire("submission")).isEqualTo(JobType.SUBMISSION);
    assertThat(JobType.fromWire("")).isEqualTo(JobType.UNKNOWN);
    assertThat(ServeApplicationStatus.fromWire("deploy_failed")).isEqualTo(ServeApplicationStatus.DEPLOY_FAILED);
  }

  @Test
  void retryBackoffIsExponentialBoundedAndJittered() {
    RetryPolicy noJitter = new RetryPolicy(5, Duration.ofMillis(100), Duration.ofMillis(350), 2.0, 0.0);
    assertThat(noJitter.backoff(1)).isEqualTo(Duration.ofMillis(100));
    assertThat(noJitter.backoff(2)).isEqualTo(Duration.ofMillis(200));
    assertThat(noJitter.backoff(3)).isEqualTo(Duration.ofMillis(350));
    assertThat(noJitter.backoff(30)).isEqualTo(Duration.ofMillis(350));
    RetryPolicy jittered = new RetryPolicy(5, Duration.ofMillis(100), Duration.ofSeconds(1), 2.0, 0.5);
    for (int i = 0; i < 200; i++) {
      assertThat(jittered.backoff(2)).isBetween(Duration.ofMillis(100), Duration.ofMillis(200));
    }
    assertThat(RetryPolicy.none().maxAttempts()).isEqualTo(1);
    assertThatThrownBy(() -> new RetryPolicy(0, Duration.ZERO, Duration.ZERO, 1, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RetryPolicy(2, Duration.ofSeconds(2), Duration.ofSeconds(1), 1, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RetryPolicy(2, Duration.ZERO, Duration.ZERO, 0.5, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RetryPolicy(2, Duration.ZERO, Duration.ZERO, 1, 1.5))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void submitRequestsValidateAndAreImmutable() {
    Map<String, String> meta = new HashMap<>(Map.of("a", "b"));
    JobSubmitRequest r = JobSubmitRequest.builder("echo").metadata(meta).runtimeEnv(Map.of("pip", List.of("x")))
        .build();
    meta.put("c", "d");
    assertThat(r.metadata()).containsOnlyKeys("a");
    assertThatThrownBy(() -> r.metadata().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> JobSubmitRequest.builder(" ").build()).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> JobSubmitRequest.builder("e").submissionId("").build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> JobSubmitRequest.builder("e").entrypointNumCpus(-1).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> JobSubmitRequest.builder("e").entrypointNumGpus(Double.NaN).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> JobSubmitRequest.builder("e").entrypointMemory(-5).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> JobSubmitRequest.builder("e").runtimeEnv(Map.of("x", new Object())).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("runtimeEnv.x");
    assertThatThrownBy(() -> JobSubmitRequest.builder("e").metadata("k", null).build())
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void serverMessagesAreExtractedFromEveryBodyShape() {
    assertThat(ErrorClassifier.serverMessage(Replies.BAD_REQUEST_TRACEBACK))
        .isEqualTo("TypeError: JobSubmitRequest.__init__() got an unexpected keyword argument 'bogus'");
    assertThat(ErrorClassifier.serverMessage(Replies.duplicateNew("d")))
        .isEqualTo("ValueError: Job with submission_id d already exists. Please use a different submission_id.");
    assertThat(ErrorClassifier.serverMessage(Replies.JSON_ENVELOPE))
        .isEqualTo("json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)");
    assertThat(ErrorClassifier.serverMessage("Job x does not exist")).isEqualTo("Job x does not exist");
    assertThat(ErrorClassifier.serverMessage("")).isEqualTo("(empty body)");
    assertThat(ErrorClassifier.serverMessage("x".repeat(1000))).hasSize(301);
  }

  @Test
  void statusesMapToTheErrorContract() {
    ErrorClassifier.Call job = ErrorClassifier.Call.job("getJob", "j");
    ErrorClassifier.Call submit = new ErrorClassifier.Call("submitJob", "s", true);
    assertThat(ErrorClassifier.classify(job, 400, "bad")).isInstanceOf(InvalidRequestException.class);
    assertThat(ErrorClassifier.classify(job, 401, "")).isInstanceOf(AuthenticationException.class);
    assertThat(ErrorClassifier.classify(job, 403, "")).isInstanceOf(AuthenticationException.class);
    assertThat(ErrorClassifier.classify(job, 404, "")).isInstanceOf(JobNotFoundException.class);
    assertThat(ErrorClassifier.classify(ErrorClassifier.Call.of("listJobs"), 404, ""))
        .isInstanceOf(UnexpectedResponseException.class);
    assertThat(ErrorClassifier.classify(submit, 404, "404: Not Found")).isInstanceOf(UnexpectedResponseException.class);
    for (int code : new int[] {502, 503, 504}) {
      RayDashboardException e = ErrorClassifier.classify(job, code, "");
      assertThat(e).isInstanceOf(DashboardUnavailableException.class);
      assertThat(e.isRetryable()).isTrue();
    }
    assertThat(ErrorClassifier.classify(job, 500, "boom")).isInstanceOf(UnexpectedResponseException.class);
    assertThat(ErrorClassifier.classify(job, 405, "")).isInstanceOf(UnexpectedResponseException.class);
    assertThat(ErrorClassifier.classify(submit, 500, Replies.duplicateNew("s")))
        .isInstanceOf(DuplicateSubmissionException.class);
    assertThat(ErrorClassifier.classify(job, 500, Replies.duplicateNew("s")))
        .isInstanceOf(InvalidRequestException.class);
    assertThat(ErrorClassifier.classify(job, 500, Replies.duplicateOld("s")))
        .isInstanceOf(UnexpectedResponseException.class);
  }
}
