package dev.raykube.job.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link SubmitterObservation#ofSidecar}: the head Pod and its ray-job-submitter container → the observation. */
class SidecarObservationTest {

  private static Pod head(ContainerStatusBuilder... containers) {
    PodBuilder pod = new PodBuilder().withNewMetadata().withName("demo-head").endMetadata();
    if (containers.length > 0) {
      pod.withNewStatus().withContainerStatuses(Stream.of(containers).map(ContainerStatusBuilder::build).toList())
          .endStatus();
    }
    return pod.build();
  }

  /** A head Pod whose ray-job-submitter has {@code restartPolicy: OnFailure} (KubeRay's SidecarSubmitterRestart). */
  private static Pod restartingHead(ContainerStatusBuilder... containers) {
    Pod pod = head(containers);
    pod.setSpec(new PodSpecBuilder().addNewContainer().withName("ray-head").endContainer().addNewContainer()
        .withName("ray-job-submitter").withRestartPolicy("OnFailure").endContainer().build());
    return pod;
  }

  /** The submitter after {@code restarts} restarts, its last run exited with 1, now {@code state}. */
  private static ContainerStatusBuilder restarted(int restarts, ContainerStatusBuilder state) {
    return state.withRestartCount(restarts).withNewLastState().withNewTerminated().withExitCode(1).withReason("Error")
        .withFinishedAt("2026-01-01T00:00:30Z").endTerminated().endLastState();
  }

  private static ContainerStatusBuilder running(String name) {
    return new ContainerStatusBuilder().withName(name).withNewState().withNewRunning().endRunning().endState();
  }

  private static ContainerStatusBuilder exited(String name, Integer code) {
    return new ContainerStatusBuilder().withName(name).withNewState().withNewTerminated().withExitCode(code)
        .withReason(code != null && code == 0 ? "Completed" : "Error").withFinishedAt("2026-01-01T00:01:00Z")
        .endTerminated().endState();
  }

  static Stream<Arguments> heads() {
    Instant finished = Instant.parse("2026-01-01T00:01:00Z");
    return Stream.of(
        Arguments.of("no head Pod", null, SubmitterObservation.headPodMissing()),
        Arguments.of("head without status", head(), SubmitterObservation.active()),
        Arguments.of("submitter running", head(running("ray-head"), running("ray-job-submitter")),
            SubmitterObservation.active()),
        Arguments.of("submitter waiting", head(running("ray-head"), new ContainerStatusBuilder()
            .withName("ray-job-submitter").withNewState().withNewWaiting().withReason("ContainerCreating")
            .endWaiting().endState()), SubmitterObservation.active()),
        Arguments.of("submitter exited 0", head(running("ray-head"), exited("ray-job-submitter", 0)),
            SubmitterObservation.complete(finished)),
        Arguments.of("submitter exited 2", head(running("ray-head"), exited("ray-job-submitter", 2)),
            SubmitterObservation.failed(finished, "container ray-job-submitter of head Pod demo-head exited with 2 "
                + "(Error)")),
        Arguments.of("only the Ray container exited", head(exited("ray-head", 1), running("ray-job-submitter")),
            SubmitterObservation.active()),
        // SidecarSubmitterRestart: the Pod's spec gives the submitter restartPolicy OnFailure.
        Arguments.of("restarting: running, never exited", restartingHead(running("ray-job-submitter")),
            SubmitterObservation.active()),
        Arguments.of("restarting: first exit 1, not restarted yet", restartingHead(exited("ray-job-submitter", 1)),
            SubmitterObservation.restarting(finished, "container ray-job-submitter of head Pod demo-head exited with "
                + "1 (Error) after 0 restarts")),
        Arguments.of("restarting: running again after 1 restart",
            restartingHead(restarted(1, running("ray-job-submitter"))), SubmitterObservation.active()),
        Arguments.of("restarting: exited again after 1 restart",
            restartingHead(restarted(1, exited("ray-job-submitter", 1))),
            SubmitterObservation.restarting(finished, "container ray-job-submitter of head Pod demo-head exited with "
                + "1 (Error) after 1 restarts")),
        Arguments.of("restarting: 2 restarts recorded, running → the limit is reached",
            restartingHead(restarted(2, running("ray-job-submitter"))),
            SubmitterObservation.failed(Instant.parse("2026-01-01T00:00:30Z"), "container ray-job-submitter of head "
                + "Pod demo-head terminated after exceeding the maximum restart count (2 restarts, limit 2)")),
        Arguments.of("restarting: 3 restarts, exited 1", restartingHead(restarted(3, exited("ray-job-submitter", 1))),
            SubmitterObservation.failed(finished, "container ray-job-submitter of head Pod demo-head terminated "
                + "after exceeding the maximum restart count (3 restarts, limit 2)")),
        Arguments.of("restarting: 2 restarts, then exited 0 → complete",
            restartingHead(restarted(2, exited("ray-job-submitter", 0))), SubmitterObservation.complete(finished)),
        Arguments.of("restarting: exited 0 at once", restartingHead(exited("ray-job-submitter", 0)),
            SubmitterObservation.complete(finished)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("heads")
  void readsTheSubmitterContainer(String name, Pod head, SubmitterObservation expected) {
    assertThat(SubmitterObservation.ofSidecar(head)).isEqualTo(expected);
  }
}
