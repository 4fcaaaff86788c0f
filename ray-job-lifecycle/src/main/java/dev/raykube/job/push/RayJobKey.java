package dev.raykube.job.push;

import dev.raykube.model.job.RayJob;
import java.util.Objects;

/**
 * Which RayJob a tail or a job list follows: its namespace and name, the key a controller's work queue uses too.
 *
 * @param namespace the RayJob's namespace
 * @param name its name
 */
public record RayJobKey(String namespace, String name) {

  /** Checks for nulls. */
  public RayJobKey {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
  }

  /**
   * The key of a RayJob.
   *
   * @param rayJob the RayJob
   * @return its key
   */
  public static RayJobKey of(RayJob rayJob) {
    return new RayJobKey(rayJob.getMetadata().getNamespace(), rayJob.getMetadata().getName());
  }

  @Override
  public String toString() {
    return namespace + "/" + name;
  }
}
