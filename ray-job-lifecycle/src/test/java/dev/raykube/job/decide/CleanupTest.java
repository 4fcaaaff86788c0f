package dev.raykube.job.decide;

import static dev.raykube.job.decide.Fixtures.CLUSTER;
import static dev.raykube.job.decide.Fixtures.at;
import static dev.raykube.job.decide.Fixtures.in;
import static dev.raykube.job.decide.Fixtures.job;
import static dev.raykube.job.decide.Fixtures.machine;
import static dev.raykube.job.decide.Fixtures.observe;
import static dev.raykube.job.decide.Fixtures.seconds;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.DeletionCondition;
import dev.raykube.model.job.DeletionPolicy;
import dev.raykube.model.job.DeletionPolicyType;
import dev.raykube.model.job.DeletionRule;
import dev.raykube.model.job.DeletionStrategy;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Reference §4.2 row {@code Complete/Failed} and §4.5: clean-up after the end. The job ended at t=100. */
class CleanupTest {

  private static RayJob ended(JobDeploymentStatus state, JobStatus jobStatus, Consumer<RayJobSpec> spec) {
    return in(job(spec), state, s -> {
      s.setJobStatus(jobStatus);
      s.setEndTime(Fixtures.time(100));
      if (state == JobDeploymentStatus.FAILED) {
        s.setReason(JobFailedReason.APP_FAILED);
        s.setFailed(1);
      }
    });
  }

  private static RayJob succeeded(Consumer<RayJobSpec> spec) {
    return ended(JobDeploymentStatus.COMPLETE, JobStatus.SUCCEEDED, spec);
  }

  private static RayJobObservation clusterUp() {
    return observe(Fixtures.ready(CLUSTER));
  }

  private static void shutdown(RayJobSpec spec, int ttl) {
    spec.setShutdownAfterJobFinishes(true);
    spec.setTtlSecondsAfterFinished(ttl);
  }

  private static DeletionRule rule(DeletionPolicyType policy, JobStatus jobStatus, JobDeploymentStatus deployment,
      int ttl) {
    DeletionCondition condition = new DeletionCondition();
    condition.setJobStatus(jobStatus);
    condition.setJobDeploymentStatus(deployment);
    condition.setTtlSeconds(ttl);
    DeletionRule rule = new DeletionRule();
    rule.setPolicy(policy);
    rule.setCondition(condition);
    return rule;
  }

  private static void rules(RayJobSpec spec, DeletionRule... rules) {
    DeletionStrategy strategy = new DeletionStrategy();
    strategy.setDeletionRules(new ArrayList<>(List.of(rules)));
    spec.setDeletionStrategy(strategy);
  }

  @Test
  @DisplayName("§4.2 Complete/Failed | shutdownAfterJobFinishes, TTL not due → no action, requeue at endTime+TTL")
  void ttlNotDue() {
    Decision decision = machine().decide(succeeded(spec -> shutdown(spec, 60)), clusterUp(), at(130));
    assertThat(decision.actions()).containsExactly(new RayJobAction.RequeueAfter(seconds(30)));
    assertThat(decision.statusChanged(succeeded(spec -> shutdown(spec, 60)).getStatus())).isFalse();
  }

  @Test
  @DisplayName("§4.2 Complete/Failed | shutdownAfterJobFinishes, endTime+TTL due → DeleteCluster (submitter kept)")
  void ttlDue() {
    Decision decision = machine().decide(succeeded(spec -> shutdown(spec, 60)), clusterUp(), at(160));
    assertThat(decision.actions()).containsExactly(new RayJobAction.DeleteCluster(CLUSTER));
  }

  @Test
  @DisplayName("§4.2 Complete/Failed | shutdownAfterJobFinishes, TTL 0, Failed → DeleteCluster at once")
  void ttlZeroFailed() {
    RayJob job = ended(JobDeploymentStatus.FAILED, JobStatus.FAILED, spec -> shutdown(spec, 0));
    Decision decision = machine().decide(job, clusterUp(), at(100));
    assertThat(decision.actions()).containsExactly(new RayJobAction.DeleteCluster(CLUSTER));
  }

  @Test
  @DisplayName("§4.2 Complete/Failed | cluster already gone or being deleted → nothing, no requeue")
  void clusterGone() {
    assertThat(machine().decide(succeeded(spec -> shutdown(spec, 0)), RayJobObservation.nothing(), at(200))
        .actions()).isEmpty();
    RayCluster deleting = Fixtures.cluster(CLUSTER, true);
    deleting.getMetadata().setDeletionTimestamp(Fixtures.time(150));
    assertThat(machine().decide(succeeded(spec -> shutdown(spec, 0)),
        observe(ClusterObservation.present(deleting, null)), at(200)).actions()).isEmpty();
  }

