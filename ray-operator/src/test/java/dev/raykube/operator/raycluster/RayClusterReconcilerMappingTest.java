package dev.raykube.operator.raycluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.HeadServiceFactory;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.loop.RayClusterLoop;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.testing.TestSettings;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the controller finds the RayCluster of a Pod or Service, its head Service, and whether a cluster is its own. */
class RayClusterReconcilerMappingTest {

  private final RayCluster cluster = ClusterManifests.basic("ray", "demo", 1);

  @Test
  void aPodOrServiceMapsToTheClusterOfItsLabelInItsNamespace() {
    Pod pod = new PodBuilder().withNewMetadata().withName("p").withNamespace("ray")
        .addToLabels("ray.io/cluster", "demo").endMetadata().build();
    Pod unlabelled = new PodBuilder().withNewMetadata().withName("q").withNamespace("ray").endMetadata().build();

    assertThat(RayClusterReconciler.clusterOf(pod)).containsExactly(new ResourceID("demo", "ray"));
    assertThat(RayClusterReconciler.clusterOf(unlabelled)).isEmpty();
  }

  @Test
  void theHeadServiceIsTheOneWithItsNameElseOneWithTheHeadIdentifier() {
    Service built = new HeadServiceFactory(ClusterBuildSettings.defaults()).build(cluster);
    Service other = new ServiceBuilder().withNewMetadata().withName("demo-serve-svc").withNamespace("ray")
        .addToLabels("ray.io/cluster", "demo").endMetadata().build();
    Service renamed = new ServiceBuilder(built).editMetadata().withName("legacy-head").endMetadata().build();

    assertThat(RayClusterLoop.headService(cluster, List.of(other, renamed, built))).isSameAs(built);
    assertThat(RayClusterLoop.headService(cluster, List.of(other, renamed))).isSameAs(renamed);
    assertThat(RayClusterLoop.headService(cluster, List.of(other))).isNull();
  }

  @Test
  void clustersManagedByAnotherControllerAreNotOurs() {
    assertThat(RayClusterLoop.isManagedHere(cluster)).isTrue();
    cluster.getSpec().setManagedBy(RayClusterLabels.MANAGED_BY_KUBERAY);
    assertThat(RayClusterLoop.isManagedHere(cluster)).isTrue();
    cluster.getSpec().setManagedBy("kueue.x-k8s.io/multikueue");
    assertThat(RayClusterLoop.isManagedHere(cluster)).isFalse();
  }

  @Test
  void buildSettingsFollowTheOperatorFlags() {
    ClusterBuildSettings settings = RayClusterController.buildSettings(
        TestSettings.of("--cluster-domain=corp.example", "--no-init-container-injection"));

    assertThat(settings.clusterDomain()).isEqualTo("corp.example");
    assertThat(settings.initContainerInjection()).isFalse();
    assertThat(settings.operatorVersion()).isEqualTo("dev");
    assertThat(RayClusterController.buildSettings(TestSettings.of()).initContainerInjection()).isTrue();
  }
}
