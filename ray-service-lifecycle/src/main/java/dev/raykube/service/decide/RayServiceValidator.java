package dev.raykube.service.decide;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.RecreateUpgrade;
import dev.raykube.cluster.RayClusterValidator;
import dev.raykube.kernel.GoDuration;
import dev.raykube.kernel.NameSuffixes;
import dev.raykube.kernel.Violation;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceSpec;
import dev.raykube.model.service.RayServiceUpgradeType;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Service;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Checks a RayService before anything is done for it: KubeRay's RayService validation, the CRD's rules again in Java,
 * the embedded cluster spec through {@link RayClusterValidator}, and what this operator does not implement. Pure. Each
 * broken rule gives one {@link Violation} whose message names the field and says how to fix it.
 */
public final class RayServiceValidator {

  /**
   * The longest RayService name: cluster names {@code <name>-<5 characters>} must stay within the 53 characters of
   * {@link RayClusterValidator#MAX_NAME_LENGTH}, and Service names {@code <name>-serve-svc} within 63 (KubeRay's 47).
   */
  public static final int MAX_NAME_LENGTH = 47;

  private static final Pattern DNS_1035_LABEL = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");

  private RayServiceValidator() {
  }

  /**
   * Validates a RayService.
   *
   * @param service the RayService; not null
   * @return the broken rules, in a stable order; empty when it is valid
   */
  public static List<Violation> validate(RayService service) {
    List<Violation> out = new ArrayList<>();
    String name = service.getMetadata() == null ? null : service.getMetadata().getName();
    checkName(name, out);
    checkTimeoutAnnotation(service, out);
    RayServiceSpec spec = service.getSpec();
    if (spec == null) {
      out.add(new Violation("spec", service.unreadableSpec().map(p -> "spec cannot be read: " + p)
          .orElse("spec is required")));
      return List.copyOf(out);
    }
    checkCluster(name, spec.getRayClusterConfig(), out);
    checkServeConfig(spec.getServeConfigV2(), out);
    Integer delay = spec.getRayClusterDeletionDelaySeconds();
    if (delay != null && delay < 0) {
      out.add(new Violation("spec.rayClusterDeletionDelaySeconds", "spec.rayClusterDeletionDelaySeconds must not be "
          + "negative, not " + delay));
    }
    if (spec.getUpgradeStrategy() != null && spec.getUpgradeStrategy().getTypeValue() != null) {
      RayServiceUpgradeType type = spec.getUpgradeStrategy().getType();
      String field = "spec.upgradeStrategy.type";
      if (type == RayServiceUpgradeType.UNKNOWN) {
        out.add(new Violation(field, field + " '" + spec.getUpgradeStrategy().getTypeValue()
            + "' is unknown; use NewCluster or None"));
      } else if (type == RayServiceUpgradeType.NEW_CLUSTER_WITH_INCREMENTAL_UPGRADE) {
        out.add(new Violation(field, field + " NewClusterWithIncrementalUpgrade is not supported by this operator; "
            + "use NewCluster (zero-downtime switch to a new cluster) or None"));
      }
    }
    Service serve = spec.getServeService();
    if (serve != null && serve.getMetadata() != null && serve.getMetadata().getName() != null
        && !DNS_1035_LABEL.matcher(serve.getMetadata().getName()).matches()) {
      out.add(new Violation("spec.serveService.metadata.name", "spec.serveService.metadata.name '"
          + serve.getMetadata().getName() + "' must be a DNS-1035 label"));
    }
    if (spec.getManagedBy() != null && spec.getManagedBy().length() > 63) {
      out.add(new Violation("spec.managedBy", "spec.managedBy must be at most 63 characters"));
    }
    return List.copyOf(out);
  }

  /**
   * The initializing timeout the RayService asks for with {@link RayServiceLabels#INITIALIZING_TIMEOUT}; empty when
   * the annotation is absent or invalid (then {@link #validate} reports it).
   */
  public static Optional<Duration> initializingTimeout(RayService service) {
    Map<String, String> annotations = service.getMetadata() == null ? null : service.getMetadata().getAnnotations();
    String value = annotations == null ? null : annotations.get(RayServiceLabels.INITIALIZING_TIMEOUT);
    return GoDuration.parse(value).filter(d -> !d.isNegative() && !d.isZero());
  }

