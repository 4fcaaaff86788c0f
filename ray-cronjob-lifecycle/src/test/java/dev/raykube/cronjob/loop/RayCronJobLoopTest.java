package dev.raykube.cronjob.loop;

import static dev.raykube.cronjob.loop.LoopBed.NAME;
import static dev.raykube.cronjob.loop.LoopBed.childName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.cronjob.ChildRayJob;
import dev.raykube.kernel.ActionOutcome;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.job.RayJob;
import dev.raykube.reconcile.CleanedUp;
import dev.raykube.reconcile.StatusRecorder;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The RayCronJob loop against the CRUD mock with a clock the test moves: the first run, restarts across a schedule
 * boundary, a crash between the create and the status write, an hour of missed times, suspension, an invalid spec, the
 * RayJob's fields, a failed create, and status conflicts (a racing replica, a user's change).
 */
@EnableKubernetesMockClient(crud = true)
class RayCronJobLoopTest {

  static KubernetesClient client; // one mock server per class, reset before each test
  static KubernetesMockServer server;

  @Test
  @DisplayName("the first RayJob is for the first scheduled time after the creation; then wait a minute")
  void firstTickAfterCreation() {
    LoopBed bed = LoopBed.create(client, "* * * * *", null);
    RayCronJobLoop loop = bed.newLoop();
    Instant first = bed.firstTick();

    var before = bed.reconcile(loop);
    assertThat(before.outcomes()).isEmpty();
    assertThat(before.status()).isEqualTo(StatusRecorder.Result.UNCHANGED);
    assertThat(before.requeueAfter()).contains(Duration.between(bed.created, first));
    assertThat(bed.rayJobs()).isEmpty();

    bed.clock.set(first.plusSeconds(2));
    var run = bed.reconcile(loop);

    assertThat(run.outcomes()).extracting(ActionOutcome::result).containsExactly(ActionOutcome.Result.DONE);
    assertThat(run.status()).isEqualTo(StatusRecorder.Result.WRITTEN);
    assertThat(run.requeueAfter()).contains(Duration.ofSeconds(58));
    assertThat(bed.rayJobs()).extracting(j -> j.getMetadata().getName()).containsExactly(childName(first));
    assertThat(bed.stored().getStatus().getLastScheduleTime()).isEqualTo(StatusTimes.format(first));
    assertThat(bed.events("CreatedRayJob")).singleElement().satisfies(e -> {
      assertThat(e.getType()).isEqualTo("Normal");
      assertThat(e.getMessage()).isEqualTo("Created RayJob " + childName(first) + " for the scheduled time "
          + StatusTimes.format(first));
    });
    assertThat(bed.reasons()).containsExactly("CreatedRayJob");
  }

  @Test
  @DisplayName("a restart across a schedule boundary: the new loop runs the time once, and no one runs it twice")
  void restartAcrossABoundary() {
    LoopBed bed = LoopBed.create(client, "* * * * *", null);
    Instant first = bed.firstTick();
    bed.clock.set(first.minusSeconds(10));
    assertThat(bed.reconcile(bed.newLoop()).outcomes()).as("before the boundary").isEmpty();

    bed.clock.set(first.plusSeconds(20)); // the operator was down over the boundary
    RayCronJobLoop restarted = bed.newLoop();
    var run = bed.reconcile(restarted);
    bed.clock.set(first.plusSeconds(30));
    var again = bed.reconcile(restarted);
    var otherInstance = bed.reconcile(bed.newLoop());

    assertThat(run.outcomes()).extracting(ActionOutcome::result).containsExactly(ActionOutcome.Result.DONE);
    assertThat(again.outcomes()).isEmpty();
    assertThat(otherInstance.outcomes()).isEmpty();
    assertThat(otherInstance.requeueAfter()).contains(Duration.ofSeconds(30));
    assertThat(bed.rayJobs()).extracting(j -> j.getMetadata().getName()).containsExactly(childName(first));
    assertThat(bed.reasons()).containsExactly("CreatedRayJob");
  }

