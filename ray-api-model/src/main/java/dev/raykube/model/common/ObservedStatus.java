package dev.raykube.model.common;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.Objects;

/**
 * Base of the status of each Ray resource ({@code RayClusterStatus}, {@code RayJobStatus}, {@code RayServiceStatus}):
 * an {@link ExtensibleObject} with {@code observedGeneration}, the {@code metadata.generation} of the resource that
 * the status describes (KubeRay's field of the same name).
 *
 * <p>Two statuses are equal when they are of the same class and have the same {@code observedGeneration}, the same
 * unknown properties and the same fields of their own: subclasses start their {@code equals} with this one's and
 * compare their fields after it.
 */
public abstract class ObservedStatus extends ExtensibleObject {

  @JsonProperty("observedGeneration")
  @JsonPropertyDescription("The metadata.generation this status describes.")
  private Long observedGeneration;

  /** For subclasses: a status with every field unset. */
  protected ObservedStatus() {
  }

  /**
   * Returns {@code observedGeneration}, or {@code null} when unset. The metadata.generation this status describes.
   */
  public Long getObservedGeneration() {
    return observedGeneration;
  }

  /** Sets {@code observedGeneration}; {@code null} removes it. */
  public void setObservedGeneration(Long observedGeneration) {
    this.observedGeneration = observedGeneration;
  }

  /**
   * Returns whether {@code o} is of the same class, with the same {@code observedGeneration} and the same unknown
   * properties; subclasses also compare their own fields.
   */
  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    ObservedStatus that = (ObservedStatus) o;
    return Objects.equals(observedGeneration, that.observedGeneration)
        && getAdditionalProperties().equals(that.getAdditionalProperties());
  }

  /** Hashes {@code observedGeneration} and the unknown properties; subclasses hash their own fields as well. */
  @Override
  public int hashCode() {
    return Objects.hash(observedGeneration, getAdditionalProperties());
  }
}