  @Test
  @DisplayName("§4.2 Complete/Failed | clusterSelector → nothing, ever (never a selected cluster)")
  void selectorNeverDeleted() {
    RayJob job = succeeded(spec -> {
      Fixtures.selector(spec);
      spec.setShutdownAfterJobFinishes(true);
    });
    Decision decision = machine().decide(job,
        observe(ClusterObservation.present(Fixtures.cluster("shared", true), null)), at(10_000));
    assertThat(decision.actions()).isEmpty();
  }

  @Test
  @DisplayName("§4.2 Complete/Failed | no shutdownAfterJobFinishes, no deletionStrategy → nothing")
  void keepEverything() {
    assertThat(machine().decide(succeeded(spec -> { }), clusterUp(), at(10_000)).actions()).isEmpty();
  }

  @Test
  @DisplayName("§4.2 Complete/Failed | a cluster not created for this RayJob is never deleted")
  void foreignClusterKept() {
    Decision decision = machine().decide(succeeded(spec -> shutdown(spec, 0)),
        observe(ClusterObservation.present(Fixtures.foreignCluster(CLUSTER), null)), at(200));
    assertThat(decision.actions()).isEmpty();
  }

  @Test
  @DisplayName("§4.5 | DELETE_RAYJOB_CR_AFTER_JOB_FINISHES (settings) → DeleteSelf at endTime+TTL")
  void deleteSelfSetting() {
    RayJobStateMachine machine = Fixtures.machine(RayJobSettings.defaults().withDeleteRayJobAfterJobFinishes(true));
    assertThat(machine.decide(succeeded(spec -> shutdown(spec, 10)), clusterUp(), at(110)).actions())
        .containsExactly(new RayJobAction.DeleteSelf());
  }

  @Test
  @DisplayName("§4.5 | endTime missing (status written elsewhere) → set to now, TTL counts from there")
  void missingEndTime() {
    RayJob job = succeeded(spec -> shutdown(spec, 60));
    job.getStatus().setEndTime(null);
    Decision decision = machine().decide(job, clusterUp(), at(500));
    assertThat(decision.status().getEndTime()).isEqualTo(Fixtures.time(500));
    assertThat(decision.requeueAfter()).contains(seconds(60));
  }

  static Stream<Arguments> rulesTable() {
    DeletionRule workersAt0 = rule(DeletionPolicyType.DELETE_WORKERS, JobStatus.SUCCEEDED, null, 0);
    DeletionRule clusterAt60 = rule(DeletionPolicyType.DELETE_CLUSTER, JobStatus.SUCCEEDED, null, 60);
    DeletionRule selfAt300 = rule(DeletionPolicyType.DELETE_SELF, JobStatus.SUCCEEDED, null, 300);
    DeletionRule clusterOnFailure = rule(DeletionPolicyType.DELETE_CLUSTER, JobStatus.FAILED, null, 0);
    DeletionRule noneAt0 = rule(DeletionPolicyType.DELETE_NONE, JobStatus.SUCCEEDED, null, 0);
    List<DeletionRule> ladder = List.of(workersAt0, clusterAt60, selfAt300);
    return Stream.of(
        Arguments.of("t=100: DeleteWorkers due → SuspendWorkers, requeue at the next rule (t=160)", ladder, 100,
            false, List.of(new RayJobAction.SuspendWorkers(CLUSTER), new RayJobAction.RequeueAfter(seconds(60)))),
        Arguments.of("t=100, workers already suspended → nothing but the requeue", ladder, 100, true,
            List.of(new RayJobAction.RequeueAfter(seconds(60)))),
        Arguments.of("t=170: Workers and Cluster overdue → the most destructive (DeleteCluster) first", ladder, 170,
            false, List.of(new RayJobAction.DeleteCluster(CLUSTER), new RayJobAction.RequeueAfter(seconds(230)))),
        Arguments.of("t=400: all overdue → DeleteSelf", ladder, 400, false, List.of(new RayJobAction.DeleteSelf())),
        Arguments.of("a rule for FAILED does not match a SUCCEEDED job", List.of(clusterOnFailure), 1000, false,
            List.of()),
        Arguments.of("DeleteNone deletes nothing", List.of(noneAt0), 1000, false, List.of()));
  }

