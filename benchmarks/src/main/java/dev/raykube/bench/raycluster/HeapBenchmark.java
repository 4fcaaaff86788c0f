package dev.raykube.bench.raycluster;

import dev.raykube.bench.BenchClusters;
import dev.raykube.bench.ChildJvm;
import dev.raykube.bench.MockApiServerMain;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.RayOperatorMain;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.testing.Kubeconfigs;
import dev.raykube.testing.PodSimulator;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Heap of the operator (in this JVM) holding {@code clusters} RayClusters of {@code 1 + workers} Pods each, all
 * ready: used heap after full collections, with the mock API server in a child JVM so its store is not counted.
 * Baseline in the same run: the same operator, started and idle, with no RayCluster; and after one ready RayCluster,
 * which pays the one-time costs (classes and JSON codecs of Pods, Services, Events), so that the marginal cost per
 * RayCluster is {@code (loaded - one) / (clusters - 1)}.
 */
final class HeapBenchmark {

  private static final String NAMESPACE = "heap";

  private HeapBenchmark() {
  }

  static void run(int clusters, int workers, PrintStream out) throws Exception {
    if (clusters < 2) {
      throw new IllegalArgumentException("the heap benchmark needs at least 2 clusters, not " + clusters);
    }
    try (ChildJvm mock = ChildJvm.mainClass(MockApiServerMain.class, List.of("-Xmx2g"),
        line -> line.startsWith("MOCK_URL "))) {
      String url = mock.awaitWatchedLine(60_000).substring("MOCK_URL ".length()).trim();
      Path kubeconfig = Kubeconfigs.write(Files.createTempDirectory("raykube-heap-bench").resolve("config"), url);
      try (KubernetesClient client = new KubernetesClientBuilder().withConfig(new ConfigBuilder()
              .withMasterUrl(url).withTrustCerts(true).withNamespace(NAMESPACE).build()).build();
          PodSimulator simulator = PodSimulator.start(client);
          RayOperator operator = RayOperatorMain.launch(TestSettings.of("--kubeconfig=" + kubeconfig))) {
        BenchClusters.sleep(2000);
        long idle = BenchClusters.usedHeapAfterGc();

        client.resource(BenchClusters.cluster(NAMESPACE, "c0", workers)).create();
        awaitReady(client, 1);
        BenchClusters.sleep(3000);
        long one = BenchClusters.usedHeapAfterGc();

        long start = System.nanoTime();
        for (int i = 1; i < clusters; i++) {
          client.resource(BenchClusters.cluster(NAMESPACE, "c" + i, workers)).create();
        }
        awaitReady(client, clusters);
        long allReady = System.nanoTime() - start;
        BenchClusters.sleep(3000);
        long loaded = BenchClusters.usedHeapAfterGc();

        long pods = client.pods().inNamespace(NAMESPACE).list().getItems().size();
        long marginal = (loaded - one) / (clusters - 1);
        out.printf("Operator heap, %d RayClusters x %d Pods (%d Pods; the last %d ready %.1f s after creation; mock in"
            + " a child JVM)%n", clusters, 1 + workers, pods, clusters - 1, allReady / 1e9);
        out.printf("  baseline  operator idle, 0 RayClusters                 %7.1f MB used heap after GC%n",
            BenchClusters.mb(idle));
        out.printf("  warm      1 RayCluster ready (one-time class/codec warm-up) %5.1f MB%n", BenchClusters.mb(one));
        out.printf("  loaded    %3d RayClusters reconciled and ready         %7.1f MB  (%.2fx baseline)%n",
            clusters, BenchClusters.mb(loaded), (double) loaded / idle);
        out.printf("  marginal  per RayCluster %.1f KB, per Pod %.1f KB ((loaded - warm) / %d clusters)%n",
            marginal / 1024.0, marginal / 1024.0 / (1 + workers), clusters - 1);
        out.printf("  cluster states: %s; simulator marked %d Pods Running%n", operator.clusterStates().counts(),
            simulator.markedRunning());
      }
      mock.stdin().close();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void awaitReady(KubernetesClient client, int clusters) {
    BenchClusters.await(Duration.ofMinutes(10), Duration.ofSeconds(1), clusters + " clusters ready",
        () -> client.resources(RayCluster.class).inNamespace(NAMESPACE).list().getItems().stream()
            .filter(BenchClusters::isReady).count() == clusters);
  }
}
