package dev.raykube.bench.rayjob;

import dev.raykube.bench.BenchClusters;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.testing.MockApiRequests;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * P3: Kubernetes API writes per RayJob lifecycle — create, Complete, owned RayCluster deleted
 * ({@code shutdownAfterJobFinishes}, TTL 0) — from the mock's request log: the requests with the operator's user agent
 * on the RayJob's namespace, from the creation until the RayCluster is gone and the operator has written nothing for
 * {@value #QUIET_ROUNDS} s. One RayJob at a time, arms alternating; the RayJob and RayCluster controllers both
 * count.
 */
final class LifecycleWritesBenchmark {

  static final String SCENARIO = "writes";
  private static final int QUIET_ROUNDS = 3;

  private LifecycleWritesBenchmark() {
  }

  /** The requests and Events of one lifecycle. */
  private record Lifecycle(List<MockApiRequests.Request> requests, Map<String, Integer> events) {

    int writes() {
      return (int) requests.stream().filter(MockApiRequests.Request::isWrite).count();
    }
  }

  static void run(KubernetesMockServer server, KubernetesClient client, List<OperatorArm> arms, int runs,
      PrintStream out) {
    Map<OperatorArm, List<Lifecycle>> seen = new LinkedHashMap<>();
    arms.forEach(arm -> seen.put(arm, new ArrayList<>()));
    for (int i = 0; i < runs; i++) {
      for (OperatorArm arm : arms) {
        seen.get(arm).add(lifecycle(server, client, arm.namespace(SCENARIO), "p3-" + i));
      }
    }
    print(arms, seen, runs, out);
  }

  private static Lifecycle lifecycle(KubernetesMockServer server, KubernetesClient client, String namespace,
      String name) {
    MockApiRequests.drain(server);
    List<MockApiRequests.Request> requests = new ArrayList<>();
    client.resource(BenchRayJobs.httpModeJob(namespace, name, namespace + "-" + name, "sleep 1")).create();
    BenchClusters.await(Duration.ofSeconds(60), Duration.ofMillis(20), namespace + "/" + name + " Complete",
        () -> BenchRayJobs.deploymentTerminal(job(client, namespace, name)));
    String cluster = job(client, namespace, name).getStatus().getRayClusterName();
    BenchClusters.await(Duration.ofSeconds(60), Duration.ofMillis(20), "RayCluster " + cluster + " deleted",
        () -> client.resources(RayCluster.class).inNamespace(namespace).withName(cluster).get() == null);
    int quiet = 0;
    while (quiet < QUIET_ROUNDS) {
      BenchClusters.sleep(1000);
      List<MockApiRequests.Request> more = operatorRequests(server, namespace);
      quiet = more.stream().anyMatch(MockApiRequests.Request::isWrite) ? 0 : quiet + 1;
      requests.addAll(more);
    }
    Map<String, Integer> events = new TreeMap<>();
    for (Event e : client.v1().events().inNamespace(namespace).list().getItems()) {
      String involved = e.getInvolvedObject().getName();
      if (name.equals(involved) || cluster.equals(involved)) {
        events.merge(e.getInvolvedObject().getKind() + " " + e.getReason(),
            e.getCount() == null ? 1 : e.getCount(), Integer::sum);
      }
    }
    return new Lifecycle(requests, events);
  }

  private static RayJob job(KubernetesClient client, String namespace, String name) {
    return client.resources(RayJob.class).inNamespace(namespace).withName(name).get();
  }

  private static List<MockApiRequests.Request> operatorRequests(KubernetesMockServer server, String namespace) {
    return MockApiRequests.drain(server).stream()
        .filter(r -> r.userAgent() != null && r.userAgent().startsWith("raykube-operator/"))
        .filter(r -> r.path().contains("/namespaces/" + namespace + "/"))
        .toList();
  }

  private static void print(List<OperatorArm> arms, Map<OperatorArm, List<Lifecycle>> seen, int runs,
      PrintStream out) {
    out.printf("P3  Kubernetes API writes per RayJob lifecycle (create -> Complete -> RayCluster deleted; HTTPMode,"
        + " head only, sleep 1; %d RayJobs per arm, one at a time; mean per RayJob)%n", runs);
    Map<OperatorArm, Map<String, Integer>> byResource = new LinkedHashMap<>();
    TreeSet<String> rows = new TreeSet<>();
    for (OperatorArm arm : arms) {
      List<MockApiRequests.Request> all = seen.get(arm).stream().flatMap(l -> l.requests().stream()).toList();
      Map<String, Integer> counts = MockApiRequests.writesByResource(all);
      byResource.put(arm, counts);
      rows.addAll(counts.keySet());
    }
    StringBuilder header = new StringBuilder(String.format("  %-32s", "write (verb resource)"));
    arms.forEach(arm -> header.append(String.format("%10s", arm.name)));
    out.println(header);
    for (String row : rows) {
      StringBuilder line = new StringBuilder(String.format("  %-32s", row));
      arms.forEach(arm -> line.append(String.format("%10.1f", byResource.get(arm).getOrDefault(row, 0)
          / (double) runs)));
      out.println(line);
    }
    StringBuilder total = new StringBuilder(String.format("  %-32s", "total per RayJob"));
    StringBuilder noEvents = new StringBuilder(String.format("  %-32s", "  without Events"));
    for (OperatorArm arm : arms) {
      Map<String, Integer> counts = byResource.get(arm);
      int sum = counts.values().stream().mapToInt(Integer::intValue).sum();
      int events = counts.entrySet().stream().filter(e -> e.getKey().endsWith(" events"))
          .mapToInt(Map.Entry::getValue).sum();
      total.append(String.format("%10.1f", sum / (double) runs));
      noEvents.append(String.format("%10.1f", (sum - events) / (double) runs));
    }
    out.println(total);
    out.println(noEvents);
    OperatorArm ours = arms.get(0);
    int oursTotal = byResource.get(ours).values().stream().mapToInt(Integer::intValue).sum();
    for (OperatorArm arm : arms.subList(1, arms.size())) {
      int sum = byResource.get(arm).values().stream().mapToInt(Integer::intValue).sum();
      out.printf("  %-32s %s/%s %.2fx%n", "writes ratio", arm.name, ours.name, (double) sum / oursTotal);
    }
    for (OperatorArm arm : arms) {
      List<MockApiRequests.Request> all = seen.get(arm).stream().flatMap(l -> l.requests().stream()).toList();
      Map<String, Integer> reads = new TreeMap<>();
      all.stream().filter(r -> !r.isWrite()).forEach(r -> reads.merge(r.method() + " " + r.resource(), 1,
          Integer::sum));
      out.printf("  %-10s writes per RayJob %s; reads in all %s%n", arm.name,
          seen.get(arm).stream().map(Lifecycle::writes).toList(), reads);
    }
    Map<String, Integer> events = new TreeMap<>();
    seen.get(ours).forEach(l -> l.events().forEach((k, v) -> events.merge(k, v, Integer::sum)));
    out.printf("  %-10s Events recorded (kind reason = count, all %d RayJobs): %s%n", ours.name, runs, events);
  }
}
