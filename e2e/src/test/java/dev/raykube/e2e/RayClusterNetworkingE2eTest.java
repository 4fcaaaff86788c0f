package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.e2e.support.E2eWaits;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.IngressOptions;
import dev.raykube.model.cluster.IngressPathType;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.HTTPIngressPath;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.IngressTLSBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The objects of a RayCluster's network exposure on the real API server, with the operator in-process under the deploy
 * manifests' RBAC: the head's Ingress ({@code enableIngress} + {@code ingressOptions}) as KubeRay v1.7.0 builds it,
 * an edit of its spec reverted and an options change applied by the next reconcile.
 */
class RayClusterNetworkingE2eTest {

  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withFakeDashboards().namespacePrefix("networking");

  private static KubernetesClient client;
  private static String namespace;
  private static InProcessOperator operator;

  @BeforeAll
  static void startOperator() throws Exception {
    client = kube.client();
    namespace = kube.namespace();
    operator = InProcessOperator.start(kube.config(), kube.dashboardAccess(), "--namespaces=" + namespace);
  }

  @AfterAll
  static void stopOperator() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void theHeadIngressIsCreatedKeptInStepAndItsEditsReverted() {
    RayCluster cluster = cluster(namespace, "exposed");
    cluster.getMetadata().setAnnotations(Map.of("kubernetes.io/ingress.class", "nginx",
        "nginx.ingress.kubernetes.io/proxy-body-size", "8m"));
    HeadGroupSpec head = cluster.getSpec().getHeadGroupSpec();
    head.setEnableIngress(true);
    IngressOptions options = new IngressOptions();
    options.setHost("ray.example.com");
    options.setTls(List.of(new IngressTLSBuilder().withHosts("ray.example.com").withSecretName("ray-tls").build()));
    head.setIngressOptions(options);
    RayCluster created = client.resource(cluster).create();

    Ingress ingress = awaitIngress("exposed-head-ingress", i -> i != null);
    assertThat(ingress.getMetadata().getLabels()).containsAllEntriesOf(Map.of("ray.io/cluster", "exposed",
        "ray.io/identifier", "exposed-head", "app.kubernetes.io/name", "kuberay"));
    assertThat(ingress.getMetadata().getAnnotations())
        .containsEntry("nginx.ingress.kubernetes.io/proxy-body-size", "8m")
        .doesNotContainKey("kubernetes.io/ingress.class");
    assertThat(ingress.getMetadata().getOwnerReferences()).singleElement().satisfies(ref -> {
      assertThat(ref.getUid()).isEqualTo(created.getMetadata().getUid());
      assertThat(ref.getController()).isTrue();
    });
    assertThat(ingress.getSpec().getIngressClassName()).isEqualTo("nginx");
    assertThat(ingress.getSpec().getRules()).singleElement()
        .satisfies(rule -> assertThat(rule.getHost()).isEqualTo("ray.example.com"));
    HTTPIngressPath path = path(ingress);
    assertThat(path.getPath()).isEqualTo("/");
    assertThat(path.getPathType()).isEqualTo("Prefix");
    assertThat(path.getBackend().getService().getName()).isEqualTo("exposed-head-svc");
    assertThat(path.getBackend().getService().getPort().getNumber()).isEqualTo(8265);
    assertThat(ingress.getSpec().getTls()).singleElement()
        .satisfies(tls -> assertThat(tls.getSecretName()).isEqualTo("ray-tls"));

    // Someone edits the Ingress; then the RayCluster's options change: the next reconcile applies the options and
    // reverts the edit.
    client.resource(new IngressBuilder(ingress).editSpec().editFirstRule().withHost("edited.example.com").endRule()
        .withTls(new ArrayList<>()).endSpec().build()).update();
    client.resources(RayCluster.class).inNamespace(namespace).withName("exposed").edit(c -> {
      c.getSpec().getHeadGroupSpec().getIngressOptions().setPath("/ray");
      c.getSpec().getHeadGroupSpec().getIngressOptions().setPathType(IngressPathType.IMPLEMENTATION_SPECIFIC);
      return c;
    });
    Ingress updated = awaitIngress("exposed-head-ingress", i -> "/ray".equals(path(i).getPath()));
    assertThat(path(updated).getPathType()).isEqualTo("ImplementationSpecific");
    assertThat(updated.getSpec().getRules().get(0).getHost()).isEqualTo("ray.example.com");
    assertThat(updated.getSpec().getTls()).singleElement()
        .satisfies(tls -> assertThat(tls.getSecretName()).isEqualTo("ray-tls"));
    assertThat(updated.getMetadata().getUid()).as("updated in place").isEqualTo(ingress.getMetadata().getUid());
  }

  private static Ingress awaitIngress(String name, Predicate<Ingress> condition) {
    Ingress[] seen = new Ingress[1];
    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "Ingress " + name, () -> {
      seen[0] = client.network().v1().ingresses().inNamespace(namespace).withName(name).get();
      return seen[0] != null && condition.test(seen[0]);
    });
    return seen[0];
  }

  private static HTTPIngressPath path(Ingress ingress) {
    return ingress.getSpec().getRules().get(0).getHttp().getPaths().get(0);
  }

  static RayCluster cluster(String ns, String name) {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(ns).build());
    RayClusterSpec spec = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(template("ray-head"));
    spec.setHeadGroupSpec(head);
    WorkerGroupSpec workers = new WorkerGroupSpec();
    workers.setGroupName("small");
    workers.setReplicas(1);
    workers.setMinReplicas(1);
    workers.setMaxReplicas(1);
    workers.setRayStartParams(Map.of());
    workers.setTemplate(template("ray-worker"));
    spec.setWorkerGroupSpecs(new ArrayList<>(List.of(workers)));
    cluster.setSpec(spec);
    return cluster;
  }

  private static PodTemplateSpec template(String container) {
    return new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName(container)
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build();
  }
}
