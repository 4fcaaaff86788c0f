package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class NetworkPolicyFactoryTest {

  private final NetworkPolicyFactory factory = new NetworkPolicyFactory(ClusterBuildSettings.defaults());

  private static Map<String, String> selector(NetworkPolicyPeer peer) {
    return peer.getPodSelector().getMatchLabels();
  }

  @Test
  void noPolicyNoObjects() {
    assertThat(factory.build(TestClusters.basic())).isEmpty();
  }

  @Test
  void denyAllHeadAndOneWorkerGroup() {
    RayCluster cluster = NetworkPolicyValidatorTest.withPolicy("{}");

    List<NetworkPolicy> policies = factory.build(cluster);

    assertThat(policies).extracting(p -> p.getMetadata().getName()).containsExactly("demo-head",
        "demo-workers-workers");
    NetworkPolicy head = policies.get(0);
    assertThat(head.getApiVersion()).isEqualTo("networking.k8s.io/v1");
    assertThat(head.getKind()).isEqualTo("NetworkPolicy");
    assertThat(head.getMetadata().getNamespace()).isEqualTo("ns");
    assertThat(head.getMetadata().getLabels()).containsExactlyInAnyOrderEntriesOf(Map.of("ray.io/cluster", "demo",
        "ray.io/group", "headgroup", "app.kubernetes.io/name", "kuberay",
        "app.kubernetes.io/created-by", "raykube-operator"));
    assertThat(head.getMetadata().getOwnerReferences()).singleElement().satisfies(ref -> {
      assertThat(ref.getUid()).isEqualTo(cluster.getMetadata().getUid());
      assertThat(ref.getController()).isTrue();
    });
    assertThat(head.getSpec().getPodSelector().getMatchLabels()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "ray.io/cluster", "demo", "ray.io/node-type", "head"));
    assertThat(head.getSpec().getPolicyTypes()).containsExactly("Ingress", "Egress");
    assertThat(head.getSpec().getIngress()).singleElement().satisfies(rule -> {
      assertThat(rule.getPorts()).isNullOrEmpty();
      assertThat(rule.getFrom()).singleElement().satisfies(peer -> assertThat(selector(peer))
          .containsExactlyEntriesOf(Map.of("ray.io/cluster", "demo")));
    });
    assertThat(head.getSpec().getEgress()).singleElement().satisfies(rule -> {
      assertThat(rule.getPorts()).isNullOrEmpty();
      assertThat(rule.getTo()).singleElement().satisfies(peer -> assertThat(selector(peer))
          .containsExactlyEntriesOf(Map.of("ray.io/cluster", "demo")));
    });

    NetworkPolicy workers = policies.get(1);
    assertThat(workers.getMetadata().getLabels()).containsEntry("ray.io/group", "workers");
    assertThat(workers.getSpec().getPodSelector().getMatchLabels()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "ray.io/cluster", "demo", "ray.io/node-type", "worker", "ray.io/group", "workers"));
    assertThat(workers.getSpec().getIngress()).isEqualTo(head.getSpec().getIngress());
    assertThat(workers.getSpec().getEgress()).isEqualTo(head.getSpec().getEgress());
  }

  static Stream<Arguments> modes() {
    return Stream.of(
        Arguments.of("{}", List.of("Ingress", "Egress"), true, true),
        Arguments.of("{mode: DenyAll}", List.of("Ingress", "Egress"), true, true),
        Arguments.of("{mode: DenyAllIngress}", List.of("Ingress"), true, false),
        Arguments.of("{mode: DenyAllEgress}", List.of("Egress"), false, true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("modes")
  void theModeNamesThePolicyTypesAndTheRulesOfEachDirection(String yaml, List<String> types, boolean ingress,
      boolean egress) {
    for (NetworkPolicy policy : factory.build(NetworkPolicyValidatorTest.withPolicy(yaml))) {
      assertThat(policy.getSpec().getPolicyTypes()).containsExactlyElementsOf(types);
      assertThat(policy.getSpec().getIngress() != null && !policy.getSpec().getIngress().isEmpty()).isEqualTo(ingress);
      assertThat(policy.getSpec().getEgress() != null && !policy.getSpec().getEgress().isEmpty()).isEqualTo(egress);
    }
  }

  @Test
  void userRulesComeAfterTheBaseRulesAndAGroupEntryReplacesWorker() {
    RayCluster cluster = NetworkPolicyValidatorTest.withPolicy("""
        head:
          ingressRules: [{from: [{namespaceSelector: {matchLabels: {team: a}}}], ports: [{port: 8265}]}]
          egressRules: [{ports: [{port: 53, protocol: UDP}, {port: 53}]}]
        worker:
          ingressRules: [{from: [{ipBlock: {cidr: 10.1.0.0/16}}]}]
        workerGroups:
          - groupName: gpu
            egressRules: [{to: [{ipBlock: {cidr: 0.0.0.0/0}}], ports: [{port: 443, endPort: 444}]}]
        """);
    WorkerGroupSpec gpu = TestFiles.SERIALIZATION.unmarshal(TestFiles.SERIALIZATION.asYaml(TestClusters.group(cluster)),
        WorkerGroupSpec.class);
    gpu.setGroupName("gpu");
    List<WorkerGroupSpec> groups = new ArrayList<>(cluster.getSpec().getWorkerGroupSpecs());
    groups.add(gpu);
    cluster.getSpec().setWorkerGroupSpecs(groups);

    List<NetworkPolicy> policies = factory.build(cluster);

    assertThat(policies).extracting(p -> p.getMetadata().getName()).containsExactly("demo-head",
        "demo-workers-workers", "demo-workers-gpu");
    NetworkPolicy head = policies.get(0);
    assertThat(head.getSpec().getIngress()).hasSize(2);
    assertThat(head.getSpec().getIngress().get(1).getPorts()).singleElement().satisfies(port -> {
      assertThat(port.getPort().getIntVal()).isEqualTo(8265);
      assertThat(port.getProtocol()).as("normalised").isEqualTo("TCP");
    });
    assertThat(head.getSpec().getEgress()).hasSize(2);
    assertThat(head.getSpec().getEgress().get(1).getPorts()).extracting(p -> p.getProtocol())
        .containsExactly("UDP", "TCP");

    NetworkPolicy workers = policies.get(1);
    assertThat(workers.getSpec().getIngress()).hasSize(2);
    assertThat(workers.getSpec().getIngress().get(1).getFrom().get(0).getIpBlock().getCidr()).isEqualTo("10.1.0.0/16");
    assertThat(workers.getSpec().getEgress()).hasSize(1);

    NetworkPolicy gpuPolicy = policies.get(2);
    assertThat(gpuPolicy.getSpec().getIngress()).as("the entry replaces worker").hasSize(1);
    assertThat(gpuPolicy.getSpec().getEgress()).hasSize(2);
    assertThat(gpuPolicy.getSpec().getEgress().get(1).getPorts()).singleElement().satisfies(port -> {
      assertThat(port.getEndPort()).isEqualTo(444);
      assertThat(port.getProtocol()).isEqualTo("TCP");
    });
    assertThat(cluster.getSpec().getNetworkPolicy().getHead().getIngressRules().get(0).getPorts().get(0)
        .getProtocol()).as("the RayCluster is not changed").isNull();
  }

  static Stream<Arguments> submitters() {
    return Stream.of(
        Arguments.of("K8sJobMode, RayJob controller", "K8sJobMode", "RayJob", true, Map.of(), 8265, true),
        Arguments.of("dashboard-port param", "K8sJobMode", "RayJob", true, Map.of("dashboard-port", "8300"), 8300,
            true),
        Arguments.of("HTTPMode", "HTTPMode", "RayJob", true, Map.of(), 0, false),
        Arguments.of("no label", null, "RayJob", true, Map.of(), 0, false),
        Arguments.of("RayJob owner that is not the controller", "K8sJobMode", "RayJob", false, Map.of(), 0, false),
        Arguments.of("RayService controller", "K8sJobMode", "RayService", true, Map.of(), 0, false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("submitters")
  void theHeadLetsItsRayJobsSubmitterReachTheDashboard(String name, String mode, String ownerKind,
      boolean controller, Map<String, String> params, int port, boolean rule) {
    RayCluster cluster = NetworkPolicyValidatorTest.withPolicy("{}");
    if (mode != null) {
      cluster.getMetadata().setLabels(Map.of(NetworkPolicyFactory.JOB_SUBMISSION_MODE_LABEL, mode));
    }
    cluster.getMetadata().setOwnerReferences(List.of(new OwnerReferenceBuilder().withApiVersion("ray.io/v1")
        .withKind(ownerKind).withName("job-1").withUid("j-1").withController(controller).build()));
    cluster.getSpec().getHeadGroupSpec().setRayStartParams(params);

    List<NetworkPolicy> policies = factory.build(cluster);

    assertThat(policies.get(0).getSpec().getIngress()).hasSize(rule ? 2 : 1);
    assertThat(policies.get(1).getSpec().getIngress()).as("never on workers").hasSize(1);
    if (rule) {
      var submitter = policies.get(0).getSpec().getIngress().get(1);
      assertThat(submitter.getFrom()).singleElement().satisfies(peer -> assertThat(selector(peer))
          .containsExactlyInAnyOrderEntriesOf(Map.of("ray.io/originated-from-cr-name", "job-1",
              "ray.io/originated-from-crd", "RayJob")));
      assertThat(submitter.getPorts()).singleElement().satisfies(p -> {
        assertThat(p.getProtocol()).isEqualTo("TCP");
        assertThat(p.getPort().getIntVal()).isEqualTo(port);
      });
    }
  }

  @Test
  void createdByFollowsTheSettings() {
    List<NetworkPolicy> policies = new NetworkPolicyFactory(ClusterBuildSettings.defaults()
        .withCreatedBy("kuberay-operator")).build(NetworkPolicyValidatorTest.withPolicy("{}"));
    assertThat(policies).allSatisfy(p -> assertThat(p.getMetadata().getLabels())
        .containsEntry("app.kubernetes.io/created-by", "kuberay-operator"));
  }
}
