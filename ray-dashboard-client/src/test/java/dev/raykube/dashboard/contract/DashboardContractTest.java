package dev.raykube.dashboard.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.raykube.dashboard.AuthenticationException;
import dev.raykube.dashboard.DeleteResult;
import dev.raykube.dashboard.DuplicateSubmissionException;
import dev.raykube.dashboard.InvalidRequestException;
import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.JobLogListener;
import dev.raykube.dashboard.JobNotFoundException;
import dev.raykube.dashboard.JobStatus;
import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.JobType;
import dev.raykube.dashboard.LogTail;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RayDashboardClientBuilder;
import dev.raykube.dashboard.RayDashboardException;
import dev.raykube.dashboard.ServeInstanceDetails;
import dev.raykube.dashboard.StopResult;
import dev.raykube.dashboard.UnexpectedResponseException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The dashboard contract: the same scenarios against {@code FakeRayDashboard} and against a real Ray head, where only
 * the base URL (and token) differ. Entrypoints use only the shell subset the fake interprets, so both sides run the
 * same commands. See docs/dashboard-client.md for running it against a real head.
 */
public abstract class DashboardContractTest {
  protected RayDashboardClient client;
  private final List<String> submitted = new ArrayList<>();

  /** The dashboard URL, e.g. {@code http://127.0.0.1:8265}. */
  protected abstract String baseUrl();

  /** The bearer token, or null when the head has no token auth. */
  protected abstract String token();

  /** How long to wait for a job to reach a status. */
  protected abstract Duration patience();

  @BeforeEach
  void connect() {
    RayDashboardClientBuilder b = RayDashboardClient.builder().baseUrl(baseUrl());
    if (token() != null) {
      b.bearerToken(token());
    }
    client = b.build();
  }

  @AfterEach
  void cleanUp() {
    for (String id : submitted) {
      try {
        client.stopJob(id);
      } catch (RayDashboardException ignored) {
        // best effort: leave no sleeping jobs behind on a real head
      }
    }
    client.close();
  }

  private String newId(String what) {
    String id = "contract-" + what + "-" + UUID.randomUUID().toString().substring(0, 8);
    submitted.add(id);
    return id;
  }

  private String submit(String what, String entrypoint) {
    String id = newId(what);
    assertThat(client.submitJob(JobSubmitRequest.builder(entrypoint).submissionId(id).build())).isEqualTo(id);
    return id;
  }

  /** Polls until the job has {@code wanted}; returns the details and records every status seen on the way. */
  private JobDetails await(String id, JobStatus wanted, List<JobStatus> seen) {
    long deadline = System.nanoTime() + patience().toNanos();
    while (true) {
      JobDetails job = client.getJob(id);
      if (seen.isEmpty() || seen.get(seen.size() - 1) != job.status()) {
        seen.add(job.status());
      }
      if (job.status() == wanted) {
        return job;
      }
      assertThat(System.nanoTime()).as("%s reaching %s; seen %s", id, wanted, seen).isLessThan(deadline);
      sleep(100);
    }
  }

