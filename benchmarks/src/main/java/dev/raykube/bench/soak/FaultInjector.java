package dev.raykube.bench.soak;

import dev.raykube.dashboard.fake.Fault;
import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.api.model.HasMetadata;
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

  /**
   * What one injected fault did.
   *
   * @param recovery for kills: until a replica led again; else null
   * @param head for a head Pod deletion: whose head went; else null
   */
  record Injected(FaultPlan plan, Instant at, String detail, Duration recovery, HeadVictim head) {}

  /**
   * A head Pod a fault may delete: the head of {@code cluster}, which runs the Ray job of a RayJob or the Serve
   * applications of a RayService.
   *
   * @param ownerKind {@code RayJob} or {@code RayService}
   * @param owner the RayJob's or RayService's name
   */
  record HeadVictim(String namespace, String ownerKind, String owner, String cluster) {}

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
   * Injects {@code plan}. {@code headVictims} gives the head Pods that may be deleted now (of running RayJobs' own
   * clusters that end by themselves, of Ready RayServices' active clusters); the chosen one is in the record.
   */
  Injected inject(FaultPlan plan, Supplier<List<HeadVictim>> headVictims) throws Exception {
    Instant at = Instant.now();
    String detail;
    Duration recovery = null;
    HeadVictim head = null;
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
        List<HeadVictim> victims = headVictims.get();
        if (victims.isEmpty()) {
          detail = "no RayJob of its own cluster was running and no RayService was Ready; nothing deleted";
        } else {
          head = pick(victims);
          admin.pods().inNamespace(head.namespace()).withLabel("ray.io/cluster", head.cluster())
              .withLabel("ray.io/node-type", "head").delete();
          detail = head.ownerKind() + " " + head.namespace() + "/" + head.owner() + " (head of " + head.cluster() + ")";
        }
      }
      default -> throw new IllegalStateException(plan.kind().toString());
    }
    Injected record = new Injected(plan, at, detail, recovery, head);
    synchronized (injected) {
      injected.add(record);
    }
    return record;
  }

  /**
   * A head of a RayService or of a RayJob, half and half when both kinds can be had (there are far fewer RayServices
   * than RayJobs, and each kind's recovery is a different promise), then one of that kind at random.
   */
  private HeadVictim pick(List<HeadVictim> victims) {
    String rayService = HasMetadata.getKind(RayService.class);
    List<HeadVictim> services = victims.stream().filter(v -> rayService.equals(v.ownerKind())).toList();
    List<HeadVictim> jobs = victims.stream().filter(v -> !rayService.equals(v.ownerKind())).toList();
    List<HeadVictim> from = services.isEmpty() ? jobs : jobs.isEmpty() || random.nextBoolean() ? services : jobs;
    return from.get(random.nextInt(from.size()));
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