  @ParameterizedTest(name = "§4.5 deletionRules | {0}")
  @MethodSource("rulesTable")
  @DisplayName("§4.5 | deletionRules: due at endTime+ttlSeconds; the most destructive overdue, incomplete rule runs; "
      + "requeue at the next due rule")
  void deletionRules(String row, List<DeletionRule> rules, long now, boolean workersSuspended,
      List<RayJobAction> expected) {
    RayJob job = succeeded(spec -> rules(spec, rules.toArray(new DeletionRule[0])));
    RayCluster cluster = Fixtures.cluster(CLUSTER, true);
    if (workersSuspended) {
      cluster.getSpec().getWorkerGroupSpecs().forEach(g -> g.setSuspend(true));
    }
    Decision decision = machine().decide(job, observe(ClusterObservation.present(cluster, null)), at(now));
    assertThat(decision.actions()).containsExactlyElementsOf(expected);
  }

  @Test
  @DisplayName("§4.5 | deletionRules condition jobDeploymentStatus=Failed matches a Failed RayJob whatever its job did")
  void deploymentFailedCondition() {
    RayJob job = ended(JobDeploymentStatus.FAILED, JobStatus.RUNNING,
        spec -> rules(spec, rule(DeletionPolicyType.DELETE_CLUSTER, null, JobDeploymentStatus.FAILED, 0)));
    job.getStatus().setReason(JobFailedReason.DEADLINE_EXCEEDED);
    assertThat(machine().decide(job, clusterUp(), at(100)).actions())
        .containsExactly(new RayJobAction.DeleteCluster(CLUSTER));
  }

  @Test
  @DisplayName("§4.5 | deletionRules with clusterSelector: DeleteSelf runs, the selected cluster is left alone")
  void selectorDeleteSelf() {
    RayJob job = succeeded(spec -> {
      Fixtures.selector(spec);
      rules(spec, rule(DeletionPolicyType.DELETE_SELF, JobStatus.SUCCEEDED, null, 30));
    });
    Decision decision = machine().decide(job,
        observe(ClusterObservation.present(Fixtures.cluster("shared", true), null)), at(130));
    assertThat(decision.actions()).containsExactly(new RayJobAction.DeleteSelf());
  }

  @Test
  @DisplayName("§4.5 | legacy onSuccess/onFailure use ttlSecondsAfterFinished")
  void legacyPolicies() {
    Consumer<RayJobSpec> legacy = spec -> {
      DeletionStrategy strategy = new DeletionStrategy();
      DeletionPolicy onSuccess = new DeletionPolicy();
      onSuccess.setPolicy(DeletionPolicyType.DELETE_CLUSTER);
      DeletionPolicy onFailure = new DeletionPolicy();
      onFailure.setPolicy(DeletionPolicyType.DELETE_NONE);
      strategy.setOnSuccess(onSuccess);
      strategy.setOnFailure(onFailure);
      spec.setDeletionStrategy(strategy);
      spec.setShutdownAfterJobFinishes(true);
      spec.setTtlSecondsAfterFinished(20);
    };
    assertThat(machine().decide(succeeded(legacy), clusterUp(), at(110)).actions())
        .containsExactly(new RayJobAction.RequeueAfter(seconds(10)));
    assertThat(machine().decide(succeeded(legacy), clusterUp(), at(120)).actions())
        .containsExactly(new RayJobAction.DeleteCluster(CLUSTER));
    assertThat(machine().decide(ended(JobDeploymentStatus.FAILED, JobStatus.FAILED, legacy), clusterUp(), at(500))
        .actions()).isEmpty();
  }

  @Test
  @DisplayName("§4.5 | a finished RayJob whose spec became invalid keeps its status; clean-up pauses with a Warning")
  void invalidAfterTheEnd() {
    RayJob job = succeeded(spec -> {
      shutdown(spec, 0);
      spec.setActiveDeadlineSeconds(-5);
    });
    Decision decision = machine().decide(job, clusterUp(), at(500));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.COMPLETE);
    assertThat(decision.actionsOf(RayJobAction.DeleteCluster.class)).isEmpty();
    assertThat(decision.actionsOf(RayJobAction.EmitEvent.class)).singleElement()
        .satisfies(e -> {
          assertThat(e.reason()).isEqualTo(RayJobEventReason.INVALID_SPEC);
          assertThat(e.message()).contains("activeDeadlineSeconds").contains("paused");
        });
  }
}
