package dev.raykube.operator.rayservice;

import dev.raykube.cluster.loop.RayClusterTimings;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.operator.raycluster.RayClusterController;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.testing.ConflictRetryingEdit;
import dev.raykube.operator.testing.PodSimulator;
import dev.raykube.operator.testing.RayCrds;
import dev.raykube.operator.testing.TestOperator;
import dev.raykube.service.decide.RayServiceSettings;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The RayService controller running in the real operator runtime next to the RayCluster controller, on the CRUD mock,
 * for the runtime tests of one namespace: a {@link FakeRayDashboard} as every head's dashboard, every serve proxy
 * healthy, {@link PodSimulator} as kubelet, short polls, and the reconciles counted ({@link CountedReconciles}). Reads
 * what the tests look at — RayServices, their conditions, clusters, Services and Events. Closing it stops the
 * operator and removes what the tests left (the mock has no garbage collector).
 */
final class RayServiceRuntime implements AutoCloseable {

  private static final RayClusterTimings FAST_CLUSTERS = new RayClusterTimings(Duration.ofMillis(100),
      Duration.ofMillis(300), Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(2));
  private static final RayServiceSettings FAST_SERVICES = RayServiceSettings.defaults()
      .withDeployingPoll(new AdaptivePoll(Duration.ofMillis(100), Duration.ofMillis(500), 0.1))
      .withSteadyPoll(Duration.ofSeconds(2)).withTeardownPoll(Duration.ofMillis(300));
  private static final FinalizerSettings FAST_FINALIZER = FinalizerSettings.defaults()
      .withBackoff(Duration.ofMillis(200), 2.0, Duration.ofMillis(500)).withMaxWait(Duration.ofSeconds(30));

  /** A RayService of one Serve application ({@code greeter}) on a head and one worker; {@code %s} is its name. */
  private static final String GREETER = """
      apiVersion: ray.io/v1
      kind: RayService
      metadata:
        name: %s
      spec:
        serveConfigV2: |
          applications:
            - name: greeter
              import_path: raykube_serve_app:app
              route_prefix: /greet
        rayClusterConfig:
          rayVersion: "2.60.0"
          headGroupSpec:
            rayStartParams: {}
            template:
              spec:
                containers:
                  - name: ray-head
                    image: rayproject/ray:2.60.0
          workerGroupSpecs:
            - groupName: workers
              replicas: 1
              minReplicas: 1
              maxReplicas: 2
              rayStartParams: {}
              template:
                spec:
                  containers:
                    - name: ray-worker
                      image: rayproject/ray:2.60.0
      """;

  private final KubernetesClient client;
  private final String namespace;
  private final FakeRayDashboard dashboard;
  private final PodSimulator pods;
  private final CountedReconciles reconciles;
  private final RayOperator operator;

  private RayServiceRuntime(KubernetesClient client, String namespace) throws Exception {
    this.client = client;
    this.namespace = namespace;
    this.dashboard = FakeRayDashboard.create().start();
    this.pods = PodSimulator.start(client);
    this.reconciles = new CountedReconciles(new RayServiceController(FAST_SERVICES, FAST_FINALIZER,
        context -> DashboardAccess.fixed(dashboard.url()), (podIp, port) -> true));
    this.operator = TestOperator.start(client, List.of(new RayClusterController(FAST_CLUSTERS), reconciles));
  }

  /** Registers the Ray CRDs on the mock and creates {@code namespace}: once per test class, before {@link #start}. */
  static void prepare(KubernetesClient client, String namespace) {
    RayCrds.register(client);
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(namespace).endMetadata().build())
        .create();
  }

  /** Starts the operator for RayServices in {@code namespace} (which must exist). */
  static RayServiceRuntime start(KubernetesClient client, String namespace) throws Exception {
    return new RayServiceRuntime(client, namespace);
  }

  /** A new RayService {@code name} serving the {@code greeter} application (namespace unset). */
  static RayService greeter(String name) {
    return Serialization.unmarshal(GREETER.formatted(name), RayService.class);
  }

  /** The simulated kubelet (to hold Pods Pending). */
  PodSimulator pods() {
    return pods;
  }

  /** The fake dashboard of every head. */
  FakeRayDashboard dashboard() {
    return dashboard;
  }

  /** How many reconciles of RayService {@code name} have finished. */
  int reconciles(String name) {
    return reconciles.of(name);
  }

  /** Creates a RayService in the namespace. */
  RayService create(RayService rayService) {
    rayService.getMetadata().setNamespace(namespace);
    return client.resource(rayService).create();
  }

  /** Changes a RayService, retrying when the operator's status write got in between (409). */
  void edit(String name, Consumer<RayService> change) {
    ConflictRetryingEdit.edit(client, RayService.class, namespace, name, change);
  }

  /** The RayService as stored, or null. */
  RayService rayService(String name) {
    return client.resources(RayService.class).inNamespace(namespace).withName(name).get();
  }

  /** Its condition of {@code type}, if it has one. */
  Optional<Condition> condition(String name, String type) {
    RayService rayService = rayService(name);
    if (rayService == null || rayService.getStatus() == null || rayService.getStatus().getConditions() == null) {
      return Optional.empty();
    }
    return rayService.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst();
  }

  /** Whether its condition {@code type} has {@code status} and {@code reason}. */
  boolean hasCondition(String name, String type, String status, String reason) {
    return condition(name, type).filter(c -> status.equals(c.getStatus()) && reason.equals(c.getReason()))
        .isPresent();
  }

  /** Its active cluster's name, or null. */
  String activeCluster(String name) {
    RayService rayService = rayService(name);
    return rayService == null || rayService.getStatus() == null
        || rayService.getStatus().getActiveServiceStatus() == null ? null
        : rayService.getStatus().getActiveServiceStatus().getRayClusterName();
  }

  /** Its RayClusters (by the origin label), terminating ones included. */
  List<RayCluster> clusters(String name) {
    return client.resources(RayCluster.class).inNamespace(namespace)
        .withLabel("ray.io/originated-from-cr-name", name).list().getItems();
  }

  /** {@code <name>-serve-svc}, or null. */
  Service serveService(String name) {
    return client.services().inNamespace(namespace).withName(name + "-serve-svc").get();
  }

  /** {@code <name>-head-svc}, or null. */
  Service headService(String name) {
    return client.services().inNamespace(namespace).withName(name + "-head-svc").get();
  }

  /** The Events about RayService {@code name} with {@code reason}. */
  List<Event> events(String name, String reason) {
    return client.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> "RayService".equals(e.getInvolvedObject().getKind())
            && name.equals(e.getInvolvedObject().getName()) && reason.equals(e.getReason()))
        .toList();
  }

  @Override
  public void close() {
    operator.close();
    pods.close();
    dashboard.close();
    for (RayService rayService : client.resources(RayService.class).inNamespace(namespace).list().getItems()) {
      client.resource(rayService).edit(r -> {
        r.getMetadata().setFinalizers(List.of());
        return r;
      });
    }
    client.resources(RayService.class).inNamespace(namespace).delete();
    client.resources(RayCluster.class).inNamespace(namespace).delete();
    client.pods().inNamespace(namespace).delete();
    client.services().inNamespace(namespace).delete();
    client.discovery().v1().endpointSlices().inNamespace(namespace).delete();
    client.v1().events().inNamespace(namespace).delete();
  }
}
