package dev.raykube.model.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import java.util.Map;
import java.util.Objects;

/** Status of one Ray Serve application. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"status", "message", "serveDeploymentStatuses"})
public class ServeApplicationStatus extends ExtensibleObject {

  @JsonProperty("status")
  @JsonPropertyDescription("NOT_STARTED, DEPLOYING, RUNNING, DEPLOY_FAILED, DELETING or UNHEALTHY.")
  private String status;

  @JsonProperty("message")
  @JsonPropertyDescription("Details reported by Ray Serve.")
  private String message;

  @JsonProperty("serveDeploymentStatuses")
  @JsonPropertyDescription("Status of each deployment, by name.")
  private Map<String, ServeDeploymentStatus> serveDeploymentStatuses;

  /** Creates an empty {@code ServeApplicationStatus}; every field starts unset. */
  public ServeApplicationStatus() {
  }

  /**
   * Returns {@code status} decoded as {@link ServeApplicationState}: {@code null} when unset, {@link
   * ServeApplicationState#UNKNOWN} for a value this model does not know (the written string stays available from
   * {@link #getStatusValue()}). NOT_STARTED, DEPLOYING, RUNNING, DEPLOY_FAILED, DELETING or UNHEALTHY.
   */
  public ServeApplicationState getStatus() {
    return ServeApplicationState.fromValue(status);
  }

  /**
   * Sets {@code status}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link ServeApplicationState#UNKNOWN}, which has no wire value
   */
  public void setStatus(ServeApplicationState status) {
    this.status = ServeApplicationState.toValue(status);
  }

  /** Returns {@code status} exactly as written, or {@code null} when unset. */
  public String getStatusValue() {
    return status;
  }

  /** Sets {@code status} to a raw string, known to {@link ServeApplicationState} or not. */
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

  /**
   * Returns {@code serveDeploymentStatuses}, or {@code null} when unset. Status of each deployment, by name.
   */
  public Map<String, ServeDeploymentStatus> getServeDeploymentStatuses() {
    return serveDeploymentStatuses;
  }

  public void setServeDeploymentStatuses(Map<String, ServeDeploymentStatus> serveDeploymentStatuses) {
    this.serveDeploymentStatuses = serveDeploymentStatuses;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    ServeApplicationStatus that = (ServeApplicationStatus) o;
    return Objects.equals(status, that.status) && Objects.equals(message, that.message)
        && Objects.equals(serveDeploymentStatuses, that.serveDeploymentStatuses)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(status, message, serveDeploymentStatuses, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "ServeApplicationStatus{" + "status=" + status + ", message=" + message
        + ", serveDeploymentStatuses=" + serveDeploymentStatuses
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
