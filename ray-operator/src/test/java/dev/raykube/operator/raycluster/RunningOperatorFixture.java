package dev.raykube.operator.raycluster;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.operator.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * The set-up the tests of the RayCluster controller in the real operator runtime share: the CRUD mock with the CRDs,
 * a fresh {@link OperatorHarness} (operator and pod-status simulator playing kubelet) per test, namespace {@value #NS}
 * emptied after each, and the questions those tests ask of status conditions and Events.
 */
@EnableKubernetesMockClient(crud = true)
abstract class RunningOperatorFixture {

  static KubernetesMockServer server;
  static KubernetesClient client;

  static final String NS = "ray";

  OperatorHarness harness;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  @BeforeEach
  void startOperator() throws Exception {
    harness = OperatorHarness.start(server, client);
  }

  @AfterEach
  void stopOperator() {
    harness.close();
    client.resources(RayCluster.class).inNamespace(NS).delete();
    client.pods().inNamespace(NS).delete();
    client.services().inNamespace(NS).delete();
    client.v1().events().inNamespace(NS).delete();
    client.serviceAccounts().inNamespace(NS).delete();
    client.rbac().roles().inNamespace(NS).delete();
    client.rbac().roleBindings().inNamespace(NS).delete();
    client.secrets().inNamespace(NS).delete();
  }

  /** The condition of that type, null if the status has none. */
  static Condition condition(RayClusterStatus status, String type) {
    return status.getConditions() == null ? null
        : status.getConditions().stream().filter(c -> type.equals(c.getType())).findFirst().orElse(null);
  }

  /** How many Events there are of each reason. */
  static Map<String, Long> reasons(List<Event> events) {
    return events.stream().collect(Collectors.groupingBy(Event::getReason, Collectors.counting()));
  }

  /** How many Pods the Events name ({@code <namespace>/<pod>} each; one Event names every Pod of one change). */
  static int podsNamed(List<Event> events) {
    return events.stream().mapToInt(e -> e.getMessage().split(NS + "/", -1).length - 1).sum();
  }
}
