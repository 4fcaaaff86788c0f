package dev.raykube.bench.soak;

import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The figures of one soak run: what ran, what was injected, how the operator recovered, what broke. */
final class SoakFigures {

  private final Map<String, Object> figures = new LinkedHashMap<>();
  private final List<String> violations;

  SoakFigures(long seed, List<JobPlan> plans, FaultInjector injector, OperatorReplicas replicas,
      SoakDashboards dashboards, long submitterSubmissions, Duration ran, List<String> bestEffortStopsFailed,
      List<String> violations) {
    this.violations = violations;
    figures.put("seed", seed);
    figures.put("ranSeconds", ran.toSeconds());
    Map<String, Integer> kinds = new TreeMap<>();
    plans.forEach(p -> kinds.merge(p.kind().name() + (p.k8sJobMode() ? " K8sJobMode" : " HTTPMode"), 1,
        Integer::sum));
    figures.put("rayJobs", plans.size());
    figures.put("rayJobsByKindAndMode", kinds);
    figures.put("faultsByKind", injector.byKind());
    double[] recoveries = injector.injected().stream().filter(i -> i.recovery() != null)
        .mapToDouble(i -> i.recovery().toMillis() / 1000.0).sorted().toArray();
    figures.put("leaderKills", recoveries.length);
    figures.put("recoveryAfterKillSecondsMedian", percentile(recoveries, 0.5));
    figures.put("recoveryAfterKillSecondsP95", percentile(recoveries, 0.95));
    figures.put("faults", injector.injected().stream().map(i -> i.plan().kind() + ": " + i.detail()).toList());
    List<OperatorReplicas.Exit> exits = replicas.exits();
    figures.put("operatorRestarts", exits.size());
    figures.put("operatorRestartsNotByTheSoak", exits.stream().filter(e -> !e.killedBySoak())
        .map(e -> e.replica() + " exited " + e.code()).toList());
    figures.put("reconcilesStarted", replicas.counter(QuietCheck.STARTED));
    figures.put("reconcilesFailed", replicas.counter(QuietCheck.FAILED));
    figures.put("submissionsAccepted", dashboards.ledger().size());
    figures.put("submitterPodSubmissions", submitterSubmissions);
    figures.put("dashboardRequests", dashboards.requests());
    figures.put("bestEffortStopsFailed", bestEffortStopsFailed);
    figures.put("headIncarnations", dashboards.incarnations().values().stream().mapToInt(Integer::intValue).sum());
    figures.put("violations", violations);
  }

  /** Adds the RayServices' figures: how many of each kind, and whose heads a fault deleted. */
  void putServices(List<ServicePlan> plans, FaultInjector injector) {
    Map<String, Integer> kinds = new TreeMap<>();
    plans.forEach(p -> kinds.merge(p.kind().name(), 1, Integer::sum));
    figures.put("rayServices", plans.size());
    figures.put("rayServicesByKind", kinds);
    figures.put("headsDeletedByOwnerKind", injector.injected().stream().filter(i -> i.head() != null)
        .collect(java.util.stream.Collectors.groupingBy(i -> i.head().ownerKind(), TreeMap::new,
            java.util.stream.Collectors.counting())));
  }

  /** Adds a figure found after the run (printed and written with the others). */
  void put(String name, Object value) {
    figures.put(name, value);
  }

  private static double percentile(double[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int index = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
  }

  List<String> violations() {
    return violations;
  }

  void print() {
    System.out.println("chaos soak figures:");
    figures.forEach((key, value) -> {
      if (!key.equals("violations")) {
        System.out.printf("  %-34s %s%n", key, value instanceof double[] d ? Arrays.toString(d) : value);
      }
    });
    System.out.printf("chaos soak: %d invariant violations%n", violations.size());
    violations.forEach(v -> System.out.println("  VIOLATION " + v));
  }

  String json() {
    Map<String, Object> safe = new LinkedHashMap<>(figures);
    safe.replaceAll((k, v) -> v instanceof Double d && d.isNaN() ? null : v);
    return new KubernetesSerialization().asJson(safe) + "\n";
  }
}
