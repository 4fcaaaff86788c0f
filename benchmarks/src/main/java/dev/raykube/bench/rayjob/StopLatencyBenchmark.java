package dev.raykube.bench.rayjob;

import dev.raykube.bench.BenchClusters;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.RecordedDashboardRequest;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * P2: time from {@code delete} of a RayJob whose Ray job is RUNNING to the stop request arriving at the (fake)
 * dashboard, and to the RayJob being gone. {@code runs} RayJobs per arm run {@code sleep 86400}; once all are RUNNING
 * they are deleted one at a time, arms alternating. The clock starts just before the delete call and stops at the
 * fake's receive time of {@code POST /api/jobs/<id>/stop} (both the system clock, millisecond resolution). For
 * reference, the round trip of the delete call itself is printed too.
 */
final class StopLatencyBenchmark {

  static final String SCENARIO = "delete";

  private StopLatencyBenchmark() {
  }

  static void run(KubernetesClient client, List<OperatorArm> arms, FakeRayDashboard dashboard, int runs,
      PrintStream out) {
    dashboard.clearRequests();
    for (int i = 0; i < runs; i++) {
      for (OperatorArm arm : arms) {
        String namespace = arm.namespace(SCENARIO);
        client.resource(BenchRayJobs.httpModeJob(namespace, "p2-" + i, namespace + "-" + i, "sleep 86400")).create();
      }
    }
    BenchClusters.await(Duration.ofMinutes(2), Duration.ofMillis(100), "all P2 Ray jobs RUNNING",
        () -> arms.stream().allMatch(arm -> {
          List<RayJob> jobs = client.resources(RayJob.class).inNamespace(arm.namespace(SCENARIO)).list().getItems();
          return jobs.size() == runs && jobs.stream().allMatch(BenchRayJobs::jobRunning);
        }));
    Map<OperatorArm, List<Double>> toStop = new LinkedHashMap<>();
    Map<OperatorArm, List<Double>> toGone = new LinkedHashMap<>();
    Map<OperatorArm, List<Double>> deleteCall = new LinkedHashMap<>();
    for (OperatorArm arm : arms) {
      toStop.put(arm, new ArrayList<>());
      toGone.put(arm, new ArrayList<>());
      deleteCall.put(arm, new ArrayList<>());
    }
    for (int i = 0; i < runs; i++) {
      for (OperatorArm arm : arms) {
        String namespace = arm.namespace(SCENARIO);
        String name = "p2-" + i;
        String stopPath = "/api/jobs/" + namespace + "-" + i + "/stop";
        Instant wall = Instant.now();
        long nanos = System.nanoTime();
        client.resources(RayJob.class).inNamespace(namespace).withName(name).delete();
        deleteCall.get(arm).add((System.nanoTime() - nanos) / 1e6);
        BenchClusters.await(Duration.ofSeconds(30), Duration.ofMillis(2), "stop of " + namespace + "/" + name,
            () -> !dashboard.requests("POST", stopPath).isEmpty());
        RecordedDashboardRequest stop = dashboard.requests("POST", stopPath).get(0);
        toStop.get(arm).add(Duration.between(wall, stop.receivedAt()).toNanos() / 1e6);
        BenchClusters.await(Duration.ofSeconds(30), Duration.ofMillis(2), namespace + "/" + name + " gone",
            () -> client.resources(RayJob.class).inNamespace(namespace).withName(name).get() == null);
        toGone.get(arm).add((System.nanoTime() - nanos) / 1e6);
        BenchClusters.sleep(200);
      }
    }
    OperatorArm ours = arms.get(0);
    OperatorArm base = arms.get(1);
    out.printf("P2  delete of a RayJob whose Ray job is RUNNING -> stop request at the dashboard (%d per arm, one at a"
        + " time)%n", runs);
    out.printf("  %-22s %-40s %-40s %s%n", "", ours.name, base.name, "baseline/ours (median)");
    row("delete -> POST stop", toStop.get(ours), toStop.get(base), out);
    row("delete -> RayJob gone", toGone.get(ours), toGone.get(base), out);
    row("delete call itself", deleteCall.get(ours), deleteCall.get(base), out);
    long stops = dashboard.requests().stream().filter(r -> r.method().equals("POST") && r.path().endsWith("/stop"))
        .count();
    out.printf("  %-22s %d stop requests for %d deletions%n", "", stops, runs * arms.size());
  }

  private static void row(String label, List<Double> ours, List<Double> base, PrintStream out) {
    Latencies o = Latencies.ofMillis(ours);
    Latencies b = Latencies.ofMillis(base);
    out.printf("  %-22s %-40s %-40s %.2fx%n", label, o.describe(), b.describe(), b.median() / o.median());
  }
}
