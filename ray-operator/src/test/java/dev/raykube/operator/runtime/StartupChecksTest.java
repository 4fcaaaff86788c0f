package dev.raykube.operator.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.operator.testing.HttpProbe;
import dev.raykube.operator.testing.RecordingReconciler;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.testing.Kubeconfigs;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Start-up failures against a cluster without the ray.io CRDs (fresh mock server per class). */
@EnableKubernetesMockClient(crud = true)
class StartupChecksTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private static List<ControllerDefinition<?>> recording() {
    return List.of(RecordingReconciler.definition("recording", new ArrayList<>()));
  }

  @Test
  void missingCrdsOfRegisteredControllersAreNamedInOneSentence() throws Exception {
    int health = Kubeconfigs.unusedPort();

    assertThatThrownBy(() -> RayOperator.start(TestSettings.of("--health-port=" + health),
        new ConfigBuilder(client.getConfiguration()).build(), recording(), RuntimeOptions.production()))
        .isInstanceOf(StartupFailure.class)
        .hasMessage("The custom resource definitions rayclusters.ray.io are not installed on the Kubernetes API server"
            + " at " + server.url("/") + "; install them with 'kubectl apply -k ray-operator/deploy/crds'.");
    assertThat(HttpProbe.listening(health)).as("endpoints closed after the failure").isFalse();
  }

  @Test
  void theCheckPassesOnceTheCrdIsInstalled() throws Exception {
    KubernetesMockServer fresh = new KubernetesMockServer(new io.fabric8.mockwebserver.Context(),
        new io.fabric8.mockwebserver.MockWebServer(), new java.util.HashMap<>(),
        new io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher(), false);
    fresh.init();
    try (KubernetesClient freshClient = fresh.createClient()) {
      RayCrds.install(freshClient, "rayclusters");
      ApiServerCheck.verifyResourcesServed(freshClient, List.of(dev.raykube.model.cluster.RayCluster.class));
      assertThatThrownBy(() -> ApiServerCheck.verifyResourcesServed(freshClient,
          List.of(dev.raykube.model.cluster.RayCluster.class, dev.raykube.model.job.RayJob.class,
              dev.raykube.model.service.RayService.class)))
          .hasMessageStartingWith("The custom resource definitions rayjobs.ray.io, rayservices.ray.io are not"
              + " installed");
    } finally {
      fresh.destroy();
    }
  }

  @Test
  void aTakenPortIsReportedAndNothingStaysOpen() throws Exception {
    int health = Kubeconfigs.unusedPort();
    try (ServerSocket taken = new ServerSocket(0)) {
      int metrics = taken.getLocalPort();
      assertThatThrownBy(() -> RayOperator.start(
          TestSettings.of("--health-port=" + health, "--metrics-port=" + metrics),
          new ConfigBuilder(client.getConfiguration()).build(), List.of(), RuntimeOptions.production()))
          .isInstanceOf(StartupFailure.class)
          .hasMessage("Cannot listen on metrics port " + metrics + ": it is already in use.");
    }
    assertThat(HttpProbe.listening(health)).isFalse();
  }
}
