package dev.raykube.bench.soak;

import dev.raykube.dashboard.fake.Fault;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Injects the soak's faults one at a time and records what each did: which replica was killed, how long until a
 * replica led again (the recovery time), how long the API server was away, which head Pod went.
 */
final class FaultInjector {

  /** What one injected fault did. */
  record Injected(FaultPlan plan, Instant at, String detail, Duration recovery) {}

  private final OperatorReplicas replicas;
  private final ControlPlaneFaults controlPlane;
  private final SoakDashboards dashboards;
  private final KubernetesClient admin;
  private final Random random;
  private final List<Injected> injected = new ArrayList<>();

  FaultInjector(OperatorReplicas replicas, ControlPlaneFaults controlPlane, SoakDashboards dashboards,
      KubernetesClient admin, Random random) {
    this.replicas = replicas;
    this.controlPlane = controlPlane;
    this.dashboards = dashboards;
    this.admin = admin;
    this.random = random;
  }

  /**
   * Injects {@code plan}. {@code headVictims} gives the RayJobs whose own cluster's head Pod may be deleted now
   * (running, ending by themselves); the chosen one is returned in the record's detail as {@code namespace/name}.
   */
  Injected inject(FaultPlan plan, Supplier<List<RayJob>> headVictims) throws Exception {
    Instant at = Instant.now();
    String detail;
    Duration recovery = null;
    switch (plan.kind()) {
      case KILL_LEADER -> {
        Optional<String> leader = replicas.leading();
        if (leader.isEmpty()) {
          detail = "no replica led; nothing killed";
        } else {
          replicas.kill(leader.get());
          detail = "killed " + leader.get();
          recovery = awaitLeader(at);
        }
      }
      case KILL_BOTH -> {
        replicas.names().forEach(replicas::kill);
        detail = "killed " + String.join(" and ", replicas.names());
        recovery = awaitLeader(at);
      }
      case RESTART_API_SERVER -> {
        Duration away = controlPlane.restartApiServer();
        detail = "API server away " + away.toMillis() + " ms";
      }
      case PAUSE_ETCD -> {
        controlPlane.pauseEtcd(plan.duration());
        detail = "etcd paused " + plan.duration().toSeconds() + " s";
      }
      case DASHBOARD_REFUSED -> {
        dashboards.refuseConnections(plan.duration());
        Thread.sleep(plan.duration().toMillis());
        detail = "dashboards refused connections " + plan.duration().toSeconds() + " s";
      }
      case DASHBOARD_5XX, DASHBOARD_TIMEOUT, DASHBOARD_RESET, DASHBOARD_GARBAGE -> {
        dashboards.fault(dashboardFault(plan.kind()), plan.duration());
        try {
          Thread.sleep(plan.duration().toMillis());
        } finally {
          dashboards.clearFault();
        }
        detail = plan.kind() + " for " + plan.duration().toSeconds() + " s";
      }
      case DELETE_HEAD_POD -> {
        List<RayJob> victims = headVictims.get();
        if (victims.isEmpty()) {
          detail = "no RayJob of its own cluster was running; nothing deleted";
        } else {
          RayJob victim = victims.get(random.nextInt(victims.size()));
          String namespace = victim.getMetadata().getNamespace();
          String cluster = victim.getStatus().getRayClusterName();
          admin.pods().inNamespace(namespace).withLabel("ray.io/cluster", cluster)
              .withLabel("ray.io/node-type", "head").delete();
          detail = namespace + "/" + victim.getMetadata().getName() + " (head of " + cluster + ")";
        }
      }
      default -> throw new IllegalStateException(plan.kind().toString());
    }
    Injected record = new Injected(plan, at, detail, recovery);
    synchronized (injected) {
      injected.add(record);
    }
    return record;
  }

  private static Fault dashboardFault(FaultPlan.Kind kind) {
    return switch (kind) {
      case DASHBOARD_5XX -> Fault.status(503);
      case DASHBOARD_TIMEOUT -> Fault.latency(Duration.ofSeconds(15));
      case DASHBOARD_RESET -> Fault.dropConnectionAfterHandling();
      case DASHBOARD_GARBAGE -> Fault.garbageBody();
      default -> throw new IllegalArgumentException(kind.toString());
    };
  }

  /** From the kill until a live replica reports {@code raykube_leader 1}. */
  private Duration awaitLeader(Instant killed) throws InterruptedException {
    Instant deadline = killed.plus(Duration.ofMinutes(3));
    Thread.sleep(300); // the killed process's port may still answer for a moment
    while (Instant.now().isBefore(deadline)) {
      if (replicas.leading().isPresent()) {
        return Duration.between(killed, Instant.now());
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException("no replica led within 3 minutes of the kill");
  }

  /** Everything injected so far. */
  List<Injected> injected() {
    synchronized (injected) {
      return List.copyOf(injected);
    }
  }

  /** Faults injected, by kind. */
  Map<String, Integer> byKind() {
    Map<String, Integer> counts = new TreeMap<>();
    injected().forEach(i -> counts.merge(i.plan().kind().name(), 1, Integer::sum));
    return counts;
  }
}
