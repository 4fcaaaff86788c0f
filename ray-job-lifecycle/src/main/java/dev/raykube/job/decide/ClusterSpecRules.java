package dev.raykube.job.decide;

import dev.raykube.kernel.Violation;
import dev.raykube.model.cluster.AutoscalerOptions;
import dev.raykube.model.cluster.AutoscalerVersion;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.RayClusterUpgradeType;
import dev.raykube.model.cluster.UpscalingMode;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules for the RayCluster spec embedded in a RayJob ({@code spec.rayClusterSpec}): the CRD's CEL and schema rules
 * re-checked in Java, plus what a RayJob's own cluster must not use.
 */
final class ClusterSpecRules {

  private static final String PATH = "spec.rayClusterSpec";

  private ClusterSpecRules() {
  }

  static void check(RayClusterSpec spec, List<Violation> out) {
    HeadGroupSpec head = spec.getHeadGroupSpec();
    if (head == null) {
      out.add(new Violation(PATH + ".headGroupSpec", PATH + ".headGroupSpec is required"));
    } else {
      requireContainer(head.getTemplate(), PATH + ".headGroupSpec.template", out);
    }
    checkWorkers(spec.getWorkerGroupSpecs(), out);
    if (Boolean.TRUE.equals(spec.getSuspend())) {
      out.add(new Violation(PATH + ".suspend", PATH + ".suspend must not be set on a RayJob's cluster; suspend the "
          + "RayJob with spec.suspend instead"));
    }
    if (spec.getUpgradeStrategy() != null && spec.getUpgradeStrategy().getTypeValue() != null) {
      RayClusterUpgradeType type = spec.getUpgradeStrategy().getType();
      String field = PATH + ".upgradeStrategy.type";
      if (type == RayClusterUpgradeType.UNKNOWN) {
        out.add(new Violation(field, field + " '" + spec.getUpgradeStrategy().getTypeValue()
            + "' is unknown; use one of: Recreate, None"));
      } else if (type == RayClusterUpgradeType.RECREATE) {
        out.add(new Violation(field, field + " Recreate is not allowed for a RayJob's cluster: recreating its Pods "
            + "would kill the running job"));
      }
    }
    if (spec.getAuthOptions() != null && Boolean.TRUE.equals(spec.getAuthOptions().getEnableK8sTokenAuth())) {
      out.add(new Violation(PATH + ".authOptions.enableK8sTokenAuth", PATH + ".authOptions.enableK8sTokenAuth is "
          + "not supported for a RayJob's cluster (as in KubeRay): the operator reaches its dashboard with the "
          + "cluster's token Secret; use authOptions.mode 'token' without it"));
    }
    AutoscalerOptions autoscaler = spec.getAutoscalerOptions();
    if (autoscaler != null) {
      String base = PATH + ".autoscalerOptions";
      if (autoscaler.getUpscalingMode() == UpscalingMode.UNKNOWN) {
        out.add(new Violation(base + ".upscalingMode", base + ".upscalingMode '" + autoscaler.getUpscalingModeValue()
            + "' is unknown; use one of: Default, Aggressive, Conservative"));
      }
      if (autoscaler.getVersion() == AutoscalerVersion.UNKNOWN) {
        out.add(new Violation(base + ".version", base + ".version '" + autoscaler.getVersionValue()
            + "' is unknown; use one of: v1, v2"));
      }
      notNegative(autoscaler.getIdleTimeoutSeconds(), base + ".idleTimeoutSeconds", out);
    }
  }

  private static void checkWorkers(List<WorkerGroupSpec> groups, List<Violation> out) {
    if (groups == null) {
      return;
    }
    Set<String> names = new HashSet<>();
    for (int i = 0; i < groups.size(); i++) {
      WorkerGroupSpec group = groups.get(i);
      String base = PATH + ".workerGroupSpecs[" + i + "]";
      if (group == null) {
        out.add(new Violation(base, base + " is empty"));
        continue;
      }
      String name = group.getGroupName();
      if (name == null || name.isBlank()) {
        out.add(new Violation(base + ".groupName", base + ".groupName is required"));
      } else if (name.length() > 63) {
        out.add(new Violation(base + ".groupName", base + ".groupName '" + name + "' is longer than 63 characters"));
      } else if (!names.add(name)) {
        out.add(new Violation(base + ".groupName", base + ".groupName '" + name
            + "' is used by another worker group; groupName must be unique among workerGroupSpecs"));
      }
      notNegative(group.getReplicas(), base + ".replicas", out);
      notNegative(group.getMinReplicas(), base + ".minReplicas", out);
      notNegative(group.getMaxReplicas(), base + ".maxReplicas", out);
      notNegative(group.getIdleTimeoutSeconds(), base + ".idleTimeoutSeconds", out);
      if (group.getMinReplicas() != null && group.getMaxReplicas() != null
          && group.getMinReplicas() > group.getMaxReplicas()) {
        out.add(new Violation(base + ".minReplicas", base + ".minReplicas (" + group.getMinReplicas()
            + ") must be less than or equal to maxReplicas (" + group.getMaxReplicas() + ")"));
      }
      requireContainer(group.getTemplate(), base + ".template", out);
    }
  }

  private static void requireContainer(PodTemplateSpec template, String path, List<Violation> out) {
    if (template == null) {
      out.add(new Violation(path, path + " is required"));
    } else if (template.getSpec() == null || template.getSpec().getContainers() == null
        || template.getSpec().getContainers().isEmpty()) {
      out.add(new Violation(path + ".spec.containers", path + ".spec.containers must have at least one container "
          + "(the first one runs Ray)"));
    }
  }

  private static void notNegative(Integer value, String field, List<Violation> out) {
    if (value != null && value < 0) {
      out.add(new Violation(field, field + " must not be negative, not " + value));
    }
  }
}
