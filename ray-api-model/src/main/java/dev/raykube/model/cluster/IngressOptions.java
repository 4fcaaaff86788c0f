package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.networking.v1.IngressTLS;
import java.util.List;
import java.util.Objects;

/** The Ingress of the head's dashboard ({@code headGroupSpec.ingressOptions}), used with {@code enableIngress}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"host", "path", "pathType", "tls"})
public class IngressOptions extends ExtensibleObject {

  @JsonProperty("host")
  @JsonPropertyDescription("Host name of the Ingress rule; unset matches any host.")
  private String host;

  @JsonProperty("path")
  @JsonPropertyDescription("Path of the Ingress rule. Default '/'.")
  private String path;

  @JsonProperty("pathType")
  @JsonPropertyDescription("How the path is matched: Exact, Prefix (default) or ImplementationSpecific.")
  @Size(max = 64)
  @ValidationRule(value = "self in ['Exact', 'Prefix', 'ImplementationSpecific']",
      message = "ingressOptions.pathType must be one of: Exact, Prefix, ImplementationSpecific")
  private String pathType;

  @JsonProperty("tls")
  @JsonPropertyDescription("TLS of the Ingress, copied to its spec.tls.")
  private List<IngressTLS> tls;

  /** Creates an empty {@code IngressOptions}; every field starts unset. */
  public IngressOptions() {
  }

  /** Returns {@code host}, or {@code null} when unset. Host name of the Ingress rule; unset matches any host. */
  public String getHost() {
    return host;
  }

  public void setHost(String host) {
    this.host = host;
  }

  /** Returns {@code path}, or {@code null} when unset. Path of the Ingress rule. Default '/'. */
  public String getPath() {
    return path;
  }

  public void setPath(String path) {
    this.path = path;
  }

  /**
   * Returns {@code pathType} decoded as {@link IngressPathType}: {@code null} when unset, {@link
   * IngressPathType#UNKNOWN} for a value this model does not know (the written string stays available from {@link
   * #getPathTypeValue()}).
   */
  public IngressPathType getPathType() {
    return IngressPathType.fromValue(pathType);
  }

  /**
   * Sets {@code pathType}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link IngressPathType#UNKNOWN}, which has no wire value
   */
  public void setPathType(IngressPathType pathType) {
    this.pathType = IngressPathType.toValue(pathType);
  }

  /** Returns {@code pathType} exactly as written, or {@code null} when unset. */
  public String getPathTypeValue() {
    return pathType;
  }

  /** Sets {@code pathType} to a raw string, known to {@link IngressPathType} or not. */
  public void setPathTypeValue(String pathType) {
    this.pathType = pathType;
  }

  /** Returns {@code tls}, or {@code null} when unset. TLS of the Ingress, copied to its spec.tls. */
  public List<IngressTLS> getTls() {
    return tls;
  }

  public void setTls(List<IngressTLS> tls) {
    this.tls = tls;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    IngressOptions that = (IngressOptions) o;
    return Objects.equals(host, that.host) && Objects.equals(path, that.path)
        && Objects.equals(pathType, that.pathType) && Objects.equals(tls, that.tls)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(host, path, pathType, tls, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "IngressOptions{" + "host=" + host + ", path=" + path + ", pathType=" + pathType + ", tls=" + tls
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
