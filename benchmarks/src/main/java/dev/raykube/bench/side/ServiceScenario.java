package dev.raykube.bench.side;

import static dev.raykube.bench.side.RayServiceStates.activeCluster;
import static dev.raykube.bench.side.RayServiceStates.pendingCluster;
import static dev.raykube.bench.side.RayServiceStates.ready;

import dev.raykube.bench.BenchClusters;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * RayService lifecycles: N RayServices ({@link Workloads#service}, one application, 1 head + 3 workers) created at
 * once, then, phase by phase for all of them: Ready (condition {@code Ready=True}, an active cluster) → a
 * cluster-changing upgrade ({@link Workloads#growHead}: a new cluster, the Services switched to it, the old cluster
 * deleted {@code rayClusterDeletionDelaySeconds} later) → deleted (the RayServices, their RayClusters, Pods and
 * Services gone). Figures per arm: Kubernetes API requests per RayService lifecycle by verb and resource (audit log,
 * everything the operator's user sent from the first create to 2 s after the last object was gone, watches
 * included), also by phase; dashboard requests per lifecycle by kind; RSS once all are Ready and 10 s have passed
 * ("steady") and the kernel's high-water mark over the run ("peak"). Heads are
 * {@link dev.raykube.dashboard.fake.FakeRayDashboard}s with their
 * Serve proxy ({@link HeadDashboards#servingFakes()}); Pods are bound to a Node ({@link BenchNode}) and have IPs of
 * their own ({@link PodAddresses}), so the kube-controller-manager writes the serve Service's Endpoints and
 * EndpointSlices as for real Pods.
 */
final class ServiceScenario implements Scenario {

  private static final Duration PHASE_LIMIT = Duration.ofMinutes(4);

  private final int services;
  private final int deletionDelaySeconds;

  /**
   * @param services RayService lifecycles per arm, run at the same time
   * @param deletionDelaySeconds their {@code rayClusterDeletionDelaySeconds}
   */
  ServiceScenario(int services, int deletionDelaySeconds) {
    this.services = services;
    this.deletionDelaySeconds = deletionDelaySeconds;
  }

  @Override
  public String name() {
    return "service";
  }

  @Override
  public Comparison run(Arena arena) throws Exception {
    Comparison result = new Comparison(name(), services + " RayServices at once: create -> Ready -> cluster-changing "
        + "upgrade (switch, old cluster deleted after " + deletionDelaySeconds + " s) -> delete; API requests from "
        + "the audit log (the operator's own user), per RayService; RSS from /proc/<pid>/status");
    double[][] figures = new double[5][2];
    Map<String, Object> details = new LinkedHashMap<>();
    try (PodNode node = arena.boundNode(HeadDashboards.servingFakes())) {
      for (int arm = 0; arm < 2; arm++) {
        Contender contender = arena.contenders().get(arm);
        Map<String, Object> run = measure(arena, node, contender);
        details.put(contender.name(), run);
        figures[0][arm] = (double) run.get("requestsPerLifecycle");
        figures[1][arm] = (double) run.get("writesPerLifecycle");
        figures[2][arm] = (double) run.get("dashboardRequestsPerLifecycle");
        figures[3][arm] = (double) run.get("steadyRssMb");
        figures[4][arm] = (double) run.get("peakRssMb");
      }
    }
    String lifecycle = "RayService create -> Ready -> upgrade -> delete";
    result.row(lifecycle + ", API requests per RayService", "requests", figures[0][0], figures[0][1]);
    result.row(lifecycle + ", of them writes", "requests", figures[1][0], figures[1][1]);
    result.row(lifecycle + ", dashboard requests per RayService", "requests", figures[2][0], figures[2][1]);
    result.row("RSS steady, " + services + " RayServices Ready", "MiB", figures[3][0], figures[3][1]);
    result.row("RSS peak, " + services + " RayService lifecycles", "MiB", figures[4][0], figures[4][1]);
    result.detail("runs", details);
    return result;
  }

  private Map<String, Object> measure(Arena arena, PodNode node, Contender contender) {
    String namespace = "svc-" + contender.user();
    arena.createNamespace(namespace);
    Map<String, Object> run = new LinkedHashMap<>();
    try (RunningOperator operator = arena.start(contender)) {
      run.put("idleRssMb", MemoryScenario.mb(operator.rss()));
      Map<String, Long> dashboardBefore = node.heads().requestsByKind();
      List<String> names = new ArrayList<>();
      for (int i = 0; i < services; i++) {
        names.add(String.format("svc-%02d", i));
      }
      long start = arena.audit().mark();
      long t0 = System.nanoTime();
      names.forEach(name -> arena.admin().resource(Workloads.service(namespace, name, deletionDelaySeconds)).create());
      awaitAll(arena, operator, namespace, names, "Ready", RayServiceStates::ready);
      run.put("readySeconds", seconds(t0));
      Map<String, String> firstClusters = new LinkedHashMap<>();
      names.forEach(name -> firstClusters.put(name, activeCluster(service(arena, namespace, name))));
      BenchClusters.sleep(10_000);
      run.put("steadyRssMb", MemoryScenario.mb(operator.rss()));
      long upgrade = arena.audit().mark();
      long t1 = System.nanoTime();
      names.forEach(name -> arena.admin().resources(RayService.class).inNamespace(namespace).withName(name)
          .edit(service -> {
            Workloads.growHead(service);
            return service;
          }));
      awaitAll(arena, operator, namespace, names, "upgraded, old cluster deleted", service -> {
        String old = firstClusters.get(service.getMetadata().getName());
        return ready(service) && !old.equals(activeCluster(service)) && pendingCluster(service).isEmpty()
            && !clusters(arena, namespace).contains(old);
      });
      run.put("upgradeSeconds", seconds(t1));
      long deletion = arena.audit().mark();
      long t2 = System.nanoTime();
      names.forEach(name -> arena.admin().resources(RayService.class).inNamespace(namespace).withName(name).delete());
      awaitGone(arena, operator, namespace);
      run.put("deleteSeconds", seconds(t2));
      BenchClusters.sleep(2000);
      long end = arena.audit().mark();
      run.put("peakRssMb", MemoryScenario.mb(operator.peakRss()));
      run.put("threads", operator.threads());
      List<AuditLog.Request> requests = arena.audit().requests(contender.user(), start, end);
      run.put("requestsPerLifecycle", requests.size() / (double) services);
      run.put("writesPerLifecycle", requests.stream().filter(AuditLog.Request::isWrite).count() / (double) services);
      run.put("byKind", perLifecycle(AuditLog.byKind(requests)));
      Map<String, Object> byPhase = new LinkedHashMap<>();
      byPhase.put("create -> Ready", perLifecycle(AuditLog.byKind(arena.audit().requests(contender.user(), start,
          upgrade))));
      byPhase.put("upgrade -> old cluster deleted", perLifecycle(AuditLog.byKind(arena.audit().requests(
          contender.user(), upgrade, deletion))));
      byPhase.put("delete -> gone", perLifecycle(AuditLog.byKind(arena.audit().requests(contender.user(), deletion,
          end))));
      run.put("byPhase", byPhase);
      Map<String, Long> dashboard = HeadDashboards.since(dashboardBefore, node.heads().requestsByKind());
      run.put("dashboardRequestsPerLifecycle",
          dashboard.values().stream().mapToLong(Long::longValue).sum() / (double) services);
      run.put("dashboardByKind", perLifecycle(dashboard));
      System.out.printf("  %s: %s%n", contender.name(), run);
      arena.clean(namespace);
    }
    return run;
  }

  private static Map<String, Double> perLifecycle(Map<String, ? extends Number> counts, int services) {
    Map<String, Double> out = new TreeMap<>();
    counts.forEach((kind, n) -> out.put(kind, Math.round(n.doubleValue() * 100 / services) / 100.0));
    return out;
  }

  private Map<String, Double> perLifecycle(Map<String, ? extends Number> counts) {
    return perLifecycle(counts, services);
  }

  private static RayService service(Arena arena, String namespace, String name) {
    return arena.admin().resources(RayService.class).inNamespace(namespace).withName(name).get();
  }

  private static List<String> clusters(Arena arena, String namespace) {
    return arena.admin().resources(RayCluster.class).inNamespace(namespace).list().getItems().stream()
        .map(c -> c.getMetadata().getName()).sorted().toList();
  }

  /**
   * Waits until every RayService passes {@code done}; past {@link #PHASE_LIMIT}, fails with each one still waiting
   * (its conditions, active and pending cluster, serve endpoints) and the namespace's RayClusters.
   */
  private static void awaitAll(Arena arena, RunningOperator operator, String namespace, List<String> names,
      String phase, Predicate<RayService> done) {
    long deadline = System.nanoTime() + PHASE_LIMIT.toNanos();
    while (true) {
      operator.requireAlive();
      List<RayService> waiting = names.stream().map(name -> service(arena, namespace, name))
          .filter(service -> service == null || !done.test(service)).toList();
      if (waiting.isEmpty()) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("RayServices of " + namespace + " not " + phase + " after " + PHASE_LIMIT
            + ":\n" + waiting.stream().map(ServiceScenario::describe).collect(Collectors.joining("\n"))
            + "\nRayClusters: " + clusters(arena, namespace));
      }
      BenchClusters.sleep(200);
    }
  }

  private static String describe(RayService service) {
    if (service == null) {
      return "  (missing)";
    }
    String conditions = service.getStatus() == null || service.getStatus().getConditions() == null ? "none"
        : service.getStatus().getConditions().stream()
        .map(c -> c.getType() + "=" + c.getStatus() + "/" + c.getReason() + " (" + c.getMessage() + ")")
        .collect(Collectors.joining(", "));
    return "  " + service.getMetadata().getName() + ": conditions " + conditions + "; active '"
        + activeCluster(service) + "', pending '" + pendingCluster(service) + "', serve endpoints "
        + (service.getStatus() == null ? null : service.getStatus().getNumServeEndpoints());
  }

  private static void awaitGone(Arena arena, RunningOperator operator, String namespace) {
    long deadline = System.nanoTime() + PHASE_LIMIT.toNanos();
    while (true) {
      operator.requireAlive();
      int rayServices = arena.admin().resources(RayService.class).inNamespace(namespace).list().getItems().size();
      List<String> rayClusters = clusters(arena, namespace);
      int pods = arena.admin().pods().inNamespace(namespace).list().getItems().size();
      List<String> services = arena.admin().services().inNamespace(namespace).list().getItems().stream()
          .map(s -> s.getMetadata().getName()).toList();
      if (rayServices == 0 && rayClusters.isEmpty() && pods == 0 && services.isEmpty()) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("deleted RayServices of " + namespace + " not gone after " + PHASE_LIMIT
            + ": " + rayServices + " RayServices, RayClusters " + rayClusters + ", " + pods + " Pods, Services "
            + services);
      }
      BenchClusters.sleep(200);
    }
  }

  private static double seconds(long since) {
    return Math.round((System.nanoTime() - since) / 1e7) / 100.0;
  }
}
