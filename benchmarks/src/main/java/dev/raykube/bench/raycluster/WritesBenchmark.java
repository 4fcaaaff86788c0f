package dev.raykube.bench.raycluster;

import dev.raykube.bench.BenchClusters;
import dev.raykube.bench.MockApiServers;
import dev.raykube.cluster.AutoscalerSidecar;
import dev.raykube.cluster.WorkerGroupSize;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.RayOperatorMain;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.testing.Kubeconfigs;
import dev.raykube.testing.MockApiRequests;
import dev.raykube.testing.PodSimulator;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Kubernetes API requests the operator sends for a RayCluster's lifecycle: the mock's request log, only the requests
 * carrying the operator's user agent, counted from the RayCluster's creation until the cluster is ready and the
 * operator has sent nothing but watches for 3 s (writes by verb and resource, reads — GET, LIST — by resource), then
 * from its deletion until it is gone and the operator is quiet again; watches opened are listed apart. Baseline in
 * the same run for the creation: the least a controller must write (each object once, one status write).
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
      out.println("Kubernetes API requests per RayCluster lifecycle (create -> ready and quiet -> delete -> gone and"
          + " quiet; operator requests only)");
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
    awaitQuiet(server, new java.util.ArrayList<>());
    long start = System.nanoTime();
    client.resource(cluster).create();
    BenchClusters.await(Duration.ofSeconds(60), Duration.ofMillis(20), name + " ready",
        () -> BenchClusters.isReady(client, NAMESPACE, name));
    long ready = System.nanoTime() - start;
    List<MockApiRequests.Request> requests = new java.util.ArrayList<>();
    awaitQuiet(server, requests);
    List<MockApiRequests.Request> deletion = new java.util.ArrayList<>();
    client.resource(cluster).delete();
    BenchClusters.await(Duration.ofSeconds(60), Duration.ofMillis(20), name + " gone",
        () -> client.resources(RayCluster.class).inNamespace(NAMESPACE).withName(name).get() == null);
    awaitQuiet(server, deletion);
    Map<String, Integer> byMethod = MockApiRequests.writesByMethod(requests);
    Map<String, Integer> byResource = MockApiRequests.writesByResource(requests);
    int total = byMethod.values().stream().mapToInt(Integer::intValue).sum();
    int events = byResource.entrySet().stream().filter(e -> e.getKey().endsWith(" events"))
        .mapToInt(Map.Entry::getValue).sum();
    Map<String, Integer> reads = MockApiRequests.readsByResource(requests);
    int readCount = reads.values().stream().mapToInt(Integer::intValue).sum();
    int deletionRequests = (int) deletion.stream().filter(r -> r.isWrite() || r.isRead()).count();
    int pods = 1 + cluster.getSpec().getWorkerGroupSpecs().stream().mapToInt(WorkerGroupSize::desiredPods).sum();
    int objects = pods + 1 + (AutoscalerSidecar.isEnabled(cluster.getSpec()) ? 3 : 0);
    int minimum = objects + 1;
    out.printf("  %-20s %d Pods, ready in %4d ms: %2d writes %s, %d reads %s%n", name, pods,
        Duration.ofNanos(ready).toMillis(), total, byMethod, readCount, reads);
    out.printf("  %-20s   writes by resource %s%n", "", byResource);
    out.printf("  %-20s   baseline (each object once + 1 status write) %d; writes without Events %d = %.2fx"
        + " baseline, with Events %.2fx%n", "", minimum, total - events, (double) (total - events) / minimum,
        (double) total / minimum);
    out.printf("  %-20s   delete -> gone: %d requests %s %s; watches opened %s%n", "", deletionRequests,
        MockApiRequests.writesByResource(deletion), MockApiRequests.readsByResource(deletion),
        MockApiRequests.watchesByResource(concat(requests, deletion)));
    out.printf("  %-20s   total per lifecycle (create -> ready -> delete -> gone; reads + writes, no watches):"
        + " %d%n", "", total + readCount + deletionRequests);
  }

  /** Adds the operator's requests to {@code requests} until none but watches came for 3 s. */
  private static void awaitQuiet(KubernetesMockServer server, List<MockApiRequests.Request> requests) {
    int quietRounds = 0;
    while (quietRounds < 3) {
      BenchClusters.sleep(1000);
      List<MockApiRequests.Request> more = operatorRequests(server);
      quietRounds = more.stream().anyMatch(r -> !r.isWatch()) ? 0 : quietRounds + 1;
      requests.addAll(more);
    }
  }

  private static List<MockApiRequests.Request> concat(List<MockApiRequests.Request> a,
      List<MockApiRequests.Request> b) {
    List<MockApiRequests.Request> all = new java.util.ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  /** Drains the mock's log (which holds operator, simulator and benchmark requests) to the operator's requests. */
  private static List<MockApiRequests.Request> operatorRequests(KubernetesMockServer server) {
    return MockApiRequests.drain(server).stream()
        .filter(r -> r.userAgent() != null && r.userAgent().startsWith("raykube-operator/")).toList();
  }
}
