package dev.raykube.bench.rayjob;

import dev.raykube.bench.BenchClusters;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.testing.MockApiRequests;
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
 * P3: Kubernetes API requests per RayJob lifecycle, by verb and resource — writes (Events included), reads (GET of
 * one object, LIST) and, apart, watches opened — from the mock's request log: the requests with the operator's user
 * agent on the RayJob's namespace, from the creation until the RayJob is deleted and gone and the operator has sent
 * nothing for {@value #QUIET_ROUNDS} s. Two lifecycles, the ones KubeRay is compared with on a real API server:
 *
 * <ul>
 *   <li>{@value #OWN}: HTTPMode with its own RayCluster (a head only), {@code shutdownAfterJobFinishes} with TTL 0:
 *       create → Complete → RayCluster deleted → RayJob deleted; the RayJob and RayCluster controllers both
 *       count;</li>
 *   <li>{@value #SELECTOR}: HTTPMode on an existing ready RayCluster chosen by {@code clusterSelector}:
 *       create → Complete → RayJob deleted.</li>
 * </ul>
 *
 * One RayJob at a time, arms alternating. The total per lifecycle is reads + writes; watches are listed apart (an
 * informer's watch serves every object of its kind, not one lifecycle).
 */
final class LifecycleRequestsBenchmark {

  /** The scenario (namespace suffix) of the RayJobs with their own cluster. */
  static final String OWN = "writes";
  /** The scenario (namespace suffix) of the RayJobs on a selected cluster. */
  static final String SELECTOR = "selector";
  private static final String SHARED_CLUSTER = "shared";
  private static final int QUIET_ROUNDS = 3;

  private LifecycleRequestsBenchmark() {
  }

  /** The requests and Events of one lifecycle. */
  private record Lifecycle(List<MockApiRequests.Request> requests, Map<String, Integer> events) {

    int total() {
      return (int) requests.stream().filter(r -> r.isWrite() || r.isRead()).count();
    }
  }

  static void run(KubernetesMockServer server, KubernetesClient client, List<OperatorArm> arms, int runs,
      PrintStream out) {
    for (OperatorArm arm : arms) {
      String namespace = arm.namespace(SELECTOR);
      client.resource(BenchClusters.cluster(namespace, SHARED_CLUSTER, 0)).create();
      BenchClusters.await(Duration.ofSeconds(60), Duration.ofMillis(20), namespace + "/" + SHARED_CLUSTER + " ready",
          () -> BenchClusters.isReady(client, namespace, SHARED_CLUSTER));
    }
    for (String scenario : List.of(SELECTOR, OWN)) {
      Map<OperatorArm, List<Lifecycle>> seen = new LinkedHashMap<>();
      arms.forEach(arm -> seen.put(arm, new ArrayList<>()));
      for (int i = 0; i < runs; i++) {
        for (OperatorArm arm : arms) {
          seen.get(arm).add(lifecycle(server, client, scenario, arm.namespace(scenario), "p3-" + i));
        }
      }
      print(scenario, arms, seen, runs, out);
    }
  }

  private static Lifecycle lifecycle(KubernetesMockServer server, KubernetesClient client, String scenario,
      String namespace, String name) {
    awaitQuiet(server, namespace, new ArrayList<>()); // the previous lifecycle's stragglers are not this one's
    List<MockApiRequests.Request> requests = new ArrayList<>();
    RayJob rayJob = BenchRayJobs.httpModeJob(namespace, name, namespace + "-" + name, "sleep 1");
    if (SELECTOR.equals(scenario)) {
      rayJob.getSpec().setRayClusterSpec(null);
      rayJob.getSpec().setShutdownAfterJobFinishes(false);
      rayJob.getSpec().setTtlSecondsAfterFinished(null);
      rayJob.getSpec().setClusterSelector(Map.of(RayClusterLabels.CLUSTER, SHARED_CLUSTER));
    }
    client.resource(rayJob).create();
    BenchClusters.await(Duration.ofSeconds(60), Duration.ofMillis(20), namespace + "/" + name + " Complete",
        () -> BenchRayJobs.deploymentTerminal(job(client, namespace, name)));
    String cluster = job(client, namespace, name).getStatus().getRayClusterName();
    if (OWN.equals(scenario)) {
      BenchClusters.await(Duration.ofSeconds(60), Duration.ofMillis(20), "RayCluster " + cluster + " deleted",
          () -> client.resources(RayCluster.class).inNamespace(namespace).withName(cluster).get() == null);
    }
    client.resources(RayJob.class).inNamespace(namespace).withName(name).delete();
    BenchClusters.await(Duration.ofSeconds(60), Duration.ofMillis(20), namespace + "/" + name + " gone",
        () -> job(client, namespace, name) == null);
    awaitQuiet(server, namespace, requests);
    Map<String, Integer> events = new TreeMap<>();
    for (Event e : client.v1().events().inNamespace(namespace).list().getItems()) {
      String involved = e.getInvolvedObject().getName();
      if (name.equals(involved) || (OWN.equals(scenario) && cluster.equals(involved))) {
        events.merge(e.getInvolvedObject().getKind() + " " + e.getReason(),
            e.getCount() == null ? 1 : e.getCount(), Integer::sum);
      }
    }
    return new Lifecycle(requests, events);
  }

  /** Adds the operator's requests on {@code namespace} until none but watches came for {@value #QUIET_ROUNDS} s. */
  private static void awaitQuiet(KubernetesMockServer server, String namespace,
      List<MockApiRequests.Request> requests) {
    int quiet = 0;
    while (quiet < QUIET_ROUNDS) {
      BenchClusters.sleep(1000);
      List<MockApiRequests.Request> more = operatorRequests(server, namespace);
      quiet = more.stream().anyMatch(r -> !r.isWatch()) ? 0 : quiet + 1;
      requests.addAll(more);
    }
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

  private static void print(String scenario, List<OperatorArm> arms, Map<OperatorArm, List<Lifecycle>> seen,
      int runs, PrintStream out) {
    out.printf("P3  Kubernetes API requests per RayJob lifecycle, %s (HTTPMode, sleep 1; %d RayJobs per arm, one at"
        + " a time; mean per RayJob)%n", OWN.equals(scenario)
        ? "own RayCluster, head only (create -> Complete -> RayCluster deleted -> RayJob deleted)"
        : "clusterSelector on a ready RayCluster (create -> Complete -> RayJob deleted)", runs);
    Map<OperatorArm, Map<String, Integer>> byResource = new LinkedHashMap<>();
    TreeSet<String> rows = new TreeSet<>();
    for (OperatorArm arm : arms) {
      List<MockApiRequests.Request> all = seen.get(arm).stream().flatMap(l -> l.requests().stream()).toList();
      Map<String, Integer> counts = new TreeMap<>(MockApiRequests.writesByResource(all));
      counts.putAll(MockApiRequests.readsByResource(all));
      counts.putAll(MockApiRequests.watchesByResource(all));
      byResource.put(arm, counts);
      rows.addAll(counts.keySet());
    }
    StringBuilder header = new StringBuilder(String.format("  %-32s", "request (verb resource)"));
    arms.forEach(arm -> header.append(String.format("%10s", arm.name)));
    out.println(header);
    for (String row : rows) {
      StringBuilder line = new StringBuilder(String.format("  %-32s", row));
      arms.forEach(arm -> line.append(String.format("%10.1f", byResource.get(arm).getOrDefault(row, 0)
          / (double) runs)));
      out.println(line);
    }
    Map<String, StringBuilder> totals = new LinkedHashMap<>();
    for (String label : List.of("total per RayJob (no watches)", "  writes", "    of them Events",
        "    of them status", "  reads (GET, LIST)")) {
      totals.put(label, new StringBuilder(String.format("  %-32s", label)));
    }
    for (OperatorArm arm : arms) {
      Map<String, Integer> counts = byResource.get(arm);
      int writes = sum(counts, k -> !k.startsWith("GET ") && !k.startsWith("LIST ") && !k.startsWith("WATCH "));
      int reads = sum(counts, k -> k.startsWith("GET ") || k.startsWith("LIST "));
      int events = sum(counts, k -> k.endsWith(" events") && !k.startsWith("GET ") && !k.startsWith("LIST ")
          && !k.startsWith("WATCH "));
      int status = sum(counts, k -> k.endsWith("/status") && !k.startsWith("GET ") && !k.startsWith("LIST ")
          && !k.startsWith("WATCH "));
      double[] values = {writes + reads, writes, events, status, reads};
      int i = 0;
      for (StringBuilder line : totals.values()) {
        line.append(String.format("%10.1f", values[i++] / runs));
      }
    }
    totals.values().forEach(out::println);
    for (OperatorArm arm : arms) {
      out.printf("  %-10s requests per RayJob (no watches) %s%n", arm.name,
          seen.get(arm).stream().map(Lifecycle::total).toList());
      Map<String, Integer> events = new TreeMap<>();
      seen.get(arm).forEach(l -> l.events().forEach((k, v) -> events.merge(k, v, Integer::sum)));
      out.printf("  %-10s Events recorded (kind reason = count, all %d RayJobs): %s%n", arm.name, runs, events);
    }
  }

  private static int sum(Map<String, Integer> counts, java.util.function.Predicate<String> key) {
    return counts.entrySet().stream().filter(e -> key.test(e.getKey())).mapToInt(Map.Entry::getValue).sum();
  }
}
