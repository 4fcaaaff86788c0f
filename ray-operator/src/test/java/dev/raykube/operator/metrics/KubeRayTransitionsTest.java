package dev.raykube.operator.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.operator.metrics.KubeRayTransitions.JobExecution;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** When KubeRay's duration gauges get a value: every pair of statuses before and after a write. */
class KubeRayTransitionsTest {

  private static final Instant NOW = Instant.parse("2026-12-05T12:00:30Z");

  @ParameterizedTest(name = "Provisioned {0} → {1}: observed {2}")
  @CsvSource({
      "absent, absent, false",
      "absent, False,  false",
      "absent, True,   true",
      "False,  True,   true",
      "True,   True,   false",
      "True,   False,  false",
      "False,  False,  false"})
  void aClusterIsObservedWhenProvisionedTurnsTrue(String before, String after, boolean observed) {
    Optional<Double> seconds = KubeRayTransitions.provisioned(cluster(before), cluster(after), NOW);

    assertThat(seconds).isEqualTo(observed ? Optional.of(30.0) : Optional.empty());
  }

  @Test
  void aClusterWithoutStatusIsNotProvisioned() {
    RayCluster bare = cluster("absent");
    bare.setStatus(null);

    assertThat(KubeRayTransitions.provisioned(bare, cluster("True"), NOW)).contains(30.0);
  }

  @ParameterizedTest(name = "{0} → {1}: observed {2}")
  @CsvSource({
      "'',               Initializing, false",
      "Initializing,     Running,      false",
      "Running,          Complete,     true",
      "Running,          Failed,       true",
      "Running,          Retrying,     true",
      "Initializing,     Failed,       true",
      "Waiting,          Complete,     true",
      "Suspending,       Suspended,    false",
      "Running,          ValidationFailed, false",
      "Complete,         Complete,     false",
      "Failed,           Retrying,     false",
      "Complete,         Failed,       false",
      "Retrying,         Retrying,     true",
      "ValidationFailed, Failed,       true"})
  void aJobIsObservedWhenItLeavesANonTerminalStatusForAnEndOrARetry(String before, String after,
      boolean observed) {
    Optional<JobExecution> execution = KubeRayTransitions.jobExecution(job(before, 2), job(after, 3), NOW);

    assertThat(execution.isPresent()).isEqualTo(observed);
    execution.ifPresent(e -> {
      assertThat(e.status()).isEqualTo(JobDeploymentStatus.fromValue(after));
      assertThat(e.retryCount()).as("status.failed before the write").isEqualTo(2);
      assertThat(e.seconds()).isEqualTo(30.0);
    });
  }

  @Test
  void aJobWithoutStartTimeOrFailureCountIsMeasuredOnlyWithAStartTime() {
    RayJob noFailures = job("Running", 0);
    noFailures.getStatus().setFailed(null);
    assertThat(KubeRayTransitions.jobExecution(noFailures, job("Complete", 0), NOW))
        .map(JobExecution::retryCount).contains(0);

    RayJob unstarted = job("Failed", 0);
    unstarted.getStatus().setStartTime(null);
    assertThat(KubeRayTransitions.jobExecution(job("Initializing", 0), unstarted, NOW)).isEmpty();
  }

  private static RayCluster cluster(String provisioned) {
    RayCluster cluster = new RayCluster();
    cluster.getMetadata().setName("c");
    cluster.getMetadata().setNamespace("ns");
    cluster.getMetadata().setCreationTimestamp("2026-12-05T12:00:00Z");
    RayClusterStatus status = new RayClusterStatus();
    List<io.fabric8.kubernetes.api.model.Condition> conditions = new ArrayList<>();
    if (!provisioned.equals("absent")) {
      conditions.add(new ConditionBuilder().withType("RayClusterProvisioned").withStatus(provisioned).build());
    }
    conditions.add(new ConditionBuilder().withType("HeadPodReady").withStatus("True").build());
    status.setConditions(conditions);
    cluster.setStatus(status);
    return cluster;
  }

  private static RayJob job(String deploymentStatus, int failed) {
    RayJob job = new RayJob();
    job.getMetadata().setName("j");
    job.getMetadata().setNamespace("ns");
    RayJobStatus status = new RayJobStatus();
    status.setJobDeploymentStatusValue(deploymentStatus);
    status.setStartTime("2026-12-05T12:00:00Z");
    status.setFailed(failed);
    job.setStatus(status);
    return job;
  }
}
