package dev.raykube.operator.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.javaoperatorsdk.operator.processing.event.source.informer.TransformingItemStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CacheCompactionTest {

  private static final String CLUSTER = """
      apiVersion: ray.io/v1
      kind: RayCluster
      metadata:
        name: c
        namespace: ray
        labels: {team: ml}
      spec:
        rayVersion: "2.60.0"
        headGroupSpec:
          rayStartParams: {num-cpus: "0"}
          template:
            spec:
              containers:
                - name: ray-head
                  image: rayproject/ray:2.60.0
                  args: [--verbose]
                  resources:
                    limits: {cpu: "1", memory: 2Gi}
        workerGroupSpecs:
          - groupName: workers
            replicas: 3
            rayStartParams: {}
            template:
              spec:
                containers:
                  - name: ray-worker
                    image: rayproject/ray:2.60.0
                    resources:
                      limits: {cpu: "1", memory: 1Gi}
      """;

  private static RayCluster cluster() {
    return Serialization.unmarshal(CLUSTER, RayCluster.class);
  }

  private static String image(RayCluster cluster) {
    return cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0).getImage();
  }

  @Test
  void saysTheSameAfterwards() {
    RayCluster compacted = CacheCompaction.compact(cluster());

    assertThat(compacted).isEqualTo(cluster());
    assertThat(Serialization.asJson(compacted)).isEqualTo(Serialization.asJson(cluster()));
    assertThat(Serialization.unmarshal(Serialization.asJson(compacted), RayCluster.class)).isEqualTo(cluster());
  }

  @Test
  void emptyListsAndMapsBecomeTheSharedEmpties() {
    RayCluster compacted = CacheCompaction.compact(cluster());

    var head = compacted.getSpec().getHeadGroupSpec().getTemplate().getSpec();
    assertThat(head.getVolumes()).isSameAs(Collections.emptyList());
    assertThat(head.getContainers().get(0).getEnv()).isSameAs(Collections.emptyList());
    assertThat(head.getAdditionalProperties()).isSameAs(Collections.emptyMap());
    assertThat(compacted.getSpec().getWorkerGroupSpecs().get(0).getRayStartParams()).isEmpty();
    // what is not empty stays, and answers as before
    assertThat(head.getContainers().get(0).getArgs()).containsExactly("--verbose");
    assertThat(compacted.getSpec().getHeadGroupSpec().getRayStartParams()).containsEntry("num-cpus", "0");
    assertThat(head.getVolumes().contains(null)).isFalse();
    assertThat(head.getAdditionalProperties().get(null)).isNull();
  }

  @Test
  void repeatedStringsAreShared() {
    RayCluster one = CacheCompaction.compact(cluster());
    RayCluster two = CacheCompaction.compact(cluster());

    assertThat(image(one)).isSameAs(image(two));
    assertThat(one.getMetadata().getNamespace()).isSameAs(two.getMetadata().getNamespace());
    assertThat(one.getMetadata().getLabels().get("team")).isSameAs(two.getMetadata().getLabels().get("team"));
    Quantity memory = one.getSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0).getResources()
        .getLimits().get("memory");
    assertThat(memory.getAmount()).isSameAs(new Quantity("2Gi").getAmount().intern());
  }

  @Test
  void longStringsAreKeptAsTheyAre() {
    String message = "x".repeat(CacheCompaction.INTERNED_LENGTH + 1);
    Pod pod = new Pod();
    pod.setStatus(new io.fabric8.kubernetes.api.model.PodStatus());
    pod.getStatus().setMessage(new String(message.toCharArray()));
    String before = pod.getStatus().getMessage();

    CacheCompaction.compact(pod);

    assertThat(pod.getStatus().getMessage()).isSameAs(before).isEqualTo(message);
  }

  @Test
  void listsWithoutRoomToSpareAndImmutableOnesAreVisitedToo() {
    Pod pod = Serialization.unmarshal("""
        apiVersion: v1
        kind: Pod
        metadata: {name: p, namespace: ray}
        spec:
          containers: [{name: ray-head, image: rayproject/ray:2.60.0}]
        """, Pod.class);
    pod.getSpec().setInitContainers(List.of(Serialization.clone(pod.getSpec().getContainers().get(0))));
    ArrayList<String> command = new ArrayList<>(100);
    command.add("ray");
    pod.getSpec().getContainers().get(0).setCommand(command);

    CacheCompaction.compact(pod);

    assertThat(pod.getSpec().getInitContainers().get(0).getEnv()).isSameAs(Collections.emptyList());
    assertThat(pod.getSpec().getContainers().get(0).getCommand()).isSameAs(command).containsExactly("ray");
  }

  @Test
  void aCachedObjectCannotBeChangedBehindTheInformersBack() {
    RayCluster compacted = CacheCompaction.compact(cluster());

    assertThatThrownBy(() -> compacted.getMetadata().getFinalizers().add("x"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void otherValuesAreLeftAlone() {
    Map<String, Object> notAModel = new java.util.HashMap<>(Map.of("k", new ArrayList<>()));

    assertThat(CacheCompaction.compact(notAModel)).isSameAs(notAModel);
    assertThat(notAModel.get("k")).isNotSameAs(Collections.emptyList());
    assertThat(CacheCompaction.<Object>compact(null)).isNull();
  }

  @Test
  void theItemStoreTrimsThenCompacts() {
    TransformingItemStore<RayCluster> store = CacheCompaction.itemStore(WithoutManagedFields::of);
    RayCluster cluster = cluster();

    store.put(store.getKey(cluster), cluster);

    RayCluster cached = store.get("ray/c");
    assertThat(cached.getMetadata().getManagedFields()).isNullOrEmpty();
    assertThat(cached.getMetadata().getFinalizers()).isSameAs(Collections.emptyList());
    assertThat(cached.getSpec().getWorkerGroupSpecs().get(0).getReplicas()).isEqualTo(3);
  }
}
