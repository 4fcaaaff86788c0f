package dev.raykube.bench.soak;

import static dev.raykube.bench.side.RayServiceStates.activeCluster;
import static dev.raykube.bench.side.RayServiceStates.pendingCluster;
import static dev.raykube.bench.side.RayServiceStates.ready;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceClusterStatus;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The RayServices' part of the soak's script, played on {@link SoakSchedule}'s ticks: creates each RayService at its
 * time, and once it has been Ready for its plan's while, upgrades or deletes it; keeps the last state seen of each
 * RayService and which RayClusters belong to it (label {@code ray.io/originated-from-cr-name} with the RayService
 * kind). A RayService has ended when it is Ready on exactly one cluster (for an upgraded one: a new cluster, the old
 * one gone), or, deleted, when it and its clusters are gone.
 */
final class SoakServices {

  private static final String KIND = HasMetadata.getKind(RayService.class);

  private final KubernetesClient admin;
  private final List<String> namespaces;
  private final List<ServicePlan> plans;
  private final Map<String, String> namespaceOf = new HashMap<>();
  private final Set<String> created = new HashSet<>();
  private final Map<String, String> firstCluster = new HashMap<>();
  private final Map<String, Instant> readySince = new HashMap<>();
  private final Set<String> acted = new HashSet<>();
  // read by the fault thread
  private final Map<String, RayService> lastSeen = new ConcurrentHashMap<>();
  private final Map<String, List<String>> clustersOf = new ConcurrentHashMap<>();

  SoakServices(KubernetesClient admin, List<String> namespaces, List<ServicePlan> plans) {
    this.admin = admin;
    this.namespaces = namespaces;
    this.plans = plans;
    for (int i = 0; i < plans.size(); i++) {
      namespaceOf.put(plans.get(i).name(), namespaces.get(i % namespaces.size()));
    }
  }

  /** One tick: creates what is due, reads every RayService and RayCluster, upgrades or deletes what is due. */
  void step(Duration elapsed, Instant now) {
    for (ServicePlan plan : plans) {
      if (!created.contains(plan.name()) && plan.createAt().compareTo(elapsed) <= 0) {
        SoakSchedule.create(admin, plan.rayService(namespaceOf.get(plan.name())));
        created.add(plan.name());
      }
    }
    Map<String, RayService> seen = new HashMap<>();
    Map<String, List<String>> clusters = new HashMap<>();
    for (String namespace : namespaces) {
      admin.resources(RayService.class).inNamespace(namespace).list().getItems()
          .forEach(s -> seen.put(s.getMetadata().getName(), s));
      for (RayCluster cluster : admin.resources(RayCluster.class).inNamespace(namespace).list().getItems()) {
        Map<String, String> labels = cluster.getMetadata().getLabels();
        if (labels != null && KIND.equals(labels.get(RayClusterLabels.ORIGINATED_FROM_CRD))) {
          clusters.computeIfAbsent(labels.get(RayClusterLabels.ORIGINATED_FROM_CR_NAME), k -> new ArrayList<>())
              .add(cluster.getMetadata().getName());
        }
      }
    }
    for (ServicePlan plan : plans) {
      String name = plan.name();
      if (!created.contains(name)) {
        continue;
      }
      RayService service = seen.get(name);
      if (service == null) {
        lastSeen.remove(name);
      } else {
        lastSeen.put(name, service);
      }
      clustersOf.put(name, clusters.getOrDefault(name, List.of()).stream().sorted().toList());
      if (service != null && ready(service) && !readySince.containsKey(name)) {
        readySince.put(name, now);
        firstCluster.put(name, activeCluster(service));
      }
      Instant since = readySince.get(name);
      if (since == null || now.isBefore(since.plus(plan.actAfter())) || acted.contains(name)) {
        continue;
      }
      var resource = admin.resources(RayService.class).inNamespace(namespaceOf.get(name)).withName(name);
      if (plan.kind() == ServicePlan.Kind.UPGRADED) {
        resource.edit(s -> {
          ServicePlan.upgrade(s);
          return s;
        });
        acted.add(name);
      } else if (plan.kind() == ServicePlan.Kind.DELETED) {
        resource.delete();
        acted.add(name);
      }
    }
  }

