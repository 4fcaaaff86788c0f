package dev.raykube.cluster;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.Map;

/** Small RayClusters and observed Pods for the unit tests (of this package and of {@code loop}). */
public final class TestClusters {

  private static final String BASIC = """
      apiVersion: ray.io/v1
      kind: RayCluster
      metadata:
        name: demo
        namespace: ns
        uid: 11111111-2222-4333-8444-555555555555
        generation: 3
      spec:
        rayVersion: "2.46.0"
        headGroupSpec:
          rayStartParams: {}
          template:
            spec:
              containers:
                - name: ray-head
                  image: rayproject/ray:2.46.0
                  resources:
                    limits:
                      cpu: "2"
                      memory: 4Gi
        workerGroupSpecs:
          - groupName: workers
            replicas: 2
            minReplicas: 0
            maxReplicas: 5
            rayStartParams: {}
            template:
              spec:
                containers:
                  - name: ray-worker
                    image: rayproject/ray:2.46.0
                    resources:
                      limits:
                        cpu: "1"
                        memory: 2Gi
      """;

  private TestClusters() {
  }

  /** {@code ns/demo}: a head (2 CPU, 4Gi) and group {@code workers} (replicas 2 of 0..5, 1 CPU, 2Gi), Ray 2.46. */
  public static RayCluster basic() {
    return TestFiles.SERIALIZATION.unmarshal(BASIC, RayCluster.class);
  }

  /** {@link #basic()} as {@code namespace/name}, without uid, with {@code replicas} workers. */
  public static RayCluster basic(String namespace, String name, int replicas) {
    RayCluster cluster = basic();
    cluster.getMetadata().setNamespace(namespace);
    cluster.getMetadata().setName(name);
    cluster.getMetadata().setUid(null);
    group(cluster).setReplicas(replicas);
    return cluster;
  }

  public static WorkerGroupSpec group(RayCluster cluster) {
    return cluster.getSpec().getWorkerGroupSpecs().get(0);
  }

  static Container headContainer(RayCluster cluster) {
    return cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0);
  }

  static Container workerContainer(RayCluster cluster) {
    return group(cluster).getTemplate().getSpec().getContainers().get(0);
  }

  /** A head Pod of {@code demo} in the given phase. */
  static Pod headPod(String name, String phase, boolean ready) {
    return pod(name, Map.of(RayClusterLabels.CLUSTER, "demo", RayClusterLabels.NODE_TYPE, "head",
        RayClusterLabels.GROUP, RayClusterLabels.HEAD_GROUP), phase, ready, "2026-01-01T00:00:00Z");
  }

  /** A worker Pod of {@code demo}. */
  static Pod workerPod(String name, String group, String phase, boolean ready, String created) {
    return pod(name, Map.of(RayClusterLabels.CLUSTER, "demo", RayClusterLabels.NODE_TYPE, "worker",
        RayClusterLabels.GROUP, group), phase, ready, created);
  }

  static Pod pod(String name, Map<String, String> labels, String phase, boolean ready, String created) {
    PodBuilder pod = new PodBuilder().withNewMetadata().withName(name).withNamespace("ns").withLabels(labels)
        .withCreationTimestamp(created).endMetadata()
        .withNewSpec().addNewContainer().withName("ray").endContainer().endSpec();
    if (phase != null) {
      pod.withNewStatus().withPhase(phase).withPodIP("10.0.0." + Math.abs(name.hashCode() % 200))
          .addNewCondition().withType("Ready").withStatus(ready ? "True" : "False")
          .withReason(ready ? null : "ContainersNotReady").endCondition().endStatus();
    }
    return pod.build();
  }

  static Pod terminating(Pod pod) {
    return new PodBuilder(pod).editMetadata().withDeletionTimestamp("2026-01-01T00:10:00Z").endMetadata().build();
  }
}
