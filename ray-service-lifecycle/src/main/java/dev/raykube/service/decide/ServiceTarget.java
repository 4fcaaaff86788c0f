package dev.raykube.service.decide;

import java.util.Objects;

/**
 * Which cluster a Service of the RayService (the head Service {@code <service>-head-svc} or the serve Service
 * {@code <service>-serve-svc}) selects, read from its {@code spec.selector["ray.io/cluster"]}.
 */
public sealed interface ServiceTarget {

  /** Returns "the Service does not exist". */
  static ServiceTarget absent() {
    return Absent.INSTANCE;
  }

  /** Returns "the Service exists and selects the Pods of this cluster". */
  static ServiceTarget selects(String clusterName) {
    return new Selects(clusterName);
  }

  /** Returns "the Service exists but selects no cluster" (no {@code ray.io/cluster} in its selector). */
  static ServiceTarget selectsNoCluster() {
    return SelectsNoCluster.INSTANCE;
  }

  /** Whether this is {@link #selects(String)} of exactly that cluster. */
  default boolean isSelecting(String clusterName) {
    return this instanceof Selects s && s.clusterName().equals(clusterName);
  }

  /** The Service does not exist. */
  final class Absent implements ServiceTarget {
    private static final Absent INSTANCE = new Absent();

    private Absent() {
    }

    @Override
    public String toString() {
      return "ServiceTarget.Absent";
    }
  }

  /**
   * The Service selects the Pods of one cluster.
   *
   * @param clusterName that cluster; not null
   */
  record Selects(String clusterName) implements ServiceTarget {
    /** Checks the name is given. */
    public Selects {
      Objects.requireNonNull(clusterName, "clusterName");
    }
  }

  /** The Service exists but its selector names no cluster. */
  final class SelectsNoCluster implements ServiceTarget {
    private static final SelectsNoCluster INSTANCE = new SelectsNoCluster();

    private SelectsNoCluster() {
    }

    @Override
    public String toString() {
      return "ServiceTarget.SelectsNoCluster";
    }
  }
}
