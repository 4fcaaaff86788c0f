package dev.raykube.operator.raycluster;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.RayClusterNames;
import dev.raykube.cluster.RayClusterStatusCalculator;
import dev.raykube.cluster.RayClusterValidator;
import dev.raykube.cluster.RayNodeType;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.operator.runtime.ClusterStateGauges;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.PrimaryUpdateAndCacheUtils;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.TransformingItemStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RayCluster controller: observe → decide → act → record status.
 *
 * <ol>
 *   <li><b>Observe</b> the cluster's Pods and head Service from informers (Pods labelled {@code ray.io/is-ray-node=yes},
 *       Services labelled {@code ray.io/node-type=head}, both mapped to their RayCluster by {@code ray.io/cluster}),
 *       corrected by the {@link PodExpectations} for writes the cache does not show yet.</li>
 *   <li><b>Decide</b> with the pure code of {@code dev.raykube.operator.cluster}: {@link RayClusterValidator},
 *       {@code PodReconcilePlan}, {@link RayClusterStatusCalculator}.</li>
 *   <li><b>Act</b>: {@link OwnedObjects} (autoscaler RBAC, token Secret, head Service), then {@link PodChanges}.</li>
 *   <li><b>Record</b> the status through the status subresource, only when it differs
 *       ({@link RayClusterStatusCalculator#differs}), and the cluster's state in the {@link ClusterStateGauges}.</li>
 * </ol>
 *
 * <p>An invalid RayCluster gets a Warning Event and {@code status.reason} and is not reconciled again until its spec
 * changes (status writes do not trigger reconciles: generation-aware event processing). A RayCluster whose
 * {@code spec.managedBy} names another controller is left alone. The controller also runs on the delete event of a
 * RayCluster ({@code triggerReconcilerOnAllEvents}) to forget it; it adds no finalizer, and owner references let
 * Kubernetes delete the Pods and Services.
 */
@ControllerConfiguration(triggerReconcilerOnAllEvents = true)
public final class RayClusterReconciler implements Reconciler<RayCluster> {

  /** Name of the Pod event source. */
  public static final String POD_EVENT_SOURCE = "raycluster-pods";
  /** Name of the head Service event source. */
  public static final String SERVICE_EVENT_SOURCE = "raycluster-head-services";
  /** The {@code spec.managedBy} value of clusters this operator reconciles (as does an unset value). */
  public static final String MANAGED_BY_RAY_OPERATOR = "ray.io/kuberay-operator";

  private static final Logger log = LoggerFactory.getLogger(RayClusterReconciler.class);

  private final ClusterStateGauges clusterStates;
  private final RayClusterTimings timings;
  private final Clock clock;
  private final RayClusterEvents events;
  private final PodExpectations expectations;
  private final OwnedObjects ownedObjects;
  private final PodChanges podChanges;

  /**
   * A reconciler writing with {@code client}.
   *
   * @param settings the builders' settings (see {@link RayClusterController#buildSettings})
   * @param clusterStates gauges fed with each cluster's state
   */
  public RayClusterReconciler(KubernetesClient client, ClusterBuildSettings settings, RayClusterTimings timings,
      ClusterStateGauges clusterStates, Clock clock) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(settings, "settings");
    this.timings = Objects.requireNonNull(timings, "timings");
    this.clusterStates = Objects.requireNonNull(clusterStates, "clusterStates");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.events = new RayClusterEvents(client, clock);
    this.expectations = new PodExpectations(timings.expectationTimeout());
    this.ownedObjects = new OwnedObjects(client, settings, events, timings);
    this.podChanges = new PodChanges(client, settings, events, expectations);
  }

  @Override
  public List<EventSource<?, RayCluster>> prepareEventSources(EventSourceContext<RayCluster> context) {
    InformerEventSourceConfiguration<Pod> pods = InformerEventSourceConfiguration.from(Pod.class, RayCluster.class)
        .withName(POD_EVENT_SOURCE)
        .withLabelSelector(RayClusterLabels.IS_RAY_NODE + "=yes")
        .withSecondaryToPrimaryMapper(RayClusterReconciler::clusterOf)
        .withItemStore(new TransformingItemStore<>(CachedPod::of))
        .build();
    InformerEventSourceConfiguration<Service> services = InformerEventSourceConfiguration
        .from(Service.class, RayCluster.class)
        .withName(SERVICE_EVENT_SOURCE)
        .withLabelSelector(RayClusterLabels.NODE_TYPE + "=" + RayNodeType.HEAD.label())
        .withSecondaryToPrimaryMapper(RayClusterReconciler::clusterOf)
        .build();
    return List.of(new InformerEventSource<>(pods, context), new InformerEventSource<>(services, context));
  }

  @Override
  public UpdateControl<RayCluster> reconcile(RayCluster cluster, Context<RayCluster> context) {
    String namespace = cluster.getMetadata().getNamespace();
    String name = cluster.getMetadata().getName();
    String key = namespace + "/" + name;
    if (context.isPrimaryResourceDeleted() || cluster.isMarkedForDeletion() || !isManagedHere(cluster)) {
      forget(cluster, key);
      return UpdateControl.noUpdate();
    }
    Instant now = clock.instant();
    List<String> problems = RayClusterValidator.validate(cluster);
    if (!problems.isEmpty()) {
      return rejectInvalid(cluster, problems, now, context);
    }

    List<Pod> pods = expectations.podsAsExpected(key, context.getSecondaryResources(Pod.class), now);
    Service observedService = headService(cluster, context.getSecondaryResources(Service.class));

    OwnedObjects.Outcome owned = ownedObjects.ensure(key, cluster, observedService, now);
    PodChanges.Outcome changes = owned.blocked() ? null : podChanges.apply(key, cluster, pods, now);

    List<Pod> podsAfter = changes == null || changes.writes() == 0 ? pods
        : expectations.podsAsExpected(key, context.getSecondaryResources(Pod.class), now);
    RayClusterStatus status = RayClusterStatusCalculator.calculate(cluster, podsAfter, owned.headService(),
        changes == null ? null : changes.failure(), now);
    clusterStates.record(namespace, name, status.getState());

    Duration next;
    if (owned.blocked() || changes.failure() != null) {
      next = timings.afterFailure();
    } else if (changes.plan().requeueSoon() || !changes.plan().problems().isEmpty() || expectations.pending(key)) {
      next = timings.requeueSoon();
    } else {
      next = timings.resync();
    }
    writeStatus(cluster, status, context);
    return UpdateControl.<RayCluster>noUpdate().rescheduleAfter(next);
  }

  private UpdateControl<RayCluster> rejectInvalid(RayCluster cluster, List<String> problems, Instant now,
      Context<RayCluster> context) {
    List<String> metadata = problems.stream().filter(p -> p.startsWith("metadata.")).toList();
    List<String> spec = problems.stream().filter(p -> !p.startsWith("metadata.")).toList();
    if (!metadata.isEmpty()) {
      events.record(cluster, ClusterEventReason.INVALID_METADATA, String.join("; ", metadata));
    }
    if (!spec.isEmpty()) {
      events.record(cluster, ClusterEventReason.INVALID_SPEC, String.join("; ", spec));
    }
    RayClusterStatus status = RayClusterStatusCalculator.invalidSpec(cluster, problems, now);
    log.warn("RayCluster {}/{} is not reconciled until it is fixed: {}", cluster.getMetadata().getNamespace(),
        cluster.getMetadata().getName(), status.getReason());
    clusterStates.record(cluster.getMetadata().getNamespace(), cluster.getMetadata().getName(), status.getState());
    writeStatus(cluster, status, context);
    return UpdateControl.noUpdate();
  }

  /**
   * Writes {@code status} when it differs from the observed one: a full status update locked to the observed
   * resourceVersion (on a conflict JOSDK reads the cluster again and retries), whose result is cached so the next
   * reconcile sees it. A JSON Patch computed against a stale cached copy (JOSDK's {@code UpdateControl.patchStatus}
   * without server-side apply) is rejected when the cache is behind, e.g. "replace" of a field that is gone.
   * A cluster deleted since it was read (404) has no status to write: that is not an error.
   *
   * @return whether the status was written
   */
  static boolean writeStatus(RayCluster cluster, RayClusterStatus status, Context<RayCluster> context) {
    if (!RayClusterStatusCalculator.differs(cluster.getStatus(), status)) {
      return false;
    }
    try {
      PrimaryUpdateAndCacheUtils.updateStatusAndCacheResource(cluster, context, latest -> {
        latest.setStatus(status);
        return latest;
      });
      return true;
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        throw e;
      }
      log.debug("RayCluster {}/{} was deleted before its status could be written", cluster.getMetadata().getNamespace(),
          cluster.getMetadata().getName());
      return false;
    }
  }

  private void forget(RayCluster cluster, String key) {
    clusterStates.forget(cluster.getMetadata().getNamespace(), cluster.getMetadata().getName());
    expectations.forget(key);
    ownedObjects.forget(key);
    events.forget(cluster.getMetadata().getNamespace(), cluster.getMetadata().getUid());
  }

  /** Unset or {@value #MANAGED_BY_RAY_OPERATOR}; anything else belongs to another controller (e.g. MultiKueue). */
  static boolean isManagedHere(RayCluster cluster) {
    String managedBy = cluster.getSpec() == null ? null : cluster.getSpec().getManagedBy();
    return managedBy == null || managedBy.isBlank() || MANAGED_BY_RAY_OPERATOR.equals(managedBy);
  }

  /**
   * The head Service among the observed Services of the cluster: the one with the head Service's name, else any
   * carrying the head's identifier label (KubeRay creates none while such a Service exists).
   */
  static Service headService(RayCluster cluster, Collection<Service> services) {
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

  /** The RayCluster a Pod or Service belongs to: label {@code ray.io/cluster} in the object's namespace. */
  static Set<ResourceID> clusterOf(HasMetadata object) {
    Map<String, String> labels = object.getMetadata().getLabels();
    String cluster = labels == null ? null : labels.get(RayClusterLabels.CLUSTER);
    if (cluster == null || cluster.isBlank()) {
      return Set.of();
    }
    return Set.of(new ResourceID(cluster, object.getMetadata().getNamespace()));
  }
}
