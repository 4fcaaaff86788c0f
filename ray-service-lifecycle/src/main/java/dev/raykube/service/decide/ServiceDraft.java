package dev.raykube.service.decide;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.kernel.NameSuffixes;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.common.ModelCopies;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceClusterStatus;
import dev.raykube.model.service.RayServiceSpec;
import dev.raykube.model.service.RayServiceStatus;
import dev.raykube.model.service.RayServiceUpgradeType;
import dev.raykube.reconcile.EventType;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The decision being worked out for one RayService: a private copy of its status that the phases change, its
 * conditions, the actions collected so far and the shortest requested requeue. Not thread-safe; lives for one call.
 */
final class ServiceDraft {

  final RayService service;
  final RayServiceSpec spec;
  /** The stored status, or null; never changed. */
  final RayServiceStatus before;
  /** The next status: a copy the phases change freely (conditions live in {@link #conditions} until the end). */
  final RayServiceStatus next;
  final ServiceConditions conditions;
  final RayServiceObservation observed;
  final Instant now;
  final RayServiceSettings settings;
  private final NameSuffixes suffixes;
  private final List<RayServiceAction> actions = new ArrayList<>();
  /** Clusters this decision already deletes, so that no later rule acts on them again. */
  final Set<String> deleted = new HashSet<>();
  private Duration requeue;

  ServiceDraft(RayService service, RayServiceObservation observed, Instant now, RayServiceSettings settings,
      NameSuffixes suffixes) {
    this.service = service;
    this.spec = service.getSpec() == null ? new RayServiceSpec() : service.getSpec();
    this.before = service.getStatus();
    this.next = before == null ? new RayServiceStatus() : ModelCopies.copy(before, RayServiceStatus.class);
    Long generation = service.getMetadata() == null ? null : service.getMetadata().getGeneration();
    this.conditions = new ServiceConditions(next.getConditions(), now, generation);
    this.observed = observed;
    this.now = now;
    this.settings = settings;
    this.suffixes = suffixes;
  }

  String name() {
    return service.getMetadata().getName();
  }

  void act(RayServiceAction action) {
    actions.add(action);
  }

  boolean has(RayServiceAction action) {
    return actions.contains(action);
  }

  void event(EventType type, RayServiceEventReason reason, String message) {
    actions.add(new RayServiceAction.EmitEvent(type, reason, message));
  }

  void deleteCluster(String clusterName) {
    if (deleted.add(clusterName)) {
      act(new RayServiceAction.DeleteCluster(clusterName));
    }
  }

  /** Asks for another decision after {@code delay} at the latest (the shortest request wins). */
  void requeueAfter(Duration delay) {
    Duration d = delay.isNegative() ? Duration.ZERO : delay;
    if (requeue == null || d.compareTo(requeue) < 0) {
      requeue = d;
    }
  }

  /** Asks for another decision at {@code time}. */
  void requeueAt(Instant time) {
    requeueAfter(Duration.between(now, time));
  }

  /** The active cluster's name in the next status, or null. */
  String activeName() {
    return clusterName(next.getActiveServiceStatus());
  }

  /** The pending cluster's name in the next status, or null. */
  String pendingName() {
    return clusterName(next.getPendingServiceStatus());
  }

  static String clusterName(RayServiceClusterStatus status) {
    return status == null ? null : status.getRayClusterName();
  }

  /** How long a cluster that stopped serving is kept. */
  Duration deletionDelay() {
    Integer seconds = spec.getRayClusterDeletionDelaySeconds();
    return seconds == null ? settings.defaultDeletionDelay() : Duration.ofSeconds(Math.max(0, seconds));
  }

  /** Whether a cluster-spec change may be rolled out to a new cluster ({@code upgradeStrategy.type} not None). */
  boolean upgradesToNewCluster() {
    return spec.getUpgradeStrategy() == null || spec.getUpgradeStrategy().getTypeValue() == null
        || spec.getUpgradeStrategy().getType() != RayServiceUpgradeType.NONE;
  }

  /** Returns {@code <service>-<suffix>}, checking the suffix. */
  String generatedClusterName() {
    String suffix = suffixes.next();
    if (suffix == null || !suffix.matches("[a-z0-9]{" + NameSuffixes.LENGTH + "}")) {
      throw new IllegalStateException("NameSuffixes returned '" + suffix + "'; expected " + NameSuffixes.LENGTH
          + " characters out of [a-z0-9]");
    }
    return name() + "-" + suffix;
  }

  /** The action creating a cluster of this name from {@code spec.rayClusterConfig}. */
  RayServiceAction.CreateCluster createCluster(String clusterName) {
    Map<String, String> labels = new LinkedHashMap<>();
    if (service.getMetadata().getLabels() != null) {
      labels.putAll(service.getMetadata().getLabels());
    }
    labels.put(RayServiceLabels.ORIGINATED_FROM_CR_NAME, name());
    labels.put(RayClusterLabels.ORIGINATED_FROM_CRD, RayServiceLabels.RAY_SERVICE_KIND);
    return new RayServiceAction.CreateCluster(clusterName, desiredClusterSpec(), labels,
        ClusterFingerprint.of(spec.getRayClusterConfig()).annotations());
  }

