package dev.raykube.operator.raycluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.model.cluster.IngressOptions;
import dev.raykube.model.cluster.IngressPathType;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.networking.v1.HTTPIngressPath;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code headGroupSpec.enableIngress} through the RayCluster controller's reconciler ({@link DirectRayClusters}): the
 * Ingress is created, kept in step with the RayCluster and its own edits reverted, never deleted when
 * {@code enableIngress} is turned off, and one of that name not controlled by the cluster is left alone with a Warning.
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterIngressTest {

  static KubernetesClient client;

  private DirectRayClusters bed;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void newBed() {
    bed = new DirectRayClusters(client);
  }

  private RayCluster withIngress(String name) {
    RayCluster cluster = ClusterManifests.basic(bed.ns, name, 1);
    cluster.getSpec().getHeadGroupSpec().setEnableIngress(true);
    IngressOptions options = new IngressOptions();
    options.setHost("ray.example.com");
    cluster.getSpec().getHeadGroupSpec().setIngressOptions(options);
    cluster.getMetadata().setAnnotations(Map.of("kubernetes.io/ingress.class", "nginx", "team", "a"));
    return cluster;
  }

  private Ingress ingress(String name) {
    return client.network().v1().ingresses().inNamespace(bed.ns).withName(name).get();
  }

  private static HTTPIngressPath path(Ingress ingress) {
    return ingress.getSpec().getRules().get(0).getHttp().getPaths().get(0);
  }

  @Test
  @DisplayName("created with the cluster, its options applied on change, an edit of it reverted, kept when disabled")
  void createdUpdatedRevertedAndKept() {
    RayCluster created = bed.create(withIngress("ing"));
    bed.settle("ing");

    Ingress ingress = ingress("ing-head-ingress");
    assertThat(ingress).isNotNull();
    assertThat(ingress.getSpec().getIngressClassName()).isEqualTo("nginx");
    assertThat(ingress.getMetadata().getAnnotations()).containsExactlyEntriesOf(Map.of("team", "a"));
    assertThat(ingress.getMetadata().getOwnerReferences()).singleElement()
        .satisfies(ref -> assertThat(ref.getUid()).isEqualTo(created.getMetadata().getUid()));
    assertThat(ingress.getSpec().getRules().get(0).getHost()).isEqualTo("ray.example.com");
    assertThat(path(ingress).getPath()).isEqualTo("/");
    assertThat(path(ingress).getPathType()).isEqualTo("Prefix");
    assertThat(path(ingress).getBackend().getService().getName()).isEqualTo("ing-head-svc");
    assertThat(path(ingress).getBackend().getService().getPort().getNumber()).isEqualTo(8265);
    assertThat(bed.events("ing", ClusterEventReason.CREATED_INGRESS)).hasSize(1);
    assertThat(bed.events("ing", ClusterEventReason.UPDATED_INGRESS)).isEmpty();

    bed.edit("ing", c -> {
      c.getSpec().getHeadGroupSpec().getIngressOptions().setPath("/ray");
      c.getSpec().getHeadGroupSpec().getIngressOptions().setPathType(IngressPathType.EXACT);
    });
    bed.step("ing");
    assertThat(path(ingress("ing-head-ingress")).getPath()).isEqualTo("/ray");
    assertThat(path(ingress("ing-head-ingress")).getPathType()).isEqualTo("Exact");
    assertThat(bed.events("ing", ClusterEventReason.UPDATED_INGRESS)).hasSize(1);

    client.resource(new IngressBuilder(ingress("ing-head-ingress")).editSpec().editFirstRule()
        .withHost("edited.example.com").endRule().endSpec().build()).update();
    bed.step("ing");
    assertThat(ingress("ing-head-ingress").getSpec().getRules().get(0).getHost()).isEqualTo("ray.example.com");
    assertThat(bed.events("ing", ClusterEventReason.UPDATED_INGRESS)).hasSize(2);

    bed.edit("ing", c -> c.getSpec().getHeadGroupSpec().setEnableIngress(false));
    bed.step("ing");
    assertThat(ingress("ing-head-ingress")).as("never deleted by the operator").isNotNull();
  }

  @Test
  @DisplayName("an Ingress of that name the cluster does not control: a Warning, left alone, the cluster still runs")
  void aForeignIngressIsLeftAlone() {
    client.resource(new IngressBuilder().withNewMetadata().withName("other-head-ingress").withNamespace(bed.ns)
        .endMetadata().withNewSpec().withIngressClassName("mine").endSpec().build()).create();

    bed.create(withIngress("other"));
    bed.runUntil("other", "ready", DirectRayClusters.READY);

    Ingress foreign = ingress("other-head-ingress");
    assertThat(foreign.getSpec().getIngressClassName()).isEqualTo("mine");
    assertThat(foreign.getSpec().getRules()).isNullOrEmpty();
    assertThat(foreign.getMetadata().getOwnerReferences()).isNullOrEmpty();
    assertThat(bed.events("other", ClusterEventReason.FAILED_TO_CREATE_INGRESS)).extracting(Event::getType)
        .containsOnly("Warning").isNotEmpty();
  }

  @Test
  @DisplayName("no Ingress without enableIngress")
  void noIngressByDefault() {
    bed.create(ClusterManifests.basic(bed.ns, "plain", 1));
    bed.settle("plain");
    assertThat(client.network().v1().ingresses().inNamespace(bed.ns).list().getItems()).isEmpty();
  }
}
