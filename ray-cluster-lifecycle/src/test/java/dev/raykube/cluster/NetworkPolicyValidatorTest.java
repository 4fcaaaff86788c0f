package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.ClusterNetworkPolicy;
import dev.raykube.model.cluster.RayCluster;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class NetworkPolicyValidatorTest {

  private static final String INGRESS = "ingressRules: [{from: [{ipBlock: {cidr: 10.0.0.0/8}}]}]";
  private static final String EGRESS = "egressRules: [{to: [{ipBlock: {cidr: 10.0.0.0/8}}]}]";

  /** {@link TestClusters#basic()} (group {@code workers}) with this {@code networkPolicy}, written as YAML. */
  static RayCluster withPolicy(String yaml) {
    RayCluster cluster = TestClusters.basic();
    cluster.getSpec().setNetworkPolicy(TestFiles.SERIALIZATION.unmarshal("---\n" + yaml, ClusterNetworkPolicy.class));
    return cluster;
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("empty policy (DenyAll)", "{}", List.of()),
        Arguments.of("DenyAll with rules both ways everywhere", "{head: {" + INGRESS + ", " + EGRESS + "}, worker: {"
            + INGRESS + ", " + EGRESS + "}, workerGroups: [{groupName: workers, " + INGRESS + ", " + EGRESS + "}]}",
            List.of()),
        Arguments.of("DenyAllIngress with ingress rules", "{mode: DenyAllIngress, head: {" + INGRESS + "}}",
            List.of()),
        Arguments.of("DenyAllEgress with egress rules", "{mode: DenyAllEgress, worker: {" + EGRESS + "}}", List.of()),
        Arguments.of("DenyAllEgress with head ingress rules", "{mode: DenyAllEgress, head: {" + INGRESS + "}}",
            List.of("spec.networkPolicy.head.ingressRules are not allowed with mode DenyAllEgress")),
        Arguments.of("DenyAllEgress with worker ingress rules", "{mode: DenyAllEgress, worker: {" + INGRESS + "}}",
            List.of("spec.networkPolicy.worker.ingressRules are not allowed with mode DenyAllEgress")),
        Arguments.of("DenyAllIngress with group egress rules", "{mode: DenyAllIngress, workerGroups: "
            + "[{groupName: workers, " + EGRESS + "}]}",
            List.of("spec.networkPolicy.workerGroups[0].egressRules are not allowed with mode DenyAllIngress")),
        Arguments.of("DenyAllIngress with head egress rules", "{mode: DenyAllIngress, head: {" + EGRESS + "}}",
            List.of("spec.networkPolicy.head.egressRules are not allowed with mode DenyAllIngress")),
        Arguments.of("empty rule lists are fine", "{mode: DenyAllIngress, head: {egressRules: []}}", List.of()),
        Arguments.of("unknown group", "{workerGroups: [{groupName: gpu}]}",
            List.of("spec.networkPolicy.workerGroups[0].groupName 'gpu' matches no worker group")),
        Arguments.of("unknown mode", "{mode: AllowAll}", List.of("spec.networkPolicy.mode 'AllowAll'")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void rules(String name, String yaml, List<String> expected) {
    List<String> problems = NetworkPolicyValidator.validate(withPolicy(yaml), true);
    assertThat(problems).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      assertThat(problems.get(i)).startsWith(expected.get(i));
    }
  }

  @Test
  void aPolicyWhileTheGateIsOffIsRefusedAndNoPolicyIsAlwaysFine() {
    assertThat(NetworkPolicyValidator.validate(withPolicy("{}"), false)).singleElement().asString()
        .contains("feature gate RayClusterNetworkPolicy");
    assertThat(NetworkPolicyValidator.validate(TestClusters.basic(), false)).isEmpty();
    assertThat(NetworkPolicyValidator.validate(TestClusters.basic(), true)).isEmpty();
  }

  @Test
  void groupNamesMustBeDns1123LabelsOnlyWhileAPolicyIsPresent() {
    RayCluster cluster = withPolicy("{}");
    TestClusters.group(cluster).setGroupName("GPU_workers");
    assertThat(NetworkPolicyValidator.validate(cluster, true)).singleElement().asString()
        .startsWith("spec.workerGroupSpecs[0].groupName 'GPU_workers' must be a DNS-1123 label");

    cluster.getSpec().setNetworkPolicy(null);
    assertThat(NetworkPolicyValidator.validate(cluster, true)).isEmpty();
  }

  @Test
  void theRayClusterControllersValidationAddsTheseRulesTheSharedOneDoesNot() {
    RayCluster cluster = withPolicy("{}");
    assertThat(RayClusterValidator.validate(cluster)).isEmpty();
    assertThat(RayClusterValidator.validate(cluster, true)).isEmpty();
    assertThat(RayClusterValidator.validate(cluster, false)).singleElement().asString()
        .contains("RayClusterNetworkPolicy");
  }
}
