package dev.raykube.operator.rayservice;

import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.operator.runtime.ControllerEventCache;
import dev.raykube.operator.runtime.ReconcileTrigger;
import dev.raykube.operator.runtime.WithoutManagedFields;
import dev.raykube.reconcile.CleanedUp;
import dev.raykube.reconcile.ReconcileMarker;
import dev.raykube.service.decide.RayServiceLabels;
import dev.raykube.service.loop.RayServiceLoop;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.SecondaryToPrimaryMapper;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reconciles RayServices on Java Operator SDK: glue around the library's {@link RayServiceLoop}, which does everything
 * a RayService needs (observe → decide → record → act; the deletion cleanup through the same {@code DeletionCleanup}
 * class as RayJob's). What this class adds is what only a JOSDK operator has:
 *
 * <ul>
 *   <li>the event sources: the RayClusters, Services, EndpointSlices and Pods labelled
 *       {@value CachedRayServiceReads#SELECTOR} (cached {@linkplain WithoutManagedFields without managed fields}),
 *       mapped to their RayService by {@code ray.io/originated-from-cr-name}, so a cluster's head becoming ready, a
 *       Service changed by hand or a serve endpoint becoming ready reconciles the RayService at once (updates that
 *       change nothing it decides on do not, {@link RayServiceTriggers}; nor do Pod events: their RayCluster's
 *       status and the EndpointSlices follow them); they are what the loop's observer reads first
 *       ({@link CachedRayServiceReads});</li>
 *   <li>the finalizer {@value FinalizerNames#RAYSERVICE}, which JOSDK adds before the first reconcile and removes
 *       when {@link #cleanup} says so; JOSDK's cache of RayServices, kept in step with every status write
 *       ({@link ControllerEventCache}); the reconcile marker on every log line ({@link ReconcileMarker}); and the
 *       {@code raykube_service_*} meters ({@link RayServiceMetrics}).</li>
 * </ul>
 *
 * <p>Built by {@link RayServiceController}, which wires every collaborator.
 */
public final class RayServiceReconciler implements Reconciler<RayService>, Cleaner<RayService> {
  private static final Logger LOG = LoggerFactory.getLogger(RayServiceReconciler.class);

  private final RayServiceLoop loop;
  private final CachedRayServiceReads reads;
  private final ControllerEventCache<RayService> primaryCache;
  private final RayServiceMetrics metrics;
  private final Clock clock;

  /**
   * @param loop the RayService loop, reading through {@code reads} and writing status through {@code primaryCache}
   * @param reads the informer-first reads of the loop's observer, attached to this reconciler's event sources
   * @param primaryCache the loop's status recorder's cache, attached on the first reconcile
   * @param metrics fed after every reconcile
   * @param clock the time the metrics are recorded at (the loop's)
   */
  RayServiceReconciler(RayServiceLoop loop, CachedRayServiceReads reads,
      ControllerEventCache<RayService> primaryCache, RayServiceMetrics metrics, Clock clock) {
    this.loop = Objects.requireNonNull(loop, "loop");
    this.reads = Objects.requireNonNull(reads, "reads");
    this.primaryCache = Objects.requireNonNull(primaryCache, "primaryCache");
    this.metrics = Objects.requireNonNull(metrics, "metrics");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public List<EventSource<?, RayService>> prepareEventSources(EventSourceContext<RayService> context) {
    InformerEventSource<RayCluster, RayService> clusters = new InformerEventSource<>(
        labelled(RayCluster.class, "rayservice-clusters").withOnUpdateFilter(RayServiceTriggers::clusterChanged)
            .build(), context);
    InformerEventSource<Service, RayService> services =
        new InformerEventSource<>(labelled(Service.class, "rayservice-services").build(), context);
    InformerEventSource<EndpointSlice, RayService> slices = new InformerEventSource<>(
        labelled(EndpointSlice.class, "rayservice-endpointslices")
            .withOnUpdateFilter(RayServiceTriggers::readyEndpointsChanged).build(), context);
    InformerEventSource<Pod, RayService> pods = new InformerEventSource<>(
        labelled(Pod.class, "rayservice-pods")
            // A cache, not a trigger: a Pod's readiness or deletion also changes its RayCluster's status and the
            // serve Service's EndpointSlice, whose events reconcile the RayService; a reconcile per Pod event (the
            // dangling cluster's Pods going, for one) would ask Serve again for nothing new.
            .withOnAddFilter(pod -> false)
            .withOnUpdateFilter((now, before) -> false)
            .withOnDeleteFilter((pod, finalStateUnknown) -> false)
            .build(), context);
    reads.attach(clusters, services, slices, pods);
    return List.of(clusters, services, slices, pods);
  }

  private static <T extends HasMetadata> InformerEventSourceConfiguration.Builder<T> labelled(Class<T> type,
      String name) {
    return InformerEventSourceConfiguration.from(type, RayService.class)
        .withName(name)
        .withLabelSelector(CachedRayServiceReads.SELECTOR)
        .withSecondaryToPrimaryMapper(RayServiceReconciler.<T>byOriginLabel())
        .withItemStore(WithoutManagedFields.itemStore());
  }

  /** The RayService named by {@code ray.io/originated-from-cr-name}, in the object's namespace. */
  private static <T extends HasMetadata> SecondaryToPrimaryMapper<T> byOriginLabel() {
    return object -> {
      Map<String, String> labels = object.getMetadata().getLabels();
      String name = labels == null ? null : labels.get(RayServiceLabels.ORIGINATED_FROM_CR_NAME);
      return name == null ? Set.of() : Set.of(new ResourceID(name, object.getMetadata().getNamespace()));
    };
  }

  @Override
  public UpdateControl<RayService> reconcile(RayService rayService, Context<RayService> context) {
    try (ReconcileMarker marker = ReconcileMarker.open(rayService, ReconcileTrigger.of(context, "reconcile"))) {
      primaryCache.attach(context);
      var result = loop.reconcile(rayService);
      metrics.record(rayService, result.resource(), clock.instant());
      LOG.debug("{} action(s), status {}, again in {}", result.outcomes().size(), result.status(),
          result.requeueAfter().map(Object::toString).orElse("(on change)"));
      UpdateControl<RayService> control = UpdateControl.noUpdate();
      result.requeueAfter().ifPresent(delay -> control.rescheduleAfter(delay.toMillis()));
      return control;
    }
  }

  @Override
  public DeleteControl cleanup(RayService rayService, Context<RayService> context) {
    try (ReconcileMarker marker = ReconcileMarker.open(rayService, ReconcileTrigger.of(context, "cleanup"))) {
      CleanedUp cleaned = loop.cleanup(rayService);
      if (cleaned.removeFinalizer()) {
        metrics.forget(rayService);
      }
      return cleaned.removeFinalizer() ? DeleteControl.defaultDelete()
          : DeleteControl.noFinalizerRemoval().rescheduleAfter(cleaned.retryAfter().orElseThrow().toMillis());
    }
  }
}