  private static void checkName(String name, List<Violation> out) {
    Violation.ofName(name, MAX_NAME_LENGTH, "the names of its RayClusters ('" + name + "-xxxxx') and Services fit")
        .ifPresent(out::add);
  }

  private static void checkTimeoutAnnotation(RayService service, List<Violation> out) {
    Map<String, String> annotations = service.getMetadata() == null ? null : service.getMetadata().getAnnotations();
    if (annotations == null || !annotations.containsKey(RayServiceLabels.INITIALIZING_TIMEOUT)) {
      return;
    }
    if (initializingTimeout(service).isEmpty()) {
      String key = RayServiceLabels.INITIALIZING_TIMEOUT;
      out.add(new Violation("metadata.annotations[" + key + "]", "metadata.annotations[" + key + "] '"
          + annotations.get(key) + "' is not a positive duration; use a Go duration such as 5m or 1h30m, or seconds"));
    }
  }

  private static void checkCluster(String serviceName, RayClusterSpec spec, List<Violation> out) {
    String base = "spec.rayClusterConfig";
    if (spec == null) {
      out.add(new Violation(base, base + " is required"));
      return;
    }
    if (spec.getHeadGroupSpec() != null && spec.getHeadGroupSpec().getHeadService() != null
        && spec.getHeadGroupSpec().getHeadService().getMetadata() != null
        && spec.getHeadGroupSpec().getHeadService().getMetadata().getName() != null) {
      out.add(new Violation(base + ".headGroupSpec.headService.metadata.name", base
          + ".headGroupSpec.headService.metadata.name must not be set: every cluster of a RayService gets its own "
          + "head Service, and the RayService's is named <service>-head-svc"));
    }
    if (Boolean.TRUE.equals(spec.getSuspend())) {
      out.add(new Violation(base + ".suspend", base + ".suspend must not be set; suspend the RayService with "
          + "spec.suspend instead"));
    }
    if (RecreateUpgrade.enabled(spec)) {
      out.add(new Violation(base + ".upgradeStrategy.type", base + ".upgradeStrategy.type Recreate is not allowed on "
          + "a RayService's cluster: the RayService replaces its cluster itself (spec.upgradeStrategy)"));
    }
    if (spec.getAuthOptions() != null && Boolean.TRUE.equals(spec.getAuthOptions().getEnableK8sTokenAuth())) {
      out.add(new Violation(base + ".authOptions.enableK8sTokenAuth", base + ".authOptions.enableK8sTokenAuth is not "
          + "supported for a RayService's cluster (as in KubeRay): the operator reaches its dashboard with the "
          + "cluster's token Secret; use authOptions.mode 'token' without it"));
    }
    String managedBy = spec.getManagedBy();
    if (managedBy != null && !managedBy.equals(RayClusterLabels.MANAGED_BY_KUBERAY)) {
      out.add(new Violation(base + ".managedBy", base + ".managedBy must be unset or "
          + RayClusterLabels.MANAGED_BY_KUBERAY + ": the RayService's clusters are run by this operator"));
    }
    RayCluster probe = new RayCluster();
    String clusterName = (serviceName == null || serviceName.isEmpty() ? "service" : serviceName) + "-"
        + "x".repeat(NameSuffixes.LENGTH);
    probe.setMetadata(new ObjectMetaBuilder().withName(clusterName).build());
    probe.setSpec(spec);
    for (String problem : RayClusterValidator.validate(probe)) {
      if (problem.startsWith("metadata.")) {
        continue; // The service name is checked above.
      }
      String message = problem.startsWith("spec.") ? base + problem.substring("spec".length())
          : base + ": " + problem;
      out.add(new Violation(base, message));
    }
  }

  private static void checkServeConfig(String yaml, List<Violation> out) {
    String field = "spec.serveConfigV2";
    if (yaml == null || yaml.isBlank()) {
      out.add(new Violation(field, field + " is required: the Serve applications to run, as YAML with an "
          + "'applications' list"));
      return;
    }
    try {
      ServeConfig.parse(yaml);
    } catch (IllegalArgumentException e) {
      out.add(new Violation(field, field + " is invalid: " + e.getMessage()));
    }
  }
}
