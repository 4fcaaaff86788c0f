package dev.raykube.bench.raycluster;

import dev.raykube.bench.BenchClusters;
import dev.raykube.bench.MockApiServers;
import dev.raykube.cluster.AutoscalerSidecar;
import dev.raykube.cluster.WorkerGroupSize;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.RayOperatorMain;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.testing.Kubeconfigs;
import dev.raykube.operator.testing.MockApiRequests;
import dev.raykube.operator.testing.PodSimulator;
import dev.raykube.operator.testing.TestSettings;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Kubernetes API writes the operator sends to create a RayCluster until it is ready: the mock's request log, only the
 * requests carrying the operator's user agent, counted from the RayCluster's creation until the cluster is ready and
 * the operator has been quiet for longer than its requeue interval. Baseline in the same run: the least a controller
 * must write (each object once, one status write).
 */
final class WritesBenchmark {

  private static final String NAMESPACE = "writes";

  private WritesBenchmark() {
  }

  static void run(PrintStream out) throws Exception {
    KubernetesMockServer server = MockApiServers.start();
    Path kubeconfig = Kubeconfigs.write(Files.createTempDirectory("raykube-writes-bench").resolve("config"),
        server.url("/"));
    try (KubernetesClient client = server.createClient();
        PodSimulator simulator = PodSimulator.start(client);
        RayOperator operator = RayOperatorMain.launch(TestSettings.of("--kubeconfig=" + kubeconfig))) {
      out.println("Kubernetes API writes per RayCluster creation (until ready and quiet; operator requests only)");
      List<RayCluster> cases = List.of(
          BenchClusters.sample("raycluster-minimal.yaml", NAMESPACE),
          BenchClusters.cluster(NAMESPACE, "four-pods", 3),
          BenchClusters.sample("raycluster.yaml", NAMESPACE));
      for (RayCluster cluster : cases) {
        measure(server, client, cluster, out);
      }
    } finally {
      server.destroy();
    }
  }

  private static void measure(KubernetesMockServer server, KubernetesClient client, RayCluster cluster,
      PrintStream out) {
    String name = cluster.getMetadata().getName();
    MockApiRequests.drain(server);
    long start = System.nanoTime();
    client.resource(cluster).create();
    BenchClusters.await(Duration.ofSeconds(60), Duration.ofMillis(20), name + " ready",
        () -> BenchClusters.isReady(client, NAMESPACE, name));
    long ready = System.nanoTime() - start;
    List<MockApiRequests.Request> requests = new java.util.ArrayList<>();
    int quietRounds = 0;
    while (quietRounds < 3) {
      BenchClusters.sleep(1000);
      List<MockApiRequests.Request> more = operatorRequests(server);
      quietRounds = more.stream().anyMatch(MockApiRequests.Request::isWrite) ? 0 : quietRounds + 1;
      requests.addAll(more);
    }
    if (requests.isEmpty()) {
      requests.addAll(operatorRequests(server));
    }
    Map<String, Integer> byMethod = MockApiRequests.writesByMethod(requests);
    Map<String, Integer> byResource = MockApiRequests.writesByResource(requests);
    int total = byMethod.values().stream().mapToInt(Integer::intValue).sum();
    int events = byResource.entrySet().stream().filter(e -> e.getKey().endsWith(" events"))
        .mapToInt(Map.Entry::getValue).sum();
    int pods = 1 + cluster.getSpec().getWorkerGroupSpecs().stream().mapToInt(WorkerGroupSize::desiredPods).sum();
    int objects = pods + 1 + (AutoscalerSidecar.isEnabled(cluster.getSpec()) ? 3 : 0);
    int minimum = objects + 1;
    out.printf("  %-20s %d Pods, ready in %4d ms: %2d writes %s%n", name, pods,
        Duration.ofNanos(ready).toMillis(), total, byMethod);
    out.printf("  %-20s   by resource %s%n", "", byResource);
    out.printf("  %-20s   baseline (each object once + 1 status write) %d; without Events %d = %.2fx baseline,"
        + " with Events %.2fx%n", "", minimum, total - events, (double) (total - events) / minimum,
        (double) total / minimum);
  }

  /** Drains the mock's log (which holds operator, simulator and benchmark requests) to the operator's requests. */
  private static List<MockApiRequests.Request> operatorRequests(KubernetesMockServer server) {
    return MockApiRequests.drain(server).stream()
        .filter(r -> r.userAgent() != null && r.userAgent().startsWith("raykube-operator/")).toList();
  }
}
