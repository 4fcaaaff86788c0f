package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.kubernetes.api.model.EnvVarSource;
import java.util.Objects;

/** A Redis user name or password, given inline or from a Secret or ConfigMap. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"value", "valueFrom"})
public class RedisCredential extends ExtensibleObject {

  @JsonProperty("value")
  @JsonPropertyDescription("The value, inline.")
  private String value;

  @JsonProperty("valueFrom")
  @JsonPropertyDescription("Where to read the value from, as in a container environment variable.")
  private EnvVarSource valueFrom;

  /** Creates an empty {@code RedisCredential}; every field starts unset. */
  public RedisCredential() {
  }

  /** Returns {@code value}, or {@code null} when unset. The value, inline. */
  public String getValue() {
    return value;
  }

  public void setValue(String value) {
    this.value = value;
  }

  /**
   * Returns {@code valueFrom}, or {@code null} when unset. Where to read the value from, as in a container environment
   * variable.
   */
  public EnvVarSource getValueFrom() {
    return valueFrom;
  }

  public void setValueFrom(EnvVarSource valueFrom) {
    this.valueFrom = valueFrom;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    RedisCredential that = (RedisCredential) o;
    return Objects.equals(value, that.value) && Objects.equals(valueFrom, that.valueFrom)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(value, valueFrom, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "RedisCredential{" + "value=" + value + ", valueFrom=" + valueFrom
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
