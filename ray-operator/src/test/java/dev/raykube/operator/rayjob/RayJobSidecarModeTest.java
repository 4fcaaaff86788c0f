package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.DirectRayJobs.NS;
import static dev.raykube.operator.rayjob.DirectRayJobs.httpModeJob;
import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * SidecarMode, the reconciler called directly ({@link DirectRayJobs}): the head Pod template of the owned RayCluster
 * carries the submitter container. The test plays the RayCluster controller (starts a head Pod from that template),
 * the submitter (submits to the fake dashboard under the RayJob's submission id, then writes the container's
 * terminated state), and deletes the head Pod under a running job.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobSidecarModeTest {

  static KubernetesClient client;

  private DirectRayJobs jobs;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void start() {
    jobs = DirectRayJobs.start(client, d -> {
      d.scriptEntrypoints(Pattern.compile("python train\\.py"), JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
      d.scriptEntrypoints(Pattern.compile("python forever\\.py"), JobScript.runsUntilStopped());
    });
  }

  @AfterEach
  void stop() {
    jobs.close();
  }

  @Test
  @DisplayName("the head Pod template runs ray-job-submitter; the RayJob is Complete only once the job ended and the "
      + "container exited 0; the operator submits nothing itself")
  void completesWithItsSubmitterContainer() {
    Pod head = runningSidecarJob("beside", "python train.py");
    assertThat(head.getSpec().getContainers()).extracting(Container::getName).containsExactly("ray-head",
        "ray-job-submitter");
    assertThat(head.getSpec().getRestartPolicy()).isEqualTo("Never");
    assertThat(jobs.dashboard.submissionIds()).as("the operator submits nothing in SidecarMode").isEmpty();

    String id = submitAsTheSidecar("beside");
    await("the Ray job has ended", () -> jobs.dashboard.jobStatus(id).filter("SUCCEEDED"::equals).isPresent());
    jobs.runUntil("beside", "the RayJob saw it", j -> j.getStatus().getJobStatus() == JobStatus.SUCCEEDED);
    jobs.step("beside");
    assertThat(jobs.deploymentStatus("beside")).as("the submitter container still follows the logs")
        .isEqualTo(JobDeploymentStatus.RUNNING);

    String now = jobs.clock.instant().toString();
    client.pods().inNamespace(NS).withName(head.getMetadata().getName()).editStatus(pod -> {
      pod.getStatus().getContainerStatuses().add(new ContainerStatusBuilder().withName("ray-job-submitter")
          .withReady(false).withNewState().withNewTerminated().withExitCode(0).withReason("Completed")
          .withFinishedAt(now).endTerminated().endState().build());
      return pod;
    });
    jobs.runUntil("beside", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    assertThat(jobs.dashboard.submissionIds()).containsExactly(id);
  }

  @Test
  @DisplayName("the head Pod deleted while the job runs: Failed/AppFailed \"Ray head pod not found.\", the job is "
      + "stopped, and the RayCluster asks for no new head")
  void failsWhenItsHeadGoes() {
    Pod head = runningSidecarJob("headless", "python forever.py");
    String id = submitAsTheSidecar("headless");
    jobs.runUntil("headless", "the Ray job runs", DirectRayJobs.rayJobRunning());

    client.resource(head).delete();
    jobs.step("headless");

    RayJob failed = jobs.get("headless");
    assertThat(failed.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(failed.getStatus().getReason()).isEqualTo(JobFailedReason.APP_FAILED);
    assertThat(failed.getStatus().getMessage()).isEqualTo("Ray head pod not found.");
    assertThat(jobs.dashboard.stopRequested(id)).isTrue();
    // The RayCluster controller honours it (PodReconcilePlanTest): a provisioned head is not replaced.
    assertThat(jobs.clusters()).singleElement().satisfies(c -> assertThat(c.getMetadata().getAnnotations())
        .containsEntry(RayClusterLabels.DISABLE_PROVISIONED_HEAD_RESTART_ANNOTATION, "true"));
  }

  /**
   * Creates a SidecarMode RayJob, starts its cluster's head Pod from the head template once the RayCluster exists (as
   * the RayCluster controller and kubelet would), and steps it to Running.
   */
  private Pod runningSidecarJob(String name, String entrypoint) {
    RayJob job = httpModeJob(name, entrypoint);
    job.getSpec().setSubmissionMode(JobSubmissionMode.SIDECAR_MODE);
    jobs.create(job);
    jobs.runUntil(name, "the RayCluster exists", j -> !jobs.clusters().isEmpty());
    RayCluster cluster = jobs.clusters().get(0);
    PodSpec template = cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec();
    Pod head = client.resource(new PodBuilder().withNewMetadata().withNamespace(NS)
        .withName(cluster.getMetadata().getName() + "-head")
        .addToLabels(RayClusterLabels.CLUSTER, cluster.getMetadata().getName())
        .addToLabels(RayClusterLabels.NODE_TYPE, "head").endMetadata()
        .withSpec(template).withNewStatus().withPhase("Running").addNewContainerStatus().withName("ray-head")
        .withReady(true).endContainerStatus().endStatus().build()).create();
    jobs.runUntil(name, "the RayJob is Running", DirectRayJobs.in(JobDeploymentStatus.RUNNING));
    return head;
  }

  /** What the submitter container does: submits the entrypoint under the RayJob's submission id. */
  private String submitAsTheSidecar(String name) {
    RayJob job = jobs.get(name);
    String id = job.getStatus().getJobId();
    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(jobs.dashboard.url()).build()) {
      ray.submitJob(JobSubmitRequest.builder(job.getSpec().getEntrypoint()).submissionId(id).build());
    }
    return id;
  }
}
