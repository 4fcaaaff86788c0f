package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class NetworkPolicyPlanTest {

  private static final NetworkPolicyFactory FACTORY = new NetworkPolicyFactory(ClusterBuildSettings.defaults());
  private static final RayCluster CLUSTER = NetworkPolicyValidatorTest.withPolicy("{}");
  private static final String UID = CLUSTER.getMetadata().getUid();

  /** A wanted policy as the API server returns it, after {@code change}. */
  private static NetworkPolicy live(int index, UnaryOperator<NetworkPolicyBuilder> change) {
    NetworkPolicy wanted = FACTORY.build(CLUSTER).get(index);
    return change.apply(new NetworkPolicyBuilder(TestFiles.SERIALIZATION.clone(wanted)).editMetadata()
        .withResourceVersion("5").endMetadata()).build();
  }

  private static NetworkPolicy head(UnaryOperator<NetworkPolicyBuilder> change) {
    return live(0, change);
  }

  private static NetworkPolicy workers(UnaryOperator<NetworkPolicyBuilder> change) {
    return live(1, change);
  }

  private static NetworkPolicyPlan plan(List<NetworkPolicy> live) {
    return NetworkPolicyPlan.decide("demo", UID, FACTORY.build(CLUSTER), live);
  }

  private static List<String> names(List<NetworkPolicy> policies) {
    return policies.stream().map(p -> p.getMetadata().getName()).toList();
  }

  static Stream<Arguments> cases() {
    UnaryOperator<NetworkPolicyBuilder> same = b -> b;
    UnaryOperator<NetworkPolicyBuilder> foreign = b -> b.editMetadata().withOwnerReferences(List.of()).endMetadata();
    UnaryOperator<NetworkPolicyBuilder> otherOwner = b -> b.editMetadata().withOwnerReferences(
        new OwnerReferenceBuilder().withKind("RayCluster").withName("demo").withUid("older").withController(true)
            .build()).endMetadata();
    UnaryOperator<NetworkPolicyBuilder> edited = b -> b.editSpec().withPolicyTypes("Ingress").endSpec();
    UnaryOperator<NetworkPolicyBuilder> relabelled = b -> b.editMetadata().addToLabels("extra", "x").endMetadata();
    UnaryOperator<NetworkPolicyBuilder> emptyLists = b -> b.editSpec().editIngress(0).withPorts(new ArrayList<>())
        .endIngress().endSpec();
    NetworkPolicy removedGroup = new NetworkPolicyBuilder(workers(same)).editMetadata().withName("demo-workers-old")
        .endMetadata().build();
    NetworkPolicy otherCluster = new NetworkPolicyBuilder(workers(same)).editMetadata().withName("x-workers-a")
        .addToLabels("ray.io/cluster", "x").endMetadata().build();
    NetworkPolicy unlabelledOwned = new NetworkPolicyBuilder(workers(same)).editMetadata().withName("demo-extra")
        .removeFromLabels("ray.io/cluster").endMetadata().build();
    return Stream.of(
        Arguments.of("nothing there", List.of(), List.of("demo-head", "demo-workers-workers"), List.of(), List.of(),
            List.of()),
        Arguments.of("all in place", List.of(head(same), workers(same)), List.of(), List.of(), List.of(), List.of()),
        Arguments.of("a missing list equals an empty one", List.of(head(emptyLists), workers(same)), List.of(),
            List.of(), List.of(), List.of()),
        Arguments.of("one edited", List.of(head(edited), workers(same)), List.of(), List.of("demo-head"), List.of(),
            List.of()),
        Arguments.of("labels changed", List.of(head(same), workers(relabelled)), List.of(),
            List.of("demo-workers-workers"), List.of(), List.of()),
        Arguments.of("a foreign one of a wanted name", List.of(head(foreign), workers(same)), List.of(), List.of(),
            List.of(), List.of("demo-head")),
        Arguments.of("controlled by an older cluster of that name", List.of(head(otherOwner), workers(same)),
            List.of(), List.of(), List.of(), List.of("demo-head")),
        Arguments.of("a removed group", List.of(head(same), workers(same), removedGroup), List.of(), List.of(),
            List.of("demo-workers-old"), List.of()),
        Arguments.of("another cluster's or unlabelled ones are kept",
            List.of(head(same), workers(same), otherCluster, unlabelledOwned), List.of(), List.of(), List.of(),
            List.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void decides(String name, List<NetworkPolicy> live, List<String> create, List<String> update, List<String> delete,
      List<String> collisions) {
    NetworkPolicyPlan plan = plan(live);

    assertThat(names(plan.create())).containsExactlyElementsOf(create);
    assertThat(names(plan.update())).containsExactlyElementsOf(update);
    assertThat(names(plan.delete())).containsExactlyElementsOf(delete);
    assertThat(plan.collisions()).containsExactlyElementsOf(collisions);
    assertThat(plan.isEmpty()).isEqualTo(create.isEmpty() && update.isEmpty() && delete.isEmpty()
        && collisions.isEmpty());
  }

  @Test
  void anUpdateCarriesTheDesiredSpecAndLabelsAndTheResourceVersionRead() {
    NetworkPolicy desired = FACTORY.build(CLUSTER).get(0);
    NetworkPolicy updated = plan(List.of(head(b -> b.editSpec().withPolicyTypes("Egress").endSpec()
        .editMetadata().addToLabels("extra", "x").endMetadata()))).update().get(0);

    assertThat(updated.getMetadata().getResourceVersion()).isEqualTo("5");
    assertThat(updated.getSpec()).isEqualTo(desired.getSpec());
    assertThat(updated.getMetadata().getLabels()).isEqualTo(desired.getMetadata().getLabels());
  }

  @Test
  void noNetworkPolicyDeletesEveryOwnedOne() {
    NetworkPolicyPlan plan = NetworkPolicyPlan.decide("demo", UID, List.of(),
        List.of(live(0, b -> b), live(1, b -> b)));
    assertThat(names(plan.delete())).containsExactly("demo-head", "demo-workers-workers");
  }
}
