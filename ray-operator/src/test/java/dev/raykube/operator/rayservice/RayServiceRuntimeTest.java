package dev.raykube.operator.rayservice;

import static dev.raykube.operator.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.loop.RayClusterTimings;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.lifecycle.finalizer.FinalizerNames;
import dev.raykube.lifecycle.finalizer.FinalizerSettings;
import dev.raykube.lifecycle.job.AdaptivePoll;
import dev.raykube.lifecycle.observe.DashboardAccess;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.operator.raycluster.RayClusterController;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.testing.PodSimulator;
import dev.raykube.operator.testing.RayCrds;
import dev.raykube.operator.testing.ServeEndpointSlice;
import dev.raykube.operator.testing.TestOperator;
import dev.raykube.service.decide.RayServiceSettings;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The RayService controller in the real operator runtime (JOSDK, informers, finalizer) next to the RayCluster
 * controller, on the CRUD mock with a {@link FakeRayDashboard} as every head's dashboard: a RayService becomes Ready
 * and serving, and its deletion removes its clusters before the finalizer goes. The mock has no kubelet and no
 * EndpointSlice controller: {@link PodSimulator} marks Pods Running and Ready, and the test writes the serve Service's
 * EndpointSlice as the EndpointSlice controller would (the Service's labels, one ready endpoint). The decisions and the
 * loop are tested in {@code ray-service-lifecycle}; this test is about the glue.
 */
@EnableKubernetesMockClient(crud = true)
class RayServiceRuntimeTest {

  static KubernetesClient client;

  private static final String NS = "serving";
  private static final RayClusterTimings FAST_CLUSTERS = new RayClusterTimings(Duration.ofMillis(100),
      Duration.ofMillis(300), Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(2));
  private static final RayServiceSettings FAST_SERVICES = RayServiceSettings.defaults()
      .withDeployingPoll(new AdaptivePoll(Duration.ofMillis(100), Duration.ofMillis(500), 0.1))
      .withSteadyPoll(Duration.ofSeconds(2)).withTeardownPoll(Duration.ofMillis(300));
  private static final FinalizerSettings FAST_FINALIZER = FinalizerSettings.defaults()
      .withBackoff(Duration.ofMillis(200), 2.0, Duration.ofMillis(500)).withMaxWait(Duration.ofSeconds(30));

  private static final String MANIFEST = """
      apiVersion: ray.io/v1
      kind: RayService
      metadata:
        name: greeter
        namespace: serving
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

  private FakeRayDashboard dashboard;
  private PodSimulator pods;
  private RayOperator operator;

  @BeforeAll
  static void crds() {
    RayCrds.register(client);
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .create();
  }

  @BeforeEach
  void start() throws Exception {
    dashboard = FakeRayDashboard.create().start();
    pods = PodSimulator.start(client);
    RayServiceController services = new RayServiceController(FAST_SERVICES, FAST_FINALIZER,
        context -> DashboardAccess.fixed(dashboard.url()), (podIp, port) -> true);
    operator = TestOperator.start(client, List.of(new RayClusterController(FAST_CLUSTERS), services));
  }

  @AfterEach
  void stop() {
    operator.close();
    pods.close();
    dashboard.close();
  }

  @Test
  @DisplayName("create → Ready and serving through the serve Service's endpoint → delete removes its clusters first")
  void readyThenDeleted() {
    client.resource(Serialization.unmarshal(MANIFEST, RayService.class)).create();

    await("the RayService holds its finalizer", () -> service().getMetadata().getFinalizers()
        .contains(FinalizerNames.RAYSERVICE));
    await("the serve config reached the head", () -> !dashboard.requests("PUT", "/api/serve/applications/").isEmpty(),
        this::state);
    await("the serve Service exists", () -> serveService() != null, this::state);
    ServeEndpointSlice.create(client, serveService(), "10.0.0.1");

    await("Ready", () -> "True".equals(condition("Ready")), this::state);
    RayService ready = service();
    assertThat(ready.getStatus().getServiceStatus()).isEqualTo("Running");
    assertThat(ready.getStatus().getNumServeEndpoints()).isEqualTo(1);
    String active = ready.getStatus().getActiveServiceStatus().getRayClusterName();
    assertThat(active).startsWith("greeter-");
    assertThat(clusters()).extracting(c -> c.getMetadata().getName()).containsExactly(active);
    assertThat(serveService().getSpec().getSelector()).containsEntry("ray.io/cluster", active);

    client.resource(ready).delete();
    await("the RayService is gone", () -> client.resources(RayService.class).inNamespace(NS).withName("greeter")
        .get() == null);
    assertThat(clusters()).as("its clusters were deleted before the finalizer went").isEmpty();
  }

  /** What the RayService, its clusters and Pods and the dashboard show now: why a wait timed out. */
  private String state() {
    StringBuilder state = new StringBuilder("RayService: ").append(Serialization.asYaml(service()));
    clusters().forEach(c -> state.append("RayCluster ").append(c.getMetadata().getName()).append(": ")
        .append(Serialization.asYaml(c.getStatus())));
    client.pods().inNamespace(NS).list().getItems().forEach(p -> state.append("Pod ").append(p.getMetadata().getName())
        .append(" labels ").append(p.getMetadata().getLabels()).append(" status ")
        .append(p.getStatus() == null ? null : p.getStatus().getPhase()).append('\n'));
    state.append("dashboard requests: ").append(dashboard.requests());
    return state.toString();
  }

  private RayService service() {
    return client.resources(RayService.class).inNamespace(NS).withName("greeter").get();
  }

  private String condition(String type) {
    RayService service = service();
    if (service == null || service.getStatus() == null || service.getStatus().getConditions() == null) {
      return null;
    }
    return service.getStatus().getConditions().stream().filter(c -> type.equals(c.getType()))
        .map(Condition::getStatus).findFirst().orElse(null);
  }

  private Service serveService() {
    return client.services().inNamespace(NS).withName("greeter-serve-svc").get();
  }

  private List<RayCluster> clusters() {
    return client.resources(RayCluster.class).inNamespace(NS).list().getItems();
  }
}
