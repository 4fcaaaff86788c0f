package dev.raykube.operator.rayservice;

import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceConditionType;
import io.fabric8.kubernetes.api.model.Condition;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The RayService controller's meters, fed after every reconcile from the status before and after it:
 *
 * <ul>
 *   <li>{@code raykube_service_ready}: RayServices whose {@code Ready} condition is {@code True};</li>
 *   <li>{@code raykube_service_upgrade_in_progress}: RayServices whose {@code UpgradeInProgress} condition is
 *       {@code True} (a pending cluster next to the active one);</li>
 *   <li>{@code raykube_service_time_to_ready_seconds}: from a RayService's creation to its first {@code Ready=True},
 *       once per RayService (by uid);</li>
 *   <li>{@code raykube_service_upgrade_duration_seconds}: from {@code UpgradeInProgress} turning {@code True} to the
 *       reconcile that saw it turn {@code False} again (the switch to the new cluster, or the upgrade called off).</li>
 * </ul>
 *
 * No per-object labels (the series stay few however many RayServices there are). Thread-safe.
 */
final class RayServiceMetrics {

  /** Prometheus {@code raykube_service_ready}. */
  static final String READY = "raykube.service.ready";
  /** Prometheus {@code raykube_service_upgrade_in_progress}. */
  static final String UPGRADING = "raykube.service.upgrade.in.progress";
  /** Prometheus {@code raykube_service_time_to_ready_seconds}. */
  static final String TIME_TO_READY = "raykube.service.time.to.ready";
  /** Prometheus {@code raykube_service_upgrade_duration_seconds}. */
  static final String UPGRADE_DURATION = "raykube.service.upgrade.duration";

  private final Map<String, Boolean> ready = new ConcurrentHashMap<>();
  private final Map<String, Boolean> upgrading = new ConcurrentHashMap<>();
  private final Set<String> readyOnce = ConcurrentHashMap.newKeySet();
  private final Timer timeToReady;
  private final Timer upgradeDuration;

  /** Registers the meters in {@code registry}. */
  RayServiceMetrics(MeterRegistry registry) {
    Objects.requireNonNull(registry, "registry");
    Gauge.builder(READY, this, m -> m.count(m.ready)).description("RayServices whose Ready condition is True")
        .register(registry);
    Gauge.builder(UPGRADING, this, m -> m.count(m.upgrading))
        .description("RayServices with an upgrade in progress (a pending cluster next to the active one)")
        .register(registry);
    timeToReady = Timer.builder(TIME_TO_READY).description("From a RayService's creation to its first Ready")
        .register(registry);
    upgradeDuration = Timer.builder(UPGRADE_DURATION)
        .description("From UpgradeInProgress=True to UpgradeInProgress=False").register(registry);
  }

  /**
   * Records what a reconcile did to a RayService's status.
   *
   * @param before the RayService the reconcile started from
   * @param after the RayService as the reconcile left it, or {@code null} when it is gone
   * @param now the time of the reconcile
   */
  void record(RayService before, RayService after, Instant now) {
    if (after == null) {
      forget(before);
      return;
    }
    String key = key(after);
    boolean isReady = isTrue(after, RayServiceConditionType.READY);
    ready.put(key, isReady);
    String uid = after.getMetadata().getUid();
    if (isReady && uid != null && readyOnce.add(uid)) {
      time(after.getMetadata().getCreationTimestamp(), now).ifPresent(timeToReady::record);
    }
    boolean isUpgrading = isTrue(after, RayServiceConditionType.UPGRADE_IN_PROGRESS);
    upgrading.put(key, isUpgrading);
    if (!isUpgrading && isTrue(before, RayServiceConditionType.UPGRADE_IN_PROGRESS)) {
      condition(before, RayServiceConditionType.UPGRADE_IN_PROGRESS)
          .flatMap(started -> time(started.getLastTransitionTime(), now)).ifPresent(upgradeDuration::record);
    }
  }

  /** Stops counting a RayService (deleted, or no longer watched). */
  void forget(RayService rayService) {
    ready.remove(key(rayService));
    upgrading.remove(key(rayService));
    if (rayService.getMetadata().getUid() != null) {
      readyOnce.remove(rayService.getMetadata().getUid());
    }
  }

  private long count(Map<String, Boolean> states) {
    return states.values().stream().filter(Boolean::booleanValue).count();
  }

  private static boolean isTrue(RayService rayService, RayServiceConditionType type) {
    return condition(rayService, type).map(c -> "True".equals(c.getStatus())).orElse(false);
  }

  private static Optional<Condition> condition(RayService rayService, RayServiceConditionType type) {
    if (rayService == null || rayService.getStatus() == null || rayService.getStatus().getConditions() == null) {
      return Optional.empty();
    }
    return rayService.getStatus().getConditions().stream().filter(c -> type.value().equals(c.getType())).findFirst();
  }

  /** {@code now - since}, if {@code since} is a time not after {@code now}. */
  private static Optional<Duration> time(String since, Instant now) {
    return StatusTimes.parse(since).map(start -> Duration.between(start, now)).filter(d -> !d.isNegative());
  }

  private static String key(RayService rayService) {
    return rayService.getMetadata().getNamespace() + "/" + rayService.getMetadata().getName();
  }
}
