package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VolcanoPodGroupTest {

  private static final GangSize SIZE = new GangSize(3, Map.of("cpu", new BigDecimal("2.5"),
      "memory", new BigDecimal(6L << 30)));

  /** The owner's name and its two origin labels ("-" absent) → the PodGroup's name; whether a cluster wants one. */
  @ParameterizedTest(name = "{0} crd={1} cr={2} -> {3}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      demo          | -          | -      | ray-demo-pg         | true
      demo          | RayJob     | job-1  | ray-job-1-pg        | false
      demo          | RayJob     | ''     | ray-demo-pg         | false
      demo          | RayJob     | -      | ray-demo-pg         | false
      demo          | RayService | svc    | ray-demo-pg         | true
      demo          | rayjob     | job-1  | ray-demo-pg         | true
      """)
  void nameAndWhetherAClusterHasItsOwn(String name, String crd, String crName, String podGroup, boolean wanted) {
    Map<String, String> labels = new TreeMap<>();
    if (crd != null) {
      labels.put(RayClusterLabels.ORIGINATED_FROM_CRD, crd);
    }
    if (crName != null) {
      labels.put(RayClusterLabels.ORIGINATED_FROM_CR_NAME, crName);
    }
    ObjectMeta meta = new ObjectMetaBuilder().withName(name).withLabels(labels.isEmpty() ? null : labels).build();
    assertThat(VolcanoPodGroup.name(meta)).isEqualTo(podGroup);
    assertThat(VolcanoPodGroup.wantedFor(meta)).isEqualTo(wanted);
  }

  @Test
  void aClustersPodGroupIsOwnedByItCopiesItsAnnotationsAndIsPending() {
    RayCluster cluster = TestClusters.basic();
    cluster.getMetadata().setAnnotations(Map.of("team", "ml", "ray.io/ft-enabled", "false"));

    GenericKubernetesResource group = VolcanoPodGroup.build(cluster, SIZE);

    assertThat(group.getApiVersion()).isEqualTo("scheduling.volcano.sh/v1beta1");
    assertThat(group.getKind()).isEqualTo("PodGroup");
    assertThat(group.getMetadata().getName()).isEqualTo("ray-demo-pg");
    assertThat(group.getMetadata().getNamespace()).isEqualTo("ns");
    assertThat(group.getMetadata().getAnnotations()).containsExactlyInAnyOrderEntriesOf(
        Map.of("team", "ml", "ray.io/ft-enabled", "false"));
    assertThat(group.getMetadata().getLabels()).isNullOrEmpty();
    assertThat(group.getMetadata().getOwnerReferences()).singleElement().satisfies(owner -> {
      assertThat(owner.getApiVersion()).isEqualTo("ray.io/v1");
      assertThat(owner.getKind()).isEqualTo("RayCluster");
      assertThat(owner.getName()).isEqualTo("demo");
      assertThat(owner.getUid()).isEqualTo(cluster.getMetadata().getUid());
      assertThat(owner.getController()).isTrue();
      assertThat(owner.getBlockOwnerDeletion()).isTrue();
    });
    assertThat(group.getAdditionalProperties().get("spec")).isEqualTo(Map.of("minMember", 3,
        "minResources", Map.of("cpu", "2500m", "memory", "6Gi")));
    assertThat(group.getAdditionalProperties().get("status")).isEqualTo(Map.of("phase", "Pending"));
  }

  /** Owner labels ("-" absent) → the spec fields they set ("-" absent). */
  @ParameterizedTest(name = "queue={0} priority={1} mode={2} tier={3}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      q1  | -     | -        | -  | q1  | -     | -
      ''  | -     | -        | -  | ''  | -     | -
      -   | high  | -        | -  | -   | high  | -
      q1  | high  | hard     | 2  | q1  | high  | {mode=hard, highestTierAllowed=2}
      -   | -     | soft     | -  | -   | -     | {mode=soft}
      -   | -     | -        | 2  | -   | -     | -
      -   | -     | hard     | -3 | -   | -     | {mode=hard, highestTierAllowed=-3}
      """)
  void ownerLabelsSetQueuePriorityAndNetworkTopology(String queue, String priority, String mode, String tier,
      String expectedQueue, String expectedPriority, String expectedTopology) {
    RayCluster cluster = TestClusters.basic();
    Map<String, String> labels = new LinkedHashMap<>();
    put(labels, VolcanoPodGroup.QUEUE_LABEL, queue);
    put(labels, VolcanoPodGroup.PRIORITY_CLASS_LABEL, priority);
    put(labels, VolcanoPodGroup.NETWORK_TOPOLOGY_MODE_LABEL, mode);
    put(labels, VolcanoPodGroup.NETWORK_TOPOLOGY_TIER_LABEL, tier);
    cluster.getMetadata().setLabels(labels);

    Map<?, ?> spec = (Map<?, ?>) VolcanoPodGroup.build(cluster, SIZE).getAdditionalProperties().get("spec");

    assertThat(spec.get("queue")).isEqualTo(expectedQueue);
    assertThat(spec.get("priorityClassName")).isEqualTo(expectedPriority);
    assertThat(spec.get("networkTopology") == null ? null : spec.get("networkTopology").toString())
        .isEqualTo(expectedTopology);
  }

  @Test
  void aTierThatIsNotAnIntegerCannotMakeAPodGroup() {
    RayCluster cluster = TestClusters.basic();
    cluster.getMetadata().setLabels(Map.of(VolcanoPodGroup.NETWORK_TOPOLOGY_MODE_LABEL, "hard",
        VolcanoPodGroup.NETWORK_TOPOLOGY_TIER_LABEL, "two"));
    assertThatThrownBy(() -> VolcanoPodGroup.build(cluster, SIZE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("label volcano.sh/network-topology-highest-tier-allowed of RayCluster ns/demo is not an integer:"
            + " 'two'; PodGroup ray-demo-pg cannot be created");
  }

  /** A live spec ("minMember;resources", "-" for absent) against SIZE (3; cpu=2500m;memory=6Gi). */
  @ParameterizedTest(name = "{0} -> resize {1}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      3 | cpu=2500m;memory=6Gi       | false
      3 | cpu=2.5;memory=6144Mi      | false
      2 | cpu=2500m;memory=6Gi       | true
      3 | cpu=2;memory=6Gi           | true
      3 | cpu=2500m                  | true
      3 | -                          | true
      - | cpu=2500m;memory=6Gi       | true
      """)
  void aLivePodGroupIsResizedWhenItsCountOrItsResourcesDiffer(Integer minMember, String resources, boolean resize) {
    GenericKubernetesResource live = VolcanoPodGroup.build(TestClusters.basic(), SIZE);
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("queue", "q");
    if (minMember != null) {
      spec.put("minMember", minMember);
    }
    if (resources != null) {
      spec.put("minResources", new TreeMap<>(GangSizeTest.parse(resources)));
    }
    live.setAdditionalProperty("spec", spec);
    live.getMetadata().setResourceVersion("7");

    assertThat(VolcanoPodGroup.needsResize(live, SIZE)).isEqualTo(resize);
    GenericKubernetesResource resized = VolcanoPodGroup.resized(live, SIZE);
    assertThat(VolcanoPodGroup.needsResize(resized, SIZE)).isFalse();
    assertThat(resized.getMetadata().getResourceVersion()).isEqualTo("7");
    assertThat(((Map<?, ?>) resized.getAdditionalProperties().get("spec")).get("queue")).as("kept").isEqualTo("q");
    assertThat(live.getAdditionalProperties().get("spec")).as("the live object is not changed").isEqualTo(spec);
  }

  @Test
  void aZeroedGangMatchesAPodGroupWhoseZeroCountWasOmitted() {
    GenericKubernetesResource live = VolcanoPodGroup.build(TestClusters.basic(), SIZE);
    live.setAdditionalProperty("spec", new LinkedHashMap<>(Map.of("minResources", Map.of())));
    assertThat(VolcanoPodGroup.needsResize(live, GangSize.zero())).isFalse();
    assertThat(VolcanoPodGroup.needsResize(live, new GangSize(0, Map.of("cpu", BigDecimal.ONE)))).isTrue();
    assertThat(List.of(VolcanoPodGroup.needsResize(VolcanoPodGroup.build(TestClusters.basic(), GangSize.zero()),
        GangSize.zero()))).containsExactly(false);
  }

  private static void put(Map<String, String> labels, String key, String value) {
    if (value != null) {
      labels.put(key, value);
    }
  }
}
