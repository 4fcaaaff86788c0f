package dev.raykube.bench.raycluster;

import dev.raykube.bench.BenchClusters;
import dev.raykube.bench.ChildJvm;
import dev.raykube.bench.MockApiServers;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.testing.Kubeconfigs;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Time from {@code java -jar ray-operator.jar} to the first completed reconcile: the jar is started against a CRUD
 * mock that already holds a RayCluster, and the clock stops when that cluster's status (written as the last step of a
 * reconcile) appears. Baseline in the same run: {@code java -jar ray-operator.jar --version} (JVM start, jar loading,
 * command-line parsing).
 */
final class StartupBenchmark {

  private static final String CONNECTED = "connected to Kubernetes";

  private StartupBenchmark() {
  }

  static void run(Path jar, int runs, PrintStream out) throws IOException {
    KubernetesMockServer server = MockApiServers.start();
    Path dir = Files.createTempDirectory("raykube-startup-bench");
    Path kubeconfig = Kubeconfigs.write(dir.resolve("config"), server.url("/"));
    try (KubernetesClient client = server.createClient()) {
      long[] version = new long[runs];
      for (int i = 0; i < runs; i++) {
        long start = System.nanoTime();
        try (ChildJvm child = ChildJvm.jar(jar, List.of(), List.of("--version"), line -> false)) {
          if (child.waitFor(60_000) != 0) {
            throw new IllegalStateException("--version failed: " + child.output());
          }
        }
        version[i] = System.nanoTime() - start;
      }
      long[] connected = new long[runs];
      long[] ready = new long[runs];
      long[] reconciled = new long[runs];
      for (int i = 0; i < runs; i++) {
        String namespace = "startup-" + i;
        client.resource(BenchClusters.cluster(namespace, "first", 1)).create();
        long start = System.nanoTime();
        try (ChildJvm child = ChildJvm.jar(jar, List.of(), List.of("--kubeconfig=" + kubeconfig,
            "--health-port=0", "--metrics-port=0", "--no-leader-election", "--namespaces=" + namespace),
            line -> line.contains("RayKube operator ready in"), List.of(CONNECTED))) {
          BenchClusters.await(Duration.ofSeconds(60), Duration.ofMillis(5), "first reconcile of " + namespace,
              () -> {
                RayCluster cluster = client.resources(RayCluster.class).inNamespace(namespace).withName("first")
                    .get();
                return cluster.getStatus() != null && cluster.getStatus().getObservedGeneration() != null;
              });
          reconciled[i] = System.nanoTime() - start;
          child.awaitWatchedLine(10_000);
          ready[i] = child.watchedLineNanos() - start;
          connected[i] = child.markerNanos(CONNECTED) - start;
          if (Boolean.getBoolean("raykube.bench.verbose")) {
            out.println(child.output());
          }
        }
      }
      long baseline = BenchClusters.median(version);
      long first = BenchClusters.median(reconciled);
      out.printf("java -jar startup (%d runs, medians)%n", runs);
      out.printf("  baseline  java -jar ray-operator.jar --version      %6d ms%n", millis(baseline));
      out.printf("  operator  first log line (API server reached)      %6d ms%n",
          millis(BenchClusters.median(connected)));
      out.printf("  operator  'RayKube operator ready' (caches synced) %6d ms%n",
          millis(BenchClusters.median(ready)));
      out.printf("  operator  first reconcile completed (status seen)  %6d ms   (%.1fx the --version baseline)%n",
          millis(first), (double) first / baseline);
    } finally {
      server.destroy();
    }
  }

  private static long millis(long nanos) {
    return Duration.ofNanos(nanos).toMillis();
  }
}
