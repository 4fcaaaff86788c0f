package dev.raykube.operator.testing;

import dev.raykube.model.job.DeletionCondition;
import dev.raykube.model.job.DeletionPolicyType;
import dev.raykube.model.job.DeletionRule;
import dev.raykube.model.job.DeletionStrategy;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import java.util.List;

/** {@code spec.deletionStrategy} for tests. */
public final class DeletionRules {

  private DeletionRules() {
  }

  /** Sets one deletion rule on {@code job}: {@code policy} as soon as the Ray job SUCCEEDED (TTL 0); returns it. */
  public static RayJob onSuccess(RayJob job, DeletionPolicyType policy) {
    DeletionCondition condition = new DeletionCondition();
    condition.setJobStatus(JobStatus.SUCCEEDED);
    condition.setTtlSeconds(0);
    DeletionRule rule = new DeletionRule();
    rule.setCondition(condition);
    rule.setPolicy(policy);
    DeletionStrategy strategy = new DeletionStrategy();
    strategy.setDeletionRules(List.of(rule));
    job.getSpec().setDeletionStrategy(strategy);
    return job;
  }
}