  @Test
  @DisplayName("a crash after the create and before the status write: the time is decided again and collides")
  void crashBetweenActAndRecord() {
    LoopBed bed = LoopBed.create(client, "* * * * *", null);
    Instant first = bed.firstTick();
    bed.createChildOutsideTheLoop(first); // acted, then the process stopped: no lastScheduleTime
    bed.clock.set(first.plusSeconds(5));

    var result = bed.reconcile(bed.newLoop());

    assertThat(result.outcomes()).singleElement().satisfies(o -> {
      assertThat(o.result()).isEqualTo(ActionOutcome.Result.ALREADY_DONE);
      assertThat(o.action().name()).isEqualTo(childName(first));
      assertThat(o.message()).contains("exists already");
    });
    assertThat(result.status()).isEqualTo(StatusRecorder.Result.WRITTEN);
    assertThat(bed.stored().getStatus().getLastScheduleTime()).isEqualTo(StatusTimes.format(first));
    assertThat(bed.rayJobs()).hasSize(1);
    assertThat(bed.reasons()).as("nothing new happened").isEmpty();
  }

  @Test
  @DisplayName("an hour down with '* * * * *': one RayJob for the latest time and one MissedSchedules Warning")
  void anHourOfMissedTimes() {
    LoopBed bed = LoopBed.create(client, "* * * * *", null);
    Instant first = bed.firstTick();
    Instant latest = first.plus(Duration.ofMinutes(59));
    bed.clock.set(latest.plusSeconds(30)); // 60 times fell due

    var result = bed.reconcile(bed.newLoop());

    assertThat(result.decision().missed()).hasValueSatisfying(m -> assertThat(m.count()).isEqualTo(59));
    assertThat(bed.rayJobs()).extracting(j -> j.getMetadata().getName()).containsExactly(childName(latest));
    assertThat(bed.stored().getStatus().getLastScheduleTime()).isEqualTo(StatusTimes.format(latest));
    assertThat(bed.events("MissedSchedules")).singleElement().satisfies(e -> {
      assertThat(e.getType()).isEqualTo("Warning");
      assertThat(e.getMessage()).isEqualTo("skipped 59 missed scheduled times from " + StatusTimes.format(first)
          + " to " + StatusTimes.format(latest.minus(Duration.ofMinutes(1))) + " and ran only the latest, "
          + StatusTimes.format(latest));
    });
    assertThat(result.requeueAfter()).contains(Duration.ofSeconds(30));
  }

  @Test
  @DisplayName("suspended: no RayJob, one SuspendedRayCronJob per suspension, no timed reconcile; unsuspended: runs")
  void suspendAndUnsuspend() {
    LoopBed bed = LoopBed.create(client, "* * * * *", true);
    RayCronJobLoop loop = bed.newLoop();
    bed.clock.set(bed.firstTick().plusSeconds(70)); // two times fell due while suspended

    for (int i = 0; i < 3; i++) {
      var suspended = bed.reconcile(loop);
      assertThat(suspended.outcomes()).isEmpty();
      assertThat(suspended.requeueAfter()).isEmpty();
    }
    assertThat(bed.rayJobs()).isEmpty();
    assertThat(bed.events("SuspendedRayCronJob")).singleElement().satisfies(e -> {
      assertThat(e.getType()).isEqualTo("Normal");
      assertThat(e.getCount()).isEqualTo(1);
    });

    bed.editSpec(spec -> spec.setSuspend(false));
    var resumed = bed.reconcile(loop);
    Instant latest = bed.firstTick().plusSeconds(60);
    assertThat(bed.rayJobs()).extracting(j -> j.getMetadata().getName()).containsExactly(childName(latest));
    assertThat(resumed.decision().missed()).isPresent();

    bed.editSpec(spec -> spec.setSuspend(true));
    bed.reconcile(loop);
    bed.reconcile(loop);
    assertThat(bed.events("SuspendedRayCronJob")).as("a second suspension, a second Event").hasSize(2);
  }

