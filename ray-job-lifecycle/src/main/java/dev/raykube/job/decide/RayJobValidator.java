package dev.raykube.job.decide;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.kernel.NameSuffixes;
import dev.raykube.kernel.Violation;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks a RayJob before anything is done for it: the RayJob rules of KubeRay's controller validation and the CRD's CEL
 * rules again in Java (the CRUD mock server and older API servers do not run CEL). Pure: no I/O. Each broken rule gives
 * one {@link Violation} with a message that names the field and says how to fix it. Immutability rules
 * ({@code managedBy}) need the old object and stay with the API server.
 */
public final class RayJobValidator {

  /**
   * The longest RayJob name: generated names {@code <name>-<5 characters>} (RayCluster, submission id) must stay
   * DNS-1035 labels of at most 63 characters.
   */
  public static final int MAX_NAME_LENGTH = 63 - 1 - NameSuffixes.LENGTH;


  private final Set<JobSubmissionMode> supportedModes;

  /**
   * Creates a validator that accepts the given submission modes.
   *
   * @param supportedModes the modes this operator implements; others are rejected as "not supported yet"
   */
  public RayJobValidator(Set<JobSubmissionMode> supportedModes) {
    Objects.requireNonNull(supportedModes, "supportedModes");
    this.supportedModes = Collections.unmodifiableSet(supportedModes.isEmpty()
        ? EnumSet.noneOf(JobSubmissionMode.class) : EnumSet.copyOf(supportedModes));
  }

  /** Creates a validator for the modes of {@link RayJobSettings#supportedSubmissionModes()}. */
  public static RayJobValidator of(RayJobSettings settings) {
    return new RayJobValidator(settings.supportedSubmissionModes());
  }

  /**
   * Validates a RayJob.
   *
   * @param job the RayJob; not null
   * @return the broken rules, in a stable order; empty when the RayJob is valid
   */
  public List<Violation> validate(RayJob job) {
    Objects.requireNonNull(job, "job");
    List<Violation> out = new ArrayList<>();
    checkName(JobSpecs.name(job), out);
    RayJobSpec spec = job.getSpec();
    if (spec == null) {
      out.add(new Violation("spec", job.unreadableSpec().map(p -> "spec cannot be read: " + p)
          .orElse("spec is required")));
      return List.copyOf(out);
    }
    checkCluster(spec, out);
    JobSubmissionMode mode = checkMode(spec, out);
    checkSubmission(spec, mode, out);
    checkLifetime(spec, out);
    DeletionStrategyRules.check(spec, out);
    return List.copyOf(out);
  }

  private static void checkName(String name, List<Violation> out) {
    Violation.ofName(name, MAX_NAME_LENGTH, "the generated names '" + name
        + "-xxxxx' of its RayCluster and submission id fit in 63").ifPresent(out::add);
  }

  private static void checkCluster(RayJobSpec spec, List<Violation> out) {
    boolean hasSpec = spec.getRayClusterSpec() != null;
    boolean hasSelector = JobSpecs.usesSelector(spec);
    if (hasSpec && hasSelector) {
      out.add(new Violation("spec.clusterSelector", "spec.rayClusterSpec and spec.clusterSelector are both set; set "
          + "exactly one: rayClusterSpec to create a RayCluster for the job, or clusterSelector to use an existing one"));
    } else if (!hasSpec && !hasSelector) {
      out.add(new Violation("spec.rayClusterSpec", "neither spec.rayClusterSpec nor spec.clusterSelector is set; set "
          + "exactly one: rayClusterSpec to create a RayCluster for the job, or clusterSelector to use an existing one"));
    }
    if (hasSelector && JobSpecs.selectedCluster(spec) == null) {
      out.add(new Violation("spec.clusterSelector", "spec.clusterSelector must name the RayCluster with the key "
          + RayClusterLabels.CLUSTER));
    }
    if (hasSpec) {
      ClusterSpecRules.check(spec.getRayClusterSpec(), out);
    }
  }

  private JobSubmissionMode checkMode(RayJobSpec spec, List<Violation> out) {
    JobSubmissionMode mode = JobSpecs.mode(spec);
    if (mode == JobSubmissionMode.UNKNOWN) {
      out.add(new Violation("spec.submissionMode", "spec.submissionMode '" + spec.getSubmissionModeValue()
          + "' is unknown; use one of: K8sJobMode, HTTPMode, SidecarMode, InteractiveMode"));
      return mode;
    }
    if (!supportedModes.contains(mode)) {
      out.add(new Violation("spec.submissionMode", "spec.submissionMode " + mode.value()
          + " is not supported yet by this operator; use one of: " + supportedModes.stream()
          .map(JobSubmissionMode::value).collect(Collectors.joining(", "))));
    }
    if (mode == JobSubmissionMode.SIDECAR_MODE && (JobSpecs.usesSelector(spec)
        || spec.getSubmitterPodTemplate() != null || spec.getSubmitterConfig() != null)) {
      out.add(new Violation("spec.submissionMode", "spec.submissionMode SidecarMode does not support clusterSelector, "
          + "submitterPodTemplate or submitterConfig"));
    }
    return mode;
  }

