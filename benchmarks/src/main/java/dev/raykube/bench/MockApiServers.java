package dev.raykube.bench;

import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.logging.Level;
import java.util.logging.Logger;

/** CRUD mock API servers for the benchmarks, as {@code @EnableKubernetesMockClient(crud = true)} makes them. */
public final class MockApiServers {

  /** Held so the level sticks (java.util.logging keeps loggers weakly). */
  private static final Logger MOCK_LOG = Logger.getLogger("io.fabric8.mockwebserver");

  private MockApiServers() {
  }

  /** Starts a CRUD mock over HTTPS on a free port with the ray.io CRDs registered; logs only warnings. */
  public static KubernetesMockServer start() {
    MOCK_LOG.setLevel(Level.WARNING);
    Map<ServerRequest, Queue<ServerResponse>> responses = new HashMap<>();
    KubernetesMockServer server = new KubernetesMockServer(new Context(Serialization.jsonMapper()),
        new MockWebServer(), responses, new KubernetesMixedDispatcher(responses), true);
    server.init();
    try (KubernetesClient client = server.createClient()) {
      RayCrds.install(client);
    }
    return server;
  }
}
