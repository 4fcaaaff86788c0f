package dev.raykube.operator.raycluster;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** RayClusters for the controller tests: inline manifests and the samples of {@code examples/manifests}. */
final class ClusterManifests {

  static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private ClusterManifests() {
  }

  /** A head and group {@code workers} with {@code replicas} of [0, 10], one user init container per worker. */
  static RayCluster basic(String namespace, String name, int replicas) {
    return parse("""
        apiVersion: ray.io/v1
        kind: RayCluster
        metadata:
          name: %s
          namespace: %s
        spec:
          rayVersion: "2.46.0"
          headGroupSpec:
            rayStartParams: {}
            template:
              spec:
                containers:
                  - name: ray-head
                    image: rayproject/ray:2.46.0
                    ports:
                      - name: gcs-server
                        containerPort: 6379
                      - name: dashboard
                        containerPort: 8265
                      - name: client
                        containerPort: 10001
                    resources:
                      limits:
                        cpu: "2"
                        memory: 4Gi
          workerGroupSpecs:
            - groupName: workers
              replicas: %d
              minReplicas: 0
              maxReplicas: 10
              rayStartParams: {}
              template:
                spec:
                  initContainers:
                    - name: fetch-data
                      image: busybox:1.37
                      command: ["sh", "-c", "echo fetching"]
                  containers:
                    - name: ray-worker
                      image: rayproject/ray:2.46.0
                      resources:
                        limits:
                          cpu: "1"
                          memory: 2Gi
        """.formatted(name, namespace, replicas));
  }

  /** {@link #basic} with in-tree autoscaling on. */
  static RayCluster autoscaling(String namespace, String name, int replicas) {
    RayCluster cluster = basic(namespace, name, replicas);
    cluster.getSpec().setEnableInTreeAutoscaling(true);
    return cluster;
  }

  static RayCluster parse(String yaml) {
    return SERIALIZATION.unmarshal(yaml, RayCluster.class);
  }

  /** A sample from {@code examples/manifests}, in {@code namespace}. */
  static RayCluster sample(String file, String namespace) {
    RayCluster cluster = parse(read(findUp(Path.of("examples", "manifests")).resolve(file)));
    cluster.getMetadata().setNamespace(namespace);
    return cluster;
  }

  private static Path findUp(Path relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve(relative))) {
        return dir.resolve(relative);
      }
    }
    throw new IllegalStateException("cannot find " + relative + " above " + Path.of("").toAbsolutePath());
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
