package dev.raykube.model.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import java.util.Objects;

/** Status of one Ray Serve deployment. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"status", "message"})
public class ServeDeploymentStatus extends ExtensibleObject {

  @JsonProperty("status")
  @JsonPropertyDescription("UPDATING, HEALTHY or UNHEALTHY.")
  private String status;

  @JsonProperty("message")
  @JsonPropertyDescription("Details reported by Ray Serve.")
  private String message;

  /** Creates an empty {@code ServeDeploymentStatus}; every field starts unset. */
  public ServeDeploymentStatus() {
  }

  /**
   * Returns {@code status} decoded as {@link ServeDeploymentState}: {@code null} when unset, {@link
   * ServeDeploymentState#UNKNOWN} for a value this model does not know (the written string stays available from {@link
   * #getStatusValue()}). UPDATING, HEALTHY or UNHEALTHY.
   */
  public ServeDeploymentState getStatus() {
    return ServeDeploymentState.fromValue(status);
  }

  /**
   * Sets {@code status}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link ServeDeploymentState#UNKNOWN}, which has no wire value
   */
  public void setStatus(ServeDeploymentState status) {
    this.status = ServeDeploymentState.toValue(status);
  }

  /** Returns {@code status} exactly as written, or {@code null} when unset. */
  public String getStatusValue() {
    return status;
  }

  /** Sets {@code status} to a raw string, known to {@link ServeDeploymentState} or not. */
  public void setStatusValue(String status) {
    this.status = status;
  }

  /** Returns {@code message}, or {@code null} when unset. Details reported by Ray Serve. */
  public String getMessage() {
    return message;
  }

  public void setMessage(String message) {
    this.message = message;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    ServeDeploymentStatus that = (ServeDeploymentStatus) o;
    return Objects.equals(status, that.status) && Objects.equals(message, that.message)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(status, message, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "ServeDeploymentStatus{" + "status=" + status + ", message=" + message
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
