package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.testing.PurePackage;
import org.junit.jupiter.api.Test;

/**
 * Keeps package {@code dev.raykube.cluster} pure: no Kubernetes client, no HTTP, no files or sockets, no clock, no
 * randomness, no logging, no output. Checked on the sources, so a new file cannot slip through.
 */
class ClusterPackagePurityTest {

  @Test
  void sourcesUseNoIoClockOrRandomness() {
    PurePackage sources = PurePackage.at(PurePackage.moduleDir("ray-cluster-lifecycle"), "dev.raykube.cluster");
    assertThat(sources.files()).hasSizeGreaterThan(20);
    assertThat(sources.problems()).isEmpty();
  }
}
