package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RetryPolicy;
import dev.raykube.e2e.support.E2eWaits;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.sandbox.NodeSimulator;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SidecarMode and InteractiveMode RayJobs against the real peers: the submitter as a container of the real Ray head's
 * Pod (the node sandbox runs it beside {@code ray start --head}, its {@code http://127.0.0.1:8265} leading to the
 * head's dashboard), the head Pod deleted under a running SidecarMode job, and a job the user submits to an
 * InteractiveMode RayJob's cluster. What Ray says is asked of the head's dashboard directly ({@link HeadDashboard}).
 * The operator runs with KubeRay's gate {@code SidecarSubmitterRestart}: a submitter killed mid-job is restarted by
 * the node sandbox (as kubelet does under container restart rules) and follows the job it submitted.
 */
class RayJobModesE2eTest {

  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withRealRay().namespacePrefix("e2e-modes");

  private static KubernetesClient client;
  private static NodeSimulator nodes;
  private static InProcessOperator operator;
  private static RayJobNamespace jobs;

  @BeforeAll
  static void startOperator() throws Exception {
    client = kube.client();
    nodes = kube.nodes();
    jobs = new RayJobNamespace(client, kube.namespace());
    operator = InProcessOperator.start(client.getConfiguration(), nodes.dashboardAccess(),
        "--namespaces=" + kube.namespace(), "--feature-gates=SidecarSubmitterRestart=true");
  }

  @AfterAll
  static void stopOperator() {
    if (operator != null) {
      operator.close();
    }
  }

  /** Every RayJob deleted and gone (its finalizer stops its job), then every cluster and Pod gone. */
  @AfterEach
  void cleanUp() {
    jobs.all().forEach(job -> jobs.delete(job.getMetadata().getName()));
    await("every RayJob deleted", RayJobE2eTest.TEARDOWN, () -> jobs.all().isEmpty(), () -> "left: " + jobs.all()
        .stream().map(j -> jobs.describe(j.getMetadata().getName())).toList());
    jobs.deleteAllClusters();
    await("no RayCluster, no Pod", RayJobE2eTest.TEARDOWN, () -> jobs.clusters().isEmpty()
        && jobs.allPods().isEmpty(), () -> "pods " + jobs.allPods().size());
  }

  private static RayJob sidecarJob(String name, String entrypoint) {
    RayJob job = jobs.httpModeJob(name, entrypoint);
    job.getSpec().setSubmissionMode(JobSubmissionMode.SIDECAR_MODE);
    return job;
  }

  private static Pod headPod(String cluster) {
    return jobs.pods(cluster).stream().filter(p -> "head".equals(p.getMetadata().getLabels().get("ray.io/node-type")))
        .findFirst().orElse(null);
  }

  private static HeadDashboard headOf(String cluster) {
    return new HeadDashboard(nodes.dashboardUrl(jobs.name(), cluster).orElseThrow());
  }

  @Test
  @DisplayName("SidecarMode: the head Pod's ray-job-submitter submits the job to its own head; Complete/SUCCEEDED "
      + "once the job ended and the container exited 0")
  void sidecarModeRunsTheJobFromTheHeadPod() {
    jobs.create(sidecarJob("beside", "python -c \"import ray; ray.init(); print('from the sidecar', 6 * 7)\""));

    await("the RayJob is Complete", RayJobE2eTest.JOB_END,
        () -> jobs.deploymentStatus("beside") == JobDeploymentStatus.COMPLETE, () -> jobs.describe("beside"));
    RayJobStatus status = jobs.get("beside").getStatus();
    assertThat(status.getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    Pod head = headPod(status.getRayClusterName());
    assertThat(head.getSpec().getContainers()).extracting(c -> c.getName()).containsExactly("ray-head",
        "ray-job-submitter");
    assertThat(head.getSpec().getRestartPolicy()).isEqualTo("Never");
    ContainerStatus submitter = head.getStatus().getContainerStatuses().stream()
        .filter(c -> "ray-job-submitter".equals(c.getName())).findFirst().orElseThrow();
    assertThat(submitter.getState().getTerminated()).as("the submitter container's state").isNotNull();
    assertThat(submitter.getState().getTerminated().getExitCode()).isZero();
    HeadDashboard dashboard = headOf(status.getRayClusterName());
    assertThat(dashboard.submissions()).extracting(JobDetails::submissionId).containsExactly(status.getJobId());
    assertThat(dashboard.logs(status.getJobId())).contains("from the sidecar 42");
  }

  @Test
  @DisplayName("SidecarSubmitterRestart: the submitter killed while the job runs is restarted alone, submits nothing "
      + "again and follows the job to Complete/SUCCEEDED")
  void sidecarSubmitterRestartsWithoutSubmittingAgain() {
    jobs.create(sidecarJob("restarts", "python -c \"import time; time.sleep(20); print('after the restart', 6 * 7)\""));
    await("the Ray job runs", RayJobE2eTest.JOB_START, () -> jobs.jobStatus("restarts") == JobStatus.RUNNING,
        () -> jobs.describe("restarts"));
    String jobId = jobs.get("restarts").getStatus().getJobId();
    AtomicReference<ProcessHandle> follower = new AtomicReference<>();
    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "the submitter follows the job's logs", () -> {
      logFollower(jobId).ifPresent(follower::set);
      return follower.get() != null;
    });
    ProcessHandle script = follower.get().parent().orElseThrow();
    assertThat(script.info().commandLine().orElse("")).contains("ray job status");
    script.destroyForcibly();
    follower.get().destroyForcibly();

    await("the RayJob is Complete", RayJobE2eTest.JOB_END,
        () -> jobs.deploymentStatus("restarts") == JobDeploymentStatus.COMPLETE, () -> jobs.describe("restarts"));
    RayJobStatus status = jobs.get("restarts").getStatus();
    assertThat(status.getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    Pod head = headPod(status.getRayClusterName());
    assertThat(head.getSpec().getContainers().get(1).getRestartPolicy()).isEqualTo("OnFailure");
    ContainerStatus submitter = head.getStatus().getContainerStatuses().stream()
        .filter(c -> "ray-job-submitter".equals(c.getName())).findFirst().orElseThrow();
    assertThat(submitter.getRestartCount()).isEqualTo(1);
    assertThat(submitter.getLastState().getTerminated().getExitCode()).isNotZero();
    assertThat(submitter.getState().getTerminated().getExitCode()).isZero();
    HeadDashboard dashboard = headOf(status.getRayClusterName());
    assertThat(dashboard.submissions()).extracting(JobDetails::submissionId).containsExactly(jobId);
    assertThat(dashboard.logs(jobId)).contains("after the restart 42");
  }

  /** The {@code ray job logs --follow <id>} process of a SidecarMode submitter, once it runs. */
  private static Optional<ProcessHandle> logFollower(String jobId) {
    return ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
        .map(line -> line.contains("job logs") && line.contains("--follow") && line.contains(jobId)).orElse(false))
        .findFirst();
  }

  @Test
  @DisplayName("SidecarMode: the head Pod deleted while the job runs → Failed/AppFailed \"Ray head pod not found.\", "
      + "and the cluster gets no new head")
  void sidecarModeFailsWhenItsHeadGoes() {
    jobs.create(sidecarJob("headless", "python -c \"import time; time.sleep(600)\""));
    await("the Ray job runs", RayJobE2eTest.JOB_START, () -> jobs.jobStatus("headless") == JobStatus.RUNNING,
        () -> jobs.describe("headless"));
    String cluster = jobs.get("headless").getStatus().getRayClusterName();

    client.pods().inNamespace(jobs.name()).withName(headPod(cluster).getMetadata().getName()).delete();

    await("the RayJob is Failed", RayJobE2eTest.TEARDOWN,
        () -> jobs.deploymentStatus("headless") == JobDeploymentStatus.FAILED, () -> jobs.describe("headless"));
    RayJobStatus status = jobs.get("headless").getStatus();
    assertThat(status.getReason()).isEqualTo(JobFailedReason.APP_FAILED);
    assertThat(status.getMessage()).isEqualTo("Ray head pod not found.");
    assertThat(jobs.cluster(cluster).getMetadata().getAnnotations())
        .containsEntry("ray.io/disable-provisioned-head-restart", "true");
    Eventually.await(Duration.ofSeconds(10), E2eWaits.POLL, "no new head for " + cluster,
        () -> headPod(cluster) == null);
  }

  @Test
  @DisplayName("InteractiveMode: Waiting until the user submits a job to the cluster and names it in spec.jobId; "
      + "then followed to Complete/SUCCEEDED")
  void interactiveModeFollowsTheUsersJob() {
    RayJob job = jobs.httpModeJob("chat", null);
    job.getSpec().setSubmissionMode(JobSubmissionMode.INTERACTIVE_MODE);
    jobs.create(job);
    await("the RayJob is Waiting", RayJobE2eTest.JOB_START,
        () -> jobs.deploymentStatus("chat") == JobDeploymentStatus.WAITING, () -> jobs.describe("chat"));
    String cluster = jobs.get("chat").getStatus().getRayClusterName();
    assertThat(jobs.get("chat").getStatus().getJobId()).isNull();

    String submissionId;
    try (RayDashboardClient dashboard = RayDashboardClient.builder().baseUrl(headOf(cluster).url())
        .retryPolicy(RetryPolicy.none()).build()) {
      submissionId = dashboard.submitJob(JobSubmitRequest.builder("python -c \"print('typed by hand')\"")
          .submissionId("by-hand-1").build());
    }
    client.resources(RayJob.class).inNamespace(jobs.name()).withName("chat")
        .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"spec\":{\"jobId\":\"" + submissionId + "\"}}");

    await("the RayJob is Complete", RayJobE2eTest.JOB_END,
        () -> jobs.deploymentStatus("chat") == JobDeploymentStatus.COMPLETE, () -> jobs.describe("chat"));
    RayJobStatus status = jobs.get("chat").getStatus();
    assertThat(status.getJobId()).isEqualTo("by-hand-1");
    assertThat(status.getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(headOf(cluster).submissions()).extracting(JobDetails::submissionId).containsExactly("by-hand-1");
  }

  private static void await(String what, Duration timeout, java.util.function.BooleanSupplier condition,
      java.util.function.Supplier<String> state) {
    RayJobE2eTest.await(what, timeout, condition, state);
  }
}
