package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.RayJobHarness.httpModeJob;
import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.Fault;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.operator.testing.RayCrds;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The push signal of a job's end in the real operator runtime when no job list follows it (its reads fail): a log tail
 * per Running RayJob whose end reconciles the RayJob ({@link JobEndEventSource}), and {@code --max-job-log-tails=0}
 * turning it off. The job list itself: {@link JobListPollsTest}.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobEndPushTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private RayJobTestBed bed;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  @BeforeEach
  void start() {
    bed = RayJobTestBed.withoutOperator(client,
        dashboard -> dashboard.scriptEntrypoints(Pattern.compile("python forever\\.py"), JobScript.runsUntilStopped()));
  }

  @AfterEach
  void stop() {
    bed.close();
  }

  private int tailRequests(String id) {
    return bed.dashboard.requests("GET", "/api/jobs/" + id + "/logs/tail").size();
  }

  @Test
  @DisplayName("with a 10-minute poll and no job list (its reads fail), the end of the log tail reconciles the RayJob")
  void endOfTailReconciles() throws Exception {
    bed.dashboard.injectFaultOnPath("GET", "/api/jobs/", 100_000, Fault.status(500, "no list"));
    AdaptivePoll tenMinutes = new AdaptivePoll(Duration.ofMinutes(10), Duration.ofMinutes(10), 0);
    bed.startOperator((kube, fake) -> RayJobHarness.start(kube, fake, RayJobHarness.FAST_FINALIZER,
        RayJobHarness.FAST_JOBS.withPoll(tenMinutes), RayJobHarness.FAST_TAILS.withFollowedPoll(tenMinutes)));
    bed.harness.create(httpModeJob("pushed", "python forever.py"));
    // Submitted with the move to Running (the cluster's readiness reconciles); then nothing polls for 10 minutes. A
    // spec change reconciles once more: that reconcile sees the job RUNNING and opens the tail.
    await("the Ray job was submitted", () -> bed.harness.get("pushed").getStatus() != null
        && bed.harness.get("pushed").getStatus().getJobId() != null
        && bed.dashboard.jobStatus(bed.harness.submissionId("pushed")).filter("RUNNING"::equals).isPresent());
    String id = bed.harness.submissionId("pushed");
    bed.harness.edit("pushed", j -> j.getSpec().setActiveDeadlineSeconds(3600));
    await("the RayJob says RUNNING and its tail is open", () -> bed.harness.jobStatus("pushed") == JobStatus.RUNNING
        && tailRequests(id) == 1);

    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(bed.dashboard.url()).build()) {
      ray.stopJob(id);
    }
    await("the RayJob is Complete with jobStatus STOPPED", () -> bed.harness.jobStatus("pushed") == JobStatus.STOPPED
        && bed.harness.deploymentStatus("pushed") == JobDeploymentStatus.COMPLETE);
    assertThat(tailRequests(id)).as("one tail, not reopened after the end").isEqualTo(1);
  }

  @Test
  @DisplayName("--max-job-log-tails=0: no tail is opened; the poll alone finds the end")
  void pushOff() throws Exception {
    bed.startOperator((kube, fake) -> RayJobHarness.start(kube, fake, RayJobHarness.FAST_FINALIZER,
        "--max-job-log-tails=0"));
    bed.harness.create(httpModeJob("polled", "python forever.py"));
    await("the Ray job runs", () -> bed.harness.jobStatus("polled") == JobStatus.RUNNING);
    String id = bed.harness.submissionId("polled");
    await("several polls while RUNNING (the job list's reads stand in for the job's GETs)",
        () -> bed.dashboard.requests("GET", "/api/jobs/" + id).size()
            + bed.dashboard.requests("GET", "/api/jobs/").size() >= 4);
    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(bed.dashboard.url()).build()) {
      ray.stopJob(id);
    }
    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("polled") == JobDeploymentStatus.COMPLETE);
    assertThat(tailRequests(id)).isZero();
  }
}
