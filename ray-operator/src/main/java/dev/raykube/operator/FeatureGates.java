package dev.raykube.operator;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * KubeRay v1.7.0's {@code --feature-gates} ({@code Name=true|false,...}), read with RayKube's meaning: a gate RayKube
 * honours changes what the operator runs, a value that states what RayKube does anyway is accepted, and a value
 * RayKube cannot honour is refused with the reason, so that no flag is silently ignored. Pure.
 */
public final class FeatureGates {

  /** What RayKube does with a gate set to {@code true} and to {@code false}. */
  private record Gate(String whenTrue, String whenFalse) {
  }

  private static final String ACCEPTED = "";
  private static final String NOT_BUILT = "RayKube does not have this feature yet (KubeRay v1.7 parity is in progress:"
      + " docs/compatibility.md); leave the gate off";

  /** Every gate of KubeRay v1.7.0, in its order: the refusal for each value, or {@link #ACCEPTED}. */
  private static final Map<String, Gate> GATES = gates();

  private final boolean rayCronJobs;
  private final boolean sidecarSubmitterRestart;
  private final boolean rayMultiHostIndexing;
  private final boolean rayClusterNetworkPolicy;

  private FeatureGates(boolean rayCronJobs, boolean sidecarSubmitterRestart, boolean rayMultiHostIndexing,
      boolean rayClusterNetworkPolicy) {
    this.rayCronJobs = rayCronJobs;
    this.sidecarSubmitterRestart = sidecarSubmitterRestart;
    this.rayMultiHostIndexing = rayMultiHostIndexing;
    this.rayClusterNetworkPolicy = rayClusterNetworkPolicy;
  }

  /** No gate given: RayKube's defaults. */
  public static FeatureGates defaults() {
    return new FeatureGates(true, false, true, false);
  }

  /**
   * Reads a {@code --feature-gates} value.
   *
   * @param value {@code Name=true|false} pairs, comma-separated; blank for none
   * @return the gates
   * @throws IllegalArgumentException naming the gate: an unknown gate (KubeRay exits on one too), a value that is not
   *     {@code true} or {@code false}, or a gate RayKube cannot honour, with the reason
   */
  public static FeatureGates parse(String value) {
    Objects.requireNonNull(value, "value");
    boolean rayCronJobs = true;
    boolean sidecarSubmitterRestart = false;
    boolean rayMultiHostIndexing = true;
    boolean rayClusterNetworkPolicy = false;
    for (String pair : value.split(",")) {
      if (pair.isBlank()) {
        continue;
      }
      String[] parts = pair.strip().split("=", -1);
      String name = parts[0].strip();
      Gate gate = GATES.get(name);
      if (gate == null) {
        throw new IllegalArgumentException("Unknown feature gate '" + name + "' in --feature-gates: KubeRay v1.7.0's"
            + " gates are " + String.join(", ", GATES.keySet()));
      }
      if (parts.length != 2 || !(parts[1].strip().equals("true") || parts[1].strip().equals("false"))) {
        throw new IllegalArgumentException("Invalid value for feature gate " + name + ": '" + pair.strip()
            + "' (expected " + name + "=true or " + name + "=false)");
      }
      boolean on = Boolean.parseBoolean(parts[1].strip());
      String refusal = on ? gate.whenTrue() : gate.whenFalse();
      if (!refusal.equals(ACCEPTED)) {
        throw new IllegalArgumentException("--feature-gates " + name + "=" + on + " is not supported: " + refusal);
      }
      if (name.equals("RayCronJob")) {
        rayCronJobs = on;
      } else if (name.equals("SidecarSubmitterRestart")) {
        sidecarSubmitterRestart = on;
      } else if (name.equals("RayMultiHostIndexing")) {
        rayMultiHostIndexing = on;
      } else if (name.equals("RayClusterNetworkPolicy")) {
        rayClusterNetworkPolicy = on;
      }
    }
    return new FeatureGates(rayCronJobs, sidecarSubmitterRestart, rayMultiHostIndexing, rayClusterNetworkPolicy);
  }

  /** Whether the RayCronJob controller may run (gate {@code RayCronJob}; on unless set to false). */
  public boolean rayCronJobs() {
    return rayCronJobs;
  }

  /**
   * Whether SidecarMode's submitter restarts on failure (gate {@code SidecarSubmitterRestart}, alpha, off unless set;
   * needs Kubernetes 1.35+, which the operator checks at start-up).
   */
  public boolean sidecarSubmitterRestart() {
    return sidecarSubmitterRestart;
  }

  /**
   * Whether worker Pods carry replica labels and multi-host groups are managed in whole replicas (gate
   * {@code RayMultiHostIndexing}; on unless set to false, as in KubeRay v1.7.0).
   */
  public boolean rayMultiHostIndexing() {
    return rayMultiHostIndexing;
  }

  /**
   * Whether RayClusters may have {@code spec.networkPolicy} and get their NetworkPolicies (gate
   * {@code RayClusterNetworkPolicy}, alpha; off unless set to true).
   */
  public boolean rayClusterNetworkPolicy() {
    return rayClusterNetworkPolicy;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FeatureGates that && rayCronJobs == that.rayCronJobs
        && sidecarSubmitterRestart == that.sidecarSubmitterRestart
        && rayMultiHostIndexing == that.rayMultiHostIndexing
        && rayClusterNetworkPolicy == that.rayClusterNetworkPolicy;
  }

  @Override
  public int hashCode() {
    return Objects.hash(rayCronJobs, sidecarSubmitterRestart, rayMultiHostIndexing, rayClusterNetworkPolicy);
  }

  @Override
  public String toString() {
    return "FeatureGates[RayCronJob=" + rayCronJobs + ", SidecarSubmitterRestart=" + sidecarSubmitterRestart
        + ", RayMultiHostIndexing=" + rayMultiHostIndexing + ", RayClusterNetworkPolicy=" + rayClusterNetworkPolicy
        + "]";
  }

  private static Map<String, Gate> gates() {
    Map<String, Gate> gates = new LinkedHashMap<>();
    gates.put("RayClusterStatusConditions", new Gate(ACCEPTED,
        "RayKube always writes a RayCluster's status conditions"));
    gates.put("RayJobDeletionPolicy", new Gate(ACCEPTED, "RayKube always honours a RayJob's deletionStrategy"));
    gates.put("RayMultiHostIndexing", new Gate(ACCEPTED, ACCEPTED));
    gates.put("RayServiceIncrementalUpgrade", new Gate(NOT_BUILT, ACCEPTED));
    gates.put("RayCronJob", new Gate(ACCEPTED, ACCEPTED));
    gates.put("SidecarSubmitterRestart", new Gate(ACCEPTED, ACCEPTED));
    gates.put("RayClusterNetworkPolicy", new Gate(ACCEPTED, ACCEPTED));
    gates.put("GCSFaultToleranceEmbeddedStorage", new Gate("RayKube supports GCS fault tolerance with Redis only"
        + " (docs/compatibility.md)", ACCEPTED));
    gates.put("RayClusterMTLS", new Gate("RayKube has no mTLS between Ray nodes (docs/compatibility.md)", ACCEPTED));
    gates.put("RayClusterHistoryServer", new Gate("RayKube has no history-server collector (docs/compatibility.md)",
        ACCEPTED));
    gates.put("KubernetesWAS", new Gate(NOT_BUILT, ACCEPTED));
    return Collections.unmodifiableMap(gates);
  }
}
