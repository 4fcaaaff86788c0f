package dev.raykube.operator.runtime;

import dev.raykube.model.cluster.ClusterState;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Gauges of the RayClusters this operator manages, by {@code status.state}: {@code raykube_rayclusters{state=...}}
 * with one series per state, all present from the start (at 0). The RayCluster controller calls {@link #record} after
 * each reconcile and {@link #forget} when a cluster is gone; the gauges count the latest state of every recorded
 * cluster. Thread-safe.
 *
 * <p>State labels: the wire values of {@link ClusterState} ({@code ready}, {@code suspended}, {@code failed},
 * {@code unhealthy}), {@code unknown} for a value this version does not know, and {@code none} for a cluster whose
 * status has no state yet (still provisioning, or invalid).
 */
public final class ClusterStateGauges {

  /** Meter name (Prometheus: {@code raykube_rayclusters}). */
  public static final String METER = "raykube.rayclusters";
  /** Label of a cluster without a state. */
  public static final String NO_STATE = "none";
  /** Label of a state this version of the model does not know. */
  public static final String UNKNOWN_STATE = "unknown";
  /** Every label value, in a fixed order. */
  public static final List<String> STATE_LABELS =
      List.of("ready", "suspended", "failed", "unhealthy", UNKNOWN_STATE, NO_STATE);

  private final Map<String, String> stateByCluster = new ConcurrentHashMap<>();

  /** Registers the gauges in {@code registry}. */
  public ClusterStateGauges(MeterRegistry registry) {
    Objects.requireNonNull(registry, "registry");
    for (String label : STATE_LABELS) {
      Gauge.builder(METER, this, gauges -> gauges.count(label))
          .description("RayClusters managed by this operator, by status.state")
          .tag("state", label)
          .register(registry);
    }
  }

  /**
   * Records the current state of a cluster, replacing its previous one.
   *
   * @param state the cluster's state, or {@code null} if its status has none
   */
  public void record(String namespace, String name, ClusterState state) {
    stateByCluster.put(key(namespace, name), label(state));
  }

  /** Stops counting a cluster (deleted, or no longer watched). */
  public void forget(String namespace, String name) {
    stateByCluster.remove(key(namespace, name));
  }

  /** How many recorded clusters have the state label {@code label}. */
  public long count(String label) {
    return stateByCluster.values().stream().filter(label::equals).count();
  }

  /** Counts of every state label, in {@link #STATE_LABELS} order. */
  public Map<String, Long> counts() {
    Map<String, Long> counts = new LinkedHashMap<>();
    STATE_LABELS.forEach(label -> counts.put(label, count(label)));
    return Collections.unmodifiableMap(counts);
  }

  /** The label for a state. */
  public static String label(ClusterState state) {
    if (state == null) {
      return NO_STATE;
    }
    return state == ClusterState.UNKNOWN ? UNKNOWN_STATE : state.value();
  }

  private static String key(String namespace, String name) {
    return Objects.requireNonNull(namespace, "namespace") + "/" + Objects.requireNonNull(name, "name");
  }
}
