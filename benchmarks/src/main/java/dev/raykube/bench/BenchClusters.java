package dev.raykube.bench;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.BooleanSupplier;

/** RayClusters, waits and measurements shared by the benchmarks. */
public final class BenchClusters {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private BenchClusters() {
  }

  /** A head and one group of {@code workers} workers (autoscaling off), 1 CPU / 1Gi each. */
  public static RayCluster cluster(String namespace, String name, int workers) {
    return SERIALIZATION.unmarshal("""
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
                    resources:
                      limits:
                        cpu: "1"
                        memory: 2Gi
          workerGroupSpecs:
            - groupName: workers
              replicas: %d
              minReplicas: 0
              maxReplicas: 100
              rayStartParams: {}
              template:
                spec:
                  containers:
                    - name: ray-worker
                      image: rayproject/ray:2.46.0
                      resources:
                        limits:
                          cpu: "1"
                          memory: 1Gi
        """.formatted(name, namespace, workers), RayCluster.class);
  }

  /** A sample of {@code examples/manifests}, in {@code namespace}. */
  public static RayCluster sample(String file, String namespace) {
    RayCluster cluster = SERIALIZATION.unmarshal(read(findUp(Path.of("examples", "manifests")).resolve(file)),
        RayCluster.class);
    cluster.getMetadata().setNamespace(namespace);
    return cluster;
  }

  /** Whether the RayCluster's {@code status.state} is {@code ready}. */
  public static boolean isReady(RayCluster cluster) {
    return cluster != null && cluster.getStatus() != null && "ready".equals(cluster.getStatus().getStateValue());
  }

  /** Whether the RayCluster {@code namespace/name} exists and is ready. */
  public static boolean isReady(KubernetesClient client, String namespace, String name) {
    return isReady(client.resources(RayCluster.class).inNamespace(namespace).withName(name).get());
  }

  /** Polls every {@code period} until {@code condition} holds; fails after {@code timeout}. */
  public static void await(Duration timeout, Duration period, String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("Timed out after " + timeout + " waiting for " + what);
      }
      sleep(period.toMillis());
    }
  }

  /** Used heap after full collections, in bytes. */
  public static long usedHeapAfterGc() {
    for (int i = 0; i < 4; i++) {
      System.gc();
      sleep(250);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** Bytes in MiB. */
  public static double mb(long bytes) {
    return bytes / (1024.0 * 1024.0);
  }

  /** The median (the upper one for an even count) of {@code values}, which it leaves unsorted. */
  public static long median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  /** Sleeps; an interrupt sets the flag again and throws {@link IllegalStateException}. */
  public static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The first existing {@code relative} path at or above the working directory. */
  public static Path findUp(Path relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.exists(dir.resolve(relative))) {
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
