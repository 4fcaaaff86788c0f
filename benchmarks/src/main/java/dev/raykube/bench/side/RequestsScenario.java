package dev.raykube.bench.side;

import dev.raykube.bench.BenchClusters;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Kubernetes API requests per lifecycle, by verb and resource, from the audit log (everything the operator's user
 * sent between the lifecycle's first create and 2 s after the last of its objects is gone, watches included), over
 * several lifecycles of each kind run one after the other:
 * <ul>
 *   <li>RayCluster: create → ready → delete;</li>
 *   <li>RayJob on an existing RayCluster ({@code clusterSelector}, HTTPMode, {@code sleep 2}): create → Complete →
 *       delete;</li>
 *   <li>RayJob with its own cluster ({@code rayClusterSpec}, {@code shutdownAfterJobFinishes}, HTTPMode,
 *       {@code sleep 2}): create → Complete, cluster deleted → delete.</li>
 * </ul>
 * Heads answer with {@link dev.raykube.dashboard.fake.FakeRayDashboard} (Ray 2.60 behaviour, jobs really sleep).
 */
final class RequestsScenario implements Scenario {

  private final String name;
  private final int clusters;
  private final int selectorJobs;
  private final int ownClusterJobs;

  /**
   * @param name the scenario's name
   * @param clusters RayCluster lifecycles per arm
   * @param selectorJobs clusterSelector RayJob lifecycles per arm (0: none)
   * @param ownClusterJobs own-cluster RayJob lifecycles per arm (0: none)
   */
  RequestsScenario(String name, int clusters, int selectorJobs, int ownClusterJobs) {
    this.name = name;
    this.clusters = clusters;
    this.selectorJobs = selectorJobs;
    this.ownClusterJobs = ownClusterJobs;
  }

  /** The CI check: 10 RayCluster lifecycles and 3 clusterSelector RayJob lifecycles per arm. */
  static RequestsScenario ci() {
    return new RequestsScenario("ci", 10, 3, 0);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Comparison run(Arena arena) throws Exception {
    Comparison result = new Comparison(name, "API requests per lifecycle (audit log, the operator's own user), mean "
        + "of the lifecycles run one after the other; Events are the requests on resource events");
    Map<String, double[]> totals = new LinkedHashMap<>();
    Map<String, Map<String, Object>> details = new LinkedHashMap<>();
    try (PodNode node = arena.node(HeadDashboards.fakes())) {
      for (int arm = 0; arm < 2; arm++) {
        Contender contender = arena.contenders().get(arm);
        String namespace = "req-" + contender.user();
        arena.createNamespace(namespace);
        Map<String, Object> armDetails = new LinkedHashMap<>();
        try (RunningOperator operator = arena.start(contender)) {
          count(arena, contender, operator, "RayCluster create -> ready -> delete", clusters, totals, armDetails,
              arm, i -> rayClusterLifecycle(arena, namespace, "rc-" + i));
          if (selectorJobs > 0) {
            arena.admin().resource(Workloads.cluster(namespace, "shared")).create();
            awaitReady(arena, namespace, "shared");
            count(arena, contender, operator, "RayJob clusterSelector, HTTPMode, create -> Complete -> delete",
                selectorJobs, totals, armDetails, arm,
                i -> jobLifecycle(arena, Workloads.onCluster(namespace, "on-shared-" + i, "shared", 2)));
          }
          if (ownClusterJobs > 0) {
            count(arena, contender, operator, "RayJob own cluster, shutdownAfterJobFinishes, HTTPMode",
                ownClusterJobs, totals, armDetails, arm,
                i -> jobLifecycle(arena, Workloads.withOwnCluster(namespace, "own-" + i, 2)));
          }
          arena.clean(namespace);
        }
        details.put(contender.name(), armDetails);
      }
    }
    totals.forEach((figure, values) -> result.row(figure, "requests", values[0], values[1]));
    result.detail("perLifecycleByKind", details);
    return result;
  }

  private static void count(Arena arena, Contender contender, RunningOperator operator, String figure, int times,
      Map<String, double[]> totals, Map<String, Object> armDetails, int arm, Consumer<Integer> lifecycle) {
    long mark = arena.audit().mark();
    for (int i = 0; i < times; i++) {
      lifecycle.accept(i);
      operator.requireAlive();
    }
    BenchClusters.sleep(2000);
    List<AuditLog.Request> requests = arena.audit().requests(contender.user(), mark, arena.audit().mark());
    Map<String, Double> perLifecycle = new TreeMap<>();
    AuditLog.byKind(requests).forEach((kind, n) -> perLifecycle.put(kind, n / (double) times));
    double total = requests.size() / (double) times;
    totals.computeIfAbsent(figure, k -> new double[2])[arm] = total;
    armDetails.put(figure, Map.of("lifecycles", times, "total", total, "byKind", perLifecycle));
    System.out.printf("  %s, %s: %.1f requests per lifecycle %s%n", contender.name(), figure, total, perLifecycle);
  }

  private static void rayClusterLifecycle(Arena arena, String namespace, String name) {
    arena.admin().resource(Workloads.cluster(namespace, name)).create();
    awaitReady(arena, namespace, name);
    arena.admin().resources(RayCluster.class).inNamespace(namespace).withName(name).delete();
    BenchClusters.await(Duration.ofMinutes(2), Duration.ofMillis(200), name + " and its Pods gone",
        () -> arena.admin().resources(RayCluster.class).inNamespace(namespace).withName(name).get() == null
            && arena.admin().pods().inNamespace(namespace).withLabel(PodNode.CLUSTER_LABEL, name).list().getItems()
            .isEmpty());
  }

  private static void awaitReady(Arena arena, String namespace, String name) {
    BenchClusters.await(Duration.ofMinutes(2), Duration.ofMillis(200), name + " ready", () -> {
      RayCluster cluster = arena.admin().resources(RayCluster.class).inNamespace(namespace).withName(name).get();
      return cluster != null && Workloads.isReady(cluster);
    });
  }

  private static void jobLifecycle(Arena arena, RayJob job) {
    String namespace = job.getMetadata().getNamespace();
    String name = job.getMetadata().getName();
    List<String> before = clusterNames(arena, namespace);
    arena.admin().resource(job).create();
    BenchClusters.await(Duration.ofMinutes(3), Duration.ofMillis(200), name + " finished", () -> {
      RayJob current = arena.admin().resources(RayJob.class).inNamespace(namespace).withName(name).get();
      return current != null && Workloads.isFinished(current);
    });
    RayJob finished = arena.admin().resources(RayJob.class).inNamespace(namespace).withName(name).get();
    if (!"SUCCEEDED".equals(finished.getStatus().getJobStatusValue())) {
      throw new IllegalStateException(name + " did not succeed: " + finished.getStatus());
    }
    BenchClusters.await(Duration.ofMinutes(2), Duration.ofMillis(200), name + "'s own cluster gone",
        () -> clusterNames(arena, namespace).equals(before));
    arena.admin().resources(RayJob.class).inNamespace(namespace).withName(name).delete();
    BenchClusters.await(Duration.ofMinutes(2), Duration.ofMillis(200), name + " gone",
        () -> arena.admin().resources(RayJob.class).inNamespace(namespace).withName(name).get() == null);
  }

  private static List<String> clusterNames(Arena arena, String namespace) {
    List<String> names = new ArrayList<>();
    arena.admin().resources(RayCluster.class).inNamespace(namespace).list().getItems()
        .forEach(c -> names.add(c.getMetadata().getName()));
    names.sort(null);
    return names;
  }
}
