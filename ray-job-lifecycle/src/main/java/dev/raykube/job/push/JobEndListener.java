package dev.raykube.job.push;

/**
 * Told by {@link JobEndPush} that a RayJob's Ray job may have changed (its log tail ended, its dashboard's job list
 * shows another status, or a list read failed): the controller reconciles that RayJob at once. Called from the push's
 * own threads; it must not block.
 */
@FunctionalInterface
public interface JobEndListener {

  /**
   * The Ray job of this RayJob may have changed.
   *
   * @param rayJob the RayJob's key
   */
  void mayHaveChanged(RayJobKey rayJob);
}
