package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.HeadIngressDrift;
import dev.raykube.cluster.HeadIngressFactory;
import dev.raykube.cluster.NetworkPolicyFactory;
import dev.raykube.cluster.NetworkPolicyPlan;
import dev.raykube.e2e.support.E2eWaits;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.model.cluster.ClusterNetworkPolicy;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.IngressOptions;
import dev.raykube.model.cluster.IngressPathType;
import dev.raykube.model.cluster.NetworkPolicyRules;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.HTTPIngressPath;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.IngressTLSBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRuleBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The objects of a RayCluster's network exposure on the real API server, with the operator in-process under the deploy
 * manifests' RBAC: the head's Ingress ({@code enableIngress} + {@code ingressOptions}) as KubeRay v1.7.0 builds it,
 * an edit of its spec reverted and an options change applied by the next reconcile; and, with the feature gate
 * {@code RayClusterNetworkPolicy} on, a cluster's NetworkPolicies ({@code spec.networkPolicy}): created for the head
 * and each worker group, updated when the RayCluster's rules change, deleted when their group is removed, and a
 * foreign policy of a wanted name reported as a collision and left alone.
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
    operator = InProcessOperator.start(kube.config(), kube.dashboardAccess(), "--namespaces=" + namespace,
        "--feature-gates=RayClusterNetworkPolicy=true");
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
    editCluster("exposed", c -> {
      c.getSpec().getHeadGroupSpec().getIngressOptions().setPath("/ray");
      c.getSpec().getHeadGroupSpec().getIngressOptions().setPathType(IngressPathType.IMPLEMENTATION_SPECIFIC);
    });
    Ingress updated = awaitIngress("exposed-head-ingress", i -> "/ray".equals(path(i).getPath()));
    assertThat(path(updated).getPathType()).isEqualTo("ImplementationSpecific");
    assertThat(updated.getSpec().getRules().get(0).getHost()).isEqualTo("ray.example.com");
    assertThat(updated.getSpec().getTls()).singleElement()
        .satisfies(tls -> assertThat(tls.getSecretName()).isEqualTo("ray-tls"));
    assertThat(updated.getMetadata().getUid()).as("updated in place").isEqualTo(ingress.getMetadata().getUid());
    RayCluster current = client.resources(RayCluster.class).inNamespace(namespace).withName("exposed").get();
    assertThat(HeadIngressDrift.update(updated, new HeadIngressFactory(ClusterBuildSettings.defaults())
        .build(current))).as("what the API server stored needs no further update").isEmpty();
  }

  @Test
  void networkPoliciesFollowTheClusterAndItsGroups() {
    client.resource(new NetworkPolicyBuilder().withNewMetadata().withName("fenced-workers-legacy")
        .withNamespace(namespace).endMetadata().withNewSpec().withNewPodSelector().endPodSelector()
        .withPolicyTypes("Ingress").endSpec().build()).create();
    RayCluster cluster = cluster(namespace, "fenced");
    List<WorkerGroupSpec> groups = cluster.getSpec().getWorkerGroupSpecs();
    groups.add(copyOf(groups.get(0), "gpu"));
    groups.add(copyOf(groups.get(0), "legacy"));
    cluster.getSpec().setNetworkPolicy(new ClusterNetworkPolicy());
    RayCluster created = client.resource(cluster).create();

    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "NetworkPolicies of fenced",
        () -> policyNames().containsAll(List.of("fenced-head", "fenced-workers-small", "fenced-workers-gpu")));
    NetworkPolicy head = policy("fenced-head");
    assertThat(head.getMetadata().getOwnerReferences()).singleElement()
        .satisfies(ref -> assertThat(ref.getUid()).isEqualTo(created.getMetadata().getUid()));
    assertThat(head.getMetadata().getLabels()).containsEntry("ray.io/cluster", "fenced")
        .containsEntry("ray.io/group", "headgroup");
    assertThat(head.getSpec().getPodSelector().getMatchLabels()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "ray.io/cluster", "fenced", "ray.io/node-type", "head"));
    assertThat(head.getSpec().getPolicyTypes()).containsExactly("Ingress", "Egress");
    assertThat(head.getSpec().getIngress()).hasSize(1);
    assertThat(policy("fenced-workers-gpu").getSpec().getPodSelector().getMatchLabels())
        .containsEntry("ray.io/group", "gpu").containsEntry("ray.io/node-type", "worker");
    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "NetworkPolicyNameCollision",
        () -> !events("fenced", "NetworkPolicyNameCollision").isEmpty());
    assertThat(policy("fenced-workers-legacy").getMetadata().getOwnerReferences()).isNullOrEmpty();

    editCluster("fenced", c -> {
      c.getSpec().setWorkerGroupSpecs(new ArrayList<>(List.of(c.getSpec().getWorkerGroupSpecs().get(0))));
      NetworkPolicyRules rules = new NetworkPolicyRules();
      rules.setIngressRules(List.of(new NetworkPolicyIngressRuleBuilder().addNewFrom().withNewNamespaceSelector()
          .addToMatchLabels("kubernetes.io/metadata.name", "raykube-system").endNamespaceSelector().endFrom()
          .addNewPort().withPort(new IntOrString(8265)).endPort().build()));
      c.getSpec().getNetworkPolicy().setHead(rules);
    });
    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "fenced-workers-gpu deleted, fenced-head updated",
        () -> !policyNames().contains("fenced-workers-gpu")
            && policy("fenced-head").getSpec().getIngress().size() == 2);
    assertThat(policy("fenced-head").getSpec().getIngress().get(1).getPorts()).singleElement()
        .satisfies(port -> assertThat(port.getProtocol()).isEqualTo("TCP"));
    assertThat(policyNames()).contains("fenced-workers-small", "fenced-workers-legacy");
    assertThat(policy("fenced-workers-legacy").getMetadata().getOwnerReferences()).as("never touched")
        .isNullOrEmpty();
    assertThat(events("fenced", "DeletedNetworkPolicy")).isNotEmpty();
    assertThat(events("fenced", "UpdatedNetworkPolicy")).isNotEmpty();
    RayCluster current = client.resources(RayCluster.class).inNamespace(namespace).withName("fenced").get();
    List<NetworkPolicy> live = client.network().v1().networkPolicies().inNamespace(namespace).list().getItems();
    NetworkPolicyPlan again = NetworkPolicyPlan.decide("fenced", current.getMetadata().getUid(),
        new NetworkPolicyFactory(ClusterBuildSettings.defaults()).build(current), live);
    assertThat(again.create()).isEmpty();
    assertThat(again.update()).as("what the API server stored needs no further update").isEmpty();
    assertThat(again.delete()).isEmpty();
    assertThat(again.collisions()).as("legacy is no longer wanted").isEmpty();
  }

  /** Edits the RayCluster's spec, read again after a conflict with the operator's status writes. */
  private static void editCluster(String name, Consumer<RayCluster> change) {
    for (int attempt = 1; ; attempt++) {
      RayCluster cluster = client.resources(RayCluster.class).inNamespace(namespace).withName(name).get();
      change.accept(cluster);
      try {
        client.resource(cluster).lockResourceVersion(cluster.getMetadata().getResourceVersion()).update();
        return;
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409 || attempt >= 10) {
          throw e;
        }
      }
    }
  }

  private static WorkerGroupSpec copyOf(WorkerGroupSpec group, String name) {
    WorkerGroupSpec copy = client.getKubernetesSerialization().clone(group);
    copy.setGroupName(name);
    return copy;
  }

  private static List<String> policyNames() {
    return client.network().v1().networkPolicies().inNamespace(namespace).list().getItems().stream()
        .map(p -> p.getMetadata().getName()).toList();
  }

  private static NetworkPolicy policy(String name) {
    return client.network().v1().networkPolicies().inNamespace(namespace).withName(name).get();
  }

  private static List<Event> events(String cluster, String reason) {
    return client.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> cluster.equals(e.getInvolvedObject().getName()) && reason.equals(e.getReason())).toList();
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
