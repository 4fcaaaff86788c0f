package dev.raykube.bench.side;

import dev.raykube.bench.BenchClusters;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Throughput: {@code jobs} RayJobs created at once (16 threads) on {@code clusters} ready RayClusters
 * ({@code clusterSelector}, HTTPMode, round robin), each {@code sleep d} with d uniform in [10 s, 30 s). The heads
 * are {@link dev.raykube.dashboard.fake.FakeRayDashboard}s (real Ray would need a head per 4 jobs and more memory
 * than the machine has). Measured from the first create: all RayJobs {@code Running} (deployment status), all
 * {@code Complete}; API requests per RayJob (audit log) and dashboard requests per RayJob over that window.
 */
final class ManyJobsScenario implements Scenario {

  private final int jobs;
  private final int clusters;

  ManyJobsScenario(int jobs, int clusters) {
    this.jobs = jobs;
    this.clusters = clusters;
  }

  @Override
  public String name() {
    return "jobs";
  }

  @Override
  public Comparison run(Arena arena) throws Exception {
    Comparison result = new Comparison(name(), jobs + " RayJobs created at once on " + clusters + " RayClusters "
        + "(FakeRayDashboard heads), sleep U[10 s, 30 s)");
    Map<String, Object> details = new LinkedHashMap<>();
    double[][] rows = new double[4][2];
    try (PodNode node = arena.node(HeadDashboards.fakes())) {
      for (int arm = 0; arm < 2; arm++) {
        Contender contender = arena.contenders().get(arm);
        Map<String, Object> run = measure(arena, node, contender);
        details.put(contender.name(), run);
        rows[0][arm] = (double) run.get("allRunningSeconds");
        rows[1][arm] = (double) run.get("allCompleteSeconds");
        rows[2][arm] = (double) run.get("apiRequestsPerRayJob");
        rows[3][arm] = (double) run.get("dashboardRequestsPerRayJob");
        System.out.printf("  %s: %s%n", contender.name(), run);
      }
    }
    result.row(jobs + " RayJobs: create -> all Running", "s", rows[0][0], rows[0][1]);
    result.row(jobs + " RayJobs: create -> all Complete", "s", rows[1][0], rows[1][1]);
    result.row("API requests per RayJob (create -> all Complete)", "requests", rows[2][0], rows[2][1]);
    result.row("dashboard requests per RayJob (create -> all Complete)", "requests", rows[3][0], rows[3][1]);
    result.detail("arms", details);
    return result;
  }

  private Map<String, Object> measure(Arena arena, PodNode node, Contender contender) throws Exception {
    String namespace = "jobs-" + contender.user();
    arena.createNamespace(namespace);
    Map<String, Object> run = new LinkedHashMap<>();
    try (RayJobWatch watch = new RayJobWatch(arena.admin(), namespace);
        RunningOperator operator = arena.start(contender)) {
      for (int c = 0; c < clusters; c++) {
        arena.admin().resource(Workloads.cluster(namespace, "pool-" + c)).create();
      }
      BenchClusters.await(Duration.ofMinutes(3), Duration.ofSeconds(1), clusters + " RayClusters ready",
          () -> arena.admin().resources(RayCluster.class).inNamespace(namespace).list().getItems().stream()
              .filter(Workloads::isReady).count() >= clusters);
      BenchClusters.sleep(2000);
      long dashboardBefore = node.heads().requests();
      Map<String, Long> dashboardKindsBefore = node.heads().requestsByKind();
      long mark = arena.audit().mark();
      Instant t0 = Instant.now();
      Random random = new Random(1000L);
      ExecutorService creators = Executors.newFixedThreadPool(16);
      try {
        List<Future<?>> created = new ArrayList<>();
        for (int i = 0; i < jobs; i++) {
          RayJob job = Workloads.onCluster(namespace, String.format("job-%04d", i), "pool-" + (i % clusters),
              10 + 20 * random.nextDouble());
          created.add(creators.submit(() -> arena.admin().resource(job).create()));
        }
        for (Future<?> f : created) {
          f.get(5, TimeUnit.MINUTES);
        }
      } finally {
        creators.shutdown();
      }
      Duration limit = Duration.ofMinutes(20);
      BenchClusters.await(limit, Duration.ofMillis(200), "all RayJobs Running", () -> {
        operator.requireAlive();
        return watch.running() >= jobs;
      });
      run.put("allRunningSeconds", Duration.between(t0, Instant.now()).toMillis() / 1000.0);
      BenchClusters.await(limit, Duration.ofMillis(200), "all RayJobs Complete", () -> {
        operator.requireAlive();
        return watch.finished() >= jobs;
      });
      run.put("allCompleteSeconds", Duration.between(t0, Instant.now()).toMillis() / 1000.0);
      List<AuditLog.Request> requests = arena.audit().requests(contender.user(), mark, arena.audit().mark());
      run.put("apiRequestsPerRayJob", Math.round(requests.size() * 100.0 / jobs) / 100.0);
      run.put("apiRequestsByKind", AuditLog.byKind(requests));
      run.put("dashboardRequestsPerRayJob",
          Math.round((node.heads().requests() - dashboardBefore) * 100.0 / jobs) / 100.0);
      run.put("dashboardRequestsByKind", HeadDashboards.since(dashboardKindsBefore, node.heads().requestsByKind()));
      arena.clean(namespace);
    }
    return run;
  }
}
