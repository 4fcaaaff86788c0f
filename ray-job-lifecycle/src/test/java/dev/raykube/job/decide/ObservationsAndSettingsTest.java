package dev.raykube.job.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.dashboard.AuthenticationException;
import dev.raykube.dashboard.DashboardUnavailableException;
import dev.raykube.dashboard.JobNotFoundException;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The inputs and settings of the state machine. */
class ObservationsAndSettingsTest {

  private static Condition condition(String type, String status) {
    return new ConditionBuilder().withType(type).withStatus(status).build();
  }

  private static RayClusterStatus clusterStatus(ClusterState state, Condition... conditions) {
    RayClusterStatus status = new RayClusterStatus();
    status.setState(state);
    status.setConditions(conditions.length == 0 ? null : List.of(conditions));
    return status;
  }

  static Stream<Arguments> readiness() {
    return Stream.of(
        Arguments.of("no status", null, false),
        Arguments.of("empty status", clusterStatus(null), false),
        Arguments.of("state ready", clusterStatus(ClusterState.READY), true),
        Arguments.of("state suspended", clusterStatus(ClusterState.SUSPENDED), false),
        Arguments.of("RayClusterProvisioned=True without state", clusterStatus(null,
            condition("RayClusterProvisioned", "True")), true),
        Arguments.of("RayClusterProvisioned=False", clusterStatus(null, condition("RayClusterProvisioned", "False")),
            false),
        Arguments.of("state ready but HeadPodReady=False (head down now)", clusterStatus(ClusterState.READY,
            condition("HeadPodReady", "False")), false),
        Arguments.of("state ready and HeadPodReady=True", clusterStatus(ClusterState.READY,
            condition("HeadPodReady", "True")), true),
        Arguments.of("HeadPodReady=True alone (workers not provisioned yet)", clusterStatus(null,
            condition("HeadPodReady", "True")), false));
  }

  @ParameterizedTest(name = "{0} → ready={2}")
  @MethodSource("readiness")
  @DisplayName("a RayCluster is ready when state=ready or RayClusterProvisioned=True, unless its head is not ready")
  void clusterReadiness(String row, RayClusterStatus status, boolean ready) {
    assertThat(ClusterObservation.isReady(status)).isEqualTo(ready);
  }

  private static Job batchJob(String type, String status, String transition, String completion) {
    JobBuilder builder = new JobBuilder().withNewMetadata().withName("demo").endMetadata();
    if (type == null) {
      return builder.withNewStatus().withActive(1).endStatus().build();
    }
    return builder.withNewStatus().withCompletionTime(completion).addNewCondition().withType(type).withStatus(status)
        .withLastTransitionTime(transition).withMessage("Job has reached the specified backoff limit").endCondition()
        .endStatus().build();
  }

