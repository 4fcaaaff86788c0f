package dev.raykube.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.cronjob.RayCronJobSpec;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceStatus;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RunProgressTest {

  private static final RunProgress.Target JOB = new RunProgress.Target(RunProgress.Kind.RAY_JOB, "default", "j");
  private static final RunProgress.Target CLUSTER =
      new RunProgress.Target(RunProgress.Kind.RAY_CLUSTER, "default", "c");
  private static final RunProgress.Target SERVICE =
      new RunProgress.Target(RunProgress.Kind.RAY_SERVICE, "default", "s");
  private static final RunProgress.Target CRON =
      new RunProgress.Target(RunProgress.Kind.RAY_CRON_JOB, "default", "cron");

  static RayJob job(JobDeploymentStatus deployment, JobStatus jobStatus) {
    RayJob job = new RayJob();
    RayJobStatus status = new RayJobStatus();
    status.setJobDeploymentStatus(deployment);
    status.setJobStatus(jobStatus);
    status.setJobId("j-abcde");
    job.setStatus(status);
    return job;
  }

  /** Every deployment status × the Ray job statuses that matter: ended? succeeded? */
  static Stream<Arguments> jobEnds() {
    return Stream.of(
        Arguments.of(JobDeploymentStatus.NEW, null, false, false),
        Arguments.of(JobDeploymentStatus.INITIALIZING, null, false, false),
        Arguments.of(JobDeploymentStatus.RUNNING, JobStatus.RUNNING, false, false),
        Arguments.of(JobDeploymentStatus.RUNNING, JobStatus.SUCCEEDED, false, false),
        Arguments.of(JobDeploymentStatus.RETRYING, JobStatus.FAILED, false, false),
        Arguments.of(JobDeploymentStatus.WAITING, null, false, false),
        Arguments.of(JobDeploymentStatus.SUSPENDING, JobStatus.STOPPED, false, false),
        Arguments.of(JobDeploymentStatus.SUSPENDED, JobStatus.STOPPED, false, false),
        Arguments.of(JobDeploymentStatus.COMPLETE, JobStatus.SUCCEEDED, true, true),
        Arguments.of(JobDeploymentStatus.COMPLETE, JobStatus.FAILED, true, false),
        Arguments.of(JobDeploymentStatus.COMPLETE, JobStatus.STOPPED, true, false),
        Arguments.of(JobDeploymentStatus.FAILED, JobStatus.FAILED, true, false),
        Arguments.of(JobDeploymentStatus.FAILED, null, true, false),
        Arguments.of(JobDeploymentStatus.VALIDATION_FAILED, null, true, false));
  }

  @ParameterizedTest(name = "{0} / {1}: ended {2}, succeeded {3}")
  @MethodSource("jobEnds")
  void rayJobEnds(JobDeploymentStatus deployment, JobStatus jobStatus, boolean ended, boolean succeeded) {
    RunProgress progress = new RunProgress(List.of(JOB));
    progress.onRayJob(JOB, job(deployment, jobStatus));
    assertThat(progress.ended(JOB)).isEqualTo(ended);
    assertThat(progress.finished()).isEqualTo(ended);
    assertThat(progress.succeeded()).isEqualTo(succeeded);
  }

  @Test
  @DisplayName("one line per change of what a RayJob shows; the same state again prints nothing")
  void linesOnChange() {
    RunProgress progress = new RunProgress(List.of(JOB));
    assertThat(progress.onRayJob(JOB, new RayJob())).containsExactly("RayJob default/j: created, waiting for the "
        + "operator");
    assertThat(progress.onRayJob(JOB, job(JobDeploymentStatus.RUNNING, JobStatus.PENDING)))
        .containsExactly("RayJob default/j: Running, Ray job j-abcde PENDING");
    assertThat(progress.onRayJob(JOB, job(JobDeploymentStatus.RUNNING, JobStatus.PENDING))).isEmpty();
    RayJob ready = job(JobDeploymentStatus.RUNNING, JobStatus.RUNNING);
    ready.getStatus().setRayClusterName("j-cluster");
    RayClusterStatus cluster = new RayClusterStatus();
    cluster.setState(ClusterState.READY);
    ready.getStatus().setRayClusterStatus(cluster);
    assertThat(progress.onRayJob(JOB, ready)).containsExactly("RayJob default/j: RayCluster j-cluster ready",
        "RayJob default/j: Running, Ray job j-abcde RUNNING");
    assertThat(progress.onRayJob(JOB, ready)).isEmpty();
  }

  @Test
  @DisplayName("a failed RayJob shows its reason and the first line of its message, and the summary names it")
  void failure() {
    RunProgress progress = new RunProgress(List.of(JOB));
    RayJob failed = job(JobDeploymentStatus.FAILED, JobStatus.FAILED);
    failed.getStatus().setReasonValue("AppFailed");
    failed.getStatus().setMessage("exit code 1, last logs:\nTraceback ...\n");
    assertThat(progress.onRayJob(JOB, failed))
        .containsExactly("RayJob default/j: Failed, Ray job j-abcde FAILED: AppFailed (exit code 1, last logs:)");
    assertThat(progress.summary()).containsExactly(
        "RayJob default/j ended Failed, Ray job j-abcde FAILED: AppFailed (exit code 1, last logs:)",
        "0 of 1 RayJob SUCCEEDED");
  }

  @Test
  @DisplayName("a RayJob deleted under the run ends it unsuccessfully")
  void deleted() {
    RunProgress progress = new RunProgress(List.of(JOB));
    assertThat(progress.onRayJob(JOB, null)).containsExactly("RayJob default/j: deleted before it ended");
    assertThat(progress.finished()).isTrue();
    assertThat(progress.succeeded()).isFalse();
  }

  @Test
  @DisplayName("RayClusters end ready (or failed), RayServices end Ready; the run waits for all")
  void clustersAndServices() {
    RunProgress progress = new RunProgress(List.of(CLUSTER, SERVICE));
    RayCluster cluster = new RayCluster();
    assertThat(progress.onRayCluster(CLUSTER, cluster)).containsExactly("RayCluster default/c: not ready yet");
    RayClusterStatus status = new RayClusterStatus();
    status.setState(ClusterState.READY);
    status.setDesiredWorkerReplicas(2);
    status.setReadyWorkerReplicas(2);
    cluster.setStatus(status);
    assertThat(progress.onRayCluster(CLUSTER, cluster))
        .containsExactly("RayCluster default/c: ready, 2/2 workers ready");
    assertThat(progress.finished()).isFalse();

    RayService service = new RayService();
    RayServiceStatus serviceStatus = new RayServiceStatus();
    serviceStatus.setConditions(List.of(new ConditionBuilder().withType("Ready").withStatus("False")
        .withReason("Initializing").build()));
    service.setStatus(serviceStatus);
    assertThat(progress.onRayService(SERVICE, service))
        .containsExactly("RayService default/s: not Ready (Initializing)");
    serviceStatus.setConditions(List.of(new ConditionBuilder().withType("Ready").withStatus("True")
        .withReason("RunningServeApplications").build()));
    serviceStatus.setNumServeEndpoints(1);
    assertThat(progress.onRayService(SERVICE, service))
        .containsExactly("RayService default/s: Ready (RunningServeApplications), 1 Serve endpoints");
    assertThat(progress.succeeded()).isTrue();
    assertThat(progress.summary()).containsExactly("every object is ready");
  }

  @Test
  @DisplayName("a failed RayCluster ends the run unsuccessfully; an object that never ended is named")
  void notReady() {
    RunProgress progress = new RunProgress(List.of(CLUSTER, JOB));
    RayCluster cluster = new RayCluster();
    RayClusterStatus status = new RayClusterStatus();
    status.setState(ClusterState.FAILED);
    status.setReason("head Pod failed");
    cluster.setStatus(status);
    progress.onRayCluster(CLUSTER, cluster);
    progress.onRayJob(JOB, job(JobDeploymentStatus.INITIALIZING, null));
    assertThat(progress.finished()).isFalse();
    assertThat(progress.summary()).containsExactly("RayCluster default/c ended failed (head Pod failed)",
        "RayJob default/j has not ended: Initializing, Ray job j-abcde", "0 of 1 RayJob SUCCEEDED");
  }

  static RayCronJob cronJob(Boolean suspend) {
    RayCronJob cronJob = new RayCronJob();
    RayCronJobSpec spec = new RayCronJobSpec();
    spec.setSchedule("* * * * *");
    spec.setSuspend(suspend);
    cronJob.setSpec(spec);
    return cronJob;
  }

  /** A RayJob of the RayCronJob {@code cron}, of the minute {@code minutes}. */
  static RayJob child(long minutes, JobDeploymentStatus deployment, JobStatus jobStatus) {
    RayJob job = deployment == null ? new RayJob() : job(deployment, jobStatus);
    job.setMetadata(new ObjectMetaBuilder().withName("cron-" + minutes)
        .withAnnotations(Map.of("ray.io/cronjob-scheduled-timestamp", "2026-12-05T12:0" + (minutes % 10) + ":00Z"))
        .build());
    return job;
  }

  @Test
  @DisplayName("a RayCronJob: waiting, its RayJob shown as a RayJob is, the end with its first RayJob's")
  void cronJobEndsWithItsFirstRayJob() {
    RunProgress progress = new RunProgress(List.of(CRON));
    assertThat(progress.onRayCronJob(CRON, cronJob(null), List.of(), Optional.empty()))
        .containsExactly("RayCronJob default/cron: waiting for its first scheduled time (* * * * *)");
    assertThat(progress.onRayCronJob(CRON, cronJob(null), List.of(), Optional.empty())).isEmpty();

    assertThat(progress.onRayCronJob(CRON, cronJob(null), List.of(child(1, null, null)), Optional.empty()))
        .containsExactly("RayCronJob default/cron: created RayJob cron-1 for 2026-12-05T12:01:00Z",
            "RayJob default/cron-1: created, waiting for the operator");
    assertThat(progress.onRayCronJob(CRON, cronJob(null),
        List.of(child(1, JobDeploymentStatus.RUNNING, JobStatus.RUNNING)), Optional.empty()))
        .containsExactly("RayJob default/cron-1: Running, Ray job j-abcde RUNNING");
    assertThat(progress.finished()).isFalse();

    // The next minute's RayJob appears while the first runs; the first one's end is the end.
    assertThat(progress.onRayCronJob(CRON, cronJob(null), List.of(child(2, null, null),
        child(1, JobDeploymentStatus.COMPLETE, JobStatus.SUCCEEDED)), Optional.empty())).containsExactly(
        "RayJob default/cron-1: Complete, Ray job j-abcde SUCCEEDED",
        "RayCronJob default/cron: created RayJob cron-2 for 2026-12-05T12:02:00Z",
        "RayJob default/cron-2: created, waiting for the operator",
        "RayCronJob default/cron: first RayJob cron-1: Complete, Ray job j-abcde SUCCEEDED");
    assertThat(progress.finished()).isTrue();
    assertThat(progress.succeeded()).isTrue();
    assertThat(progress.summary()).containsExactly("1 of 1 RayJob SUCCEEDED");
  }

  @Test
  @DisplayName("a RayCronJob whose first RayJob fails, or that is invalid, suspended or deleted")
  void cronJobThatDoesNotSucceed() {
    RunProgress failed = new RunProgress(List.of(CRON));
    failed.onRayCronJob(CRON, cronJob(null), List.of(child(7, JobDeploymentStatus.FAILED, JobStatus.FAILED)),
        Optional.empty());
    assertThat(failed.finished()).isTrue();
    assertThat(failed.succeeded()).isFalse();
    assertThat(failed.summary()).containsExactly(
        "RayCronJob default/cron ended first RayJob cron-7: Failed, Ray job j-abcde FAILED", "0 of 1 RayJob SUCCEEDED");

    RunProgress invalid = new RunProgress(List.of(CRON));
    assertThat(invalid.onRayCronJob(CRON, cronJob(null), List.of(),
        Optional.of("spec.timeZone 'Mars/Olympus' is not a time zone\nmore")))
        .containsExactly("RayCronJob default/cron: invalid: spec.timeZone 'Mars/Olympus' is not a time zone");
    assertThat(invalid.finished()).isTrue();
    assertThat(invalid.succeeded()).isFalse();

    RunProgress suspended = new RunProgress(List.of(CRON));
    assertThat(suspended.onRayCronJob(CRON, cronJob(true), List.of(), Optional.empty()))
        .containsExactly("RayCronJob default/cron: suspended: no RayJob is created while spec.suspend is true");
    assertThat(suspended.finished()).isFalse();

    RunProgress gone = new RunProgress(List.of(CRON));
    gone.onRayCronJob(CRON, cronJob(null), List.of(child(1, JobDeploymentStatus.RUNNING, JobStatus.RUNNING)),
        Optional.empty());
    assertThat(gone.onRayCronJob(CRON, cronJob(null), List.of(), Optional.empty()))
        .containsExactly("RayJob default/cron-1: deleted before it ended",
            "RayCronJob default/cron: first RayJob cron-1: deleted before it ended");
    assertThat(gone.succeeded()).isFalse();
    RunProgress deleted = new RunProgress(List.of(CRON));
    assertThat(deleted.onRayCronJob(CRON, null, List.of(), Optional.empty()))
        .containsExactly("RayCronJob default/cron: deleted before its first RayJob ended");
  }
}
