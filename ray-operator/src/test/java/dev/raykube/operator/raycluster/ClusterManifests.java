package dev.raykube.operator.raycluster;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

/** RayClusters for the controller tests, from an inline manifest. */
final class ClusterManifests {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private ClusterManifests() {
  }

  /** A head and group {@code workers} with {@code replicas} of [0, 10], one user init container per worker. */
  static RayCluster basic(String namespace, String name, int replicas) {
    return SERIALIZATION.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayCluster
        metadata: {name: %s, namespace: %s}
        spec:
          rayVersion: "2.46.0"
          headGroupSpec:
            rayStartParams: {}
            template:
              spec:
                containers:
                  - name: ray-head
                    image: rayproject/ray:2.46.0
                    ports: [{name: gcs-server, containerPort: 6379}, {name: dashboard, containerPort: 8265},
                      {name: client, containerPort: 10001}]
                    resources: {limits: {cpu: "2", memory: 4Gi}}
          workerGroupSpecs:
            - groupName: workers
              replicas: %d
              minReplicas: 0
              maxReplicas: 10
              rayStartParams: {}
              template:
                spec:
                  initContainers: [{name: fetch-data, image: "busybox:1.37", command: [sh, -c, echo fetching]}]
                  containers:
                    - name: ray-worker
                      image: rayproject/ray:2.46.0
                      resources: {limits: {cpu: "1", memory: 2Gi}}
        """.formatted(name, namespace, replicas), RayCluster.class);
  }

  /** {@link #basic} with in-tree autoscaling on. */
  static RayCluster autoscaling(String namespace, String name, int replicas) {
    RayCluster cluster = basic(namespace, name, replicas);
    cluster.getSpec().setEnableInTreeAutoscaling(true);
    return cluster;
  }
}
