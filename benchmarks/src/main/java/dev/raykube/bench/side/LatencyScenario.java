package dev.raykube.bench.side;

import com.fasterxml.jackson.databind.JsonNode;
import dev.raykube.bench.BenchClusters;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Ray job end → RayJob status terminal against a real Ray 2.60 head: {@code jobs} RayJobs per arm on one RayCluster
 * ({@code clusterSelector}, HTTPMode), {@code concurrency} at a time, each {@code sleep d} with d uniform in
 * [1 s, 9 s) (the same seeded sequence for both arms, so that a fixed poll's phase cannot flatter either). The end is
 * Ray's own {@code end_time} (read from the head afterwards); the status is terminal when the harness's RayJob
 * informer first sees a terminal {@code status.jobStatus}. Dashboard requests are counted by the relay in front of
 * the head, per minute of running job (Ray's {@code start_time} to {@code end_time}). The floor Ray allows a poller: the
 * harness submits jobs straight to the head and polls each every 20 ms.
 */
final class LatencyScenario implements Scenario {

  private static final String CLUSTER = "real-head";

  private final int jobs;
  private final int concurrency;

  LatencyScenario(int jobs, int concurrency) {
    this.jobs = jobs;
    this.concurrency = concurrency;
  }

  @Override
  public String name() {
    return "latency";
  }

  @Override
  public Comparison run(Arena arena) throws Exception {
    Comparison result = new Comparison(name(), jobs + " RayJobs per arm on a real Ray 2.60 head, " + concurrency
        + " at a time, sleep U[1 s, 9 s); latency = status terminal seen by a watch - Ray's end_time");
    Map<String, Object> details = new LinkedHashMap<>();
    try (RealRayHead head = RealRayHead.start()) {
      Map<String, InetSocketAddress> backends = new ConcurrentHashMap<>();
      for (Contender c : arena.contenders()) {
        backends.put("lat-" + c.user() + "/" + CLUSTER, head.dashboard());
      }
      double[][] rows = new double[4][2];
      try (PodNode node = arena.node(HeadDashboards.real(backends))) {
        for (int arm = 0; arm < 2; arm++) {
          Contender contender = arena.contenders().get(arm);
          Map<String, Object> run = measure(arena, node, head, contender);
          details.put(contender.name(), run);
          double[] latencies = (double[]) run.get("latencySeconds");
          rows[0][arm] = percentile(latencies, 0.5);
          rows[1][arm] = percentile(latencies, 0.9);
          rows[2][arm] = percentile(latencies, 1.0);
          rows[3][arm] = (double) run.get("dashboardRequestsPerRunningJobMinute");
          System.out.printf("  %s: median %.2f s, p90 %.2f s, max %.2f s, %.1f dashboard requests per job-minute%n",
              contender.name(), rows[0][arm], rows[1][arm], rows[2][arm], rows[3][arm]);
        }
      }
      result.row("job end -> status terminal, median", "s", rows[0][0], rows[0][1]);
      result.row("job end -> status terminal, p90", "s", rows[1][0], rows[1][1]);
      result.row("job end -> status terminal, max", "s", rows[2][0], rows[2][1]);
      result.row("dashboard requests per running job per minute", "requests", rows[3][0], rows[3][1]);
      double[] floor = floor(head);
      details.put("floor: a 50 Hz poll of GET /api/jobs/<id>", Map.of("latencySeconds", floor,
          "median", percentile(floor, 0.5), "p90", percentile(floor, 0.9)));
      System.out.printf("  floor (the harness polling the head every 20 ms): median %.2f s, p90 %.2f s%n",
          percentile(floor, 0.5), percentile(floor, 0.9));
    }
    result.detail("arms", details);
    return result;
  }

  private Map<String, Object> measure(Arena arena, PodNode node, RealRayHead head, Contender contender)
      throws Exception {
    String namespace = "lat-" + contender.user();
    arena.createNamespace(namespace);
    Map<String, Object> run = new LinkedHashMap<>();
    try (RayJobWatch watch = new RayJobWatch(arena.admin(), namespace);
        RunningOperator operator = arena.start(contender)) {
      arena.admin().resource(Workloads.cluster(namespace, CLUSTER)).create();
      BenchClusters.await(Duration.ofMinutes(2), Duration.ofMillis(200), CLUSTER + " ready", () -> {
        RayCluster c = arena.admin().resources(RayCluster.class).inNamespace(namespace).withName(CLUSTER).get();
        return c != null && Workloads.isReady(c);
      });
      long requestsBefore = node.heads().requests();
      Random random = new Random(20261201L);
      double[] durations = new double[jobs];
      Arrays.setAll(durations, i -> 1 + 8 * random.nextDouble());
      double[] latencies = new double[jobs];
      double[] running = new double[jobs];
      ExecutorService pool = Executors.newFixedThreadPool(concurrency);
      try {
        List<Future<?>> futures = new ArrayList<>();
        for (int i = 0; i < jobs; i++) {
          int index = i;
          futures.add(pool.submit(() -> {
            String name = String.format("job-%03d", index);
            arena.admin().resource(Workloads.onCluster(namespace, name, CLUSTER, durations[index])).create();
            BenchClusters.await(Duration.ofMinutes(2), Duration.ofMillis(50), name + " terminal",
                () -> watch.terminalSeen(name));
            RayJob job = arena.admin().resources(RayJob.class).inNamespace(namespace).withName(name).get();
            JsonNode info = head.job(job.getStatus().getJobId()).orElseThrow();
            long end = info.path("end_time").asLong();
            latencies[index] = (watch.terminalSeenAt(name).toEpochMilli() - end) / 1000.0;
            running[index] = (end - info.path("start_time").asLong()) / 1000.0;
            arena.admin().resource(job).delete();
            return null;
          }));
        }
        for (Future<?> f : futures) {
          f.get(30, TimeUnit.MINUTES);
        }
      } finally {
        pool.shutdownNow();
      }
      BenchClusters.sleep(2000);
      long requests = node.heads().requests() - requestsBefore;
      double jobMinutes = Arrays.stream(running).sum() / 60;
      run.put("latencySeconds", latencies);
      run.put("jobRunningSeconds", running);
      run.put("dashboardRequests", requests);
      run.put("dashboardRequestsPerRunningJobMinute", Math.round(requests / jobMinutes * 10) / 10.0);
      arena.clean(namespace);
    }
    return run;
  }

  private double[] floor(RealRayHead head) throws Exception {
    int n = Math.max(10, jobs / 3);
    Random random = new Random(7L);
    double[] latencies = new double[n];
    ExecutorService pool = Executors.newFixedThreadPool(concurrency);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        int index = i;
        double seconds = 1 + 8 * random.nextDouble();
        futures.add(pool.submit(() -> {
          String id = head.submit(String.format("sleep %.3f", seconds));
          while (true) {
            JsonNode info = head.job(id).orElseThrow();
            String status = info.path("status").asText();
            if (status.equals("SUCCEEDED") || status.equals("FAILED") || status.equals("STOPPED")) {
              latencies[index] = (System.currentTimeMillis() - info.path("end_time").asLong()) / 1000.0;
              return null;
            }
            Thread.sleep(20);
          }
        }));
      }
      for (Future<?> f : futures) {
        f.get(10, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    return latencies;
  }

  static double percentile(double[] values, double p) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int index = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
  }
}
