package dev.raykube.bench.soak;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

/** The RayClusters of the soak: the shared pools that {@code clusterSelector} RayJobs run on, and RayJobs' own. */
final class SoakClusters {

  /**
   * One head and one worker; small requests (nothing runs in the Pods). Token authentication: the operator creates
   * each cluster's token Secret, and every head's dashboard refuses requests without the token.
   */
  static final String SPEC = """
      rayVersion: "2.60.0"
      authOptions:
        mode: token
      headGroupSpec:
        rayStartParams: {}
        template:
          spec:
            containers:
              - name: ray-head
                image: rayproject/ray:2.60.0
                resources:
                  requests: {cpu: 100m, memory: 256Mi}
                  limits: {cpu: "1", memory: 2Gi}
      workerGroupSpecs:
        - groupName: workers
          replicas: 1
          minReplicas: 0
          maxReplicas: 4
          rayStartParams: {}
          template:
            spec:
              containers:
                - name: ray-worker
                  image: rayproject/ray:2.60.0
                  resources:
                    requests: {cpu: 100m, memory: 256Mi}
                    limits: {cpu: "1", memory: 1Gi}
      """;

  private static final KubernetesSerialization YAML = new KubernetesSerialization();

  private SoakClusters() {}

  /** A shared RayCluster. */
  static RayCluster pool(String namespace, String name) {
    return YAML.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayCluster
        metadata:
          name: %s
          namespace: %s
        spec:
        %s""".formatted(name, namespace, SPEC.indent(2)), RayCluster.class);
  }
}
