package dev.raykube.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import dev.raykube.dashboard.JobStatus;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every constant of the dashboard client's {@link JobStatus}, mapped to the model's by {@link JobStatusMapping}. */
class JobStatusMappingTest {

  /** The expected model constant for each dashboard constant, written out (not derived from the code under test). */
  private static final Map<JobStatus, dev.raykube.model.job.JobStatus> EXPECTED = new EnumMap<>(JobStatus.class);

  static {
    EXPECTED.put(JobStatus.PENDING, dev.raykube.model.job.JobStatus.PENDING);
    EXPECTED.put(JobStatus.RUNNING, dev.raykube.model.job.JobStatus.RUNNING);
    EXPECTED.put(JobStatus.STOPPED, dev.raykube.model.job.JobStatus.STOPPED);
    EXPECTED.put(JobStatus.SUCCEEDED, dev.raykube.model.job.JobStatus.SUCCEEDED);
    EXPECTED.put(JobStatus.FAILED, dev.raykube.model.job.JobStatus.FAILED);
    EXPECTED.put(JobStatus.UNKNOWN, dev.raykube.model.job.JobStatus.UNKNOWN);
  }

  @ParameterizedTest(name = "dashboard {0}")
  @EnumSource(JobStatus.class)
  void mapsEveryDashboardConstantToTheExpectedModelConstant(JobStatus reported) {
    assertThat(EXPECTED).as("the expected table names every dashboard constant").containsKey(reported);
    assertThat(JobStatusMapping.toModel(reported)).isEqualTo(EXPECTED.get(reported));
  }

  @ParameterizedTest(name = "dashboard {0}")
  @EnumSource(JobStatus.class)
  void aDashboardStatusAndItsModelStatusAgreeOnTerminality(JobStatus reported) {
    assertThat(TerminalStates.isTerminal(JobStatusMapping.toModel(reported)))
        .isEqualTo(TerminalStates.isTerminal(reported));
  }

  /**
   * A status string as Ray sends it means the same after the client decodes it and this class maps it as after the
   * model decodes it from a RayJob; a string neither knows (a newer Ray's) is UNKNOWN on both paths.
   */
  @ParameterizedTest(name = "wire \"{0}\"")
  @ValueSource(strings = {"PENDING", "RUNNING", "STOPPED", "SUCCEEDED", "FAILED", "CANCELLED"})
  void aWireValueMeansTheSameThroughTheClientAndThroughTheModel(String wire) {
    assertThat(JobStatusMapping.toModel(JobStatus.fromWire(wire)))
        .isEqualTo(dev.raykube.model.job.JobStatus.fromValue(wire));
  }

  @Test
  void nullIsACallerError() {
    assertThatNullPointerException().isThrownBy(() -> JobStatusMapping.toModel(null)).withMessage("reported");
  }
}
