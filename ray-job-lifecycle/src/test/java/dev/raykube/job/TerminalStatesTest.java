package dev.raykube.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.job.JobDeploymentStatus;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every constant of the three status enums, mapped to its terminality. */
class TerminalStatesTest {

  /** The expected answer for each constant, written out (not derived from the code under test). */
  private static final Map<dev.raykube.model.job.JobStatus, Boolean> MODEL = new LinkedHashMap<>();
  private static final Map<dev.raykube.dashboard.JobStatus, Boolean> DASHBOARD = new LinkedHashMap<>();
  private static final Map<JobDeploymentStatus, Boolean> DEPLOYMENT = new LinkedHashMap<>();

  static {
    MODEL.put(dev.raykube.model.job.JobStatus.NEW, false);
    MODEL.put(dev.raykube.model.job.JobStatus.PENDING, false);
    MODEL.put(dev.raykube.model.job.JobStatus.RUNNING, false);
    MODEL.put(dev.raykube.model.job.JobStatus.STOPPED, true);
    MODEL.put(dev.raykube.model.job.JobStatus.SUCCEEDED, true);
    MODEL.put(dev.raykube.model.job.JobStatus.FAILED, true);
    MODEL.put(dev.raykube.model.job.JobStatus.UNKNOWN, false);

    DASHBOARD.put(dev.raykube.dashboard.JobStatus.PENDING, false);
    DASHBOARD.put(dev.raykube.dashboard.JobStatus.RUNNING, false);
    DASHBOARD.put(dev.raykube.dashboard.JobStatus.STOPPED, true);
    DASHBOARD.put(dev.raykube.dashboard.JobStatus.SUCCEEDED, true);
    DASHBOARD.put(dev.raykube.dashboard.JobStatus.FAILED, true);
    DASHBOARD.put(dev.raykube.dashboard.JobStatus.UNKNOWN, false);

    DEPLOYMENT.put(JobDeploymentStatus.NEW, false);
    DEPLOYMENT.put(JobDeploymentStatus.INITIALIZING, false);
    DEPLOYMENT.put(JobDeploymentStatus.RUNNING, false);
    DEPLOYMENT.put(JobDeploymentStatus.COMPLETE, true);
    DEPLOYMENT.put(JobDeploymentStatus.FAILED, true);
    DEPLOYMENT.put(JobDeploymentStatus.VALIDATION_FAILED, false);
    DEPLOYMENT.put(JobDeploymentStatus.SUSPENDING, false);
    DEPLOYMENT.put(JobDeploymentStatus.SUSPENDED, false);
    DEPLOYMENT.put(JobDeploymentStatus.RETRYING, false);
    DEPLOYMENT.put(JobDeploymentStatus.WAITING, false);
    DEPLOYMENT.put(JobDeploymentStatus.UNKNOWN, false);
  }

  static Stream<Arguments> modelJobStatuses() {
    return MODEL.entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
  }

  static Stream<Arguments> dashboardJobStatuses() {
    return DASHBOARD.entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
  }

  static Stream<Arguments> deploymentStatuses() {
    return DEPLOYMENT.entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
  }

  @ParameterizedTest(name = "model JobStatus.{0} terminal={1}")
  @MethodSource("modelJobStatuses")
  @DisplayName("model JobStatus (status.jobStatus)")
  void modelJobStatus(dev.raykube.model.job.JobStatus status, boolean terminal) {
    assertThat(TerminalStates.isTerminal(status)).isEqualTo(terminal);
  }

  @ParameterizedTest(name = "dashboard JobStatus.{0} terminal={1}")
  @MethodSource("dashboardJobStatuses")
  @DisplayName("dashboard client JobStatus")
  void dashboardJobStatus(dev.raykube.dashboard.JobStatus status, boolean terminal) {
    assertThat(TerminalStates.isTerminal(status)).isEqualTo(terminal);
  }

  @ParameterizedTest(name = "JobDeploymentStatus.{0} terminal={1}")
  @MethodSource("deploymentStatuses")
  @DisplayName("JobDeploymentStatus (status.jobDeploymentStatus)")
  void deploymentStatus(JobDeploymentStatus status, boolean terminal) {
    assertThat(TerminalStates.isTerminal(status)).isEqualTo(terminal);
  }

  @Test
  @DisplayName("the tables cover every constant, so a new constant needs its expected answer written here too")
  void tablesAreExhaustive() {
    assertThat(MODEL.keySet()).containsExactlyInAnyOrder(dev.raykube.model.job.JobStatus.values());
    assertThat(DASHBOARD.keySet()).containsExactlyInAnyOrder(dev.raykube.dashboard.JobStatus.values());
    assertThat(DEPLOYMENT.keySet()).containsExactlyInAnyOrder(JobDeploymentStatus.values());
  }

  @Test
  @DisplayName("null is never terminal")
  void nulls() {
    assertThat(TerminalStates.isTerminal((dev.raykube.model.job.JobStatus) null)).isFalse();
    assertThat(TerminalStates.isTerminal((dev.raykube.dashboard.JobStatus) null)).isFalse();
    assertThat(TerminalStates.isTerminal((JobDeploymentStatus) null)).isFalse();
  }
}
