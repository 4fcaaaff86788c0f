package dev.raykube.operator.raycluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.operator.RayOperatorMain;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.testing.Kubeconfigs;
import dev.raykube.operator.testing.PodSimulator;
import dev.raykube.operator.testing.RayCrds;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.testing.Eventually;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator as {@code java -jar} starts it ({@link RayOperatorMain#launch}: kubeconfig, production controllers
 * and timings) reconciles the sample RayClusters of {@code examples/manifests} end to end on the CRUD mock.
 */
@EnableKubernetesMockClient(crud = true)
class OperatorMainReconcilesSamplesTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private static final String NS = "samples";

  @TempDir
  Path dir;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  @Test
  void samplesBecomeReadyWithTheirServicePodsAndAutoscalerRbac() throws Exception {
    RayCluster existing = client.resource(ClusterManifests.sample("raycluster.yaml", NS)).create();
    Path kubeconfig = Kubeconfigs.write(dir.resolve("config"), server.url("/"));

    try (PodSimulator simulator = PodSimulator.start(client);
        RayOperator operator = RayOperatorMain.launch(TestSettings.of("--kubeconfig=" + kubeconfig))) {
      RayCluster minimal = client.resource(ClusterManifests.sample("raycluster-minimal.yaml", NS)).create();

      for (RayCluster cluster : List.of(existing, minimal)) {
        String name = cluster.getMetadata().getName();
        Eventually.await(Duration.ofSeconds(20), name + " ready", () -> {
          RayClusterStatus status = client.resources(RayCluster.class).inNamespace(NS).withName(name).get()
              .getStatus();
          return status != null && status.getState() != null && "ready".equals(status.getStateValue());
        });
        assertThat(client.services().inNamespace(NS).withName(name + "-head-svc").get()).isNotNull();
        List<Pod> pods = client.pods().inNamespace(NS).withLabel(RayClusterLabels.CLUSTER, name).list().getItems();
        assertThat(pods).hasSize(2);
        Pod worker = pods.stream().filter(p -> "worker".equals(p.getMetadata().getLabels()
            .get(RayClusterLabels.NODE_TYPE))).findFirst().orElseThrow();
        List<Container> inits = worker.getSpec().getInitContainers();
        assertThat(inits).as("the injected wait is the last init container").isNotEmpty();
        assertThat(inits.get(inits.size() - 1).getName()).isEqualTo("wait-gcs-ready");
      }

      Pod sampleHead = client.pods().inNamespace(NS).withLabel(RayClusterLabels.CLUSTER, "raycluster-sample")
          .withLabel(RayClusterLabels.NODE_TYPE, "head").list().getItems().get(0);
      assertThat(sampleHead.getSpec().getContainers()).extracting(Container::getName)
          .containsExactly("ray-head", "autoscaler");
      assertThat(sampleHead.getSpec().getServiceAccountName()).isEqualTo("raycluster-sample");
      assertThat(client.serviceAccounts().inNamespace(NS).withName("raycluster-sample").get()).isNotNull();
      assertThat(client.rbac().roles().inNamespace(NS).withName("raycluster-sample").get()).isNotNull();
      assertThat(client.rbac().roleBindings().inNamespace(NS).withName("raycluster-sample").get()).isNotNull();
      assertThat(client.serviceAccounts().inNamespace(NS).withName("raycluster-minimal").get())
          .as("no autoscaler, no ServiceAccount").isNull();
      assertThat(operator.clusterStates().count("ready")).isEqualTo(2);
      assertThat(simulator.markedRunning()).isEqualTo(4);
    }
  }
}
