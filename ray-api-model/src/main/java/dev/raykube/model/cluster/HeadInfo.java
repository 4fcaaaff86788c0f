package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import java.util.Objects;

/** Where the head of a RayCluster runs ({@code status.head}). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"podIP", "podName", "serviceIP", "serviceName"})
public class HeadInfo extends ExtensibleObject {

  @JsonProperty("podIP")
  @JsonPropertyDescription("IP address of the head Pod.")
  private String podIP;

  @JsonProperty("podName")
  @JsonPropertyDescription("Name of the head Pod.")
  private String podName;

  @JsonProperty("serviceIP")
  @JsonPropertyDescription("Cluster IP of the head Service (the head Pod IP for a headless Service).")
  private String serviceIP;

  @JsonProperty("serviceName")
  @JsonPropertyDescription("Name of the head Service.")
  private String serviceName;

  /** Creates an empty {@code HeadInfo}; every field starts unset. */
  public HeadInfo() {
  }

  /** Returns {@code podIP}, or {@code null} when unset. IP address of the head Pod. */
  public String getPodIP() {
    return podIP;
  }

  public void setPodIP(String podIP) {
    this.podIP = podIP;
  }

  /** Returns {@code podName}, or {@code null} when unset. Name of the head Pod. */
  public String getPodName() {
    return podName;
  }

  public void setPodName(String podName) {
    this.podName = podName;
  }

  /**
   * Returns {@code serviceIP}, or {@code null} when unset. Cluster IP of the head Service (the head Pod IP for a
   * headless Service).
   */
  public String getServiceIP() {
    return serviceIP;
  }

  public void setServiceIP(String serviceIP) {
    this.serviceIP = serviceIP;
  }

  /** Returns {@code serviceName}, or {@code null} when unset. Name of the head Service. */
  public String getServiceName() {
    return serviceName;
  }

  public void setServiceName(String serviceName) {
    this.serviceName = serviceName;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    HeadInfo that = (HeadInfo) o;
    return Objects.equals(podIP, that.podIP) && Objects.equals(podName, that.podName)
        && Objects.equals(serviceIP, that.serviceIP) && Objects.equals(serviceName, that.serviceName)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(podIP, podName, serviceIP, serviceName, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "HeadInfo{" + "podIP=" + podIP + ", podName=" + podName + ", serviceIP=" + serviceIP
        + ", serviceName=" + serviceName + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
