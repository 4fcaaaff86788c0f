package dev.raykube.job.decide;

import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterConditionType;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;
import java.util.Objects;

/**
 * What the caller saw of the RayCluster named in {@code status.rayClusterName}: nothing, or the object together with
 * the dashboard address the caller resolved for it.
 */
public sealed interface ClusterObservation {

  /** Returns the observation "no such RayCluster". */
  static ClusterObservation absent() {
    return Absent.INSTANCE;
  }

  /**
   * Returns the observation of an existing RayCluster.
   *
   * @param cluster the RayCluster as read; not null
   * @param dashboardUrl the address of its dashboard as the caller's resolver gives it (for example
   *     {@code http://<head service>.<namespace>.svc.cluster.local:8265}), or {@code null} when it cannot be resolved
   *     yet
   */
  static ClusterObservation present(RayCluster cluster, String dashboardUrl) {
    return new Present(cluster, dashboardUrl);
  }

  /**
   * Whether a RayCluster status says the cluster can run a job. A cluster is ready when {@code status.state} is
   * {@code ready} or its {@code RayClusterProvisioned} condition is {@code True} (both mean: every Pod was running and
   * ready at least once), unless its {@code HeadPodReady} condition is {@code False} (the head, and with it the
   * dashboard, is down right now) or it is suspended.
   *
   * @param status the status, or {@code null} (not ready)
   * @return whether a job can be submitted to the cluster now
   */
  static boolean isReady(RayClusterStatus status) {
    if (status == null || status.getState() == ClusterState.SUSPENDED) {
      return false;
    }
    if (conditionStatus(status, RayClusterConditionType.HEAD_POD_READY).equals("False")) {
      return false;
    }
    return status.getState() == ClusterState.READY
        || conditionStatus(status, RayClusterConditionType.PROVISIONED).equals("True");
  }

  private static String conditionStatus(RayClusterStatus status, RayClusterConditionType type) {
    List<Condition> conditions = status.getConditions();
    if (conditions != null) {
      for (Condition condition : conditions) {
        if (condition != null && type.value().equals(condition.getType()) && condition.getStatus() != null) {
          return condition.getStatus();
        }
      }
    }
    return "Unknown";
  }

  /** No RayCluster of that name exists. */
  final class Absent implements ClusterObservation {
    private static final Absent INSTANCE = new Absent();

    private Absent() {
    }

    @Override
    public String toString() {
      return "ClusterObservation.Absent";
    }
  }

  /**
   * The RayCluster exists.
   *
   * @param cluster the RayCluster as read; not null
   * @param dashboardUrl its dashboard address, or {@code null} while it cannot be resolved
   */
  record Present(RayCluster cluster, String dashboardUrl) implements ClusterObservation {

    /** Checks the cluster is given. */
    public Present {
      Objects.requireNonNull(cluster, "cluster");
    }

    /** The cluster's status, or {@code null} when it has none yet. */
    public RayClusterStatus status() {
      return cluster.getStatus();
    }

    /** Whether the cluster can run a job now; see {@link ClusterObservation#isReady(RayClusterStatus)}. */
    public boolean ready() {
      return ClusterObservation.isReady(cluster.getStatus());
    }

    /** Whether the cluster is being deleted ({@code metadata.deletionTimestamp} is set). */
    public boolean terminating() {
      return cluster.getMetadata() != null && cluster.getMetadata().getDeletionTimestamp() != null;
    }

    /** Whether every worker group is suspended (true when there are none): the effect of {@code DeleteWorkers}. */
    public boolean workersSuspended() {
      if (cluster.getSpec() == null || cluster.getSpec().getWorkerGroupSpecs() == null) {
        return true;
      }
      for (WorkerGroupSpec group : cluster.getSpec().getWorkerGroupSpecs()) {
        if (group != null && !Boolean.TRUE.equals(group.getSuspend())) {
          return false;
        }
      }
      return true;
    }
  }
}
