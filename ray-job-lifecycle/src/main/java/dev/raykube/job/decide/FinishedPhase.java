package dev.raykube.job.decide;

import dev.raykube.model.job.DeletionCondition;
import dev.raykube.model.job.DeletionPolicy;
import dev.raykube.model.job.DeletionPolicyType;
import dev.raykube.model.job.DeletionRule;
import dev.raykube.model.job.DeletionStrategy;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJobStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Complete and Failed: nothing changes any more but what is deleted, and when. In order of precedence:
 * {@code deletionStrategy.deletionRules}; the legacy {@code deletionStrategy.onSuccess/onFailure} with
 * {@code ttlSecondsAfterFinished}; {@code shutdownAfterJobFinishes} with {@code ttlSecondsAfterFinished}. A policy is
 * due at {@code status.endTime + ttl}; among due policies whose effect is not there yet the most destructive runs
 * (DeleteSelf, then DeleteCluster, then DeleteWorkers); the decision requeues for the next one due. A selected
 * RayCluster is never deleted nor scaled down, and the submitter Job is kept for its logs.
 */
final class FinishedPhase {

  private record Planned(DeletionPolicyType policy, Instant due) {
  }

  private FinishedPhase() {
  }

  static void decide(DecisionDraft d) {
    Instant end = d.endTime();
    List<Planned> planned = plan(d, end);
    Planned chosen = null;
    Instant nextDue = null;
    for (Planned p : planned) {
      if (done(d, p.policy())) {
        continue;
      }
      if (d.now.isBefore(p.due())) {
        nextDue = nextDue == null || p.due().isBefore(nextDue) ? p.due() : nextDue;
      } else if (chosen == null || rank(p.policy()) > rank(chosen.policy())) {
        chosen = p;
      }
    }
    if (chosen != null) {
      RayJobStatus s = d.next;
      switch (chosen.policy()) {
        case DELETE_SELF:
          d.act(new RayJobAction.DeleteSelf());
          break;
        case DELETE_CLUSTER:
          d.act(new RayJobAction.DeleteCluster(s.getRayClusterName()));
          break;
        case DELETE_WORKERS:
          d.act(new RayJobAction.SuspendWorkers(s.getRayClusterName()));
          break;
        default:
          break;
      }
    }
    d.requeueAt(Optional.ofNullable(nextDue));
  }

  private static List<Planned> plan(DecisionDraft d, Instant end) {
    List<Planned> planned = new ArrayList<>();
    DeletionStrategy strategy = d.spec.getDeletionStrategy();
    int ttl = JobSpecs.ttlSecondsAfterFinished(d.spec);
    if (strategy != null && strategy.getDeletionRules() != null) {
      for (DeletionRule rule : strategy.getDeletionRules()) {
        if (rule != null && matches(rule.getCondition(), d.next)) {
          Integer ruleTtl = rule.getCondition().getTtlSeconds();
          planned.add(new Planned(rule.getPolicy(), end.plusSeconds(ruleTtl == null ? 0 : Math.max(0, ruleTtl))));
        }
      }
    } else if (strategy != null && (strategy.getOnSuccess() != null || strategy.getOnFailure() != null)) {
      DeletionPolicy policy = d.next.getJobStatus() == JobStatus.SUCCEEDED
          ? strategy.getOnSuccess() : strategy.getOnFailure();
      if (policy != null) {
        planned.add(new Planned(policy.getPolicy(), end.plusSeconds(ttl)));
      }
    } else if (JobSpecs.shutdownAfterJobFinishes(d.spec) && !JobSpecs.usesSelector(d.spec)) {
      DeletionPolicyType policy = d.settings.deleteRayJobAfterJobFinishes()
          ? DeletionPolicyType.DELETE_SELF : DeletionPolicyType.DELETE_CLUSTER;
      planned.add(new Planned(policy, end.plusSeconds(ttl)));
    }
    return planned;
  }

  private static boolean matches(DeletionCondition condition, RayJobStatus status) {
    if (condition == null) {
      return false;
    }
    if (condition.getJobStatusValue() != null) {
      return condition.getJobStatus() == status.getJobStatus();
    }
    if (condition.getJobDeploymentStatusValue() != null) {
      return condition.getJobDeploymentStatus() == status.getJobDeploymentStatus();
    }
    return false;
  }

  /** Whether the effect of a policy is already there (or it has none). */
  private static boolean done(DecisionDraft d, DeletionPolicyType policy) {
    if (policy == null) {
      return true;
    }
    switch (policy) {
      case DELETE_SELF:
        return false;
      case DELETE_CLUSTER:
      case DELETE_WORKERS: {
        ClusterObservation cluster = d.observed.cluster();
        if (JobSpecs.usesSelector(d.spec) || d.next.getRayClusterName() == null
            || !(cluster instanceof ClusterObservation.Present)) {
          return true;
        }
        ClusterObservation.Present present = (ClusterObservation.Present) cluster;
        if (!d.createdForThisJob(present.cluster()) || present.terminating()) {
          return true;
        }
        return policy == DeletionPolicyType.DELETE_WORKERS && present.workersSuspended();
      }
      default:
        return true;
    }
  }

  private static int rank(DeletionPolicyType policy) {
    switch (policy) {
      case DELETE_SELF:
        return 3;
      case DELETE_CLUSTER:
        return 2;
      case DELETE_WORKERS:
        return 1;
      default:
        return 0;
    }
  }
}
