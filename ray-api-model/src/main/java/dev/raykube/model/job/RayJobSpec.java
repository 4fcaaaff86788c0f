package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.schema.PodTemplateSchema;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import java.util.Map;
import java.util.Objects;

/**
 * Desired state of a RayJob: the Ray job to run (the fields of {@link RayJobSubmission}) and the RayCluster to run it
 * on.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"entrypoint", "runtimeEnvYAML", "jobId", "metadata", "entrypointNumCpus",
    "entrypointNumGpus", "entrypointResources", "rayClusterSpec", "clusterSelector",
    "submissionMode", "submitterPodTemplate", "submitterConfig", "shutdownAfterJobFinishes",
    "ttlSecondsAfterFinished", "activeDeadlineSeconds", "preRunningDeadlineSeconds",
    "backoffLimit", "suspend", "managedBy", "deletionStrategy"})
@ValidationRule(value = "has(self.rayClusterSpec)"
    + " != (has(self.clusterSelector) && size(self.clusterSelector) > 0)",
    message = "exactly one of rayClusterSpec and clusterSelector must be set")
@ValidationRule(value = "!has(self.ttlSecondsAfterFinished) || self.ttlSecondsAfterFinished == 0"
    + " || (has(self.shutdownAfterJobFinishes) && self.shutdownAfterJobFinishes)",
    message = "ttlSecondsAfterFinished greater than 0 requires shutdownAfterJobFinishes: true")
@ValidationRule(value = "!has(self.suspend) || !self.suspend"
    + " || (has(self.shutdownAfterJobFinishes) && self.shutdownAfterJobFinishes)",
    message = "suspend: true requires shutdownAfterJobFinishes: true")
@ValidationRule(value = "!has(self.suspend) || !self.suspend"
    + " || !has(self.clusterSelector) || size(self.clusterSelector) == 0",
    message = "suspend is not supported with clusterSelector")
@ValidationRule(value = "!has(self.backoffLimit) || self.backoffLimit == 0"
    + " || !has(self.clusterSelector) || size(self.clusterSelector) == 0",
    message = "backoffLimit greater than 0 is not supported with clusterSelector")
@ValidationRule(value = "!has(self.submissionMode) || self.submissionMode != 'SidecarMode'"
    + " || ((!has(self.clusterSelector) || size(self.clusterSelector) == 0)"
    + " && !has(self.submitterPodTemplate) && !has(self.submitterConfig))",
    message = "SidecarMode does not support clusterSelector, submitterPodTemplate or submitterConfig")
@ValidationRule(value = "!has(self.deletionStrategy) || !has(self.deletionStrategy.deletionRules)"
    + " || !has(self.shutdownAfterJobFinishes) || !self.shutdownAfterJobFinishes",
    message = "deletionStrategy.deletionRules cannot be combined with shutdownAfterJobFinishes: true")
@ValidationRule(value = "has(self.managedBy) == has(oldSelf.managedBy)"
    + " && (!has(self.managedBy) || self.managedBy == oldSelf.managedBy)",
    message = "managedBy is immutable: it cannot be added, changed or removed after creation")
public class RayJobSpec extends RayJobSubmission {

  @JsonProperty("rayClusterSpec")
  @JsonPropertyDescription("Template of the RayCluster created for this job. Exactly one of rayClusterSpec and "
      + "clusterSelector.")
  private RayClusterSpec rayClusterSpec;

  @JsonProperty("clusterSelector")
  @JsonPropertyDescription("Run on an existing RayCluster instead of creating one: key ray.io/cluster names it. "
      + "Exactly one of rayClusterSpec and clusterSelector.")
  @ValidationRule(value = "size(self) == 0 || 'ray.io/cluster' in self",
      message = "clusterSelector must name the RayCluster with the key ray.io/cluster")
  private Map<String, String> clusterSelector;

  @JsonProperty("submissionMode")
  @JsonPropertyDescription("How the job is submitted: K8sJobMode (default), HTTPMode, SidecarMode or "
      + "InteractiveMode.")
  @Default("K8sJobMode")
  @Size(max = 64)
  @ValidationRule(value = "self in ['K8sJobMode', 'HTTPMode', 'SidecarMode', 'InteractiveMode']",
      message = "submissionMode must be one of: K8sJobMode, HTTPMode, SidecarMode, InteractiveMode")
  private String submissionMode;

  @JsonProperty("submitterPodTemplate")
  @JsonPropertyDescription("Pod template of the submitter Job in K8sJobMode. The Pod spec is kept as written and "
      + "validated when the Pod is created.")
  @SchemaFrom(type = PodTemplateSchema.class)
  private PodTemplateSpec submitterPodTemplate;

  @JsonProperty("submitterConfig")
  @JsonPropertyDescription("Settings of the submitter Job in K8sJobMode.")
  private SubmitterConfig submitterConfig;

  @JsonProperty("shutdownAfterJobFinishes")
  @JsonPropertyDescription("Delete the RayCluster when the job has finished.")
  private Boolean shutdownAfterJobFinishes;

  @JsonProperty("ttlSecondsAfterFinished")
  @JsonPropertyDescription("Seconds to keep the RayCluster after the job finished; needs shutdownAfterJobFinishes. "
      + "Default 0.")
  @Default("0")
  @ValidationRule(value = "self >= 0", message = "ttlSecondsAfterFinished must not be negative")
  private Integer ttlSecondsAfterFinished;

  @JsonProperty("activeDeadlineSeconds")
  @JsonPropertyDescription("Seconds the RayJob may run before it fails with DeadlineExceeded.")
  @ValidationRule(value = "self > 0", message = "activeDeadlineSeconds must be greater than 0")
  private Integer activeDeadlineSeconds;

  @JsonProperty("preRunningDeadlineSeconds")
  @JsonPropertyDescription("Seconds the RayJob may take to reach Running before it fails with "
      + "PreRunningDeadlineExceeded.")
  @ValidationRule(value = "self > 0", message = "preRunningDeadlineSeconds must be greater than 0")
  private Integer preRunningDeadlineSeconds;

  @JsonProperty("backoffLimit")
  @JsonPropertyDescription("Retries of a failed RayJob, each on a new RayCluster. Default 0.")
  @Default("0")
  @ValidationRule(value = "self >= 0", message = "backoffLimit must not be negative")
  private Integer backoffLimit;

  @JsonProperty("suspend")
  @JsonPropertyDescription("Suspend the RayJob: delete its RayCluster and submitter; resuming starts over. Needs "
      + "shutdownAfterJobFinishes.")
  private Boolean suspend;

  @JsonProperty("managedBy")
  @JsonPropertyDescription("The controller that reconciles this object. Unset or 'ray.io/kuberay-operator' means the "
      + "Ray operator; any other value (for example 'kueue.x-k8s.io/multikueue') tells the "
      + "operator to leave the object alone. Immutable: it cannot be added, changed or removed "
      + "after creation. At most 63 characters.")
  @Size(max = 63)
  private String managedBy;

  @JsonProperty("deletionStrategy")
  @JsonPropertyDescription("What to delete after the job has finished.")
  private DeletionStrategy deletionStrategy;

  /** Creates an empty {@code RayJobSpec}; every field starts unset. */
  public RayJobSpec() {
  }

  /**
   * Returns {@code rayClusterSpec}, or {@code null} when unset. Template of the RayCluster created for this job.
   */
  public RayClusterSpec getRayClusterSpec() {
    return rayClusterSpec;
  }

  public void setRayClusterSpec(RayClusterSpec rayClusterSpec) {
    this.rayClusterSpec = rayClusterSpec;
  }

  /**
   * Returns {@code clusterSelector}, or {@code null} when unset. Run on an existing RayCluster instead of creating
   * one: key ray.io/cluster names it.
   */
  public Map<String, String> getClusterSelector() {
    return clusterSelector;
  }

  public void setClusterSelector(Map<String, String> clusterSelector) {
    this.clusterSelector = clusterSelector;
  }

  /**
   * Returns {@code submissionMode} decoded as {@link JobSubmissionMode}: {@code null} when unset, {@link
   * JobSubmissionMode#UNKNOWN} for a value this model does not know (the written string stays available from {@link
   * #getSubmissionModeValue()}). How the job is submitted: K8sJobMode (default), HTTPMode, SidecarMode or
   * InteractiveMode.
   */
  public JobSubmissionMode getSubmissionMode() {
    return JobSubmissionMode.fromValue(submissionMode);
  }

  /**
   * Sets {@code submissionMode}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link JobSubmissionMode#UNKNOWN}, which has no wire value
   */
  public void setSubmissionMode(JobSubmissionMode submissionMode) {
    this.submissionMode = JobSubmissionMode.toValue(submissionMode);
  }

  /** Returns {@code submissionMode} exactly as written, or {@code null} when unset. */
  public String getSubmissionModeValue() {
    return submissionMode;
  }

  /** Sets {@code submissionMode} to a raw string, known to {@link JobSubmissionMode} or not. */
  public void setSubmissionModeValue(String submissionMode) {
    this.submissionMode = submissionMode;
  }

  /**
   * Returns {@code submitterPodTemplate}, or {@code null} when unset. Pod template of the submitter Job in K8sJobMode.
   */
  public PodTemplateSpec getSubmitterPodTemplate() {
    return submitterPodTemplate;
  }

  public void setSubmitterPodTemplate(PodTemplateSpec submitterPodTemplate) {
    this.submitterPodTemplate = submitterPodTemplate;
  }

  /**
   * Returns {@code submitterConfig}, or {@code null} when unset. Settings of the submitter Job in K8sJobMode.
   */
  public SubmitterConfig getSubmitterConfig() {
    return submitterConfig;
  }

  public void setSubmitterConfig(SubmitterConfig submitterConfig) {
    this.submitterConfig = submitterConfig;
  }

  /**
   * Returns {@code shutdownAfterJobFinishes}, or {@code null} when unset. Delete the RayCluster when the job has
   * finished.
   */
  public Boolean getShutdownAfterJobFinishes() {
    return shutdownAfterJobFinishes;
  }

  public void setShutdownAfterJobFinishes(Boolean shutdownAfterJobFinishes) {
    this.shutdownAfterJobFinishes = shutdownAfterJobFinishes;
  }

  /**
   * Returns {@code ttlSecondsAfterFinished}, or {@code null} when unset. Seconds to keep the RayCluster after the job
   * finished; needs shutdownAfterJobFinishes.
   */
  public Integer getTtlSecondsAfterFinished() {
    return ttlSecondsAfterFinished;
  }

  public void setTtlSecondsAfterFinished(Integer ttlSecondsAfterFinished) {
    this.ttlSecondsAfterFinished = ttlSecondsAfterFinished;
  }

  /**
   * Returns {@code activeDeadlineSeconds}, or {@code null} when unset. Seconds the RayJob may run before it fails with
   * DeadlineExceeded.
   */
  public Integer getActiveDeadlineSeconds() {
    return activeDeadlineSeconds;
  }

  public void setActiveDeadlineSeconds(Integer activeDeadlineSeconds) {
    this.activeDeadlineSeconds = activeDeadlineSeconds;
  }

  /**
   * Returns {@code preRunningDeadlineSeconds}, or {@code null} when unset. Seconds the RayJob may take to reach
   * Running before it fails with PreRunningDeadlineExceeded.
   */
  public Integer getPreRunningDeadlineSeconds() {
    return preRunningDeadlineSeconds;
  }

  public void setPreRunningDeadlineSeconds(Integer preRunningDeadlineSeconds) {
    this.preRunningDeadlineSeconds = preRunningDeadlineSeconds;
  }

  /**
   * Returns {@code backoffLimit}, or {@code null} when unset. Retries of a failed RayJob, each on a new RayCluster.
   */
  public Integer getBackoffLimit() {
    return backoffLimit;
  }

  public void setBackoffLimit(Integer backoffLimit) {
    this.backoffLimit = backoffLimit;
  }

  /**
   * Returns {@code suspend}, or {@code null} when unset. Suspend the RayJob: delete its RayCluster and submitter;
   * resuming starts over.
   */
  public Boolean getSuspend() {
    return suspend;
  }

  public void setSuspend(Boolean suspend) {
    this.suspend = suspend;
  }

  /**
   * Returns {@code managedBy}, or {@code null} when unset. The controller that reconciles this object.
   */
  public String getManagedBy() {
    return managedBy;
  }

  public void setManagedBy(String managedBy) {
    this.managedBy = managedBy;
  }

  /**
   * Returns {@code deletionStrategy}, or {@code null} when unset. What to delete after the job has finished.
   */
  public DeletionStrategy getDeletionStrategy() {
    return deletionStrategy;
  }

  public void setDeletionStrategy(DeletionStrategy deletionStrategy) {
    this.deletionStrategy = deletionStrategy;
  }

  @Override
  public boolean equals(Object o) {
    if (!super.equals(o)) {
      return false;
    }
    RayJobSpec that = (RayJobSpec) o;
    return Objects.equals(rayClusterSpec, that.rayClusterSpec)
        && Objects.equals(clusterSelector, that.clusterSelector)
        && Objects.equals(submissionMode, that.submissionMode)
        && Objects.equals(submitterPodTemplate, that.submitterPodTemplate)
        && Objects.equals(submitterConfig, that.submitterConfig)
        && Objects.equals(shutdownAfterJobFinishes, that.shutdownAfterJobFinishes)
        && Objects.equals(ttlSecondsAfterFinished, that.ttlSecondsAfterFinished)
        && Objects.equals(activeDeadlineSeconds, that.activeDeadlineSeconds)
        && Objects.equals(preRunningDeadlineSeconds, that.preRunningDeadlineSeconds)
        && Objects.equals(backoffLimit, that.backoffLimit) && Objects.equals(suspend, that.suspend)
        && Objects.equals(managedBy, that.managedBy) && Objects.equals(deletionStrategy, that.deletionStrategy);
  }

  @Override
  public int hashCode() {
    return Objects.hash(getEntrypoint(), getRuntimeEnvYAML(), getJobId(), getMetadata(), getEntrypointNumCpus(),
        getEntrypointNumGpus(), getEntrypointResources(), rayClusterSpec, clusterSelector, submissionMode,
        submitterPodTemplate, submitterConfig, shutdownAfterJobFinishes, ttlSecondsAfterFinished,
        activeDeadlineSeconds, preRunningDeadlineSeconds, backoffLimit, suspend, managedBy, deletionStrategy,
        getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "RayJobSpec{" + "entrypoint=" + getEntrypoint() + ", runtimeEnvYAML=" + getRuntimeEnvYAML()
        + ", jobId=" + getJobId() + ", metadata=" + getMetadata() + ", entrypointNumCpus=" + getEntrypointNumCpus()
        + ", entrypointNumGpus=" + getEntrypointNumGpus() + ", entrypointResources=" + getEntrypointResources()
        + ", rayClusterSpec=" + rayClusterSpec + ", clusterSelector=" + clusterSelector
        + ", submissionMode=" + submissionMode + ", submitterPodTemplate=" + submitterPodTemplate
        + ", submitterConfig=" + submitterConfig + ", shutdownAfterJobFinishes=" + shutdownAfterJobFinishes
        + ", ttlSecondsAfterFinished=" + ttlSecondsAfterFinished
        + ", activeDeadlineSeconds=" + activeDeadlineSeconds
        + ", preRunningDeadlineSeconds=" + preRunningDeadlineSeconds + ", backoffLimit=" + backoffLimit
        + ", suspend=" + suspend + ", managedBy=" + managedBy + ", deletionStrategy=" + deletionStrategy
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
