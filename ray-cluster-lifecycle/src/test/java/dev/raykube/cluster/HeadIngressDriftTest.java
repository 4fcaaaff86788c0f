package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.IngressOptions;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressBuilder;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class HeadIngressDriftTest {

  private static final HeadIngressFactory FACTORY = new HeadIngressFactory(ClusterBuildSettings.defaults());

  private static RayCluster cluster(String ingressClass) {
    RayCluster cluster = TestClusters.basic();
    cluster.getSpec().getHeadGroupSpec().setEnableIngress(true);
    if (ingressClass != null) {
      cluster.getMetadata().setAnnotations(Map.of(HeadIngressFactory.INGRESS_CLASS_ANNOTATION, ingressClass));
    }
    return cluster;
  }

  /** The desired Ingress as the API server returns it: with a resourceVersion and a uid. */
  private static Ingress live(RayCluster cluster, UnaryOperator<IngressBuilder> change) {
    Ingress desired = FACTORY.build(cluster);
    return change.apply(new IngressBuilder(desired).editMetadata().withResourceVersion("7").withUid("u-1")
        .endMetadata()).build();
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("unchanged", null, (UnaryOperator<IngressBuilder>) b -> b, false, null),
        Arguments.of("a live class is kept when none is requested", null,
            (UnaryOperator<IngressBuilder>) b -> b.editSpec().withIngressClassName("default-class").endSpec(), false,
            null),
        Arguments.of("a requested class replaces the live one", "nginx",
            (UnaryOperator<IngressBuilder>) b -> b.editSpec().withIngressClassName("other").endSpec(), true,
            "nginx"),
        Arguments.of("an edited path is reverted", null,
            (UnaryOperator<IngressBuilder>) b -> b.editSpec().editFirstRule().editHttp().editFirstPath()
                .withPath("/edited").endPath().endHttp().endRule().endSpec(), true, null),
        Arguments.of("a kept class survives a spec update", null,
            (UnaryOperator<IngressBuilder>) b -> b.editSpec().withIngressClassName("default-class").editFirstRule()
                .withHost("edited.example.com").endRule().endSpec(), true, "default-class"),
        Arguments.of("an added label is removed", null,
            (UnaryOperator<IngressBuilder>) b -> b.editMetadata().addToLabels("extra", "x").endMetadata(), true,
            null),
        Arguments.of("an added annotation is removed", null,
            (UnaryOperator<IngressBuilder>) b -> b.editMetadata().addToAnnotations("extra", "x").endMetadata(), true,
            null),
        Arguments.of("empty maps equal missing ones", null,
            (UnaryOperator<IngressBuilder>) b -> b.editMetadata().withAnnotations(Map.of()).endMetadata(), false,
            null),
        Arguments.of("an empty TLS list equals a missing one", null,
            (UnaryOperator<IngressBuilder>) b -> b.editSpec().withTls(new ArrayList<>()).endSpec(), false, null),
        Arguments.of("added TLS is removed", null,
            (UnaryOperator<IngressBuilder>) b -> b.editSpec().addNewTl().withSecretName("s").endTl().endSpec(), true,
            null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void decidesWhetherAndWhatToUpdate(String name, String requestedClass, UnaryOperator<IngressBuilder> drift,
      boolean update, String writtenClass) {
    RayCluster cluster = cluster(requestedClass);
    Ingress desired = FACTORY.build(cluster);
    Ingress live = live(cluster, drift);

    Optional<Ingress> written = HeadIngressDrift.update(live, desired);

    assertThat(written.isPresent()).isEqualTo(update);
    written.ifPresent(w -> {
      assertThat(w.getMetadata().getResourceVersion()).as("locked to what was read").isEqualTo("7");
      assertThat(w.getMetadata().getUid()).isEqualTo("u-1");
      assertThat(w.getMetadata().getLabels()).isEqualTo(desired.getMetadata().getLabels());
      assertThat(w.getMetadata().getAnnotations()).isEqualTo(desired.getMetadata().getAnnotations());
      assertThat(w.getSpec().getRules()).isEqualTo(desired.getSpec().getRules());
      assertThat(w.getSpec().getIngressClassName()).isEqualTo(writtenClass);
      assertThat(HeadIngressDrift.update(w, desired)).as("stable after the write").isEmpty();
    });
  }

  @ParameterizedTest(name = "options change: {0}")
  @MethodSource("optionChanges")
  void anOptionsChangeIsAnUpdate(String name, UnaryOperator<IngressOptions> change) {
    RayCluster before = cluster(null);
    Ingress live = live(before, b -> b);
    RayCluster after = cluster(null);
    after.getSpec().getHeadGroupSpec().setIngressOptions(change.apply(new IngressOptions()));

    assertThat(HeadIngressDrift.update(live, FACTORY.build(after))).isPresent();
  }

  static Stream<Arguments> optionChanges() {
    return Stream.of(
        Arguments.of("host", (UnaryOperator<IngressOptions>) o -> {
          o.setHost("ray.example.com");
          return o;
        }),
        Arguments.of("path", (UnaryOperator<IngressOptions>) o -> {
          o.setPath("/ray");
          return o;
        }),
        Arguments.of("pathType", (UnaryOperator<IngressOptions>) o -> {
          o.setPathTypeValue("Exact");
          return o;
        }));
  }
}