  @Test
  @DisplayName("an invalid spec: a Warning naming the problem, no RayJob, no status, no timed reconcile")
  void invalidSpec() {
    LoopBed bed = LoopBed.create(client, "CRON_TZ=Europe/Berlin * * * * *", null);
    RayCronJobLoop loop = bed.newLoop();
    bed.clock.set(bed.firstTick().plusSeconds(5));

    var first = bed.reconcile(loop);
    var second = bed.reconcile(loop);

    for (var result : java.util.List.of(first, second)) {
      assertThat(result.decision().valid()).isFalse();
      assertThat(result.outcomes()).isEmpty();
      assertThat(result.status()).isEqualTo(StatusRecorder.Result.UNCHANGED);
      assertThat(result.requeueAfter()).isEmpty();
    }
    assertThat(bed.rayJobs()).isEmpty();
    assertThat(bed.stored().getStatus()).isNull();
    assertThat(bed.events("InvalidRayCronJobSpec")).singleElement().satisfies(e -> {
      assertThat(e.getType()).isEqualTo("Warning");
      assertThat(e.getMessage()).contains("spec.schedule 'CRON_TZ=Europe/Berlin * * * * *' contains TZ");
      assertThat(e.getCount()).as("a repeat counts up").isEqualTo(2);
    });

    bed.editSpec(spec -> spec.setSchedule("* * * * *"));
    bed.reconcile(loop);
    assertThat(bed.rayJobs()).as("fixed: the due time runs").hasSize(1);
  }

  @Test
  @DisplayName("the RayJob: named by the time, labelled, annotated, controlled by the RayCronJob, spec = template")
  void childFields() {
    LoopBed bed = LoopBed.create(client, "* * * * *", null);
    bed.clock.set(bed.firstTick().plusSeconds(1));
    RayCronJob cronJob = bed.stored();

    bed.reconcile(bed.newLoop());

    RayJob job = bed.rayJobs().get(0);
    assertThat(job.getMetadata().getName()).isEqualTo(NAME + "-" + bed.firstTick().getEpochSecond() / 60);
    assertThat(job.getMetadata().getNamespace()).isEqualTo(bed.ns);
    assertThat(job.getMetadata().getLabels()).containsEntry(ChildRayJob.CRON_JOB_NAME_LABEL, NAME);
    assertThat(job.getMetadata().getAnnotations()).containsEntry(ChildRayJob.SCHEDULED_TIMESTAMP_ANNOTATION,
        StatusTimes.format(bed.firstTick()));
    assertThat(job.getMetadata().getOwnerReferences()).singleElement().satisfies(owner -> {
      assertThat(owner.getApiVersion()).isEqualTo("ray.io/v1");
      assertThat(owner.getKind()).isEqualTo("RayCronJob");
      assertThat(owner.getName()).isEqualTo(NAME);
      assertThat(owner.getUid()).isEqualTo(cronJob.getMetadata().getUid());
      assertThat(owner.getController()).isTrue();
      assertThat(owner.getBlockOwnerDeletion()).isTrue();
    });
    assertThat(job.getSpec()).isEqualTo(LoopBed.template());
    assertThat(job.getStatus()).isNull();
  }

  @Test
  @DisplayName("a failed create: a Warning, no status, a retry soon; the retry runs the same time")
  void failedCreate() {
    LoopBed bed = LoopBed.create(client, "* * * * *", null);
    RayCronJobLoop loop = bed.newLoop();
    bed.clock.set(bed.firstTick().plusSeconds(1));
    server.expect().post().withPath("/apis/ray.io/v1/namespaces/" + bed.ns + "/rayjobs")
        .andReturn(403, new StatusBuilder().withCode(403).withMessage("exceeded quota: rayjobs").build()).once();

    var failed = bed.reconcile(loop);

    assertThat(failed.outcomes()).singleElement().satisfies(o -> {
      assertThat(o.result()).isEqualTo(ActionOutcome.Result.FAILED);
      assertThat(o.problem()).contains("exceeded quota");
    });
    assertThat(failed.status()).isEqualTo(StatusRecorder.Result.UNCHANGED);
    assertThat(failed.requeueAfter()).contains(RayCronJobLoop.DEFAULT_ACTION_RETRY_DELAY);
    assertThat(bed.stored().getStatus()).isNull();
    assertThat(bed.events("FailedToCreateRayJob")).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains(childName(bed.firstTick())).contains("exceeded quota"));