  /** The action updating a cluster in place to {@code spec.rayClusterConfig}. */
  RayServiceAction.UpdateCluster updateCluster(String clusterName) {
    return new RayServiceAction.UpdateCluster(clusterName, desiredClusterSpec(),
        ClusterFingerprint.of(spec.getRayClusterConfig()).annotations());
  }

  /**
   * A fresh copy of {@code spec.rayClusterConfig} whose Pod templates carry the RayService's origin labels
   * ({@link RayServiceLabels#podLabels}), so that its Pods can be watched by label, and, when Serve runs a proxy on
   * every node ({@link ServeConfig#proxiesOnEveryNode}), whose worker templates carry {@link RayServiceLabels#SERVE}
   * {@code =true} (the RayCluster's Pod factory then has their readiness probe check the proxy). The fingerprint
   * annotations are of {@code spec.rayClusterConfig} as the user wrote it.
   */
  RayClusterSpec desiredClusterSpec() {
    RayClusterSpec desired = ModelCopies.copy(spec.getRayClusterConfig(), RayClusterSpec.class);
    Map<String, String> origin = RayServiceLabels.podLabels(name());
    if (desired.getHeadGroupSpec() != null) {
      label(desired.getHeadGroupSpec().getTemplate(), origin);
    }
    Map<String, String> worker = new LinkedHashMap<>(origin);
    if (ServeConfig.parse(spec.getServeConfigV2()).proxiesOnEveryNode()) {
      worker.put(RayServiceLabels.SERVE, Boolean.TRUE.toString());
    }
    if (desired.getWorkerGroupSpecs() != null) {
      desired.getWorkerGroupSpecs().stream().filter(Objects::nonNull).forEach(g -> label(g.getTemplate(), worker));
    }
    return desired;
  }

  private static void label(PodTemplateSpec template, Map<String, String> origin) {
    if (template == null) {
      return;
    }
    if (template.getMetadata() == null) {
      template.setMetadata(new ObjectMeta());
    }
    Map<String, String> labels = template.getMetadata().getLabels() == null ? new LinkedHashMap<>()
        : new LinkedHashMap<>(template.getMetadata().getLabels());
    labels.putAll(origin);
    template.getMetadata().setLabels(labels);
  }

  /** The stored condition's message when it had this reason, else empty. */
  Optional<String> storedMessage(dev.raykube.model.service.RayServiceConditionType type,
      RayServiceConditionReason reason) {
    if (before == null || before.getConditions() == null) {
      return Optional.empty();
    }
    return before.getConditions().stream().filter(c -> c != null && type.value().equals(c.getType())
        && reason.value().equals(c.getReason())).map(c -> c.getMessage() == null ? "" : c.getMessage()).findFirst();
  }

  RayServiceDecision build() {
    next.setConditions(conditions.list());
    if (before != null) {
      keepStoredClusterStatusesIfOnlyTheyChanged();
    }
    if (before != null && !next.equals(before)) {
      RayServiceStatus withStoredTime = ModelCopies.copy(next, RayServiceStatus.class);
      withStoredTime.setLastUpdateTime(before.getLastUpdateTime());
      if (!withStoredTime.equals(before)) {
        next.setLastUpdateTime(StatusTimes.format(now));
      }
    } else if (before == null) {
      next.setLastUpdateTime(StatusTimes.format(now));
    }
    return new RayServiceDecision(next, actions, Optional.ofNullable(requeue));
  }

  /**
   * The RayCluster statuses mirrored into {@code activeServiceStatus} / {@code pendingServiceStatus} are there for
   * people to read (the RayCluster has its own): a change in them alone does not write the RayService's status, as in
   * KubeRay. The stored copies are kept until something else changes, and the current ones are written with that.
   */
  private void keepStoredClusterStatusesIfOnlyTheyChanged() {
    RayServiceStatus candidate = ModelCopies.copy(next, RayServiceStatus.class);
    candidate.setLastUpdateTime(before.getLastUpdateTime());
    if (takeStoredClusterStatus(candidate.getActiveServiceStatus(), before.getActiveServiceStatus())
        && takeStoredClusterStatus(candidate.getPendingServiceStatus(), before.getPendingServiceStatus())
        && candidate.equals(before)) {
      takeStoredClusterStatus(next.getActiveServiceStatus(), before.getActiveServiceStatus());
      takeStoredClusterStatus(next.getPendingServiceStatus(), before.getPendingServiceStatus());
    }
  }

  /**
   * Sets {@code status}'s RayCluster status to a copy of {@code stored}'s when both are of the same cluster. Whether
   * they are (or both absent).
   */
  private static boolean takeStoredClusterStatus(RayServiceClusterStatus status, RayServiceClusterStatus stored) {
    if (status == null || stored == null) {
      return status == stored;
    }
    if (!Objects.equals(status.getRayClusterName(), stored.getRayClusterName())) {
      return false;
    }
    status.setRayClusterStatus(stored.getRayClusterStatus() == null ? null
        : ModelCopies.copy(stored.getRayClusterStatus(), RayClusterStatus.class));
    return true;
  }

  /** The decision that changes nothing: the stored status (copied), no action, no requeue. */
  RayServiceDecision unchanged() {
    RayServiceStatus copy = before == null ? new RayServiceStatus() : ModelCopies.copy(before, RayServiceStatus.class);
    return new RayServiceDecision(copy, List.of(), Optional.empty());
  }
}