  static Stream<Arguments> submitterJobs() {
    Instant t = Instant.parse("2026-03-01T10:01:00Z");
    return Stream.of(
        Arguments.of("no Job", null, SubmitterObservation.absent()),
        Arguments.of("Job without conditions", batchJob(null, null, null, null), SubmitterObservation.active()),
        Arguments.of("Complete=True", batchJob("Complete", "True", "2026-03-01T10:01:00Z", null),
            SubmitterObservation.complete(t)),
        Arguments.of("Complete=True, time from completionTime", batchJob("Complete", "True", null,
            "2026-03-01T10:01:00Z"), SubmitterObservation.complete(t)),
        Arguments.of("Complete=True without any time → long ago", batchJob("Complete", "True", null, null),
            SubmitterObservation.complete(Instant.EPOCH)),
        Arguments.of("Failed=True", batchJob("Failed", "True", "2026-03-01T10:01:00Z", null),
            SubmitterObservation.failed(t, "Job has reached the specified backoff limit")),
        Arguments.of("FailureTarget=True only (pods still terminating)", batchJob("FailureTarget", "True",
            "2026-03-01T10:01:00Z", null), SubmitterObservation.active()),
        Arguments.of("Complete=False", batchJob("Complete", "False", null, null), SubmitterObservation.active()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("submitterJobs")
  @DisplayName("SubmitterObservation.of(batch Job)")
  void submitterFromJob(String row, Job job, SubmitterObservation expected) {
    assertThat(SubmitterObservation.of(job)).isEqualTo(expected);
    assertThat(SubmitterObservation.of(job).finished()).isEqualTo(expected instanceof SubmitterObservation.Complete
        || expected instanceof SubmitterObservation.Failed);
  }

  @Test
  @DisplayName("JobLookup.ofError: 404 is NotFound, every other dashboard error a failed query")
  void lookupFromError() {
    assertThat(JobLookup.ofError(new JobNotFoundException("Job x does not exist", "x", ""))).isEqualTo(
        JobLookup.notFound());
    assertThat(JobLookup.ofError(new DashboardUnavailableException("connection refused", 0, null, null)))
        .isEqualTo(JobLookup.failed("connection refused"));
    assertThat(JobLookup.ofError(new AuthenticationException("Forbidden", 403, ""))).isEqualTo(
        JobLookup.failed("Forbidden"));
  }

  @ParameterizedTest(name = "{0}s of age → {1} ms")
  @CsvSource({"0,1000", "5,1000", "10,1000", "30,3000", "75,7500", "100,10000", "100000,10000", "-5,1000"})
  @DisplayName("AdaptivePoll.DEFAULT: a tenth of the age, between 1 s and 10 s")
  void adaptivePoll(long ageSeconds, long expectedMillis) {
    assertThat(AdaptivePoll.DEFAULT.after(Duration.ofSeconds(ageSeconds))).isEqualTo(Duration.ofMillis(expectedMillis));
  }

  @Test
  @DisplayName("AdaptivePoll rejects bounds that make no sense, and survives enormous ages")
  void adaptivePollBounds() {
    assertThatThrownBy(() -> new AdaptivePoll(Duration.ofSeconds(5), Duration.ofSeconds(1), 0.1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must not be shorter than min");
    assertThatThrownBy(() -> new AdaptivePoll(Duration.ofSeconds(-1), Duration.ofSeconds(1), 0.1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new AdaptivePoll(Duration.ZERO, Duration.ofSeconds(1), Double.NaN))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(new AdaptivePoll(Duration.ZERO, Duration.ofSeconds(3), 2.0).after(Duration.ofDays(365 * 1000L)))
        .isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  @DisplayName("RayJobSettings: KubeRay's defaults, every submission mode; no modes and negative durations rejected")
  void settings() {
    RayJobSettings defaults = RayJobSettings.defaults();
    assertThat(defaults.statusCheckTimeout()).isEqualTo(Duration.ofSeconds(300));
    assertThat(defaults.terminalGracePeriod()).isEqualTo(Duration.ofSeconds(300));
    assertThat(defaults.submitterGracePeriod()).isEqualTo(Duration.ofSeconds(30));
    assertThat(defaults.supportedSubmissionModes()).containsExactlyInAnyOrder(JobSubmissionMode.K8S_JOB_MODE,
        JobSubmissionMode.HTTP_MODE, JobSubmissionMode.SIDECAR_MODE, JobSubmissionMode.INTERACTIVE_MODE);
    assertThat(defaults.withStatusCheckTimeout(Duration.ofSeconds(60)).statusCheckTimeout())
        .isEqualTo(Duration.ofSeconds(60));
    assertThatThrownBy(() -> defaults.withSupportedSubmissionModes(EnumSet.noneOf(JobSubmissionMode.class)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must not be empty");
    assertThatThrownBy(() -> defaults.withSupportedSubmissionModes(EnumSet.of(JobSubmissionMode.UNKNOWN)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("UNKNOWN is not implemented");
    assertThatThrownBy(() -> defaults.withTeardownPoll(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("teardownPoll");
  }

  @Test
  @DisplayName("status-check timeout from the settings replaces KubeRay's 300 s")
  void configurableTimeout() {
    RayJob job = Fixtures.in(Fixtures.job(), JobDeploymentStatus.RUNNING,
        s -> s.setJobStatusCheckFailureStartTime(Fixtures.time(0)));
    RayJobStateMachine machine = Fixtures.machine(RayJobSettings.defaults().withStatusCheckTimeout(
        Duration.ofSeconds(60)));
    Decision decision = machine.decide(job, Fixtures.running(JobLookup.failed("down"),
        SubmitterObservation.active()), Fixtures.at(60));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
  }

  static Stream<Arguments> plans() {
    return Stream.of(
        Arguments.of("new RayJob: nothing to observe", Fixtures.job(), new ObservationPlan(null, null, null, null)),
        Arguments.of("Initializing, K8sJobMode: cluster and submitter", Fixtures.in(Fixtures.job(),
            JobDeploymentStatus.INITIALIZING), new ObservationPlan(Fixtures.CLUSTER, "demo", null, null)),
        Arguments.of("Running, K8sJobMode: cluster, submitter and dashboard", Fixtures.in(Fixtures.job(),
            JobDeploymentStatus.RUNNING), new ObservationPlan(Fixtures.CLUSTER, "demo", Fixtures.JOB_ID,
            Fixtures.URL)),
        Arguments.of("Running, HTTPMode: no submitter", Fixtures.in(Fixtures.httpJob(s -> { }),
            JobDeploymentStatus.RUNNING), new ObservationPlan(Fixtures.CLUSTER, null, Fixtures.JOB_ID, Fixtures.URL)),
        Arguments.of("Retrying, K8sJobMode: cluster and submitter", Fixtures.in(Fixtures.job(),
            JobDeploymentStatus.RETRYING), new ObservationPlan(Fixtures.CLUSTER, "demo", null, null)),
        Arguments.of("Complete: the cluster only (for clean-up)", Fixtures.in(Fixtures.job(),
            JobDeploymentStatus.COMPLETE), new ObservationPlan(Fixtures.CLUSTER, null, null, null)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("plans")
  @DisplayName("ObservationPlan.of: what the caller reads before deciding")
  void observationPlan(String row, RayJob job, ObservationPlan expected) {
    ObservationPlan plan = ObservationPlan.of(job);
    assertThat(plan).isEqualTo(expected);
    assertThat(plan.queryDashboard()).isEqualTo(expected.submissionId() != null);
  }

  @Test
  @DisplayName("Decision: requeueAfter, actionsOf, statusChanged; actions are unmodifiable")
  void decisionApi() {
    dev.raykube.model.job.RayJobStatus status = new dev.raykube.model.job.RayJobStatus();
    Decision decision = new Decision(status, List.of(new RayJobAction.DeleteCluster("c"),
        new RayJobAction.RequeueAfter(Duration.ofSeconds(4))));
    assertThat(decision.requeueAfter()).contains(Duration.ofSeconds(4));
    assertThat(decision.actionsOf(RayJobAction.DeleteCluster.class)).containsExactly(
        new RayJobAction.DeleteCluster("c"));
    assertThat(decision.statusChanged(new dev.raykube.model.job.RayJobStatus())).isFalse();
    assertThat(decision.statusChanged(null)).isTrue();
    assertThatThrownBy(() -> decision.actions().add(new RayJobAction.DeleteSelf()))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> new RayJobAction.RequeueAfter(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
