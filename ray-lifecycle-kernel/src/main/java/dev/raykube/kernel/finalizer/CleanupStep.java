package dev.raykube.kernel.finalizer;

/**
 * The cleanup a finalizer guards, made once per call: "stop the Ray job" for a RayJob
 * ({@code RayJobStopStep} in ray-job-lifecycle), "delete the RayClusters I created" for a RayService
 * ({@code RayServiceClusterCleanup} in ray-service-lifecycle). {@link DeletionCleanup} calls it and lets a
 * {@link FinalizerPolicy} decide what follows, so that both kinds share the same policy code.
 *
 * <p>A step may do I/O but should not wait long: it makes one attempt and reports. It should report failures as a
 * failed {@link CleanupOutcome}; an exception it throws anyway counts as a failed, retryable attempt. It must be
 * safe to repeat: an attempt may be made again after an operator restart even if an earlier one succeeded.
 *
 * @param <T> the kind of object being deleted
 */
@FunctionalInterface
public interface CleanupStep<T> {

  /**
   * Makes one cleanup attempt for an object that is being deleted.
   *
   * @param resource the object, as last read, with {@code metadata.deletionTimestamp} set
   * @return what the attempt achieved
   */
  CleanupOutcome attempt(T resource);
}
