package dev.raykube.kernel.finalizer;

/**
 * The reasons {@link DeletionCleanup} gives when the {@link CleanupStep} itself misbehaved; both count as failed,
 * retryable attempts.
 */
public enum CleanupStepError implements CleanupReason {
  /** The step threw instead of reporting a failed outcome. */
  THREW,
  /** The step returned no outcome. */
  NO_OUTCOME;

  /** {@code CleanupError}, for both. */
  @Override
  public String value() {
    return "CleanupError";
  }
}
