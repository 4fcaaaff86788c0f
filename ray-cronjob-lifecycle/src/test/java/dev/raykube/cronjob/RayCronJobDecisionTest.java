package dev.raykube.cronjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.kernel.Violation;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.cronjob.RayCronJobStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Validation and schedule put together: what to create, what to record, what was skipped. */
class RayCronJobDecisionTest {

  private final RayCronJobValidator validator = RayCronJobValidator.of(RayJobSettings.defaults());

  @Test
  @DisplayName("a due time: the RayJob of that time, lastScheduleTime = the time, nothing skipped")
  void aRun() {
    RayCronJob cronJob = CronJobs.valid("* * * * *", null);

    RayCronJobDecision decision = RayCronJobDecision.decide(cronJob, Times.at("09:01:10"), validator);

    assertThat(decision.valid()).isTrue();
    assertThat(decision.suspended()).isFalse();
    assertThat(decision.create()).hasValueSatisfying(create -> {
      assertThat(create.tick()).isEqualTo(Times.at("09:01"));
      assertThat(create.name()).isEqualTo("nightly-" + Times.at("09:01").getEpochSecond() / 60);
      assertThat(create.rayJob().getSpec()).isEqualTo(cronJob.getSpec().getJobTemplate())
          .isNotSameAs(cronJob.getSpec().getJobTemplate());
    });
    assertThat(decision.status()).map(RayCronJobStatus::getLastScheduleTime).contains("2026-08-20T09:01:00Z");
    assertThat(decision.missed()).isEmpty();
    assertThat(decision.schedule().orElseThrow().waitFrom(Times.at("09:01:10"))).contains(Duration.ofSeconds(50));
    assertThat(cronJob.getStatus()).as("the input is not changed").isNull();
  }

  @Test
  @DisplayName("an hour down with '* * * * *': one RayJob for the latest time, 59 skipped from 09:01 to 09:59")
  void missedTimes() {
    RayCronJob cronJob = CronJobs.valid("* * * * *", null);

    RayCronJobDecision decision = RayCronJobDecision.decide(cronJob, Times.at("10:00:30"), validator);

    assertThat(decision.create()).map(CreateRayJob::tick).contains(Times.at("10:00"));
    assertThat(decision.missed()).contains(new MissedSchedules(59, true, Times.at("09:01"), Times.at("09:59"),
        Times.at("10:00")));
    assertThat(decision.missed().orElseThrow().message()).isEqualTo("skipped 59 missed scheduled times from "
        + "2026-08-20T09:01:00Z to 2026-08-20T09:59:00Z and ran only the latest, 2026-08-20T10:00:00Z");
  }

  @Test
  @DisplayName("one missed time, and a count that is only a lower bound, read as such")
  void missedMessages() {
    RayCronJob cronJob = CronJobs.valid("@every 10m", null);
    RayCronJobDecision decision = RayCronJobDecision.decide(cronJob, Times.at("09:25"), validator);
    assertThat(decision.missed().orElseThrow().message()).isEqualTo("skipped 1 missed scheduled time, "
        + "2026-08-20T09:10:00Z and ran only the latest, 2026-08-20T09:20:00Z");

    RayCronJob dayDown = CronJobs.cronJob("* * * * *", null, "2026-08-01T00:00:00Z", "2026-08-19T10:00:00Z", null);
    dayDown.getSpec().setJobTemplate(CronJobs.validTemplate());
    RayCronJobDecision longOutage = RayCronJobDecision.decide(dayDown, Instant.parse("2026-08-20T10:00:30Z"),
        validator);
    assertThat(longOutage.missed().orElseThrow().message()).as("1,439 were skipped; counting stops at the limit")
        .isEqualTo("skipped at least " + CronSchedule.COUNT_LIMIT + " missed scheduled times from "
            + "2026-08-19T10:01:00Z to 2026-08-20T09:59:00Z and ran only the latest, 2026-08-20T10:00:00Z");
  }