  private JobDetails await(String id, JobStatus wanted) {
    return await(id, wanted, new ArrayList<>());
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  @Test
  void aJobRunsToSucceededWithItsLogs() {
    String id = newId("ok");
    client.submitJob(JobSubmitRequest.builder("echo contract-hello && sleep 1 && echo done").submissionId(id)
        .metadata("suite", "contract").build());
    JobDetails first = client.getJob(id);
    assertThat(first.type()).isEqualTo(JobType.SUBMISSION);
    assertThat(first.submissionId()).isEqualTo(id);
    assertThat(first.entrypoint()).isEqualTo("echo contract-hello && sleep 1 && echo done");
    assertThat(first.metadata()).containsEntry("suite", "contract");
    assertThat(first.startTime()).isNotNull();

    List<JobStatus> seen = new ArrayList<>();
    JobDetails done = await(id, JobStatus.SUCCEEDED, seen);
    assertThat(seen).isSubsetOf(JobStatus.PENDING, JobStatus.RUNNING, JobStatus.SUCCEEDED);
    assertThat(done.message()).isEqualTo("Job finished successfully.");
    assertThat(done.driverExitCode()).isZero();
    assertThat(done.endTime()).isAfterOrEqualTo(done.startTime());
    assertThat(done.driverAgentHttpAddress()).startsWith("http://");
    assertThat(done.driverNodeId()).isNotBlank();
    assertThat(done.jobId()).as("non-Ray entrypoints never get a Ray job id").isNull();
    assertThat(client.getJobLogs(id)).contains("contract-hello\n").contains("done\n");
  }

  @Test
  void aFailingEntrypointFailsWithItsExitCode() {
    String id = submit("fail", "echo failing-now && exit 3");
    JobDetails failed = await(id, JobStatus.FAILED);
    assertThat(failed.driverExitCode()).isEqualTo(3);
    assertThat(failed.message()).startsWith("Job entrypoint command failed with exit code 3")
        .contains("failing-now");
  }

  @Test
  void stopWhileRunningEndsStopped() {
    String id = submit("stop-running", "sleep 30");
    await(id, JobStatus.RUNNING);
    assertThat(client.stopJob(id)).isEqualTo(StopResult.STOP_REQUESTED);
    JobDetails stopped = await(id, JobStatus.STOPPED);
    assertThat(stopped.message()).isEqualTo("Job was intentionally stopped.");
    assertThat(stopped.driverExitCode()).isNull();
    assertThat(stopped.endTime()).isNotNull();
    awaitNotRunning(id, JobStatus.STOPPED);
  }

  @Test
  void stopWhilePendingIsAcceptedAndEndsStopped() {
    String id = submit("stop-pending", "sleep 30");
    assertThat(client.stopJob(id)).isEqualTo(StopResult.STOP_REQUESTED);
    List<JobStatus> seen = new ArrayList<>();
    await(id, JobStatus.STOPPED, seen);
    assertThat(seen).isSubsetOf(JobStatus.PENDING, JobStatus.RUNNING, JobStatus.STOPPED);
  }

  @Test
  void stopAfterSuccessSoonReportsNotRunningAndChangesNothing() {
    String id = submit("stop-done", "echo quick");
    await(id, JobStatus.SUCCEEDED);
    awaitNotRunning(id, JobStatus.SUCCEEDED);
  }

  /**
   * Ray's supervisor writes the final status and only then exits, so a stop just after the end may still answer
   * STOP_REQUESTED; it must never change the status, and must soon answer NOT_RUNNING.
   */
  private void awaitNotRunning(String id, JobStatus finalStatus) {
    long deadline = System.nanoTime() + patience().toNanos();
    StopResult result;
    while ((result = client.stopJob(id)) != StopResult.NOT_RUNNING) {
      assertThat(result).isEqualTo(StopResult.STOP_REQUESTED);
      assertThat(client.getJob(id).status()).isEqualTo(finalStatus);
      assertThat(System.nanoTime()).as("stop of %s answering NOT_RUNNING", id).isLessThan(deadline);
      sleep(100);
    }
    assertThat(client.getJob(id).status()).isEqualTo(finalStatus);
  }

  @Test
  void unknownIdsAreNotFoundEverywhere() throws Exception {
    String id = "contract-missing-" + UUID.randomUUID().toString().substring(0, 8);
    assertThatThrownBy(() -> client.getJob(id)).isInstanceOfSatisfying(JobNotFoundException.class,
        e -> assertThat(e.responseBody()).isEqualTo("Job " + id + " does not exist"));
    assertThat(client.stopJob(id)).isEqualTo(StopResult.NOT_FOUND);
    assertThat(client.deleteJob(id)).isEqualTo(DeleteResult.NOT_FOUND);
    assertThatThrownBy(() -> client.getJobLogs(id)).isInstanceOf(JobNotFoundException.class);
    List<RayDashboardException> failures = new CopyOnWriteArrayList<>();
    LogTail tail = client.tailJobLogs(id, new JobLogListener() {
      @Override
      public void onLogs(String chunk) {}

      @Override
      public void onFailure(RayDashboardException error) {
        failures.add(error);
      }
    });
    assertThatThrownBy(() -> tail.completion().get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(JobNotFoundException.class);
    assertThat(failures).singleElement().isInstanceOf(JobNotFoundException.class);
  }

  @Test
  void aSecondSubmitWithTheSameIdIsADuplicate() {
    String id = submit("dup", "echo once");
    assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo twice").submissionId(id).build()))
        .isInstanceOfSatisfying(DuplicateSubmissionException.class, e -> assertThat(e.submissionId()).isEqualTo(id));
    assertThat(client.getJob(id).entrypoint()).isEqualTo("echo once");
  }

  @Test
  void deleteWorksOnlyOnceTheJobHasEnded() {
    String id = submit("delete", "sleep 30");
    assertThat(client.deleteJob(id)).isEqualTo(DeleteResult.NOT_TERMINAL);
    client.stopJob(id);
    await(id, JobStatus.STOPPED);
    assertThat(client.deleteJob(id)).isEqualTo(DeleteResult.DELETED);
    assertThatThrownBy(() -> client.getJob(id)).isInstanceOf(JobNotFoundException.class);
    assertThat(client.deleteJob(id)).isEqualTo(DeleteResult.NOT_FOUND);
  }

  @Test
  void theListContainsTheJobAndEnvVarsReachTheEntrypoint() {
    String id = newId("list");
    client.submitJob(JobSubmitRequest.builder("echo listed-$CONTRACT").submissionId(id)
        .runtimeEnv(Map.of("env_vars", Map.of("CONTRACT", "env-ok"))).build());
    JobDetails listed = client.listJobs().stream().filter(j -> id.equals(j.submissionId())).findFirst()
        .orElseThrow(() -> new AssertionError(id + " not listed"));
    assertThat(listed.type()).isEqualTo(JobType.SUBMISSION);
    assertThat(listed.entrypoint()).isEqualTo("echo listed-$CONTRACT");
    assertThat(listed.runtimeEnv()).containsEntry("env_vars", Map.of("CONTRACT", "env-ok"));
    await(id, JobStatus.SUCCEEDED);
    assertThat(client.getJobLogs(id)).contains("listed-env-ok\n");
  }

  @Test
  void theTailDeliversTheOutputAndCompletes() throws Exception {
    String id = submit("tail", "echo tail-a && sleep 1 && echo tail-b");
    StringBuilder text = new StringBuilder();
    LogTail tail = client.tailJobLogs(id, chunk -> {
      synchronized (text) {
        text.append(chunk);
      }
    });
    tail.completion().get(patience().toMillis(), TimeUnit.MILLISECONDS);
    synchronized (text) {
      assertThat(text.toString()).contains("tail-a\n").contains("tail-b\n");
    }
    assertThat(client.getJob(id).status()).isEqualTo(JobStatus.SUCCEEDED);
  }

  @Test
  void theVersionIsReadable() {
    assertThat(client.getVersion().rayVersion().isAtLeast(2, 0)).isTrue();
    assertThat(client.getVersion().jobsApiVersion()).isNotBlank();
  }

  @Test
  void theGcsIsHealthy() {
    assertThat(client.gcsHealthy()).isTrue();
  }

  @Test
  void aBadLabelSelectorIsAnInvalidRequest() {
    assumeTrue(client.serverVersion().isAtLeast(2, 54), "label selectors need Ray 2.54");
    String id = newId("label");
    assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo").submissionId(id)
        .entrypointLabelSelector(Map.of("zone", "!!bad")).build()))
        .isInstanceOfSatisfying(InvalidRequestException.class,
            e -> assertThat(e.serverMessage()).contains("Invalid label selector value"));
    assertThatThrownBy(() -> client.getJob(id)).isInstanceOf(JobNotFoundException.class);
  }