    bed.clock.advance(Duration.ofSeconds(5));
    bed.reconcile(loop);
    assertThat(bed.rayJobs()).extracting(j -> j.getMetadata().getName()).containsExactly(childName(bed.firstTick()));
    assertThat(bed.stored().getStatus().getLastScheduleTime()).isEqualTo(StatusTimes.format(bed.firstTick()));
  }

  @Test
  @DisplayName("a racing replica with an old copy: its create collides, its status write conflicts, it decides again")
  void racingReplica() {
    LoopBed bed = LoopBed.create(client, "* * * * *", null);
    bed.clock.set(bed.firstTick().plusSeconds(3));
    RayCronJob old = bed.stored();

    bed.newLoop().reconcile(old); // replica A
    conflictOnNextStatusWrite(bed); // the mock does not lock status writes to the resourceVersion: the API server does
    var replicaB = bed.newLoop().reconcile(old);

    assertThat(replicaB.outcomes()).extracting(ActionOutcome::result)
        .containsExactly(ActionOutcome.Result.ALREADY_DONE);
    assertThat(replicaB.status()).as("decided again from A's status: nothing due").isEqualTo(
        StatusRecorder.Result.UNCHANGED);
    assertThat(replicaB.resource().getStatus().getLastScheduleTime()).isEqualTo(StatusTimes.format(bed.firstTick()));
    assertThat(replicaB.decision().create()).isEmpty();
    assertThat(replicaB.requeueAfter()).contains(Duration.ofSeconds(57));
    assertThat(bed.rayJobs()).hasSize(1);
    assertThat(bed.events("CreatedRayJob")).hasSize(1);
  }

  @Test
  @DisplayName("suspended by a user while the loop acted: the conflict is decided again, and nothing is recorded")
  void conflictWithASpecChange() {
    LoopBed bed = LoopBed.create(client, "* * * * *", null);
    RayCronJobLoop loop = bed.newLoop();
    bed.clock.set(bed.firstTick().plusSeconds(3));
    RayCronJob old = bed.stored();
    bed.editSpec(spec -> spec.setSuspend(true));
    conflictOnNextStatusWrite(bed);

    var result = loop.reconcile(old);

    assertThat(result.outcomes()).extracting(ActionOutcome::result).containsExactly(ActionOutcome.Result.DONE);
    assertThat(result.decision().suspended()).isTrue();
    assertThat(result.resource().getSpec().getSuspend()).isTrue();
    assertThat(bed.stored().getStatus()).as("the status still says the time has not run").isNull();
    assertThat(bed.reasons()).containsExactlyInAnyOrder("CreatedRayJob", "SuspendedRayCronJob");

    bed.editSpec(spec -> spec.setSuspend(false));
    var resumed = bed.reconcile(loop);
    assertThat(resumed.outcomes()).extracting(ActionOutcome::result)
        .containsExactly(ActionOutcome.Result.ALREADY_DONE);
    assertThat(bed.rayJobs()).as("run once").hasSize(1);
    assertThat(bed.stored().getStatus().getLastScheduleTime()).isEqualTo(StatusTimes.format(bed.firstTick()));
  }

  /** The API server's answer to a status write locked to an old resourceVersion. */
  private static void conflictOnNextStatusWrite(LoopBed bed) {
    server.expect().put().withPath("/apis/ray.io/v1/namespaces/" + bed.ns + "/raycronjobs/" + NAME + "/status")
        .andReturn(409, new StatusBuilder().withCode(409).withReason("Conflict").build()).once();
  }

  @Test
  @DisplayName("a RayCronJob deleted while the loop acted: the result says it is gone")
  void gone() {
    LoopBed bed = LoopBed.create(client, "* * * * *", null);
    bed.clock.set(bed.firstTick().plusSeconds(3));
    RayCronJob old = bed.stored();
    client.resource(old).delete();

    var result = bed.newLoop().reconcile(old);

    assertThat(result.gone()).isTrue();
    assertThat(result.resource()).isNull();
    assertThat(result.requeueAfter()).isEmpty();
  }

  @Test
  @DisplayName("deletion: nothing to clean up, no finalizer to keep; the suspension is forgotten")
  void cleanup() {
    LoopBed bed = LoopBed.create(client, "* * * * *", true);
    RayCronJobLoop loop = bed.newLoop();
    bed.reconcile(loop);

    assertThat(loop.cleanup(bed.stored())).isEqualTo(CleanedUp.remove());

    bed.reconcile(loop);
    assertThat(bed.events("SuspendedRayCronJob")).as("forgotten: reported again").hasSize(2);
  }

  @Test
  @DisplayName("the builder requires the Event recorder and refuses a negative retry delay")
  void builder() {
    assertThatThrownBy(() -> RayCronJobLoop.builder(client).build()).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("events(...)");
    assertThatThrownBy(() -> RayCronJobLoop.builder(client).actionRetryDelay(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

}
