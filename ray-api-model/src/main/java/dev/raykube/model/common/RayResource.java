package dev.raykube.model.common;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import io.fabric8.kubernetes.client.CustomResource;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Base of the three custom resource classes ({@code RayCluster}, {@code RayJob}, {@code RayService}): fabric8's
 * {@link CustomResource} that also keeps the top-level JSON properties this model does not know, so that reading a
 * resource and writing it back loses nothing (what {@link ExtensibleObject} does for the objects inside it).
 *
 * <p>Subclasses carry the CRD annotations ({@code @Group}, {@code @Version}, short names, printer columns) and
 * override {@code getSpec()} and {@code getStatus()} only to describe the two fields in the generated CRD.
 *
 * <p>Each subclass is read by a {@link SpecTolerantReader}, so that a spec of the wrong shape where the CRD's schema
 * does not look (inside Pod templates) yields a resource with {@link #unreadableSpec()} instead of failing the read.
 *
 * <p>Equality is {@link CustomResource#equals(Object)} (metadata, spec, status, and the kind and CRD name of the
 * resource, so that resources of different kinds are never equal) plus the unknown properties.
 *
 * @param <S> the type of {@code spec}
 * @param <T> the type of {@code status}
 */
public abstract class RayResource<S, T> extends CustomResource<S, T> {

  @JsonIgnore
  private final Map<String, Object> additionalProperties = new LinkedHashMap<>();

  @JsonIgnore
  private String unreadableSpec;

  /** For subclasses: a resource without metadata, spec or status. */
  protected RayResource() {
  }

  /** Returns the top-level properties this model does not know; they are written back on serialization. */
  @JsonAnyGetter
  @JsonIgnore
  public Map<String, Object> getAdditionalProperties() {
    return additionalProperties;
  }

  /** Records a top-level property this model does not know; called by Jackson. */
  @JsonAnySetter
  public void setAdditionalProperty(String name, Object value) {
    additionalProperties.put(name, value);
  }

  /**
   * Why {@code spec} could not be read, with its path (e.g. {@code spec.headGroupSpec.template.spec.volumes: Cannot
   * deserialize value of type ...}); empty when it was read. Such a resource was read by {@link SpecTolerantReader}
   * with a {@code null} spec (the spec as written is kept among the {@linkplain #getAdditionalProperties() unknown
   * properties} and written back); the validators report the problem. The problem itself is not serialized.
   */
  public Optional<String> unreadableSpec() {
    return Optional.ofNullable(unreadableSpec);
  }

  /** Records why {@code spec} could not be read; called by {@link SpecTolerantReader}. */
  public void markSpecUnreadable(String problem) {
    this.unreadableSpec = problem;
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && o instanceof RayResource<?, ?> that
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(super.hashCode(), additionalProperties);
  }
}
