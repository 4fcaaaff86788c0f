package dev.raykube.service.loop;

import dev.raykube.kernel.finalizer.FinalizerDecision;
import dev.raykube.kernel.finalizer.FinalizerPolicy;
import dev.raykube.reconcile.EventReason;

/**
 * The reasons of the Events {@link RayServiceLoop#cleanup} records about a RayService being deleted, with the words
 * RayJob's cleanup uses for the same outcomes of the shared finalizer code.
 */
public enum RayServiceCleanupEventReason implements EventReason {
  /** Warning: the {@value FinalizerPolicy#ANNOTATION} annotation is invalid; the default policy applies. */
  INVALID_FINALIZER_POLICY(FinalizerPolicy.INVALID_ANNOTATION_EVENT_REASON),
  /** Normal: the RayClusters of the RayService were asked to go. */
  DELETING_RAY_CLUSTERS("DeletingRayClusters"),
  /** Warning: deleting the RayClusters failed in this attempt. */
  FAILED_TO_DELETE_RAY_CLUSTERS("FailedToDeleteRayClusters"),
  /** Warning: the finalizer goes although RayClusters may remain (best effort after a failure). */
  CLEANUP_FAILED(FinalizerDecision.Reason.CLEANUP_FAILED.eventReason()),
  /** Warning: the finalizer goes after the maximum wait although RayClusters may remain. */
  CLEANUP_DEADLINE_EXCEEDED(FinalizerDecision.Reason.CLEANUP_DEADLINE_EXCEEDED.eventReason()),
  /** Any other removal with a warning (not expected from the policies of today). */
  CLEANUP_WARNING("CleanupWarning");

  private final String value;

  RayServiceCleanupEventReason(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }

  /** The reason of a finalizer removal that deserves a Warning. */
  static RayServiceCleanupEventReason removal(FinalizerDecision.Reason reason) {
    return switch (reason) {
      case CLEANUP_FAILED -> CLEANUP_FAILED;
      case CLEANUP_DEADLINE_EXCEEDED -> CLEANUP_DEADLINE_EXCEEDED;
      default -> CLEANUP_WARNING;
    };
  }
}
