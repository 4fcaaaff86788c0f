package dev.raykube.reconcile;

/**
 * The reason of a Kubernetes Event, as written in {@code Event.reason}: a short CamelCase word such as
 * {@code CreatedRayCluster}. Each custom resource kind has one enum of the reasons its controller records, so that the
 * reasons alerts and dashboards match on are listed in one place per kind.
 */
public interface EventReason {

  /** The CamelCase reason, e.g. {@code CreatedWorkerPod}. */
  String value();

  /**
   * Whether a repeat of the same Event (same object, type, reason and message) within the aggregation window counts up
   * the Event recorded before, as Kubernetes' own recorders do. {@code false} for reasons whose Events each report one
   * action that merely has the same text, such as "Deleted all 3 Pods" of two suspensions.
   *
   * @return {@code true} unless the reason says otherwise
   */
  default boolean aggregated() {
    return true;
  }
}
