package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.VolumeMount;
import java.util.List;
import java.util.Objects;

/** Settings of the Ray autoscaler sidecar container. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"resources", "image", "imagePullPolicy", "securityContext", "idleTimeoutSeconds",
    "upscalingMode", "version", "env", "envFrom", "volumeMounts", "command", "args"})
public class AutoscalerOptions extends ExtensibleObject {

  @JsonProperty("resources")
  @JsonPropertyDescription("Resources of the autoscaler container (default 500m CPU and 512Mi memory, requests and "
      + "limits).")
  private ResourceRequirements resources;

  @JsonProperty("image")
  @JsonPropertyDescription("Overrides the autoscaler image (default: the Ray image of the head).")
  private String image;

  @JsonProperty("imagePullPolicy")
  @JsonPropertyDescription("Overrides the autoscaler image pull policy.")
  private String imagePullPolicy;

  @JsonProperty("securityContext")
  @JsonPropertyDescription("Security context of the autoscaler container.")
  private SecurityContext securityContext;

  @JsonProperty("idleTimeoutSeconds")
  @JsonPropertyDescription("Seconds a worker may stay idle before the autoscaler removes it (Ray's default is 60).")
  @ValidationRule(value = "self >= 0", message = "idleTimeoutSeconds must not be negative")
  private Integer idleTimeoutSeconds;

  @JsonProperty("upscalingMode")
  @JsonPropertyDescription("Upscaling speed: Default, Aggressive or Conservative.")
  @Size(max = 64)
  @ValidationRule(value = "self in ['Default', 'Aggressive', 'Conservative']",
      message = "upscalingMode must be one of: Default, Aggressive, Conservative")
  private String upscalingMode;

  @JsonProperty("version")
  @JsonPropertyDescription("Autoscaler version v1 or v2; unset lets Ray decide.")
  @Size(max = 64)
  @ValidationRule(value = "self in ['v1', 'v2']",
      message = "autoscalerOptions.version must be one of: v1, v2")
  private String version;

  @JsonProperty("env")
  @JsonPropertyDescription("Environment variables of the autoscaler container.")
  private List<EnvVar> env;

  @JsonProperty("envFrom")
  @JsonPropertyDescription("Sources of environment variables of the autoscaler container.")
  private List<EnvFromSource> envFrom;

  @JsonProperty("volumeMounts")
  @JsonPropertyDescription("Volume mounts of the autoscaler container (for example TLS certificates).")
  private List<VolumeMount> volumeMounts;

  @JsonProperty("command")
  @JsonPropertyDescription("Overrides the autoscaler container command.")
  private List<String> command;

  @JsonProperty("args")
  @JsonPropertyDescription("Overrides the autoscaler container arguments.")
  private List<String> args;

  /** Creates an empty {@code AutoscalerOptions}; every field starts unset. */
  public AutoscalerOptions() {
  }

  /**
   * Returns {@code resources}, or {@code null} when unset. Resources of the autoscaler container (default 500m CPU and
   * 512Mi memory, requests and limits).
   */
  public ResourceRequirements getResources() {
    return resources;
  }

  public void setResources(ResourceRequirements resources) {
    this.resources = resources;
  }

  /**
   * Returns {@code image}, or {@code null} when unset. Overrides the autoscaler image (default: the Ray image of the
   * head).
   */
  public String getImage() {
    return image;
  }

  public void setImage(String image) {
    this.image = image;
  }

  /**
   * Returns {@code imagePullPolicy}, or {@code null} when unset. Overrides the autoscaler image pull policy.
   */
  public String getImagePullPolicy() {
    return imagePullPolicy;
  }

  public void setImagePullPolicy(String imagePullPolicy) {
    this.imagePullPolicy = imagePullPolicy;
  }

  /**
   * Returns {@code securityContext}, or {@code null} when unset. Security context of the autoscaler container.
   */
  public SecurityContext getSecurityContext() {
    return securityContext;
  }

  public void setSecurityContext(SecurityContext securityContext) {
    this.securityContext = securityContext;
  }

  /**
   * Returns {@code idleTimeoutSeconds}, or {@code null} when unset. Seconds a worker may stay idle before the
   * autoscaler removes it (Ray's default is 60).
   */
  public Integer getIdleTimeoutSeconds() {
    return idleTimeoutSeconds;
  }

  public void setIdleTimeoutSeconds(Integer idleTimeoutSeconds) {
    this.idleTimeoutSeconds = idleTimeoutSeconds;
  }

  /**
   * Returns {@code upscalingMode} decoded as {@link UpscalingMode}: {@code null} when unset, {@link
   * UpscalingMode#UNKNOWN} for a value this model does not know (the written string stays available from {@link
   * #getUpscalingModeValue()}). Upscaling speed: Default, Aggressive or Conservative.
   */
  public UpscalingMode getUpscalingMode() {
    return UpscalingMode.fromValue(upscalingMode);
  }

  /**
   * Sets {@code upscalingMode}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link UpscalingMode#UNKNOWN}, which has no wire value
   */
  public void setUpscalingMode(UpscalingMode upscalingMode) {
    this.upscalingMode = UpscalingMode.toValue(upscalingMode);
  }

  /** Returns {@code upscalingMode} exactly as written, or {@code null} when unset. */
  public String getUpscalingModeValue() {
    return upscalingMode;
  }

  /** Sets {@code upscalingMode} to a raw string, known to {@link UpscalingMode} or not. */
  public void setUpscalingModeValue(String upscalingMode) {
    this.upscalingMode = upscalingMode;
  }

  /**
   * Returns {@code version} decoded as {@link AutoscalerVersion}: {@code null} when unset, {@link
   * AutoscalerVersion#UNKNOWN} for a value this model does not know (the written string stays available from {@link
   * #getVersionValue()}). Autoscaler version v1 or v2; unset lets Ray decide.
   */
  public AutoscalerVersion getVersion() {
    return AutoscalerVersion.fromValue(version);
  }

  /**
   * Sets {@code version}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link AutoscalerVersion#UNKNOWN}, which has no wire value
   */
  public void setVersion(AutoscalerVersion version) {
    this.version = AutoscalerVersion.toValue(version);
  }

  /** Returns {@code version} exactly as written, or {@code null} when unset. */
  public String getVersionValue() {
    return version;
  }

  /** Sets {@code version} to a raw string, known to {@link AutoscalerVersion} or not. */
  public void setVersionValue(String version) {
    this.version = version;
  }

  /**
   * Returns {@code env}, or {@code null} when unset. Environment variables of the autoscaler container.
   */
  public List<EnvVar> getEnv() {
    return env;
  }

  public void setEnv(List<EnvVar> env) {
    this.env = env;
  }

  /**
   * Returns {@code envFrom}, or {@code null} when unset. Sources of environment variables of the autoscaler container.
   */
  public List<EnvFromSource> getEnvFrom() {
    return envFrom;
  }

  public void setEnvFrom(List<EnvFromSource> envFrom) {
    this.envFrom = envFrom;
  }

  /**
   * Returns {@code volumeMounts}, or {@code null} when unset. Volume mounts of the autoscaler container (for example
   * TLS certificates).
   */
  public List<VolumeMount> getVolumeMounts() {
    return volumeMounts;
  }

  public void setVolumeMounts(List<VolumeMount> volumeMounts) {
    this.volumeMounts = volumeMounts;
  }

  /** Returns {@code command}, or {@code null} when unset. Overrides the autoscaler container command. */
  public List<String> getCommand() {
    return command;
  }

  public void setCommand(List<String> command) {
    this.command = command;
  }

  /** Returns {@code args}, or {@code null} when unset. Overrides the autoscaler container arguments. */
  public List<String> getArgs() {
    return args;
  }

  public void setArgs(List<String> args) {
    this.args = args;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    AutoscalerOptions that = (AutoscalerOptions) o;
    return Objects.equals(resources, that.resources) && Objects.equals(image, that.image)
        && Objects.equals(imagePullPolicy, that.imagePullPolicy)
        && Objects.equals(securityContext, that.securityContext)
        && Objects.equals(idleTimeoutSeconds, that.idleTimeoutSeconds)
        && Objects.equals(upscalingMode, that.upscalingMode) && Objects.equals(version, that.version)
        && Objects.equals(env, that.env) && Objects.equals(envFrom, that.envFrom)
        && Objects.equals(volumeMounts, that.volumeMounts) && Objects.equals(command, that.command)
        && Objects.equals(args, that.args)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(resources, image, imagePullPolicy, securityContext, idleTimeoutSeconds, upscalingMode,
        version, env, envFrom, volumeMounts, command, args, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "AutoscalerOptions{" + "resources=" + resources + ", image=" + image
        + ", imagePullPolicy=" + imagePullPolicy + ", securityContext=" + securityContext
        + ", idleTimeoutSeconds=" + idleTimeoutSeconds + ", upscalingMode=" + upscalingMode
        + ", version=" + version + ", env=" + env + ", envFrom=" + envFrom + ", volumeMounts=" + volumeMounts
        + ", command=" + command + ", args=" + args + ", additionalProperties=" + getAdditionalProperties()
        + '}';
  }
}
