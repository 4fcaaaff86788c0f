package dev.raykube.operator.raycluster;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.RayNodeType;
import dev.raykube.cluster.loop.CachedPod;
import dev.raykube.cluster.loop.RayClusterLoop;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.metrics.KubeRayMetrics;
import dev.raykube.operator.runtime.CacheCompaction;
import dev.raykube.operator.runtime.ClusterStateGauges;
import dev.raykube.operator.runtime.ControllerEventCache;
import dev.raykube.operator.runtime.HeadServiceCache;
import dev.raykube.operator.runtime.ReconcileTrigger;
import dev.raykube.operator.runtime.WithoutManagedFields;
import dev.raykube.reconcile.ReconcileMarker;
import dev.raykube.reconcile.StatusRecorder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The RayCluster controller on Java Operator SDK: glue around the library's {@link RayClusterLoop}, which observes,
 * decides, acts and records. What this class adds is what only a JOSDK operator has: the informers the loop observes
 * (Pods labelled {@code ray.io/is-ray-node=yes}, trimmed to what the decisions read ({@link CachedPod}), and Services
 * labelled {@code ray.io/node-type=head}, kept {@linkplain WithoutManagedFields without managed fields}, both mapped
 * to their RayCluster by {@code ray.io/cluster}; the Service informer is shared with the RayJob controller through
 * {@link HeadServiceCache}), JOSDK's cache of
 * RayClusters kept in step with every status write ({@link ControllerEventCache}), the cluster-state gauges of
 * {@code /metrics}, and the reconcile marker on every log line ({@link ReconcileMarker}).
 *
 * <p>Status writes do not trigger reconciles (generation-aware event processing), so an invalid RayCluster waits for
 * its spec to change. The controller also runs on every event of a RayCluster being deleted and on its delete event
 * ({@code triggerReconcilerOnAllEvents}): the loop runs the Redis clean-up of a fault-tolerant cluster, whose finalizer
 * it manages itself ({@code ray.io/gcs-ft-redis-cleanup-finalizer}), and forgets the cluster once it is gone. JOSDK
 * adds no finalizer. Built by {@link RayClusterController}.
 */
@ControllerConfiguration(triggerReconcilerOnAllEvents = true)
public final class RayClusterReconciler implements Reconciler<RayCluster> {

  /** Name of the Pod event source. */
  public static final String POD_EVENT_SOURCE = "raycluster-pods";
  /** Name of the head Service event source. */
  public static final String SERVICE_EVENT_SOURCE = "raycluster-head-services";

  private final RayClusterLoop loop;
  private final CachedRayClusterReads reads;
  private final ClusterStateGauges clusterStates;
  private final ControllerEventCache<RayCluster> primaryCache;
  private final HeadServiceCache headServices;
  private final KubeRayMetrics kubeRay;

  /**
   * @param loop the RayCluster loop, writing status through {@code primaryCache} and reading through {@code reads}
   * @param reads the informer-first reads of the loop, attached to this reconciler's event sources
   * @param clusterStates gauges fed with each cluster's state
   * @param primaryCache the loop's status recorder's cache, attached on the first reconcile
   * @param headServices told of the head Service informer, for the other controllers to read
   * @param kubeRay KubeRay's series, told of every status write and of every cluster gone
   */
  RayClusterReconciler(RayClusterLoop loop, CachedRayClusterReads reads, ClusterStateGauges clusterStates,
      ControllerEventCache<RayCluster> primaryCache, HeadServiceCache headServices, KubeRayMetrics kubeRay) {
    this.reads = Objects.requireNonNull(reads, "reads");
    this.headServices = Objects.requireNonNull(headServices, "headServices");
    this.loop = Objects.requireNonNull(loop, "loop");
    this.clusterStates = Objects.requireNonNull(clusterStates, "clusterStates");
    this.primaryCache = Objects.requireNonNull(primaryCache, "primaryCache");
    this.kubeRay = Objects.requireNonNull(kubeRay, "kubeRay");
  }

  @Override
  public List<EventSource<?, RayCluster>> prepareEventSources(EventSourceContext<RayCluster> context) {
    InformerEventSourceConfiguration<Pod> pods = InformerEventSourceConfiguration.from(Pod.class, RayCluster.class)
        .withName(POD_EVENT_SOURCE)
        .withLabelSelector(RayClusterLabels.IS_RAY_NODE + "=yes")
        .withSecondaryToPrimaryMapper(RayClusterReconciler::clusterOf)
        .withItemStore(CacheCompaction.itemStore(CachedPod::of))
        .build();
    InformerEventSourceConfiguration<Service> services = InformerEventSourceConfiguration
        .from(Service.class, RayCluster.class)
        .withName(SERVICE_EVENT_SOURCE)
        .withLabelSelector(RayClusterLabels.NODE_TYPE + "=" + RayNodeType.HEAD.label())
        .withSecondaryToPrimaryMapper(RayClusterReconciler::clusterOf)
        .withItemStore(WithoutManagedFields.itemStore())
        .build();
    InformerEventSource<Service, RayCluster> serviceCache = new InformerEventSource<>(services, context);
    InformerEventSource<Pod, RayCluster> podCache = new InformerEventSource<>(pods, context);
    headServices.attach(serviceCache);
    reads.attach(podCache, serviceCache);
    return List.of(podCache, serviceCache);
  }

  @Override
  public UpdateControl<RayCluster> reconcile(RayCluster cluster, Context<RayCluster> context) {
    try (ReconcileMarker marker = ReconcileMarker.open(cluster, ReconcileTrigger.of(context, "reconcile"))) {
      String namespace = cluster.getMetadata().getNamespace();
      String name = cluster.getMetadata().getName();
      if (context.isPrimaryResourceDeleted()) {
        loop.forget(cluster);
        clusterStates.forget(namespace, name);
        kubeRay.rayClusterGone(namespace, name);
        return UpdateControl.noUpdate();
      }
      primaryCache.attach(context);
      var result = loop.reconcile(cluster); // tells the state gauges of the decided status (RayClusterController)
      if (result.decision() == null) { // not this controller's, or being deleted: no state to count
        clusterStates.forget(namespace, name);
      }
      if (result.status() == StatusRecorder.Result.WRITTEN) {
        kubeRay.rayClusterWritten(cluster, result.resource());
      } else if (result.gone()) {
        kubeRay.rayClusterGone(namespace, name);
      }
      UpdateControl<RayCluster> control = UpdateControl.noUpdate();
      result.requeueAfter().ifPresent(delay -> control.rescheduleAfter(delay.toMillis()));
      return control;
    }
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
