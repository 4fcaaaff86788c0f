package dev.raykube.bench.side;

import dev.raykube.bench.BenchClusters;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Start-up, {@code runs} times per arm (the median is reported): one RayCluster (1 head + 3 workers) exists before the
 * operator starts; from the process start, the times of its first API request, its first write (the first reconcile's
 * first act) and its first and fourth {@code create pods}, all from the audit log. RSS idle: a separate start with no
 * RayCluster anywhere, sampled 10 s after it watches.
 */
final class StartupScenario implements Scenario {

  private final int runs;

  StartupScenario(int runs) {
    this.runs = runs;
  }

  @Override
  public String name() {
    return "startup";
  }

  @Override
  public Comparison run(Arena arena) throws Exception {
    Comparison result = new Comparison(name(), "median of " + runs + " starts per arm; one RayCluster of 4 Pods "
        + "waiting; times from the process start to the audit log's requestReceivedTimestamp");
    String[] figures = {"start -> first API request", "start -> first write (first reconcile)",
        "start -> first Pod created", "start -> 4th Pod created"};
    double[][] medians = new double[figures.length + 1][2];
    Map<String, Object> details = new LinkedHashMap<>();
    try (PodNode node = arena.node(HeadDashboards.none())) {
      for (int arm = 0; arm < 2; arm++) {
        Contender contender = arena.contenders().get(arm);
        try (RunningOperator idle = arena.start(contender)) {
          BenchClusters.sleep(10_000);
          medians[figures.length][arm] = MemoryScenario.mb(idle.rss());
        }
        double[][] samples = new double[figures.length][runs];
        for (int run = 0; run < runs; run++) {
          double[] times = once(arena, contender, run);
          for (int f = 0; f < figures.length; f++) {
            samples[f][run] = times[f];
          }
          System.out.printf("  %s start %d: %s s%n", contender.name(), run + 1, Arrays.toString(times));
        }
        List<Object> perFigure = new ArrayList<>();
        for (int f = 0; f < figures.length; f++) {
          double[] sorted = samples[f].clone();
          Arrays.sort(sorted);
          medians[f][arm] = sorted[sorted.length / 2];
          perFigure.add(Map.of("figure", figures[f], "seconds", samples[f]));
        }
        details.put(contender.name(), perFigure);
      }
    }
    for (int f = 0; f < figures.length; f++) {
      result.row(figures[f], "s", medians[f][0], medians[f][1]);
    }
    result.row("RSS idle (no RayCluster, 10 s after start)", "MiB", medians[figures.length][0],
        medians[figures.length][1]);
    result.detail("starts", details);
    return result;
  }

  private static double[] once(Arena arena, Contender contender, int run) {
    String namespace = "start-" + contender.user() + "-" + run;
    arena.createNamespace(namespace);
    arena.admin().resource(Workloads.cluster(namespace, "first")).create();
    long mark = arena.audit().mark();
    double[] times;
    try (RunningOperator operator = arena.startNoWait(contender)) {
      BenchClusters.await(Duration.ofMinutes(2), Duration.ofMillis(100), "4 Pods in " + namespace, () -> {
        operator.requireAlive();
        return arena.admin().pods().inNamespace(namespace).list().getItems().size() >= 4;
      });
      BenchClusters.sleep(500);
      List<AuditLog.Request> requests = arena.audit().requests(contender.user(), mark, arena.audit().mark());
      Instant start = operator.started();
      List<AuditLog.Request> podCreates = requests.stream().filter(r -> r.kind().equals("create pods")).toList();
      times = new double[] {
          since(start, first(requests, r -> true)),
          since(start, first(requests, AuditLog.Request::isWrite)),
          since(start, podCreates.stream().findFirst()),
          since(start, podCreates.stream().skip(3).findFirst())};
      arena.clean(namespace);
    }
    return times;
  }

  private static Optional<AuditLog.Request> first(List<AuditLog.Request> requests, Predicate<AuditLog.Request> p) {
    return requests.stream().filter(p).findFirst();
  }

  private static double since(Instant start, Optional<AuditLog.Request> request) {
    return Duration.between(start, request.orElseThrow(() -> new IllegalStateException("no such request"))
        .received()).toMillis() / 1000.0;
  }
}
