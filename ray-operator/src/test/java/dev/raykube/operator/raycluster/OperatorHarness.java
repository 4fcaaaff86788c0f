package dev.raykube.operator.raycluster;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.cluster.loop.RayClusterTimings;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.runtime.StartupFailure;
import dev.raykube.operator.testing.MockApiRequests;
import dev.raykube.operator.testing.PodSimulator;
import dev.raykube.operator.testing.TestOperator;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.micrometer.core.instrument.Counter;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The real operator runtime (production configuration, leader election off) with the RayCluster controller at short
 * timings, plus a {@link PodSimulator}, against a CRUD mock server; and the queries the controller tests ask.
 */
final class OperatorHarness implements AutoCloseable {

  /** Short timings so the suite stays fast; the logic is the same as with the defaults. */
  static final RayClusterTimings FAST = new RayClusterTimings(Duration.ofMillis(100), Duration.ofMillis(300),
      Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofSeconds(2));

  final KubernetesMockServer server;
  final KubernetesClient client;
  final RayOperator operator;
  final PodSimulator pods;

  private OperatorHarness(KubernetesMockServer server, KubernetesClient client, RayOperator operator,
      PodSimulator pods) {
    this.server = server;
    this.client = client;
    this.operator = operator;
    this.pods = pods;
  }

  /** The mock server logs every request at INFO; held so that the quieter level sticks. */
  private static final Logger MOCK_LOG = Logger.getLogger("io.fabric8.mockwebserver");

  static OperatorHarness start(KubernetesMockServer server, KubernetesClient client, String... args)
      throws StartupFailure {
    MOCK_LOG.setLevel(Level.WARNING);
    PodSimulator simulator = PodSimulator.start(client);
    RayOperator operator = TestOperator.start(client, List.of(new RayClusterController(FAST)), args);
    MockApiRequests.drain(server);
    return new OperatorHarness(server, client, operator, simulator);
  }

  RayCluster create(RayCluster cluster) {
    return client.resource(cluster).create();
  }

  RayCluster get(String namespace, String name) {
    return client.resources(RayCluster.class).inNamespace(namespace).withName(name).get();
  }

  RayClusterStatus status(String namespace, String name) {
    RayCluster cluster = get(namespace, name);
    return cluster == null ? null : cluster.getStatus();
  }

  RayCluster edit(String namespace, String name, java.util.function.Consumer<RayCluster> change) {
    return client.resources(RayCluster.class).inNamespace(namespace).withName(name).edit(c -> {
      change.accept(c);
      return c;
    });
  }

  List<Pod> pods(String namespace, String cluster) {
    return client.pods().inNamespace(namespace).withLabel(RayClusterLabels.CLUSTER, cluster).list().getItems()
        .stream().sorted(Comparator.comparing(p -> p.getMetadata().getName())).toList();
  }

  List<Pod> workers(String namespace, String cluster) {
    return pods(namespace, cluster).stream()
        .filter(p -> "worker".equals(p.getMetadata().getLabels().get(RayClusterLabels.NODE_TYPE))).toList();
  }

  Pod head(String namespace, String cluster) {
    return pods(namespace, cluster).stream()
        .filter(p -> "head".equals(p.getMetadata().getLabels().get(RayClusterLabels.NODE_TYPE)))
        .findFirst().orElse(null);
  }

  Service service(String namespace, String name) {
    return client.services().inNamespace(namespace).withName(name).get();
  }

  List<Event> events(String namespace, String cluster) {
    return client.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> cluster.equals(e.getInvolvedObject().getName())).toList();
  }

  List<Event> events(String namespace, String cluster, ClusterEventReason reason) {
    return events(namespace, cluster).stream().filter(e -> reason.value().equals(e.getReason())).toList();
  }

  boolean isReady(String namespace, String name) {
    RayClusterStatus status = status(namespace, name);
    return status != null && status.getState() != null && "ready".equals(status.getState().value());
  }

  /** Reconciliations the operator started so far (all clusters). */
  double reconciliationsStarted() {
    return operator.meterRegistry().find("operator.sdk.reconciliations.started").counters().stream()
        .mapToDouble(Counter::count).sum();
  }

  @Override
  public void close() {
    pods.close();
    operator.close();
  }
}
