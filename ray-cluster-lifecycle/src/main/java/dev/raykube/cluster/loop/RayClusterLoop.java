package dev.raykube.cluster.loop;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.RayClusterNames;
import dev.raykube.cluster.RayClusterStatusCalculator;
import dev.raykube.cluster.RayClusterValidator;
import dev.raykube.cluster.RayNodeType;
import dev.raykube.cluster.RedisCleanupPlan;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.PrimaryCache;
import dev.raykube.reconcile.StatusRecorder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RayCluster loop, the one sequence every RayCluster controller runs (the reference operator's reconciler is glue
 * around it): <b>observe</b> what the caller's informers hold (the cluster's Pods and head Service), corrected by the
 * {@link PodExpectations} for writes the cache does not show yet → <b>decide</b> with the pure code of
 * {@code dev.raykube.cluster} ({@link RayClusterValidator}, {@code PodReconcilePlan},
 * {@link RayClusterStatusCalculator}) → <b>act</b> ({@link ClusterObjects}: autoscaler RBAC, token Secret, head
 * Service; then {@link PodChanges}) → <b>record</b> the status ({@link StatusRecorder}, only when it
 * {@linkplain RayClusterStatusCalculator#differs differs}) and the Events ({@link EventRecorder},
 * {@link ClusterEventReason}).
 *
 * <p>An invalid RayCluster gets a Warning Event and {@code status.reason} and no requeue: it waits for its spec to
 * change. A RayCluster whose {@code spec.managedBy} names another controller is left alone and forgotten. One being
 * deleted is forgotten too (owner references let Kubernetes delete its Pods and Services), unless it keeps its GCS data
 * in Redis: such a cluster carries the finalizer {@value RedisCleanupPlan#FINALIZER} from its first valid reconcile,
 * and its deletion runs the Redis clean-up first ({@link RedisCleanupPlan}; no status is written meanwhile).
 * Thread-safe for different RayClusters; calls for the same RayCluster must not overlap.
 */
public final class RayClusterLoop {
  private static final Logger LOG = LoggerFactory.getLogger(RayClusterLoop.class);

  private final RayClusterTimings timings;
  private final Clock clock;
  private final EventRecorder events;
  private final StatusRecorder<RayClusterStatus, RayCluster> status;
  private final PodExpectations expectations;
  private final ClusterObjects objects;
  private final PodChanges podChanges;
  private final KubernetesClient client;
  private final RedisCleanupFinalizer redisCleanup;

  /**
   * The loop with its standard parts; a group's new workers are created one after another.
   *
   * @param client the Kubernetes client every write goes through
   * @param settings the builders' settings
   * @param timings requeue delays and cache allowances
   * @param events records Events
   * @param cache told of every status write
   * @param clock the time of every decision
   */
  public RayClusterLoop(KubernetesClient client, ClusterBuildSettings settings, RayClusterTimings timings,
      EventRecorder events, PrimaryCache<RayCluster> cache, Clock clock) {
    this(client, settings, timings, events, cache, clock, null);
  }

  /**
   * The loop with its standard parts, creating a worker group's new Pods at once in {@code podCreations}.
   *
   * @param client the Kubernetes client every write goes through
   * @param settings the builders' settings
   * @param timings requeue delays and cache allowances
   * @param events records Events
   * @param cache told of every status write
   * @param clock the time of every decision
   * @param podCreations runs the creations of a group's new workers at once (e.g. a small thread pool; the
   *     reconcile waits for all of them); {@code null}: one after another in the reconcile's thread, stopping at the
   *     first failure
   */
  public RayClusterLoop(KubernetesClient client, ClusterBuildSettings settings, RayClusterTimings timings,
      EventRecorder events, PrimaryCache<RayCluster> cache, Clock clock, Executor podCreations) {
    this.client = Objects.requireNonNull(client, "client");
    Objects.requireNonNull(settings, "settings");
    this.timings = Objects.requireNonNull(timings, "timings");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.events = Objects.requireNonNull(events, "events");
    this.status = new StatusRecorder<>(client, RayClusterStatusCalculator::differs, cache);
    this.expectations = new PodExpectations(timings.expectationTimeout());
    this.objects = new ClusterObjects(client, settings, events, timings);
    this.podChanges = new PodChanges(client, settings, events, expectations, podCreations);
    this.redisCleanup = new RedisCleanupFinalizer(client, settings, events, timings);
  }

  /**
   * Reconciles a RayCluster.
   *
   * @param cluster the RayCluster as read
   * @param pods the cluster's Pods in the caller's cache (labelled {@code ray.io/cluster=<name>})
   * @param services the cluster's Services in the caller's cache (the head Service among them)
   * @return the status decided and when to come back
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the status cannot be written (other than a
   *     conflict or not found)
   */
  public ClusterReconciled reconcile(RayCluster cluster, Collection<Pod> pods, Collection<Service> services) {
    return reconcile(cluster, pods, services, decided -> {
    });
  }

  /**
   * Reconciles a RayCluster, telling {@code decided} the status before it is written (the reference operator feeds
   * its state gauges from it, so that a status anyone can read is already counted).
   *
   * @param cluster the RayCluster as read
   * @param pods the cluster's Pods in the caller's cache (labelled {@code ray.io/cluster=<name>})
   * @param services the cluster's Services in the caller's cache (the head Service among them)
   * @param decided told of the decided status, before the write
   * @return the status decided and when to come back
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the status cannot be written (other than a
   *     conflict or not found)
   */
  public ClusterReconciled reconcile(RayCluster cluster, Collection<Pod> pods, Collection<Service> services,
      Consumer<RayClusterStatus> decided) {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(decided, "decided");
    if (!isManagedHere(cluster)) {
      forget(cluster);
      return ClusterReconciled.notOurs();
    }
    Instant now = clock.instant();
    if (cluster.isMarkedForDeletion()) {
      Optional<Duration> again = RedisCleanupPlan.holdsFinalizer(cluster)
          ? redisCleanup.continueDeletion(cluster, pods, now) : Optional.empty();
      if (again.isEmpty()) {
        forget(cluster);
      }
      return new ClusterReconciled(null, StatusRecorder.Result.UNCHANGED, again);
    }
    String key = key(cluster);
    List<String> problems = RayClusterValidator.validate(cluster);
    if (!problems.isEmpty()) {
      return rejectInvalid(cluster, problems, now, decided);
    }
    Optional<RayCluster> withFinalizer = redisCleanup.ensureFinalizer(cluster);
    if (withFinalizer.isEmpty()) {
      forget(cluster);
      return ClusterReconciled.notOurs();
    }
    cluster = withFinalizer.get();
    Service observedHeadService = headService(cluster, services);
    if (observedHeadService == null && objects.sawHeadService(key, cluster) && isGone(cluster)) {
      forget(cluster);
      return ClusterReconciled.notOurs();
    }
    List<Pod> observed = expectations.podsAsExpected(key, pods, now);
    ClusterObjects.Outcome owned = objects.ensure(key, cluster, observedHeadService, now);
    PodChanges.Outcome changes = owned.blocked() ? null : podChanges.apply(key, cluster, observed, now);
    List<Pod> podsAfter = changes == null || changes.writes() == 0 ? observed
        : expectations.podsAsExpected(key, pods, now);
    RayClusterStatus next = RayClusterStatusCalculator.calculate(cluster, podsAfter, owned.headService(),
        changes == null ? null : changes.failure(), now);
    Duration after;
    if (owned.blocked() || changes.failure() != null) {
      after = timings.afterFailure();
    } else if (changes.plan().requeueSoon() || !changes.plan().problems().isEmpty() || expectations.pending(key)) {
      after = timings.requeueSoon();
    } else {
      after = timings.resync();
    }
    decided.accept(next);
    StatusRecorder.Result recorded = status.record(cluster, next).result();
    return new ClusterReconciled(next, recorded, Optional.of(recorded == StatusRecorder.Result.CONFLICT
        ? Duration.ZERO : after));
  }

  private ClusterReconciled rejectInvalid(RayCluster cluster, List<String> problems, Instant now,
      Consumer<RayClusterStatus> decided) {
    List<String> metadata = problems.stream().filter(p -> p.startsWith("metadata.")).toList();
    List<String> spec = problems.stream().filter(p -> !p.startsWith("metadata.")).toList();
    if (!metadata.isEmpty()) {
      record(cluster, ClusterEventReason.INVALID_METADATA, String.join("; ", metadata));
    }
    if (!spec.isEmpty()) {
      record(cluster, ClusterEventReason.INVALID_SPEC, String.join("; ", spec));
    }
    RayClusterStatus next = RayClusterStatusCalculator.invalidSpec(cluster, problems, now);
    LOG.warn("RayCluster {}/{} is not reconciled until it is fixed: {}", cluster.getMetadata().getNamespace(),
        cluster.getMetadata().getName(), next.getReason());
    decided.accept(next);
    StatusRecorder.Result recorded = status.record(cluster, next).result();
    return new ClusterReconciled(next, recorded, recorded == StatusRecorder.Result.CONFLICT
        ? Optional.of(Duration.ZERO) : Optional.empty());
  }

  /**
   * Whether the RayCluster is gone or being deleted, read from the API server: asked only when its head Service,
   * seen before, has disappeared. When a RayCluster is deleted, the garbage collector deletes its Service and Pods at
   * once, and their informer events can start a reconcile before the RayCluster's own deletion has reached the
   * caller's cache; without this read that reconcile would create the Service (and Pods) again, for the collector to
   * delete once more. A user who deletes the head Service of a live cluster gets it back, as before. If the read
   * fails, the cluster counts as present.
   */
  private boolean isGone(RayCluster cluster) {
    try {
      RayCluster current = client.resources(RayCluster.class).inNamespace(cluster.getMetadata().getNamespace())
          .withName(cluster.getMetadata().getName()).get();
      return current == null || current.isMarkedForDeletion()
          || !Objects.equals(current.getMetadata().getUid(), cluster.getMetadata().getUid());
    } catch (KubernetesClientException e) {
      LOG.debug("Could not read RayCluster {}: {}", key(cluster), e.getMessage());
      return false;
    }
  }

  private void record(RayCluster cluster, ClusterEventReason reason, String message) {
    events.record(cluster, reason.type(), reason, message);
  }

  /** Forgets what the loop keeps about a RayCluster that is gone or not this controller's. */
  public void forget(RayCluster cluster) {
    String key = key(cluster);
    expectations.forget(key);
    objects.forget(key);
    events.forget(cluster.getMetadata().getNamespace(), cluster.getMetadata().getUid());
  }

  private static String key(RayCluster cluster) {
    return cluster.getMetadata().getNamespace() + "/" + cluster.getMetadata().getName();
  }

  /**
   * Whether a RayCluster is this loop's: {@code spec.managedBy} unset or {@value RayClusterLabels#MANAGED_BY_KUBERAY}; anything
   * else belongs to another controller (e.g. MultiKueue).
   *
   * @param cluster the RayCluster
   * @return whether to reconcile it
   */
  public static boolean isManagedHere(RayCluster cluster) {
    String managedBy = cluster.getSpec() == null ? null : cluster.getSpec().getManagedBy();
    return managedBy == null || managedBy.isBlank() || RayClusterLabels.MANAGED_BY_KUBERAY.equals(managedBy);
  }

  /**
   * The head Service among the observed Services of the cluster: the one with the head Service's name, else any
   * carrying the head's identifier label (KubeRay creates none while such a Service exists).
   *
   * @param cluster the RayCluster
   * @param services the Services observed for it
   * @return the head Service, or {@code null}
   */
  public static Service headService(RayCluster cluster, Collection<Service> services) {
    String name = RayClusterNames.headService(cluster);
    String identifier = RayClusterLabels.identifier(cluster.getMetadata().getName(), RayNodeType.HEAD);
    Service labelled = null;
    for (Service service : services) {
      if (name.equals(service.getMetadata().getName())) {
        return service;
      }
      Map<String, String> labels = service.getMetadata().getLabels();
      if (labelled == null && labels != null && identifier.equals(labels.get(RayClusterLabels.IDENTIFIER))) {
        labelled = service;
      }
    }
    return labelled;
  }
}