  @Test
  void withTokenAuthMissingOrWrongTokensAreRefused() {
    assumeTrue(token() != null, "the head has no token auth");
    try (RayDashboardClient anonymous = RayDashboardClient.builder().baseUrl(baseUrl()).build();
        RayDashboardClient wrong = RayDashboardClient.builder().baseUrl(baseUrl()).bearerToken("not-the-token")
            .build()) {
      assertThatThrownBy(anonymous::listJobs).isInstanceOfSatisfying(AuthenticationException.class,
          e -> assertThat(e.statusCode()).isEqualTo(401));
      assertThatThrownBy(wrong::listJobs).isInstanceOfSatisfying(AuthenticationException.class,
          e -> assertThat(e.statusCode()).isEqualTo(403));
      assertThat(anonymous.gcsHealthy()).isTrue();
    }
  }

  @Test
  void serveApplicationsCanBeReadAndShutDown() {
    ServeInstanceDetails details;
    try {
      details = client.getServeApplications();
    } catch (UnexpectedResponseException e) {
      assumeTrue(e.statusCode() != 501, "Serve is not installed on this head");
      throw e;
    }
    assertThat(details.applications()).isNotNull();
    client.deleteServeApplications();
    assertThat(client.getServeApplications().applications()).isEmpty();
  }
}