  private static void checkSubmission(RayJobSpec spec, JobSubmissionMode mode, List<Violation> out) {
    boolean blankEntrypoint = spec.getEntrypoint() == null || spec.getEntrypoint().isBlank();
    if (blankEntrypoint && (mode == JobSubmissionMode.HTTP_MODE || mode == JobSubmissionMode.SIDECAR_MODE)) {
      out.add(new Violation("spec.entrypoint", "spec.entrypoint is required in " + mode.value()));
    } else if (blankEntrypoint && mode == JobSubmissionMode.K8S_JOB_MODE
        && !submitterHasCommand(spec.getSubmitterPodTemplate())) {
      out.add(new Violation("spec.entrypoint", "spec.entrypoint is required in K8sJobMode unless "
          + "spec.submitterPodTemplate gives the submitter container its own command"));
    }
    try {
      JobSubmitRequests.runtimeEnv(spec.getRuntimeEnvYAML());
    } catch (IllegalArgumentException e) {
      out.add(new Violation("spec.runtimeEnvYAML", "spec.runtimeEnvYAML is invalid: " + e.getMessage()));
    }
    try {
      JobSubmitRequests.entrypointResources(spec.getEntrypointResources());
    } catch (IllegalArgumentException e) {
      out.add(new Violation("spec.entrypointResources", "spec.entrypointResources is invalid: " + e.getMessage()));
    }
    checkAmount(spec.getEntrypointNumCpus(), "spec.entrypointNumCpus", out);
    checkAmount(spec.getEntrypointNumGpus(), "spec.entrypointNumGpus", out);
    if (spec.getMetadata() != null) {
      for (Map.Entry<String, String> entry : spec.getMetadata().entrySet()) {
        if (entry.getKey() == null || entry.getValue() == null) {
          out.add(new Violation("spec.metadata", "spec.metadata['" + entry.getKey() + "'] has no value"));
        }
      }
    }
    if (spec.getSubmitterConfig() != null && spec.getSubmitterConfig().getBackoffLimit() != null
        && spec.getSubmitterConfig().getBackoffLimit() < 0) {
      out.add(new Violation("spec.submitterConfig.backoffLimit", "spec.submitterConfig.backoffLimit must not be "
          + "negative, not " + spec.getSubmitterConfig().getBackoffLimit()));
    }
    if (mode == JobSubmissionMode.HTTP_MODE || mode == JobSubmissionMode.INTERACTIVE_MODE) {
      if (spec.getSubmitterPodTemplate() != null) {
        out.add(new Violation("spec.submitterPodTemplate", "spec.submitterPodTemplate is only used in K8sJobMode; "
            + "remove it or use K8sJobMode"));
      }
      if (spec.getSubmitterConfig() != null) {
        out.add(new Violation("spec.submitterConfig", "spec.submitterConfig is only used in K8sJobMode; remove it "
            + "or use K8sJobMode"));
      }
    }
    if (spec.getManagedBy() != null && spec.getManagedBy().length() > 63) {
      out.add(new Violation("spec.managedBy", "spec.managedBy must be at most 63 characters"));
    }
  }

  private static void checkLifetime(RayJobSpec spec, List<Violation> out) {
    boolean shutdown = JobSpecs.shutdownAfterJobFinishes(spec);
    boolean selector = JobSpecs.usesSelector(spec);
    Integer ttl = spec.getTtlSecondsAfterFinished();
    if (ttl != null && ttl < 0) {
      out.add(new Violation("spec.ttlSecondsAfterFinished", "spec.ttlSecondsAfterFinished must not be negative, not "
          + ttl));
    } else if (ttl != null && ttl > 0 && !shutdown) {
      out.add(new Violation("spec.ttlSecondsAfterFinished", "spec.ttlSecondsAfterFinished greater than 0 requires "
          + "shutdownAfterJobFinishes: true"));
    }
    if (JobSpecs.suspend(spec) && !shutdown) {
      out.add(new Violation("spec.suspend", "spec.suspend: true requires shutdownAfterJobFinishes: true"));
    }
    if (JobSpecs.suspend(spec) && selector) {
      out.add(new Violation("spec.suspend", "spec.suspend is not supported with clusterSelector: suspending deletes "
          + "the RayCluster, and a selected one is never deleted"));
    }
    positive(spec.getActiveDeadlineSeconds(), "spec.activeDeadlineSeconds", out);
    positive(spec.getPreRunningDeadlineSeconds(), "spec.preRunningDeadlineSeconds", out);
    Integer backoffLimit = spec.getBackoffLimit();
    if (backoffLimit != null && backoffLimit < 0) {
      out.add(new Violation("spec.backoffLimit", "spec.backoffLimit must not be negative, not " + backoffLimit));
    } else if (backoffLimit != null && backoffLimit > 0 && selector) {
      out.add(new Violation("spec.backoffLimit", "spec.backoffLimit greater than 0 is not supported with "
          + "clusterSelector: each retry runs on a new RayCluster"));
    }
  }

  private static boolean submitterHasCommand(PodTemplateSpec template) {
    if (template == null || template.getSpec() == null || template.getSpec().getContainers() == null
        || template.getSpec().getContainers().isEmpty()) {
      return false;
    }
    Container first = template.getSpec().getContainers().get(0);
    return first != null && first.getCommand() != null && !first.getCommand().isEmpty();
  }

  private static void checkAmount(Double value, String field, List<Violation> out) {
    if (value != null && (value.isNaN() || value.isInfinite() || value < 0)) {
      out.add(new Violation(field, field + " must be a finite number >= 0, not " + value));
    }
  }

  private static void positive(Integer value, String field, List<Violation> out) {
    if (value != null && value <= 0) {
      out.add(new Violation(field, field + " must be greater than 0, not " + value));
    }
  }
}
