package dev.raykube.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HeadSidecarTest {

  @ParameterizedTest(name = "restartPolicy {0}, exit {1} -> {2}")
  @CsvSource(nullValues = "none", textBlock = """
      none,      1, false
      none,      0, false
      Never,     1, false
      OnFailure, 1, true
      OnFailure, 137, true
      OnFailure, 0, false
      Always,    0, true
      Always,    2, true
      """)
  void kubeletRestartsAContainerByItsOwnRestartPolicy(String policy, int exit, boolean restarts) {
    Container container = new ContainerBuilder().withName("ray-job-submitter").withRestartPolicy(policy).build();

    assertThat(HeadSidecar.restarts(container, exit)).isEqualTo(restarts);
  }

  @ParameterizedTest(name = "before restart {0}: {1} s")
  @CsvSource(textBlock = """
      0, 10
      1, 20
      2, 40
      4, 160
      5, 300
      9, 300
      """)
  void theBackOffDoublesFromTenSecondsToFiveMinutes(int restarts, long seconds) {
    assertThat(HeadSidecar.restartBackoff(restarts)).isEqualTo(Duration.ofSeconds(seconds));
  }
}
