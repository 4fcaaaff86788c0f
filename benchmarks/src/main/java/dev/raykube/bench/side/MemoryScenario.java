package dev.raykube.bench.side;

import dev.raykube.bench.BenchClusters;
import dev.raykube.model.cluster.RayCluster;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Memory and Pod creation at N RayClusters of 1 head + 3 workers, for each N: a fresh operator, idle 5 s; then N
 * RayClusters created at once (8 threads); Pod-creation time is from the first RayCluster create to the operator's
 * last {@code create pods} (audit log); once all are ready and 15 s have passed, RSS is sampled ("steady"), and
 * the peak is the kernel's high-water mark (VmHWM) over the whole run. No dashboards: Pods only.
 */
final class MemoryScenario implements Scenario {

  private final List<Integer> sizes;

  MemoryScenario(List<Integer> sizes) {
    this.sizes = List.copyOf(sizes);
  }

  @Override
  public String name() {
    return "memory";
  }

  @Override
  public Comparison run(Arena arena) throws Exception {
    Comparison result = new Comparison(name(), "N RayClusters x (1 head + 3 workers); Pods reported Running by the "
        + "harness's node, no dashboards; RSS from /proc/<pid>/status");
    Map<String, Map<Integer, Map<String, Object>>> details = new LinkedHashMap<>();
    try (PodNode node = arena.node(HeadDashboards.none())) {
      for (int n : sizes) {
        double[][] figures = new double[4][2];
        for (int arm = 0; arm < 2; arm++) {
          Contender contender = arena.contenders().get(arm);
          Map<String, Object> run = measure(arena, contender, n);
          details.computeIfAbsent(contender.name(), k -> new LinkedHashMap<>()).put(n, run);
          figures[0][arm] = (double) run.get("idleRssMb");
          figures[1][arm] = (double) run.get("steadyRssMb");
          figures[2][arm] = (double) run.get("peakRssMb");
          figures[3][arm] = (double) run.get("podCreationSeconds");
          System.out.printf("  %s, %d RayClusters: %s%n", contender.name(), n, run);
        }
        if (n == sizes.get(0)) {
          result.row("RSS idle (before any RayCluster)", "MiB", figures[0][0], figures[0][1]);
        }
        result.row("RSS steady, " + n + " RayClusters x 4 Pods", "MiB", figures[1][0], figures[1][1]);
        result.row("RSS peak, " + n + " RayClusters x 4 Pods", "MiB", figures[2][0], figures[2][1]);
        result.row((4 * n) + " Pods created from " + n + " new RayClusters", "s", figures[3][0], figures[3][1]);
      }
    }
    result.detail("runs", details);
    return result;
  }

  private static Map<String, Object> measure(Arena arena, Contender contender, int n) throws Exception {
    String namespace = "mem-" + contender.user() + "-" + n;
    arena.createNamespace(namespace);
    Map<String, Object> run = new LinkedHashMap<>();
    try (RunningOperator operator = arena.start(contender)) {
      BenchClusters.sleep(5000);
      run.put("idleRssMb", mb(operator.rss()));
      long mark = arena.audit().mark();
      double cpuBefore = operator.cpuSeconds();
      Instant t0 = Instant.now();
      ExecutorService creators = Executors.newFixedThreadPool(8);
      try {
        List<Future<?>> created = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
          String name = String.format("rc-%04d", i);
          created.add(creators.submit(() -> arena.admin().resource(Workloads.cluster(namespace, name)).create()));
        }
        for (Future<?> f : created) {
          f.get(5, TimeUnit.MINUTES);
        }
      } finally {
        creators.shutdown();
      }
      Duration limit = Duration.ofSeconds(120 + n);
      BenchClusters.await(limit, Duration.ofSeconds(1), 4 * n + " Pods in " + namespace, () -> {
        operator.requireAlive();
        return arena.admin().pods().inNamespace(namespace).list().getItems().size() >= 4 * n;
      });
      List<AuditLog.Request> creates = arena.audit().requests(contender.user(), mark, arena.audit().mark()).stream()
          .filter(r -> r.kind().equals("create pods") && r.code() < 300).toList();
      Instant last = creates.stream().map(AuditLog.Request::received).max(Instant::compareTo).orElseThrow();
      run.put("podCreationSeconds", Duration.between(t0, last).toMillis() / 1000.0);
      run.put("podCreationCpuSeconds", Math.round((operator.cpuSeconds() - cpuBefore) * 100) / 100.0);
      run.put("podCreates", creates.size());
      BenchClusters.await(limit, Duration.ofSeconds(2), n + " RayClusters ready in " + namespace, () -> {
        operator.requireAlive();
        return arena.admin().resources(RayCluster.class).inNamespace(namespace).list().getItems().stream()
            .filter(Workloads::isReady).count() >= n;
      });
      run.put("readySeconds", Duration.between(t0, Instant.now()).toMillis() / 1000.0);
      BenchClusters.sleep(15_000);
      run.put("steadyRssMb", mb(operator.rss()));
      run.put("peakRssMb", mb(operator.peakRss()));
      run.put("threads", operator.threads());
      arena.clean(namespace);
    }
    return run;
  }

  static double mb(long bytes) {
    return Math.round(bytes * 10 / 1048576.0) / 10.0;
  }
}
