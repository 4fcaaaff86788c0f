package dev.raykube.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.testing.Eventually;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A control plane of its own with every option of {@link LocalControlPlane#builder()} (those the benchmarks use), and
 * {@link RayCrds} waiting on a real API server until the CRDs are Established.
 */
class LocalControlPlaneTest {

  @TempDir
  Path dir;

  @Test
  @DisplayName("state directory, users with kubeconfigs of their own, the audit log telling them apart and kept on "
      + "close; the CRDs Established when RayCrds returns")
  void optionsAndCrds() throws IOException {
    Path state = dir.resolve("state");
    Path kept = dir.resolve("kept-audit.log");
    try (LocalControlPlane plane = LocalControlPlane.builder().stateDirectory(state).users("alice", "bob")
        .keepAuditLogAt(kept).start()) {
      assertThat(plane.owned()).isTrue();
      assertThat(plane.state()).isEqualTo(state);
      assertThat(plane.kubeconfig()).isEqualTo(state.resolve("kubeconfig"));
      try (KubernetesClient admin = plane.newClient(Duration.ofSeconds(30))) {
        RayCrds.install(admin);
        for (String plural : RayCrds.PLURALS) {
          CustomResourceDefinition crd = admin.apiextensions().v1().customResourceDefinitions()
              .withName(plural + ".ray.io").get();
          assertThat(crd.getStatus().getConditions()).as(plural)
              .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
        }
      }
      try (KubernetesClient alice = new KubernetesClientBuilder()
          .withConfig(Config.fromKubeconfig(Files.readString(plane.kubeconfig("alice")))).build()) {
        assertThat(alice.namespaces().withName("default").get()).isNotNull();
      }
      assertThat(plane.kubeconfig("bob")).isReadable();
      assertThatThrownBy(() -> plane.kubeconfig("carol")).isInstanceOf(ControlPlaneException.class)
          .hasMessageContaining("no user carol");
      Eventually.await("alice's request in the audit log", () -> read(plane.auditLog()).contains("\"alice\""));
    }
    assertThat(state).doesNotExist();
    assertThat(read(kept)).contains("\"alice\"");
  }

  private static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
