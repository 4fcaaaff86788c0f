package dev.raykube.cluster.loop;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.RayClusterNames;
import dev.raykube.cluster.RayClusterStatusCalculator;
import dev.raykube.cluster.RayClusterValidator;
import dev.raykube.cluster.RayNodeType;
import dev.raykube.cluster.RedisCleanupPlan;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.reconcile.CleanedUp;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.Reconciled;
import dev.raykube.reconcile.ResourceLoop;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RayCluster loop, the one sequence every RayCluster controller runs (the reference operator's reconciler is glue
 * around it): <b>observe</b> what the caller's informers hold ({@link RayClusterReads}: the cluster's Pods and head
 * Service), corrected by the
 * {@link PodExpectations} for writes the cache does not show yet → <b>decide</b> with the pure code of
 * {@code dev.raykube.cluster} ({@link RayClusterValidator}, {@code PodReconcilePlan},
 * {@link RayClusterStatusCalculator}) → <b>act</b> ({@link ClusterObjects}: autoscaler RBAC, head Ingress, token
 * Secret, head Service; {@link NetworkPolicySync}, with the RayClusterNetworkPolicy gate; the batch scheduler's
 * {@link PodGroupSync}, whose failure holds the Pods back; then {@link PodChanges}) → <b>record</b> the status ({@link StatusRecorder}, only when it
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
public final class RayClusterLoop
    implements ResourceLoop<RayCluster, Reconciled<RayCluster, ObservedRayCluster, RayClusterStatus, Void>> {
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
  private final RayClusterReads reads;
  private final ClusterStatusListener listener;
  private final NetworkPolicySync networkPolicies;
  private final PodGroupSync podGroups;
  private final boolean networkPolicyGate;

  RayClusterLoop(RayClusterLoopBuilder b) {
    this.client = b.client;
    this.timings = b.timings;
    this.clock = b.clock;
    this.events = b.events;
    this.reads = b.reads;
    this.listener = b.listener;
    this.status = new StatusRecorder<>(client, RayClusterStatusCalculator::differs, b.cache);
    this.expectations = new PodExpectations(timings.expectationTimeout());
    this.objects = new ClusterObjects(client, b.settings, events, timings);
    this.podChanges = new PodChanges(client, b.settings, events, expectations, b.podCreations,
        b.replicaNames);
    this.redisCleanup = new RedisCleanupFinalizer(client, b.settings, events, timings);
    this.networkPolicies = new NetworkPolicySync(client, b.settings, events, timings.objectRecheck());
    this.networkPolicyGate = b.settings.networkPolicies();
    this.podGroups = new PodGroupSync(client, b.settings, events);
  }

  /**
   * Starts building a loop whose writes go through {@code client}; see {@link RayClusterLoopBuilder} for what is
   * required and what the defaults are.
   *
   * @param client the Kubernetes client
   * @return the builder
   */
  public static RayClusterLoopBuilder builder(KubernetesClient client) {
    return new RayClusterLoopBuilder(client);
  }

  /**
   * Reconciles a RayCluster; one being deleted goes to {@link #cleanup} (its Redis clean-up, if it keeps GCS data in
   * Redis) and comes back with the delay that asks for.
   *
   * @param cluster the RayCluster as read
   * @return the status decided and when to come back; {@link Reconciled#leftAlone()} (with no decision) for a
   *     RayCluster that is not this loop's or is being deleted. The RayCluster loop reports its writes as Events and
   *     in the status, so the outcomes are always empty
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the status cannot be written (other than a
   *     conflict or not found)
   */
  @Override
  public Reconciled<RayCluster, ObservedRayCluster, RayClusterStatus, Void> reconcile(RayCluster cluster) {
    Objects.requireNonNull(cluster, "cluster");
    if (!isManagedHere(cluster)) {
      forget(cluster);
      return Reconciled.leftAlone();
    }
    if (cluster.isMarkedForDeletion()) {
      CleanedUp cleaned = cleanup(cluster);
      return Reconciled.<RayCluster, ObservedRayCluster, RayClusterStatus, Void>leftAlone()
          .withRequeueAfter(cleaned.retryAfter());
    }
    Instant now = clock.instant();
    String key = key(cluster);
    List<String> problems = RayClusterValidator.validate(cluster, networkPolicyGate);
    if (!problems.isEmpty()) {
      return rejectInvalid(cluster, problems, now);
    }
    Optional<RayCluster> withFinalizer = redisCleanup.ensureFinalizer(cluster);
    if (withFinalizer.isEmpty()) {
      forget(cluster);
      return Reconciled.leftAlone();
    }
    cluster = withFinalizer.get();
    Collection<Pod> pods = reads.pods(cluster);
    Service observedHeadService = headService(cluster, reads.services(cluster));
    if (observedHeadService == null && objects.sawHeadService(key, cluster) && isGone(cluster)) {
      forget(cluster);
      return Reconciled.leftAlone();
    }
    List<Pod> observed = expectations.podsAsExpected(key, pods, now);
    ClusterObjects.Outcome owned = objects.ensure(key, cluster, observedHeadService, now);
    String networkPolicyProblem = networkPolicies.sync(key, cluster, now);
    String podGroupProblem = owned.blocked() ? null : podGroups.sync(cluster);
    PodChanges.Outcome changes = owned.blocked() || podGroupProblem != null ? null
        : podChanges.apply(key, cluster, observed, now);
    List<Pod> podsAfter = changes == null || changes.writes() == 0 ? observed
        : expectations.podsAsExpected(key, pods, now);
    RayClusterStatus next = RayClusterStatusCalculator.calculate(cluster, podsAfter, owned.headService(),
        changes == null ? null : changes.failure(), now);
    Duration after;
    if (changes == null || changes.failure() != null || networkPolicyProblem != null) {
      after = timings.afterFailure();
    } else if (changes.plan().requeueSoon() || !changes.plan().problems().isEmpty() || expectations.pending(key)) {
      after = timings.requeueSoon();
    } else {
      after = timings.resync();
    }
    listener.decided(cluster, next);
    StatusRecorder.Recorded<RayCluster> recorded = status.record(cluster, next);
    return new Reconciled<>(recorded.resource(), new ObservedRayCluster(observed, observedHeadService), next,
        recorded.result(), List.of(), Optional.of(recorded.result() == StatusRecorder.Result.CONFLICT
            ? Duration.ZERO : after));
  }

  /**
   * The deletion of a RayCluster: a cluster that keeps its GCS data in Redis carries the loop's own finalizer
   * {@value RedisCleanupPlan#FINALIZER} until the Redis clean-up ran ({@link RedisCleanupPlan}); the loop removes it
   * itself. Any other cluster has nothing to clean up (owner references let Kubernetes delete its Pods and Services).
   *
   * @param cluster the RayCluster as read, being deleted
   * @return {@link CleanedUp#remove()} once nothing is left for the loop to do (its own finalizer, if any, is gone),
   *     else when to look again
   */
  @Override
  public CleanedUp cleanup(RayCluster cluster) {
    Optional<Duration> again = RedisCleanupPlan.holdsFinalizer(cluster)
        ? redisCleanup.continueDeletion(cluster, reads.pods(cluster), clock.instant()) : Optional.empty();
    if (again.isEmpty()) {
      forget(cluster);
      return CleanedUp.remove();
    }
    return CleanedUp.retryAfter(again.get());
  }

  private Reconciled<RayCluster, ObservedRayCluster, RayClusterStatus, Void> rejectInvalid(RayCluster cluster, List<String> problems,
      Instant now) {
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
    listener.decided(cluster, next);
    StatusRecorder.Recorded<RayCluster> recorded = status.record(cluster, next);
    return new Reconciled<>(recorded.resource(), null, next, recorded.result(), List.of(),
        recorded.result() == StatusRecorder.Result.CONFLICT ? Optional.of(Duration.ZERO) : Optional.empty());
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
  @Override
  public void forget(RayCluster cluster) {
    String key = key(cluster);
    expectations.forget(key);
    objects.forget(key);
    networkPolicies.forget(key);
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
