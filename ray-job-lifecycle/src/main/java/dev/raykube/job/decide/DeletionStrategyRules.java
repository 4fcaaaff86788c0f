package dev.raykube.job.decide;

import dev.raykube.kernel.Violation;
import dev.raykube.model.job.DeletionCondition;
import dev.raykube.model.job.DeletionPolicy;
import dev.raykube.model.job.DeletionPolicyType;
import dev.raykube.model.job.DeletionRule;
import dev.raykube.model.job.DeletionStrategy;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJobSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The rules of {@code spec.deletionStrategy}: the CRD's CEL rules re-checked in Java, plus clusterSelector limits. */
final class DeletionStrategyRules {

  private static final String PATH = "spec.deletionStrategy";
  private static final int MAX_RULES = 32;

  private DeletionStrategyRules() {
  }

  static void check(RayJobSpec spec, List<Violation> out) {
    DeletionStrategy strategy = spec.getDeletionStrategy();
    if (strategy == null) {
      return;
    }
    boolean legacy = strategy.getOnSuccess() != null || strategy.getOnFailure() != null;
    List<DeletionRule> rules = strategy.getDeletionRules();
    boolean selector = JobSpecs.usesSelector(spec);
    if (legacy && rules != null) {
      out.add(new Violation(PATH, PATH + ": onSuccess/onFailure and deletionRules cannot be used together"));
    } else if (rules == null && (strategy.getOnSuccess() == null || strategy.getOnFailure() == null)) {
      out.add(new Violation(PATH, PATH + " needs either both onSuccess and onFailure, or deletionRules"));
    }
    if (strategy.getOnSuccess() != null) {
      checkPolicy(strategy.getOnSuccess(), PATH + ".onSuccess.policy", selector, out);
    }
    if (strategy.getOnFailure() != null) {
      checkPolicy(strategy.getOnFailure(), PATH + ".onFailure.policy", selector, out);
    }
    if (rules == null) {
      return;
    }
    if (JobSpecs.shutdownAfterJobFinishes(spec)) {
      out.add(new Violation(PATH + ".deletionRules", PATH
          + ".deletionRules cannot be combined with shutdownAfterJobFinishes: true; the rules decide what is deleted"));
    }
    if (rules.isEmpty() || rules.size() > MAX_RULES) {
      out.add(new Violation(PATH + ".deletionRules", PATH + ".deletionRules must have 1 to " + MAX_RULES
          + " rules, not " + rules.size()));
    }
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < rules.size(); i++) {
      String base = PATH + ".deletionRules[" + i + "]";
      DeletionRule rule = rules.get(i);
      if (rule == null) {
        out.add(new Violation(base, base + " is empty"));
        continue;
      }
      checkPolicyValue(rule.getPolicyValue(), rule.getPolicy(), base + ".policy", selector, out);
      String condition = checkCondition(rule.getCondition(), base + ".condition", out);
      if (condition != null && rule.getPolicyValue() != null) {
        Integer earlier = seen.putIfAbsent(rule.getPolicyValue() + " when " + condition, i);
        if (earlier != null) {
          out.add(new Violation(base, base + " repeats deletionRules[" + earlier + "]: the same policy for the same "
              + "condition"));
        }
      }
    }
  }

  private static void checkPolicy(DeletionPolicy policy, String field, boolean selector, List<Violation> out) {
    checkPolicyValue(policy.getPolicyValue(), policy.getPolicy(), field, selector, out);
  }

  private static void checkPolicyValue(String raw, DeletionPolicyType policy, String field, boolean selector,
      List<Violation> out) {
    if (raw == null) {
      out.add(new Violation(field, field + " is required"));
    } else if (policy == DeletionPolicyType.UNKNOWN) {
      out.add(new Violation(field, field + " '" + raw
          + "' is unknown; use one of: DeleteCluster, DeleteWorkers, DeleteSelf, DeleteNone"));
    } else if (selector && (policy == DeletionPolicyType.DELETE_CLUSTER
        || policy == DeletionPolicyType.DELETE_WORKERS)) {
      out.add(new Violation(field, field + " " + raw + " is not supported with clusterSelector: a selected RayCluster "
          + "is never deleted or scaled down; use DeleteSelf or DeleteNone"));
    }
  }

  /** Checks a condition and returns a key for duplicate detection, or null when it is invalid. */
  private static String checkCondition(DeletionCondition condition, String field, List<Violation> out) {
    if (condition == null) {
      out.add(new Violation(field, field + " is required"));
      return null;
    }
    String jobStatus = condition.getJobStatusValue();
    String deploymentStatus = condition.getJobDeploymentStatusValue();
    boolean valid = true;
    if ((jobStatus == null) == (deploymentStatus == null)) {
      out.add(new Violation(field, field + " needs exactly one of jobStatus and jobDeploymentStatus"));
      valid = false;
    }
    if (jobStatus != null && condition.getJobStatus() != JobStatus.SUCCEEDED
        && condition.getJobStatus() != JobStatus.FAILED) {
      out.add(new Violation(field + ".jobStatus", field + ".jobStatus '" + jobStatus
          + "' is not allowed; use one of: SUCCEEDED, FAILED"));
      valid = false;
    }
    if (deploymentStatus != null && condition.getJobDeploymentStatus() != JobDeploymentStatus.FAILED) {
      out.add(new Violation(field + ".jobDeploymentStatus", field + ".jobDeploymentStatus '" + deploymentStatus
          + "' is not allowed; use Failed"));
      valid = false;
    }
    if (condition.getTtlSeconds() != null && condition.getTtlSeconds() < 0) {
      out.add(new Violation(field + ".ttlSeconds", field + ".ttlSeconds must not be negative, not "
          + condition.getTtlSeconds()));
      valid = false;
    }
    if (!valid) {
      return null;
    }
    return (jobStatus != null ? "jobStatus=" + jobStatus : "jobDeploymentStatus=" + deploymentStatus);
  }
}