  /** Whether every RayService was created and has reached its end. */
  boolean allEnded() {
    return plans.stream().allMatch(this::ended);
  }

  boolean ended(ServicePlan plan) {
    String name = plan.name();
    if (!created.contains(name)) {
      return false;
    }
    RayService service = lastSeen.get(name);
    List<String> clusters = clustersOf.getOrDefault(name, List.of());
    return switch (plan.kind()) {
      case SERVES -> service != null && ready(service) && clusters.equals(List.of(activeCluster(service)));
      case UPGRADED -> acted.contains(name) && service != null && ready(service)
          && !activeCluster(service).equals(firstCluster.get(name)) && pendingCluster(service).isEmpty()
          && clusters.equals(List.of(activeCluster(service)));
      case DELETED -> acted.contains(name) && service == null && clusters.isEmpty();
    };
  }

  /** A line for each RayService that has not reached its end: what it is, how it was last seen. */
  List<String> unended() {
    return plans.stream().filter(p -> !ended(p)).map(p -> p.name() + " (RayService " + p.kind() + ") did not reach "
        + "its end by the deadline; last seen: " + describe(lastSeen.get(p.name())) + ", its RayClusters "
        + clustersOf.getOrDefault(p.name(), List.of())).toList();
  }

  /** The active clusters of the RayServices that are Ready now: head Pods a fault may delete. */
  List<FaultInjector.HeadVictim> headVictims() {
    List<FaultInjector.HeadVictim> victims = new ArrayList<>();
    lastSeen.forEach((name, service) -> {
      if (ready(service) && service.getMetadata().getDeletionTimestamp() == null) {
        victims.add(new FaultInjector.HeadVictim(service.getMetadata().getNamespace(), KIND, name,
            activeCluster(service)));
      }
    });
    victims.sort((a, b) -> a.owner().compareTo(b.owner()));
    return victims;
  }

  /** The last state seen of each RayService that still exists. */
  Map<String, RayService> lastSeen() {
    return Map.copyOf(lastSeen);
  }

  /** The RayClusters of each RayService at the last tick. */
  Map<String, List<String>> clustersOf() {
    return Map.copyOf(clustersOf);
  }

  /** The cluster each RayService was first Ready on (absent: never Ready). */
  Map<String, String> firstClusters() {
    return Map.copyOf(firstCluster);
  }

  /** Whether the soak upgraded or deleted the RayService. */
  boolean acted(String name) {
    return acted.contains(name);
  }

  /** One line: conditions, active and pending cluster, the application's status on the active cluster. */
  static String describe(RayService service) {
    if (service == null) {
      return "(gone)";
    }
    String conditions = service.getStatus() == null || service.getStatus().getConditions() == null ? "none"
        : service.getStatus().getConditions().stream().map(c -> c.getType() + "=" + c.getStatus() + "/"
        + c.getReason()).collect(Collectors.joining(", "));
    return "conditions " + conditions + "; active '" + activeCluster(service) + "' (" + application(service)
        + "), pending '" + pendingCluster(service) + "'";
  }

  /** The status of {@link ServicePlan#APPLICATION} on the active cluster, as the RayService reports it. */
  static String application(RayService service) {
    RayServiceClusterStatus active = service.getStatus() == null ? null : service.getStatus().getActiveServiceStatus();
    if (active == null || active.getApplicationStatuses() == null
        || !active.getApplicationStatuses().containsKey(ServicePlan.APPLICATION)) {
      return null;
    }
    return active.getApplicationStatuses().get(ServicePlan.APPLICATION).getStatusValue();
  }
}
