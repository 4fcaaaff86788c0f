package dev.raykube.operator.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LeaseNamespaceTest {

  @TempDir
  Path dir;

  @Test
  void explicitSettingWins() throws Exception {
    Path file = Files.writeString(dir.resolve("namespace"), "pod-ns\n");
    assertThat(LeaseNamespace.resolve(Optional.of("ops"), file, "ctx-ns")).isEqualTo("ops");
  }

  @Test
  void podNamespaceFileComesNext() throws Exception {
    Path file = Files.writeString(dir.resolve("namespace"), "raykube-system\n");
    assertThat(LeaseNamespace.resolve(Optional.empty(), file, "ctx-ns")).isEqualTo("raykube-system");
  }

  @Test
  void clientNamespaceOutsideAPod() throws Exception {
    assertThat(LeaseNamespace.resolve(Optional.empty(), dir.resolve("missing"), "ctx-ns")).isEqualTo("ctx-ns");
    Path empty = Files.writeString(dir.resolve("empty"), "  \n");
    assertThat(LeaseNamespace.resolve(Optional.empty(), empty, "ctx-ns")).isEqualTo("ctx-ns");
  }

  @Test
  void noSourceIsAStartupFailure() {
    Path missing = dir.resolve("missing");
    assertThatThrownBy(() -> LeaseNamespace.resolve(Optional.empty(), missing, null))
        .isInstanceOf(StartupFailure.class)
        .hasMessage("Leader election needs a namespace for its Lease, but none was given (--leader-election-namespace"
            + " or LEADER_ELECTION_NAMESPACE), " + missing + " does not exist and the client configuration names no"
            + " namespace.");
  }
}
