package dev.raykube.job.decide;

import static dev.raykube.job.decide.Fixtures.at;
import static dev.raykube.job.decide.Fixtures.found;
import static dev.raykube.job.decide.Fixtures.in;
import static dev.raykube.job.decide.Fixtures.job;
import static dev.raykube.job.decide.Fixtures.machine;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.testing.PurePackage;
import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The state machine is a pure function: no I/O, no clock, no hidden randomness, inputs never changed. */
class PurityTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  static Stream<Arguments> scenarios() {
    return Stream.of(
        Arguments.of("New", job(), RayJobObservation.nothing()),
        Arguments.of("Initializing, create cluster", in(job(), JobDeploymentStatus.INITIALIZING),
            RayJobObservation.nothing()),
        Arguments.of("Initializing, cluster ready", in(job(), JobDeploymentStatus.INITIALIZING),
            Fixtures.observe(Fixtures.ready(Fixtures.CLUSTER))),
        Arguments.of("Running, job succeeded", in(job(), JobDeploymentStatus.RUNNING, s -> s.setJobStatus(
            JobStatus.RUNNING)), Fixtures.running(found(dev.raykube.dashboard.JobStatus.SUCCEEDED),
            SubmitterObservation.complete(at(60)))),
        Arguments.of("Running, dashboard down", in(job(), JobDeploymentStatus.RUNNING),
            Fixtures.running(JobLookup.failed("down"), SubmitterObservation.active())),
        Arguments.of("Retrying", in(job(spec -> spec.setBackoffLimit(1)), JobDeploymentStatus.RETRYING),
            Fixtures.observe(Fixtures.ready(Fixtures.CLUSTER))),
        Arguments.of("Complete, TTL due", in(job(spec -> spec.setShutdownAfterJobFinishes(true)),
            JobDeploymentStatus.COMPLETE, s -> s.setEndTime(Fixtures.time(1))),
            Fixtures.observe(Fixtures.ready(Fixtures.CLUSTER))),
        Arguments.of("ValidationFailed", job(spec -> spec.setBackoffLimit(-1)), RayJobObservation.nothing()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  @DisplayName("decide never changes the RayJob or the observed RayCluster, and returns a new status object")
  void inputsUnchanged(String name, RayJob job, RayJobObservation observed) throws IOException {
    String jobBefore = JSON.writeValueAsString(job);
    RayCluster cluster = observed.cluster() instanceof ClusterObservation.Present
        ? ((ClusterObservation.Present) observed.cluster()).cluster() : null;
    String clusterBefore = JSON.writeValueAsString(cluster);
    Decision decision = machine().decide(job, observed, at(400));
    assertThat(JSON.writeValueAsString(job)).isEqualTo(jobBefore);
    assertThat(JSON.writeValueAsString(cluster)).isEqualTo(clusterBefore);
    assertThat(decision.status()).isNotSameAs(job.getStatus());
    if (job.getStatus() != null && job.getStatus().getRayJobInfo() != null) {
      assertThat(decision.status().getRayJobInfo()).isNotSameAs(job.getStatus().getRayJobInfo());
    }
    // Changing the decision afterwards does not reach the input either.
    decision.status().setMessage("changed by the caller");
    assertThat(JSON.writeValueAsString(job)).isEqualTo(jobBefore);
  }

  @Test
  @DisplayName("the decide package has no I/O imports, reads no clock and draws no randomness")
  void noIoNoClock() {
    PurePackage sources = PurePackage.at(PurePackage.moduleDir("ray-job-lifecycle"), "dev.raykube.job.decide");
    assertThat(sources.files()).hasSizeGreaterThan(20);
    assertThat(sources.problems()).isEmpty();
  }
}
