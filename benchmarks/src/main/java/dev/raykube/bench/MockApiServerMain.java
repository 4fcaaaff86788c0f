package dev.raykube.bench;

import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;

/**
 * A CRUD mock API server in its own JVM, so that a benchmark measuring the operator's heap does not count the mock's
 * store: prints {@code MOCK_URL <url>} and serves until its standard input is closed.
 */
public final class MockApiServerMain {

  private MockApiServerMain() {
  }

  /** Starts the mock; ends when standard input ends. */
  public static void main(String[] args) throws Exception {
    KubernetesMockServer server = MockApiServers.start();
    System.out.println("MOCK_URL " + server.url("/"));
    System.out.flush();
    while (System.in.read() != -1) {
      // serve until the parent closes our stdin (or dies)
    }
    server.destroy();
  }
}
