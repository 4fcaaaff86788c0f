package dev.raykube.operator.runtime;

import dev.raykube.operator.OperatorSettings;
import dev.raykube.operator.metrics.KubeRayMetrics;
import dev.raykube.reconcile.EventRecorder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * What the runtime hands to every controller when it builds it: the settings, the one Kubernetes client of the
 * process, the meter registry behind {@code /metrics}, the RayCluster state gauges, and the head Services the
 * RayCluster controller's informer holds (read by the RayJob controller).
 *
 * @param settings the operator's settings
 * @param client the Kubernetes client (rate-limited, shared; do not close it)
 * @param meterRegistry registry for the controller's own meters
 * @param clusterStates gauges of managed RayClusters by state, fed by the RayCluster controller
 * @param kubeRayMetrics KubeRay's {@code kuberay_*} series, fed by the RayCluster, RayJob and RayService controllers
 * @param clock the time every decision is made at (the system clock; tests pass one they move)
 * @param headServices the head Services of the RayCluster controller's informer, shared by the controllers
 * @param eventWrites where the controllers' Events are written: the runtime's {@link
 *     dev.raykube.reconcile.BackgroundEventWrites} (a reconcile does not wait for its Events), or the recording thread
 */
public record ControllerContext(
    OperatorSettings settings,
    KubernetesClient client,
    MeterRegistry meterRegistry,
    ClusterStateGauges clusterStates,
    KubeRayMetrics kubeRayMetrics,
    Clock clock,
    HeadServiceCache headServices,
    Executor eventWrites) {

  /** The {@code source.component} of every Event the operator's controllers record. */
  public static final String EVENT_COMPONENT = "raykube-operator";

  /** Requires every value. */
  public ControllerContext {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(meterRegistry, "meterRegistry");
    Objects.requireNonNull(clusterStates, "clusterStates");
    Objects.requireNonNull(kubeRayMetrics, "kubeRayMetrics");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(headServices, "headServices");
    Objects.requireNonNull(eventWrites, "eventWrites");
  }

  /**
   * A context with a head Service cache of its own (attached by the RayCluster controller, if it runs) and KubeRay's
   * series on {@code clock} (not registered anywhere), whose Events are written in the recording thread (a test that
   * calls a reconciler sees them when the call returns).
   */
  public ControllerContext(OperatorSettings settings, KubernetesClient client, MeterRegistry meterRegistry,
      ClusterStateGauges clusterStates, Clock clock) {
    this(settings, client, meterRegistry, clusterStates, new KubeRayMetrics(clock), clock, new HeadServiceCache(),
        Runnable::run);
  }

  /**
   * A new event recorder for one controller: the operator's client, {@value #EVENT_COMPONENT} as source, this
   * context's clock and Event writes.
   *
   * @return the recorder
   */
  public EventRecorder eventRecorder() {
    return new EventRecorder(client, EVENT_COMPONENT, null, clock, EventRecorder.DEFAULT_AGGREGATION_WINDOW,
        eventWrites);
  }
}