  @Test
  @DisplayName("the status to record keeps what this version does not know, and what the stored status held")
  void statusKeepsUnknownFields() {
    RayCronJob cronJob = CronJobs.valid("* * * * *", null);
    RayCronJobStatus stored = new RayCronJobStatus();
    stored.setLastScheduleTime("2026-08-20T09:00:00Z");
    stored.setAdditionalProperty("newerField", "kept");
    cronJob.setStatus(stored);

    RayCronJobDecision decision = RayCronJobDecision.decide(cronJob, Times.at("09:01"), validator);

    RayCronJobStatus next = decision.status().orElseThrow();
    assertThat(next.getLastScheduleTime()).isEqualTo("2026-08-20T09:01:00Z");
    assertThat(next.getAdditionalProperties()).containsEntry("newerField", "kept");
    assertThat(stored.getLastScheduleTime()).as("the stored status is not changed").isEqualTo("2026-08-20T09:00:00Z");
  }

  @Test
  @DisplayName("nothing due: no RayJob, no status, and the next time to look")
  void nothingDue() {
    RayCronJobDecision decision = RayCronJobDecision.decide(CronJobs.valid("0 * * * *", null), Times.at("09:30"),
        validator);

    assertThat(decision.create()).isEmpty();
    assertThat(decision.status()).isEmpty();
    assertThat(decision.schedule().orElseThrow().nextTick()).contains(Times.at("10:00"));
  }

  @Test
  @DisplayName("suspended: nothing runs, even with times due")
  void suspended() {
    RayCronJob cronJob = CronJobs.valid("* * * * *", null);
    cronJob.getSpec().setSuspend(true);

    RayCronJobDecision decision = RayCronJobDecision.decide(cronJob, Times.at("10:00:30"), validator);

    assertThat(decision.suspended()).isTrue();
    assertThat(decision.create()).isEmpty();
    assertThat(decision.missed()).isEmpty();
  }

  @Test
  @DisplayName("invalid: the violations and nothing else, also while suspended")
  void invalid() {
    RayCronJob cronJob = CronJobs.valid("TZ=UTC * * * *", null);
    cronJob.getSpec().setSuspend(true);
    cronJob.getSpec().setJobTemplate(null);

    RayCronJobDecision decision = RayCronJobDecision.decide(cronJob, Times.at("10:00:30"), validator);

    assertThat(decision.valid()).isFalse();
    assertThat(decision.suspended()).isFalse();
    assertThat(decision.schedule()).isEmpty();
    assertThat(decision.create()).isEmpty();
    assertThat(decision.violations()).extracting(Violation::field).containsExactly("spec.schedule",
        "spec.jobTemplate");
    assertThat(decision.violationMessage()).contains("contains TZ").contains("; spec.jobTemplate is required");
  }

  @Test
  @DisplayName("the record refuses inconsistent decisions")
  void consistency() {
    ScheduleDecision run = ScheduleDecision.runNow(Times.at("10:00"), 0, true, Optional.empty());
    Violation violation = new Violation("spec", "spec is required");
    assertThatThrownBy(() -> new RayCronJobDecision(List.of(violation), Optional.of(run), Optional.empty(),
        Optional.empty(), Optional.empty())).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RayCronJobDecision(List.of(), Optional.of(run), Optional.empty(), Optional.empty(),
        Optional.empty())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a run");
    assertThatThrownBy(() -> new MissedSchedules(1, true, Times.at("10:00"), Times.at("10:00"), Times.at("10:00")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new MissedSchedules(0, true, Times.at("09:00"), Times.at("09:00"), Times.at("10:00")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  @DisplayName("the Event reasons: KubeRay's names where KubeRay has the Event; only Warnings are aggregated")
  void eventReasons() {
    assertThat(RayCronJobEventReason.INVALID_SPEC.value()).isEqualTo("InvalidRayCronJobSpec");
    assertThat(RayCronJobEventReason.SUSPENDED.value()).isEqualTo("SuspendedRayCronJob");
    for (RayCronJobEventReason reason : RayCronJobEventReason.values()) {
      assertThat(reason.aggregated()).as(reason.value())
          .isEqualTo(reason.type() == dev.raykube.reconcile.EventType.WARNING);
      assertThat(reason.value()).as("CamelCase").matches("[A-Z][A-Za-z]+");
    }
  }

  @Test
  @DisplayName("deciding never reads a clock: the same inputs give the same answer")
  void repeatable() {
    RayCronJob cronJob = CronJobs.valid("*/5 * * * *", "Europe/Berlin");
    Instant now = Times.at("11:02");
    assertThat(RayCronJobDecision.decide(cronJob, now, validator).create().map(CreateRayJob::name))
        .isEqualTo(RayCronJobDecision.decide(cronJob, now, validator).create().map(CreateRayJob::name));
  }
}
