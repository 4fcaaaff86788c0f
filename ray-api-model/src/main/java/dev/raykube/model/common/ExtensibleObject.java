package dev.raykube.model.common;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Base of every spec and status object of the model: keeps the JSON properties this version of the model does not
 * know, so that reading a manifest and writing it back loses nothing the user wrote (the same contract as fabric8's
 * own model classes).
 *
 * <p>Only fields annotated with {@code @JsonProperty} take part in JSON; getters and setters are plain Java API (the
 * class disables Jackson's accessor auto-detection). Unset fields are {@code null} and are not written, so a field
 * that was absent stays absent and an empty map or list the user wrote stays empty.
 */
@JsonAutoDetect(
    fieldVisibility = Visibility.NONE,
    getterVisibility = Visibility.NONE,
    isGetterVisibility = Visibility.NONE,
    setterVisibility = Visibility.NONE,
    creatorVisibility = Visibility.NONE)
@JsonInclude(JsonInclude.Include.NON_NULL)
public abstract class ExtensibleObject {

  @JsonIgnore
  private final Map<String, Object> additionalProperties = new LinkedHashMap<>();

  /** For subclasses. */
  protected ExtensibleObject() {
  }

  /**
   * Returns the properties this model does not know, in the order they were read. The map is live: changes are
   * written on serialization.
   */
  @JsonAnyGetter
  @JsonIgnore
  public Map<String, Object> getAdditionalProperties() {
    return additionalProperties;
  }

  /** Records a property this model does not know; called by Jackson for every unknown property. */
  @JsonAnySetter
  public void setAdditionalProperty(String name, Object value) {
    additionalProperties.put(name, value);
  }
}
