package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import java.util.Objects;

/** Authentication of requests to the Ray cluster (dashboard and GCS). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"mode", "secretName", "enableK8sTokenAuth"})
public class AuthOptions extends ExtensibleObject {

  @JsonProperty("mode")
  @JsonPropertyDescription("Authentication mode: 'disabled' (default) or 'token'.")
  private String mode;

  @JsonProperty("secretName")
  @JsonPropertyDescription("Secret holding the token (key auth_token); defaults to the cluster name.")
  private String secretName;

  @JsonProperty("enableK8sTokenAuth")
  @JsonPropertyDescription("Also accept Kubernetes service account tokens.")
  private Boolean enableK8sTokenAuth;

  /** Creates an empty {@code AuthOptions}; every field starts unset. */
  public AuthOptions() {
  }

  /**
   * Returns {@code mode}, or {@code null} when unset. Authentication mode: 'disabled' (default) or 'token'.
   */
  public String getMode() {
    return mode;
  }

  public void setMode(String mode) {
    this.mode = mode;
  }

  /**
   * Returns {@code secretName}, or {@code null} when unset. Secret holding the token (key auth_token); defaults to the
   * cluster name.
   */
  public String getSecretName() {
    return secretName;
  }

  public void setSecretName(String secretName) {
    this.secretName = secretName;
  }

  /**
   * Returns {@code enableK8sTokenAuth}, or {@code null} when unset. Also accept Kubernetes service account tokens.
   */
  public Boolean getEnableK8sTokenAuth() {
    return enableK8sTokenAuth;
  }

  public void setEnableK8sTokenAuth(Boolean enableK8sTokenAuth) {
    this.enableK8sTokenAuth = enableK8sTokenAuth;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    AuthOptions that = (AuthOptions) o;
    return Objects.equals(mode, that.mode) && Objects.equals(secretName, that.secretName)
        && Objects.equals(enableK8sTokenAuth, that.enableK8sTokenAuth)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(mode, secretName, enableK8sTokenAuth, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "AuthOptions{" + "mode=" + mode + ", secretName=" + secretName
        + ", enableK8sTokenAuth=" + enableK8sTokenAuth + ", additionalProperties=" + getAdditionalProperties()
        + '}';
  }
}
