package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.AutoscalerOptions;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PodDefaultsTest {

  private static final Container LOGS = new ContainerBuilder().withName("log-shipper").withImage("fluent-bit").build();
  private static final Container PROXY = new ContainerBuilder().withName("proxy").withImage("envoy").build();
  private static final PodDefaults DEFAULTS = new PodDefaults(
      Map.of("team", "platform", "cost-center", "42", "ray.io/node-type", "gpu", "app.kubernetes.io/name", "other"),
      Map.of("sidecar.istio.io/inject", "false", "owner", "platform"),
      List.of(LOGS), List.of(PROXY));

  /** Where each key's value comes from when the operator's default meets the Pod's own labels. */
  static Stream<Arguments> labelCases() {
    return Stream.of(
        // key, template label (null: none), expected on the head Pod
        Arguments.of("team", null, "platform"),
        Arguments.of("team", "ml", "ml"),
        Arguments.of("cost-center", null, "42"),
        Arguments.of("cost-center", "", ""),
        Arguments.of("ray.io/node-type", null, "head"),
        Arguments.of("app.kubernetes.io/name", null, "kuberay"));
  }

  @ParameterizedTest(name = "{0}: template {1} -> {2}")
  @MethodSource("labelCases")
  void aDefaultLabelIsAddedOnlyWhereThePodHasNone(String key, String templateValue, String expected) {
    RayCluster cluster = TestClusters.basic();
    if (templateValue != null) {
      cluster.getSpec().getHeadGroupSpec().getTemplate().setMetadata(new ObjectMetaBuilder()
          .withLabels(Map.of(key, templateValue)).build());
    }

    Pod head = factory(DEFAULTS).head(cluster);

    assertThat(head.getMetadata().getLabels()).containsEntry(key, expected);
  }

  @Test
  void annotationsFollowTheSameRule() {
    RayCluster cluster = TestClusters.basic();
    TestClusters.group(cluster).getTemplate().setMetadata(new ObjectMetaBuilder()
        .withAnnotations(Map.of("owner", "ml-team")).build());

    Pod worker = factory(DEFAULTS).worker(cluster, TestClusters.group(cluster));

    assertThat(worker.getMetadata().getAnnotations()).containsEntry("owner", "ml-team")
        .containsEntry("sidecar.istio.io/inject", "false");
  }

  @Test
  void headSidecarsGoOnHeadsAfterTheAutoscalerAndWorkerSidecarsOnWorkers() {
    RayCluster cluster = TestClusters.basic();
    cluster.getSpec().setEnableInTreeAutoscaling(true);
    cluster.getSpec().setAutoscalerOptions(new AutoscalerOptions());

    Pod head = factory(DEFAULTS).head(cluster);
    Pod worker = factory(DEFAULTS).worker(cluster, TestClusters.group(cluster));

    assertThat(head.getSpec().getContainers()).extracting(Container::getName)
        .containsExactly("ray-head", "autoscaler", "log-shipper");
    assertThat(worker.getSpec().getContainers()).extracting(Container::getName)
        .containsExactly("ray-worker", "proxy");
    assertThat(head.getSpec().getContainers().get(2)).isEqualTo(LOGS);
  }

  @Test
  void theRayContainerIsStillTheFirstAndIsBuiltAsWithoutDefaults() {
    RayCluster cluster = TestClusters.basic();

    Pod plain = factory(PodDefaults.none()).worker(cluster, TestClusters.group(cluster));
    Pod withDefaults = factory(DEFAULTS).worker(cluster, TestClusters.group(cluster));

    assertThat(withDefaults.getSpec().getContainers().get(0)).isEqualTo(plain.getSpec().getContainers().get(0));
    assertThat(withDefaults.getSpec().getInitContainers()).isEqualTo(plain.getSpec().getInitContainers());
  }

  @Test
  void theRedisCleanupJobPodCarriesTheDefaultLabelsButNoSidecar() {
    RayCluster cluster = TestClusters.basic();
    cluster.getMetadata().setAnnotations(new HashMap<>(Map.of("ray.io/ft-enabled", "true")));

    Job job = RedisCleanupJob.build(cluster, factory(DEFAULTS));

    assertThat(job.getSpec().getTemplate().getMetadata().getLabels()).containsEntry("team", "platform");
    assertThat(job.getSpec().getTemplate().getSpec().getContainers()).hasSize(1);
  }

  @Test
  void noneAddsNothing() {
    RayCluster cluster = TestClusters.basic();

    assertThat(PodDefaults.none().isEmpty()).isTrue();
    assertThat(factory(PodDefaults.none()).head(cluster))
        .isEqualTo(new RayPodFactory(ClusterBuildSettings.defaults()).head(cluster));
  }

  @Test
  void badDefaultsAreRefusedWithTheReason() {
    Map<String, String> nullValue = new HashMap<>();
    nullValue.put("team", null);

    assertThatThrownBy(() -> new PodDefaults(nullValue, Map.of(), List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("labels");
    assertThatThrownBy(() -> new PodDefaults(Map.of(), Map.of(), List.of(new Container()), List.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("headSidecars: every container needs a name");
    assertThatThrownBy(() -> new PodDefaults(Map.of(), Map.of(), List.of(), List.of(PROXY, PROXY)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two containers are named 'proxy'");
  }

  @Test
  void theDefaultsAreCopiedInAndOut() {
    Container mutable = new ContainerBuilder(LOGS).build();
    PodDefaults defaults = new PodDefaults(Map.of(), Map.of(), List.of(mutable), List.of());

    mutable.setImage("changed");
    defaults.headSidecars().get(0).setImage("changed too");

    assertThat(defaults.headSidecars().get(0).getImage()).isEqualTo("fluent-bit");
  }

  private static RayPodFactory factory(PodDefaults defaults) {
    return new RayPodFactory(ClusterBuildSettings.defaults().withPodDefaults(defaults));
  }
}
