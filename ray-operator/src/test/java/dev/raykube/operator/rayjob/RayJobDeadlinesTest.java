package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.RayJobHarness.await;
import static dev.raykube.operator.rayjob.RayJobHarness.httpModeJob;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.testing.RayCrds;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code activeDeadlineSeconds} and {@code preRunningDeadlineSeconds} in the real operator runtime. The controller
 * reads the system clock, so the deadlines are real seconds; they are made short without depending on how fast a
 * loaded machine gets a RayJob to Running: a RayJob that must be Running first gets its deadline only once it is (a
 * spec change, counted from {@code status.startTime}), and a RayJob that must not reach Running has its Pods held
 * Pending. Every wait returns as soon as its condition holds.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobDeadlinesTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private RayJobTestBed bed;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  @BeforeEach
  void start() throws Exception {
    bed = RayJobTestBed.start(client, d -> {
      d.scriptEntrypoints(Pattern.compile("python forever\\.py"), JobScript.runsUntilStopped());
    });
  }

  @AfterEach
  void stop() {
    bed.close();
  }

  @Test
  @DisplayName("activeDeadlineSeconds passes while RUNNING: Failed/DeadlineExceeded, the Ray job stopped, no retry")
  void activeDeadlineWhileRunning() {
    RayJob job = httpModeJob("long", "python forever.py");
    job.getSpec().setBackoffLimit(2);
    bed.harness.create(job);
    await("the Ray job runs", () -> bed.harness.jobStatus("long") == JobStatus.RUNNING);
    String id = bed.harness.submissionId("long");
    Instant start = Instant.parse(bed.harness.get("long").getStatus().getStartTime());
    int deadline = (int) Duration.between(start, Instant.now()).toSeconds() + 2;

    bed.harness.edit("long", j -> j.getSpec().setActiveDeadlineSeconds(deadline));

    // The status is written first, then the stop and the Event of the same decision.
    await("the RayJob is Failed", () -> bed.harness.deploymentStatus("long") == JobDeploymentStatus.FAILED
        && bed.harness.eventReasons("long").contains("DeadlineExceeded"));
    RayJob failed = bed.harness.get("long");
    assertThat(failed.getStatus().getReason()).isEqualTo(JobFailedReason.DEADLINE_EXCEEDED);
    assertThat(failed.getStatus().getMessage()).contains("activeDeadlineSeconds=" + deadline);
    assertThat(Duration.between(start, Instant.parse(failed.getStatus().getEndTime())).toSeconds())
        .as("failed no earlier than the deadline").isGreaterThanOrEqualTo(deadline);
    assertThat(failed.getStatus().getFailed()).as("DeadlineExceeded is not retried despite backoffLimit 2")
        .isEqualTo(1);
    assertThat(bed.dashboard.stopRequested(id)).isTrue();
    await("the Ray job is STOPPED", () -> bed.dashboard.jobStatus(id).filter("STOPPED"::equals).isPresent());
    assertThat(bed.dashboard.submissionIds()).containsExactly(id);
    assertThat(bed.harness.eventReasons("long")).doesNotContain("Retrying");
  }

  @Test
  @DisplayName("activeDeadlineSeconds passes before the cluster is ready: Failed/DeadlineExceeded, nothing submitted")
  void activeDeadlineWhileInitializing() {
    bed.pods.holdPending(true);
    RayJob job = httpModeJob("stuck", "python forever.py");
    job.getSpec().setActiveDeadlineSeconds(2);
    bed.harness.create(job);

    await("the RayJob is Failed", () -> bed.harness.deploymentStatus("stuck") == JobDeploymentStatus.FAILED);
    RayJob failed = bed.harness.get("stuck");
    assertThat(failed.getStatus().getReason()).isEqualTo(JobFailedReason.DEADLINE_EXCEEDED);
    assertThat(failed.getStatus().getMessage()).contains("still Initializing");
    assertThat(bed.dashboard.submissionIds()).isEmpty();
    assertThat(bed.dashboard.requests()).noneMatch(r -> r.path().endsWith("/stop"));
  }

  @Test
  @DisplayName("preRunningDeadlineSeconds passes before Running: Failed/PreRunningDeadlineExceeded, cluster deleted")
  void preRunningDeadline() {
    bed.pods.holdPending(true);
    RayJob job = httpModeJob("slow", "python forever.py");
    job.getSpec().setPreRunningDeadlineSeconds(2);
    job.getSpec().setShutdownAfterJobFinishes(true);
    job.getSpec().setTtlSecondsAfterFinished(0);
    bed.harness.create(job);
    await("the RayCluster exists", () -> !bed.harness.clusters().isEmpty());

    await("the RayJob is Failed", () -> bed.harness.deploymentStatus("slow") == JobDeploymentStatus.FAILED);
    RayJob failed = bed.harness.get("slow");
    assertThat(failed.getStatus().getReason()).isEqualTo(JobFailedReason.PRE_RUNNING_DEADLINE_EXCEEDED);
    assertThat(failed.getStatus().getMessage()).contains("preRunningDeadlineSeconds=2");
    Instant start = Instant.parse(failed.getStatus().getStartTime());
    assertThat(Duration.between(start, Instant.parse(failed.getStatus().getEndTime())).toSeconds())
        .isGreaterThanOrEqualTo(2);
    assertThat(bed.dashboard.submissionIds()).isEmpty();
    await("the owned RayCluster is deleted after the failure", () -> bed.harness.clusters().isEmpty()
        && bed.harness.eventReasons("slow").contains("DeletedRayCluster"));
    assertThat(bed.harness.eventReasons("slow")).contains("PreRunningDeadlineExceeded");
  }

  @Test
  @DisplayName("preRunningDeadlineSeconds no longer applies once Running")
  void preRunningDeadlineEndsAtRunning() {
    bed.harness.create(httpModeJob("started", "python forever.py"));
    await("the Ray job runs", () -> bed.harness.jobStatus("started") == JobStatus.RUNNING);
    String id = bed.harness.submissionId("started");

    // A deadline that has already passed, counted from status.startTime.
    bed.harness.edit("started", j -> j.getSpec().setPreRunningDeadlineSeconds(1));
    long generation = bed.harness.get("started").getMetadata().getGeneration();
    await("the controller has decided on the new spec", () -> {
      RayJob seen = bed.harness.get("started");
      return seen.getStatus().getObservedGeneration() != null
          && seen.getStatus().getObservedGeneration() >= generation;
    });
    assertThat(bed.harness.deploymentStatus("started")).isEqualTo(JobDeploymentStatus.RUNNING);

    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(bed.dashboard.url()).build()) {
      ray.stopJob(id);
    }
    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("started") == JobDeploymentStatus.COMPLETE);
    assertThat(bed.harness.get("started").getStatus().getReason()).isNull();
    assertThat(bed.harness.jobStatus("started")).isEqualTo(JobStatus.STOPPED);
  }
}
