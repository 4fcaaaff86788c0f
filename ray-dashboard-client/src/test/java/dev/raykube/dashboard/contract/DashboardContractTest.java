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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The dashboard contract: the same scenarios against {@code FakeRayDashboard} and against a real Ray head, where only
 * the base URL (and token) differ. Entrypoints use only the shell subset the fake interprets, so both sides run the
 * same commands; the wire-level scenarios are in {@link DashboardWireContractTest}. See docs/dashboard-client.md for
 * running it against a real head (e2e/contract does it with two heads).
 */
public abstract class DashboardContractTest extends ServeContractTest {
  protected RayDashboardClient client;
  private final List<String> submitted = new ArrayList<>();

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
    String id = uniqueId(what);
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
    pause(millis);
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

  /**
   * Ray's supervisor exists from the submit on: it still starts the entrypoint at its usual time, then kills it. The
   * RUNNING phase in between lasts only until the supervisor acts on the stop (often less than one 100 ms poll), so the
   * start is proven by the final record (driver node, the "Running entrypoint" log line), not by catching RUNNING.
   */
  @Test
  void stopWhilePendingStillStartsTheEntrypointThenEndsStopped() {
    String id = submit("stop-pending", "sleep 30");
    List<JobStatus> seen = new ArrayList<>(List.of(client.getJob(id).status()));
    assertThat(seen).containsExactly(JobStatus.PENDING);
    assertThat(client.stopJob(id)).isEqualTo(StopResult.STOP_REQUESTED);
    JobDetails stopped = await(id, JobStatus.STOPPED, seen);
    assertThat(seen).startsWith(JobStatus.PENDING).endsWith(JobStatus.STOPPED)
        .isSubsetOf(JobStatus.PENDING, JobStatus.RUNNING, JobStatus.STOPPED).doesNotHaveDuplicates();
    assertThat(stopped.message()).isEqualTo("Job was intentionally stopped.");
    assertThat(stopped.driverNodeId()).isNotBlank();
    assertThat(client.getJobLogs(id)).contains("Running entrypoint for job " + id + ": sleep 30\n");
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
  void deleteWorksOnlyOnceTheJobHasEndedAndIsFinalOnceTheMonitorSawTheEnd() {
    String id = submit("delete", "sleep 30");
    assertThat(client.deleteJob(id)).isEqualTo(DeleteResult.NOT_TERMINAL);
    client.stopJob(id);
    await(id, JobStatus.STOPPED);
    awaitNotRunning(id, JobStatus.STOPPED);
    sleep(jobMonitorLag().toMillis());
    assertThat(client.deleteJob(id)).isEqualTo(DeleteResult.DELETED);
    assertThatThrownBy(() -> client.getJob(id)).isInstanceOf(JobNotFoundException.class);
    assertThat(client.deleteJob(id)).isEqualTo(DeleteResult.NOT_FOUND);
    sleep(jobMonitorLag().toMillis());
    assertThatThrownBy(() -> client.getJob(id)).as("stays deleted").isInstanceOf(JobNotFoundException.class);
  }

  /**
   * Ray 2.60: a job deleted before its job monitor noticed the supervisor exit (up to about 2 s after the end) is
   * written again by the monitor as FAILED/JOB_SUPERVISOR_ACTOR_DIED under the same id. On a real head the delete
   * races the monitor's poll, so the job comes back in most runs, not all; when it does, it looks exactly like this.
   */
  @Test
  void aJobDeletedRightAfterItsEndComesBackAsFailedIfTheMonitorHadNotSeenTheEnd() {
    String id = submit("delete-early", "echo early");
    await(id, JobStatus.SUCCEEDED);
    assertThat(client.deleteJob(id)).isEqualTo(DeleteResult.DELETED);
    assertThatThrownBy(() -> client.getJob(id)).isInstanceOf(JobNotFoundException.class);
    long deadline = System.nanoTime() + jobMonitorLag().multipliedBy(2).toNanos();
    JobDetails back = null;
    while (back == null && System.nanoTime() < deadline) {
      try {
        back = client.getJob(id);
      } catch (JobNotFoundException stillGone) {
        sleep(100);
      }
    }
    if (back != null) {
      assertThat(back.status()).isEqualTo(JobStatus.FAILED);
      assertThat(back.errorType()).isEqualTo("JOB_SUPERVISOR_ACTOR_DIED");
      assertThat(back.entrypoint()).isEqualTo("Entrypoint not found.");
      assertThat(back.message()).startsWith("Job supervisor actor died: ")
          .contains("name: _ray_internal_job_actor_" + id + "\n");
      assertThat(back.startTime()).isNull();
      assertThat(back.endTime()).isNotNull();
      assertThat(back.metadata()).isNull();
      assertThat(client.getJobLogs(id)).isEmpty();
      assertThat(client.stopJob(id)).isEqualTo(StopResult.NOT_RUNNING);
      assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo again").submissionId(id).build()))
          .isInstanceOf(DuplicateSubmissionException.class);
      assertThat(client.deleteJob(id)).isEqualTo(DeleteResult.DELETED);
      sleep(jobMonitorLag().toMillis());
    }
    assertThatThrownBy(() -> client.getJob(id)).isInstanceOf(JobNotFoundException.class);
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

  /**
   * Ray 2.60's tail loop looks at the job's status once per 2 s and returns 2 s after the look that saw the end
   * ({@code LOG_TAIL_SLEEP_S = 1} in {@code job_manager.py}, plus the log reader's 1 s sleep at the end of the file),
   * so a tail closes 2–4 s after the job ended while a GET shows the end at once. The band, from the end being visible
   * to a GET polled every 10 ms to the tail's close, is 1.5–8 s in the head's time: wide at the top for a loaded
   * machine, and far from the instant close a push-happy fake would give.
   */
  @Test
  void theTailClosesSecondsAfterTheEndIsVisibleToAGet() throws Exception {
    String id = submit("tail-close", "sleep 3");
    long[] closedAt = new long[1];
    LogTail tail = client.tailJobLogs(id, chunk -> {});
    CompletableFuture<Void> closed = tail.completion().whenComplete((ok, error) -> closedAt[0] = System.nanoTime());
    long deadline = System.nanoTime() + patience().toNanos();
    long visibleAt;
    while (true) {
      JobStatus status = client.getJob(id).status();
      if (status == JobStatus.SUCCEEDED) {
        visibleAt = System.nanoTime();
        break;
      }
      assertThat(System.nanoTime()).as("%s reaching SUCCEEDED; last %s", id, status).isLessThan(deadline);
      sleep(10);
    }
    assertThat(closed).as("the tail is still open when the end is first visible").isNotDone();
    closed.get(patience().toMillis(), TimeUnit.MILLISECONDS);
    Duration visibleToClosed = Duration.ofNanos(closedAt[0] - visibleAt);
    assertThat(visibleToClosed).as("end visible to a GET -> tail closed")
        .isBetween(scaled(Duration.ofMillis(1500)), scaled(Duration.ofSeconds(8)));
  }

  private Duration scaled(Duration headTime) {
    return Duration.ofNanos((long) (headTime.toNanos() * timeScale()));
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

  /** With Serve installed (the plain fake): read and shut down; without it (ray[default], the token fake): Ray's errors. */
  @Test
  void serveApplicationsCanBeReadAndShutDownOrAnswerThatServeIsNotInstalled() {
    ServeInstanceDetails details;
    try {
      details = client.getServeApplications();
    } catch (UnexpectedResponseException e) {
      assertThat(e.statusCode()).isEqualTo(501);
      assertThat(e.responseBody())
          .isEqualTo("Serve dependencies are not installed. Please run `pip install \"ray[serve]\"`.");
      assertThatThrownBy(() -> client.deployServeApplications("{\"applications\": []}"))
          .isInstanceOfSatisfying(UnexpectedResponseException.class, put -> assertThat(put.statusCode()).isEqualTo(501));
      // DELETE imports Serve without the 501 guard: a 500 with the import error.
      assertThatThrownBy(client::deleteServeApplications).isInstanceOfSatisfying(UnexpectedResponseException.class,
          delete -> assertThat(delete.responseBody()).contains("ModuleNotFoundError: No module named 'starlette'"));
      return;
    }
    assertThat(details.applications()).isNotNull();
    client.deleteServeApplications();
    assertThat(client.getServeApplications().applications()).isEmpty();
  }
}
