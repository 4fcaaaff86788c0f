package dev.raykube.kernel.finalizer;

/**
 * Why one cleanup attempt ended as it did, as a value of the kind's own enum: {@code StopOutcome.Kind} for a RayJob's
 * stop, {@code RayServiceClusterCleanup.Reason} for a RayService's clusters, {@link CleanupStepError} when the step
 * itself failed. A loop reads it by type ({@code outcome.reason() instanceof StopOutcome.Kind kind}), never by
 * comparing strings; {@link #value()} is only for Events and logs.
 */
public interface CleanupReason {

  /** The CamelCase word for Events and logs, e.g. {@code StopRequested} or {@code RayClustersTerminating}. */
  String value();
}
