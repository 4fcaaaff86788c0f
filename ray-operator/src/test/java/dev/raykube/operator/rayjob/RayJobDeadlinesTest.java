package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.DirectRayJobs.httpModeJob;
import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.testing.RayCrds;
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
 * {@code activeDeadlineSeconds} and {@code preRunningDeadlineSeconds}, with the RayJob controller's reconciler called
 * directly ({@link DirectRayJobs}) at a clock the test moves: a deadline passes the moment the test says so, not after
 * real seconds, and a RayJob that must not reach Running has its RayCluster held not ready.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobDeadlinesTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private DirectRayJobs jobs;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void start() {
    jobs = DirectRayJobs.start(client, d -> {
      d.scriptEntrypoints(Pattern.compile("python forever\\.py"), JobScript.runsUntilStopped());
    });
  }

  @AfterEach
  void stop() {
    jobs.close();
  }

  @Test
  @DisplayName("activeDeadlineSeconds passes while RUNNING: Failed/DeadlineExceeded, the Ray job stopped, no retry")
  void activeDeadlineWhileRunning() {
    RayJob job = httpModeJob("long", "python forever.py");
    job.getSpec().setBackoffLimit(2);
    jobs.create(job);
    jobs.runUntil("long", "the Ray job runs", DirectRayJobs.rayJobRunning());
    String id = jobs.submissionId("long");
    Instant start = Instant.parse(jobs.get("long").getStatus().getStartTime());

    jobs.edit("long", j -> j.getSpec().setActiveDeadlineSeconds(60));
    jobs.step("long");
    assertThat(jobs.deploymentStatus("long")).as("before the deadline").isEqualTo(JobDeploymentStatus.RUNNING);
    jobs.clock.advance(Duration.ofSeconds(61));
    jobs.step("long");

    RayJob failed = jobs.get("long");
    assertThat(failed.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(jobs.eventReasons("long")).contains("DeadlineExceeded");
    assertThat(failed.getStatus().getReason()).isEqualTo(JobFailedReason.DEADLINE_EXCEEDED);
    assertThat(failed.getStatus().getMessage()).contains("activeDeadlineSeconds=60");
    assertThat(Duration.between(start, Instant.parse(failed.getStatus().getEndTime())).toSeconds())
        .as("failed no earlier than the deadline").isGreaterThanOrEqualTo(60);
    assertThat(failed.getStatus().getFailed()).as("DeadlineExceeded is not retried despite backoffLimit 2")
        .isEqualTo(1);
    assertThat(jobs.dashboard.stopRequested(id)).isTrue();
    await("the Ray job is STOPPED", () -> jobs.dashboard.jobStatus(id).filter("STOPPED"::equals).isPresent());
    jobs.step("long");
    assertThat(jobs.dashboard.submissionIds()).containsExactly(id);
    assertThat(jobs.eventReasons("long")).doesNotContain("Retrying");
  }

  @Test
  @DisplayName("activeDeadlineSeconds passes before the cluster is ready: Failed/DeadlineExceeded, nothing submitted")
  void activeDeadlineWhileInitializing() {
    jobs.holdClustersPending(true);
    RayJob job = httpModeJob("stuck", "python forever.py");
    job.getSpec().setActiveDeadlineSeconds(2);
    jobs.create(job);
    jobs.runUntil("stuck", "the RayCluster is created", j -> !jobs.clusters().isEmpty());
    jobs.step("stuck");
    assertThat(jobs.deploymentStatus("stuck")).isEqualTo(JobDeploymentStatus.INITIALIZING);

    jobs.clock.advance(Duration.ofSeconds(3));
    jobs.step("stuck");
    RayJob failed = jobs.get("stuck");
    assertThat(failed.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(failed.getStatus().getReason()).isEqualTo(JobFailedReason.DEADLINE_EXCEEDED);
    assertThat(failed.getStatus().getMessage()).contains("still Initializing");
    assertThat(jobs.dashboard.submissionIds()).isEmpty();
    assertThat(jobs.dashboard.requests()).noneMatch(r -> r.path().endsWith("/stop"));
  }

  @Test
  @DisplayName("preRunningDeadlineSeconds passes before Running: Failed/PreRunningDeadlineExceeded, cluster deleted")
  void preRunningDeadline() {
    jobs.holdClustersPending(true);
    RayJob job = httpModeJob("slow", "python forever.py");
    job.getSpec().setPreRunningDeadlineSeconds(2);
    job.getSpec().setShutdownAfterJobFinishes(true);
    job.getSpec().setTtlSecondsAfterFinished(0);
    jobs.create(job);
    jobs.runUntil("slow", "the RayCluster is created", j -> !jobs.clusters().isEmpty());

    jobs.clock.advance(Duration.ofSeconds(2));
    jobs.step("slow");
    RayJob failed = jobs.get("slow");
    assertThat(failed.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(failed.getStatus().getReason()).isEqualTo(JobFailedReason.PRE_RUNNING_DEADLINE_EXCEEDED);
    assertThat(failed.getStatus().getMessage()).contains("preRunningDeadlineSeconds=2");
    Instant start = Instant.parse(failed.getStatus().getStartTime());
    assertThat(Duration.between(start, Instant.parse(failed.getStatus().getEndTime())).toSeconds())
        .isGreaterThanOrEqualTo(2);
    assertThat(jobs.dashboard.submissionIds()).isEmpty();
    jobs.runUntil("slow", "the owned RayCluster is deleted after the failure", j -> jobs.clusters().isEmpty()
        && jobs.eventReasons("slow").contains("DeletedRayCluster"));
    assertThat(jobs.eventReasons("slow")).contains("PreRunningDeadlineExceeded");
  }

  @Test
  @DisplayName("preRunningDeadlineSeconds no longer applies once Running")
  void preRunningDeadlineEndsAtRunning() {
    jobs.create(httpModeJob("started", "python forever.py"));
    jobs.runUntil("started", "the Ray job runs", DirectRayJobs.rayJobRunning());
    String id = jobs.submissionId("started");

    // A deadline that has passed long ago, counted from status.startTime.
    jobs.edit("started", j -> j.getSpec().setPreRunningDeadlineSeconds(1));
    jobs.clock.advance(Duration.ofSeconds(30));
    long generation = jobs.get("started").getMetadata().getGeneration();
    jobs.step("started");
    RayJob seen = jobs.get("started");
    assertThat(seen.getStatus().getObservedGeneration()).as("decided on the new spec").isEqualTo(generation);
    assertThat(seen.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);

    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(jobs.dashboard.url()).build()) {
      ray.stopJob(id);
    }
    jobs.runUntil("started", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    assertThat(jobs.get("started").getStatus().getReason()).isNull();
    assertThat(jobs.jobStatus("started")).isEqualTo(JobStatus.STOPPED);
  }
}
