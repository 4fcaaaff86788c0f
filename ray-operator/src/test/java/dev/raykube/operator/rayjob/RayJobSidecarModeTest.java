package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.RayJobHarness.NS;
import static dev.raykube.operator.rayjob.RayJobHarness.httpModeJob;
import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.testing.RayCrds;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * SidecarMode in the real operator runtime on the CRUD mock: the head Pod carries the submitter container; the test
 * plays it (submits to the fake dashboard under the RayJob's submission id, then writes the container's terminated
 * state), and deletes the head Pod under a running job.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobSidecarModeTest {

  static KubernetesClient client;

  private RayJobTestBed bed;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  @BeforeEach
  void start() throws Exception {
    bed = RayJobTestBed.start(client);
  }

  @AfterEach
  void stop() {
    bed.close();
  }

  private RayJob sidecarJob(String name) {
    RayJob job = httpModeJob(name, "python train.py");
    job.getSpec().setSubmissionMode(JobSubmissionMode.SIDECAR_MODE);
    return bed.harness.create(job);
  }

  private static Pod head() {
    return client.pods().inNamespace(NS).withLabel("ray.io/node-type", "head").list().getItems().stream().findFirst()
        .orElse(null);
  }

  @Test
  @DisplayName("the head Pod runs ray-job-submitter; the RayJob is Complete only once the job ended and the container "
      + "exited 0; the operator submits nothing itself")
  void completesWithItsSubmitterContainer() {
    bed.dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"),
        JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
    sidecarJob("beside");
    await("the RayJob is Running", () -> bed.harness.deploymentStatus("beside") == JobDeploymentStatus.RUNNING);
    Pod head = head();
    assertThat(head.getSpec().getContainers()).extracting(c -> c.getName()).containsExactly("ray-head",
        "ray-job-submitter");
    assertThat(head.getSpec().getRestartPolicy()).isEqualTo("Never");
    assertThat(bed.dashboard.submissionIds()).as("the operator submits nothing in SidecarMode").isEmpty();

    String id = bed.harness.submissionId("beside");
    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(bed.dashboard.url()).build()) {
      ray.submitJob(JobSubmitRequest.builder("python train.py").submissionId(id).build());
    }
    await("the Ray job has ended", () -> bed.dashboard.jobStatus(id).filter("SUCCEEDED"::equals).isPresent());
    await("the RayJob saw it", () -> bed.harness.jobStatus("beside") == JobStatus.SUCCEEDED);
    assertThat(bed.harness.deploymentStatus("beside")).as("the submitter container still follows the logs")
        .isEqualTo(JobDeploymentStatus.RUNNING);

    String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    client.pods().inNamespace(NS).withName(head.getMetadata().getName()).editStatus(pod -> {
      List<ContainerStatus> statuses = new ArrayList<>(pod.getStatus().getContainerStatuses());
      statuses.add(new ContainerStatusBuilder().withName("ray-job-submitter").withReady(false).withNewState()
          .withNewTerminated().withExitCode(0).withReason("Completed").withFinishedAt(now).endTerminated().endState()
          .build());
      pod.getStatus().setContainerStatuses(statuses);
      return pod;
    });
    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("beside") == JobDeploymentStatus.COMPLETE);
    assertThat(bed.dashboard.submissionIds()).containsExactly(id);
  }

  @Test
  @DisplayName("the head Pod deleted while the job runs: Failed/AppFailed \"Ray head pod not found.\", the job is "
      + "stopped, and the RayCluster gets no new head")
  void failsWhenItsHeadGoes() {
    bed.dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"), JobScript.runsUntilStopped());
    sidecarJob("headless");
    await("the RayJob is Running", () -> bed.harness.deploymentStatus("headless") == JobDeploymentStatus.RUNNING);
    String id = bed.harness.submissionId("headless");
    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(bed.dashboard.url()).build()) {
      ray.submitJob(JobSubmitRequest.builder("python train.py").submissionId(id).build());
    }
    await("the Ray job runs", () -> bed.harness.jobStatus("headless") == JobStatus.RUNNING);

    client.pods().inNamespace(NS).withName(head().getMetadata().getName()).delete();

    await("the RayJob is Failed", () -> bed.harness.deploymentStatus("headless") == JobDeploymentStatus.FAILED);
    RayJob failed = bed.harness.get("headless");
    assertThat(failed.getStatus().getReason()).isEqualTo(JobFailedReason.APP_FAILED);
    assertThat(failed.getStatus().getMessage()).isEqualTo("Ray head pod not found.");
    assertThat(bed.dashboard.stopRequested(id)).isTrue();
    for (int i = 0; i < 20; i++) { // the RayCluster controller had its chance: 2 s of reconciles after the delete
      assertThat(head()).as("no new head Pod (ray.io/disable-provisioned-head-restart)").isNull();
      pause(Duration.ofMillis(100));
    }
  }

  private static void pause(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
