package dev.raykube.operator.rayservice;

import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.operator.testing.PodSimulator;
import dev.raykube.operator.testing.ServeEndpointSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The RayService controller in the real operator runtime (JOSDK, informers, finalizer) next to the RayCluster
 * controller, on the CRUD mock with a {@link FakeRayDashboard} as every head's dashboard ({@link RayServiceRuntime}):
 * a RayService becomes Ready and serving, and its deletion removes its clusters before the finalizer goes. The mock
 * has no kubelet and no EndpointSlice controller: {@link PodSimulator} marks Pods Running and Ready, and the test
 * writes the serve Service's EndpointSlice as the EndpointSlice controller would ({@link ServeEndpointSlice}). The
 * decisions and the loop are tested in {@code ray-service-lifecycle}; this test is about the glue.
 */
@EnableKubernetesMockClient(crud = true)
class RayServiceRuntimeTest {

  static KubernetesClient client;

  private static final String NS = "serving";
  private static final String NAME = "greeter";

  private RayServiceRuntime runtime;

  @BeforeAll
  static void crds() {
    RayServiceRuntime.prepare(client, NS);
  }

  @BeforeEach
  void start() throws Exception {
    runtime = RayServiceRuntime.start(client, NS);
  }

  @AfterEach
  void stop() {
    runtime.close();
  }

  @Test
  @DisplayName("create → Ready and serving through the serve Service's endpoint → delete removes its clusters first")
  void readyThenDeleted() {
    FakeRayDashboard dashboard = runtime.dashboard();
    runtime.create(RayServiceRuntime.greeter(NAME));

    await("the RayService holds its finalizer", () -> runtime.rayService(NAME).getMetadata().getFinalizers()
        .contains(FinalizerNames.RAYSERVICE));
    await("the serve config reached the head", () -> !dashboard.requests("PUT", "/api/serve/applications/").isEmpty(),
        this::state);
    await("the serve Service exists", () -> runtime.serveService(NAME) != null, this::state);
    ServeEndpointSlice.create(client, runtime.serveService(NAME), "10.0.0.1");

    await("Ready", () -> runtime.hasCondition(NAME, "Ready", "True", "NonZeroServeEndpoints"), this::state);
    RayService ready = runtime.rayService(NAME);
    assertThat(ready.getStatus().getServiceStatus()).isEqualTo("Running");
    assertThat(ready.getStatus().getNumServeEndpoints()).isEqualTo(1);
    String active = ready.getStatus().getActiveServiceStatus().getRayClusterName();
    assertThat(active).startsWith(NAME + "-");
    assertThat(runtime.clusters(NAME)).extracting(c -> c.getMetadata().getName()).containsExactly(active);
    assertThat(runtime.serveService(NAME).getSpec().getSelector()).containsEntry("ray.io/cluster", active);
    assertThat(client.pods().inNamespace(NS).withLabel("ray.io/cluster", active).list().getItems())
        .as("the cluster's Pods carry the RayService's origin labels (kubectl get pods -l selects them)")
        .isNotEmpty().allSatisfy(pod -> assertThat(pod.getMetadata().getLabels())
            .containsEntry("ray.io/originated-from-crd", "RayService")
            .containsEntry("ray.io/originated-from-cr-name", NAME));

    client.resource(ready).delete();
    await("the RayService is gone", () -> runtime.rayService(NAME) == null, this::state);
    assertThat(runtime.clusters(NAME)).as("its clusters were deleted before the finalizer went").isEmpty();
  }

  /** What the RayService, its clusters and Pods and the dashboard show now: why a wait timed out. */
  private String state() {
    StringBuilder state = new StringBuilder("RayService: ").append(Serialization.asYaml(runtime.rayService(NAME)));
    for (RayCluster cluster : runtime.clusters(NAME)) {
      state.append("RayCluster ").append(cluster.getMetadata().getName()).append(": ")
          .append(Serialization.asYaml(cluster.getStatus()));
    }
    client.pods().inNamespace(NS).list().getItems().forEach(p -> state.append("Pod ").append(p.getMetadata().getName())
        .append(" labels ").append(p.getMetadata().getLabels()).append(" status ")
        .append(p.getStatus() == null ? null : p.getStatus().getPhase()).append('\n'));
    state.append("dashboard requests: ").append(runtime.dashboard().requests());
    return state.toString();
  }
}
