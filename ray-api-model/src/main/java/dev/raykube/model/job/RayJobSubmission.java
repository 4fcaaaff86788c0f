package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Map;
import java.util.Objects;

/**
 * The fields of a RayJob spec that describe the Ray job itself, as it is submitted to Ray's Jobs API: the
 * entrypoint, its runtime environment, submission id, metadata and the resources it reserves. {@link RayJobSpec} adds
 * the RayCluster to run it on and how the RayJob runs it.
 *
 * <p>Only a grouping of the Java class: in JSON and in the CRD these fields stand directly in {@code spec}, next to
 * those of {@link RayJobSpec}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public abstract class RayJobSubmission extends ExtensibleObject {

  @JsonProperty("entrypoint")
  @JsonPropertyDescription("Command that starts the Ray job, for example 'python /home/ray/samples/job.py'.")
  private String entrypoint;

  @JsonProperty("runtimeEnvYAML")
  @JsonPropertyDescription("Ray runtime environment of the job, as a YAML string.")
  private String runtimeEnvYAML;

  @JsonProperty("jobId")
  @JsonPropertyDescription("Submission id of the Ray job; generated when unset. In InteractiveMode the user sets it "
      + "after submitting.")
  private String jobId;

  @JsonProperty("metadata")
  @JsonPropertyDescription("Metadata stored with the Ray job.")
  private Map<String, String> metadata;

  @JsonProperty("entrypointNumCpus")
  @JsonPropertyDescription("CPUs reserved for the entrypoint command.")
  @ValidationRule(value = "self >= 0.0", message = "entrypointNumCpus must not be negative")
  private Double entrypointNumCpus;

  @JsonProperty("entrypointNumGpus")
  @JsonPropertyDescription("GPUs reserved for the entrypoint command.")
  @ValidationRule(value = "self >= 0.0", message = "entrypointNumGpus must not be negative")
  private Double entrypointNumGpus;

  @JsonProperty("entrypointResources")
  @JsonPropertyDescription("Custom resources reserved for the entrypoint command, as a JSON object string.")
  private String entrypointResources;

  /** Only {@link RayJobSpec} extends this class; every field starts unset. */
  RayJobSubmission() {
  }

  /**
   * Returns {@code entrypoint}, or {@code null} when unset. Command that starts the Ray job, for example 'python
   * /home/ray/samples/job.py'.
   */
  public String getEntrypoint() {
    return entrypoint;
  }

  public void setEntrypoint(String entrypoint) {
    this.entrypoint = entrypoint;
  }

  /**
   * Returns {@code runtimeEnvYAML}, or {@code null} when unset. Ray runtime environment of the job, as a YAML string.
   */
  public String getRuntimeEnvYAML() {
    return runtimeEnvYAML;
  }

  public void setRuntimeEnvYAML(String runtimeEnvYAML) {
    this.runtimeEnvYAML = runtimeEnvYAML;
  }

  /**
   * Returns {@code jobId}, or {@code null} when unset. Submission id of the Ray job; generated when unset.
   */
  public String getJobId() {
    return jobId;
  }

  public void setJobId(String jobId) {
    this.jobId = jobId;
  }

  /** Returns {@code metadata}, or {@code null} when unset. Metadata stored with the Ray job. */
  public Map<String, String> getMetadata() {
    return metadata;
  }

  public void setMetadata(Map<String, String> metadata) {
    this.metadata = metadata;
  }

  /**
   * Returns {@code entrypointNumCpus}, or {@code null} when unset. CPUs reserved for the entrypoint command.
   */
  public Double getEntrypointNumCpus() {
    return entrypointNumCpus;
  }

  public void setEntrypointNumCpus(Double entrypointNumCpus) {
    this.entrypointNumCpus = entrypointNumCpus;
  }

  /**
   * Returns {@code entrypointNumGpus}, or {@code null} when unset. GPUs reserved for the entrypoint command.
   */
  public Double getEntrypointNumGpus() {
    return entrypointNumGpus;
  }

  public void setEntrypointNumGpus(Double entrypointNumGpus) {
    this.entrypointNumGpus = entrypointNumGpus;
  }

  /**
   * Returns {@code entrypointResources}, or {@code null} when unset. Custom resources reserved for the entrypoint
   * command, as a JSON object string.
   */
  public String getEntrypointResources() {
    return entrypointResources;
  }

  public void setEntrypointResources(String entrypointResources) {
    this.entrypointResources = entrypointResources;
  }

  /**
   * Returns whether {@code o} is of the same class, with the same submission fields and the same unknown properties;
   * {@link RayJobSpec} also compares its own fields.
   */
  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    RayJobSubmission that = (RayJobSubmission) o;
    return Objects.equals(entrypoint, that.entrypoint) && Objects.equals(runtimeEnvYAML, that.runtimeEnvYAML)
        && Objects.equals(jobId, that.jobId) && Objects.equals(metadata, that.metadata)
        && Objects.equals(entrypointNumCpus, that.entrypointNumCpus)
        && Objects.equals(entrypointNumGpus, that.entrypointNumGpus)
        && Objects.equals(entrypointResources, that.entrypointResources)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  /** Hashes the submission fields and the unknown properties; {@link RayJobSpec} hashes its own fields as well. */
  @Override
  public int hashCode() {
    return Objects.hash(entrypoint, runtimeEnvYAML, jobId, metadata, entrypointNumCpus, entrypointNumGpus,
        entrypointResources, getAdditionalProperties());
  }
}
