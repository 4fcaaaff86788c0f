package dev.raykube.job.decide;

import static dev.raykube.job.decide.Fixtures.CLUSTER;
import static dev.raykube.job.decide.Fixtures.at;
import static dev.raykube.job.decide.Fixtures.found;
import static dev.raykube.job.decide.Fixtures.in;
import static dev.raykube.job.decide.Fixtures.job;
import static dev.raykube.job.decide.Fixtures.machine;
import static dev.raykube.job.decide.Fixtures.running;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.RayJob;
import dev.raykube.reconcile.EventType;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Reference §4.1: validation before the switch, and what is never decided here (deletion, other managers). */
class ValidationAndGuardsTest {

  @Test
  @DisplayName("§4.1 validation failure → ValidationFailed, reason ValidationFailed, Warning InvalidRayJobSpec, "
      + "no requeue")
  void validationFailed() {
    RayJob job = job(spec -> spec.setTtlSecondsAfterFinished(30));
    Decision decision = machine().decide(job, RayJobObservation.nothing(), at(0));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.VALIDATION_FAILED);
    assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.VALIDATION_FAILED);
    assertThat(decision.status().getMessage())
        .isEqualTo("spec.ttlSecondsAfterFinished greater than 0 requires shutdownAfterJobFinishes: true");
    assertThat(decision.actions()).containsExactly(new RayJobAction.EmitEvent(EventType.WARNING,
        RayJobEventReason.INVALID_SPEC, "spec.ttlSecondsAfterFinished greater than 0 requires shutdownAfterJobFinishes: "
            + "true"));
    assertThat(decision.status().getJobId()).as("nothing initialized").isNull();
  }

  @Test
  @DisplayName("§4.1 invalid metadata → Warning InvalidRayJobMetadata; spec and metadata problems get one Event each")
  void metadataEvent() {
    RayJob job = job(spec -> spec.setBackoffLimit(-2));
    job.getMetadata().setName("Demo_Job");
    Decision decision = machine().decide(job, RayJobObservation.nothing(), at(0));
    assertThat(decision.actionsOf(RayJobAction.EmitEvent.class)).extracting(RayJobAction.EmitEvent::reason)
        .containsExactly(RayJobEventReason.INVALID_METADATA, RayJobEventReason.INVALID_SPEC);
  }

  @Test
  @DisplayName("§4.1 still invalid with the same message → no second Event")
  void noRepeatedEvent() {
    RayJob job = job(spec -> spec.setActiveDeadlineSeconds(0));
    Decision first = machine().decide(job, RayJobObservation.nothing(), at(0));
    job.setStatus(first.status());
    Decision second = machine().decide(job, RayJobObservation.nothing(), at(5));
    assertThat(second.actions()).isEmpty();
    assertThat(second.statusChanged(first.status())).isFalse();
  }

  @Test
  @DisplayName("§4.1 a Running RayJob whose spec becomes invalid → ValidationFailed (its resources stay)")
  void invalidWhileRunning() {
    RayJob job = in(job(spec -> spec.setSuspend(true)), JobDeploymentStatus.RUNNING);
    Decision decision = machine().decide(job, running(found(dev.raykube.dashboard.JobStatus.RUNNING), null), at(9));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.VALIDATION_FAILED);
    assertThat(decision.status().getRayClusterName()).isEqualTo(CLUSTER);
    assertThat(decision.actionsOf(RayJobAction.DeleteCluster.class)).isEmpty();
  }

  @Test
  @DisplayName("ValidationFailed, spec fixed, nothing created yet → \"\" (New), Event RayJobSpecFixed")
  void fixedBeforeAnything() {
    RayJob job = job(spec -> spec.setActiveDeadlineSeconds(0));
    Decision failed = machine().decide(job, RayJobObservation.nothing(), at(0));
    job.getSpec().setActiveDeadlineSeconds(60);
    job.setStatus(failed.status());
    Decision fixed = machine().decide(job, RayJobObservation.nothing(), at(10));
    assertThat(fixed.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.NEW);
    assertThat(fixed.status().getReasonValue()).isNull();
    assertThat(fixed.status().getMessage()).isNull();
    assertThat(fixed.actionsOf(RayJobAction.EmitEvent.class)).extracting(RayJobAction.EmitEvent::reason)
        .containsExactly(RayJobEventReason.SPEC_FIXED);
    assertThat(fixed.requeueAfter()).contains(Duration.ZERO);
  }

  @Test
  @DisplayName("ValidationFailed, spec fixed after a cluster existed → Retrying (delete the old attempt first)")
  void fixedAfterCluster() {
    RayJob job = in(job(), JobDeploymentStatus.VALIDATION_FAILED, s -> s.setReason(JobFailedReason.VALIDATION_FAILED));
    Decision fixed = machine().decide(job, RayJobObservation.nothing(), at(10));
    assertThat(fixed.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RETRYING);
    assertThat(fixed.status().getFailed()).as("not a failure").isZero();
  }

  @Test
  @DisplayName("§4.1 deletion handling comes first: a RayJob with deletionTimestamp gets an empty decision")
  void beingDeleted() {
    RayJob job = in(job(), JobDeploymentStatus.RUNNING);
    job.getMetadata().setDeletionTimestamp("2026-03-01T10:00:05Z");
    Decision decision = machine().decide(job, running(JobLookup.notFound(), null), at(10));
    assertThat(decision.actions()).isEmpty();
    assertThat(decision.statusChanged(job.getStatus())).isFalse();
    assertThat(decision.status()).isNotSameAs(job.getStatus());
  }

  @Test
  @DisplayName("§4.1 spec.managedBy names another controller → empty decision, even for an invalid spec")
  void managedElsewhere() {
    RayJob job = job(spec -> {
      spec.setManagedBy("kueue.x-k8s.io/multikueue");
      spec.setBackoffLimit(-1);
    });
    Decision decision = machine().decide(job, RayJobObservation.nothing(), at(0));
    assertThat(decision.actions()).isEmpty();
    assertThat(decision.status()).isEqualTo(new dev.raykube.model.job.RayJobStatus());
  }

  @Test
  @DisplayName("spec.managedBy ray.io/kuberay-operator is ours")
  void managedByKubeRay() {
    RayJob job = job(spec -> spec.setManagedBy(RayClusterLabels.MANAGED_BY_KUBERAY));
    assertThat(machine().decide(job, RayJobObservation.nothing(), at(0)).status().getJobDeploymentStatus())
        .isEqualTo(JobDeploymentStatus.INITIALIZING);
  }

  @Test
  @DisplayName("§4.1 unknown jobDeploymentStatus → Warning, status kept, no requeue (the switch treats it as unknown)")
  void unknownDeploymentStatus() {
    RayJob job = in(job(), JobDeploymentStatus.RUNNING, s -> s.setJobDeploymentStatusValue("Paused"));
    Decision decision = machine().decide(job, RayJobObservation.nothing(), at(0));
    assertThat(decision.status().getJobDeploymentStatusValue()).isEqualTo("Paused");
    assertThat(decision.actions()).singleElement().isInstanceOfSatisfying(RayJobAction.EmitEvent.class,
        e -> assertThat(e.reason()).isEqualTo(RayJobEventReason.UNKNOWN_DEPLOYMENT_STATUS));
  }

  @Test
  @DisplayName("observedGeneration follows metadata.generation")
  void observedGeneration() {
    RayJob job = in(job(), JobDeploymentStatus.INITIALIZING);
    job.getMetadata().setGeneration(7L);
    assertThat(machine().decide(job, RayJobObservation.nothing(), at(1)).status().getObservedGeneration())
        .isEqualTo(7L);
  }
}
