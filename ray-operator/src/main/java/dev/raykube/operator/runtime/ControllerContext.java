package dev.raykube.operator.runtime;

import dev.raykube.operator.OperatorSettings;
import dev.raykube.reconcile.EventRecorder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.Objects;

/**
 * What the runtime hands to every controller when it builds it: the settings, the one Kubernetes client of the
 * process, the meter registry behind {@code /metrics}, and the RayCluster state gauges.
 *
 * @param settings the operator's settings
 * @param client the Kubernetes client (rate-limited, shared; do not close it)
 * @param meterRegistry registry for the controller's own meters
 * @param clusterStates gauges of managed RayClusters by state, fed by the RayCluster controller
 * @param clock the time every decision is made at (the system clock; tests pass one they move)
 */
public record ControllerContext(
    OperatorSettings settings,
    KubernetesClient client,
    MeterRegistry meterRegistry,
    ClusterStateGauges clusterStates,
    Clock clock) {

  /** The {@code source.component} of every Event the operator's controllers record. */
  public static final String EVENT_COMPONENT = "raykube-operator";

  /** Requires every value. */
  public ControllerContext {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(meterRegistry, "meterRegistry");
    Objects.requireNonNull(clusterStates, "clusterStates");
    Objects.requireNonNull(clock, "clock");
  }

  /**
   * A new event recorder for one controller: the operator's client, {@value #EVENT_COMPONENT} as source, this
   * context's clock.
   *
   * @return the recorder
   */
  public EventRecorder eventRecorder() {
    return new EventRecorder(client, EVENT_COMPONENT, null, clock);
  }
}
