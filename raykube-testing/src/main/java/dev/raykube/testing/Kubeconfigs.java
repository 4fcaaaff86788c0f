package dev.raykube.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes kubeconfig files for tests. */
public final class Kubeconfigs {

  private Kubeconfigs() {
  }

  /**
   * A kubeconfig with one context {@code test-context} for {@code serverUrl}, skipping TLS verification, with a bearer
   * token and namespace {@code default}.
   */
  public static Path write(Path file, String serverUrl) {
    String yaml = """
        apiVersion: v1
        kind: Config
        clusters:
          - name: test-cluster
            cluster:
              server: %s
              insecure-skip-tls-verify: true
        contexts:
          - name: test-context
            context:
              cluster: test-cluster
              user: test-user
              namespace: default
        current-context: test-context
        users:
          - name: test-user
            user:
              token: secret
        """.formatted(serverUrl);
    try {
      return Files.writeString(file, yaml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A port on 127.0.0.1 that nothing listens on (bound and released). */
  public static int unusedPort() {
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
