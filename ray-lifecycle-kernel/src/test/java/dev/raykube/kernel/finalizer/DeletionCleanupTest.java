package dev.raykube.kernel.finalizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.kernel.finalizer.FinalizerDecision.Reason;
import dev.raykube.kernel.finalizer.FinalizerDecision.RemoveFinalizer;
import dev.raykube.kernel.finalizer.FinalizerDecision.RetryAfter;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import dev.raykube.testing.MovableClock;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The driver that runs a cleanup step under a policy, the same for RayJob and RayService. */
class DeletionCleanupTest {
  private static final Instant START = Instant.parse("2025-03-01T12:00:00Z");
  private static final CleanupOutcome DONE = CleanupOutcome.done(StepReason.STOP_REQUESTED, "asked Ray to stop");
  private static final CleanupOutcome UNREACHABLE =
      CleanupOutcome.failed(StepReason.DASHBOARD_UNAVAILABLE, "connection refused", true);

  private final MovableClock clock = new MovableClock(START);

  /** A step that returns scripted outcomes and records what it was called with. */
  static final class ScriptedStep<T> implements CleanupStep<T> {
    final Deque<CleanupOutcome> outcomes = new ArrayDeque<>();
    final List<T> calls = new ArrayList<>();

    ScriptedStep(CleanupOutcome... outcomes) {
      this.outcomes.addAll(List.of(outcomes));
    }

    @Override
    public CleanupOutcome attempt(T resource) {
      calls.add(resource);
      return outcomes.size() > 1 ? outcomes.poll() : outcomes.peek();
    }
  }

  @Test
  void bestEffortDeletedWhileTheOperatorWasDownMakesTheAttemptThenRemoves() {
    // The RayJob was deleted 3 hours ago while no operator ran; the finalizer held it. A fresh operator starts.
    RayJob job = deleting(new RayJob(), "job-a", START.minus(Duration.ofHours(3)), null);
    ScriptedStep<RayJob> step = new ScriptedStep<>(UNREACHABLE);
    DeletionCleanup<RayJob> cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB, step,
        FinalizerSettings.defaults(), clock);

    CleanupReport report = cleanup.run(job);

    assertThat(step.calls).containsExactly(job);
    assertThat(report.attempted()).isTrue();
    assertThat(report.outcome()).isEqualTo(UNREACHABLE);
    assertThat(report.policy().policy()).isEqualTo(FinalizerPolicy.BEST_EFFORT);
    assertThat(report.removeFinalizer()).isTrue();
    assertThat(((RemoveFinalizer) report.decision()).warning()).isTrue();
    assertThat(report.decision().reason()).isEqualTo(Reason.CLEANUP_FAILED);
    assertThat(cleanup.trackedObjects()).isZero();
  }

  @Test
  void untilConfirmedDeletedWhileTheOperatorWasDownPastTheLimitAttemptsOnceThenGivesUp() {
    RayJob job = deleting(new RayJob(), "job-b", START.minus(Duration.ofHours(3)), "until-confirmed");
    ScriptedStep<RayJob> step = new ScriptedStep<>(UNREACHABLE);
    DeletionCleanup<RayJob> cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB, step,
        FinalizerSettings.defaults(), clock);

    CleanupReport report = cleanup.run(job);

    assertThat(step.calls).hasSize(1);
    assertThat(report.policy().fromAnnotation()).isTrue();
    assertThat(report.decision().reason()).isEqualTo(Reason.CLEANUP_DEADLINE_EXCEEDED);
    assertThat(((RemoveFinalizer) report.decision()).warning()).isTrue();
  }

  @Test
  void untilConfirmedRetriesWithBackoffAndSkipsEarlyReconciles() {
    RayJob job = deleting(new RayJob(), "job-c", START.minus(Duration.ofMinutes(3)), "until-confirmed");
    ScriptedStep<RayJob> step = new ScriptedStep<>(UNREACHABLE, UNREACHABLE, DONE);
    DeletionCleanup<RayJob> cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB, step,
        FinalizerSettings.defaults(), clock);

    CleanupReport first = cleanup.run(job);
    assertThat(first.decision()).isInstanceOf(RetryAfter.class);
    assertThat(((RetryAfter) first.decision()).delay()).isEqualTo(Duration.ofSeconds(1));
    assertThat(cleanup.trackedObjects()).isOne();

    clock.advance(Duration.ofMillis(400)); // an unrelated event triggers a reconcile before the attempt is due
    CleanupReport early = cleanup.run(job);
    assertThat(early.attempted()).isFalse();
    assertThat(((RetryAfter) early.decision()).delay()).isEqualTo(Duration.ofMillis(600));
    assertThat(early.history().attempts()).isOne();

    clock.advance(Duration.ofMillis(600));
    CleanupReport second = cleanup.run(job);
    assertThat(second.history().attempts()).isEqualTo(2);
    assertThat(((RetryAfter) second.decision()).delay()).isEqualTo(Duration.ofSeconds(2));

    clock.advance(Duration.ofSeconds(2));
    CleanupReport third = cleanup.run(job);
    assertThat(third.outcome()).isEqualTo(DONE);
    assertThat(third.decision()).isEqualTo(new RemoveFinalizer(Reason.CLEANUP_DONE,
        third.decision().message(), false));
    assertThat(step.calls).hasSize(3);
    assertThat(cleanup.trackedObjects()).isZero();
  }

  @Test
  void aRestartLosesTheAttemptCountButNotTheDeadline() {
    RayJob job = deleting(new RayJob(), "job-d", START.minus(Duration.ofMinutes(10)).plusSeconds(1),
        "until-confirmed");
    ScriptedStep<RayJob> step = new ScriptedStep<>(UNREACHABLE);
    DeletionCleanup<RayJob> before = new DeletionCleanup<>(FinalizerNames.RAYJOB, step,
        FinalizerSettings.defaults(), clock);
    assertThat(before.run(job).attempted()).isTrue();
    assertThat(before.run(job).attempted()).isFalse(); // not due yet

    DeletionCleanup<RayJob> afterRestart = new DeletionCleanup<>(FinalizerNames.RAYJOB, step,
        FinalizerSettings.defaults(), clock);
    CleanupReport first = afterRestart.run(job);
    assertThat(first.attempted()).isTrue(); // attempts are in memory: one more attempt at once after a restart
    assertThat(first.history().attempts()).isOne();
    assertThat(((RetryAfter) first.decision()).delay()).isEqualTo(Duration.ofSeconds(1)); // 1 s left until 10 min

    clock.advance(Duration.ofSeconds(1));
    CleanupReport last = afterRestart.run(job);
    assertThat(last.decision().reason()).isEqualTo(Reason.CLEANUP_DEADLINE_EXCEEDED);
    assertThat(step.calls).hasSize(3); // one before the restart, two after
  }

  @Test
  void theSameDriverRunsARayServiceStep() {
    RayService svc = deleting(new RayService(), "svc", START.minusSeconds(5), null);
    ScriptedStep<RayService> step = new ScriptedStep<>(CleanupOutcome.failed(StepReason.CLUSTERS_TERMINATING, "1 left", true),
        CleanupOutcome.done(StepReason.NO_CLUSTERS_LEFT, "none left"));
    DeletionCleanup<RayService> cleanup = new DeletionCleanup<>(FinalizerNames.RAYSERVICE, step,
        FinalizerSettings.defaults().withDefaultPolicy(FinalizerPolicy.UNTIL_CONFIRMED), clock);

    assertThat(cleanup.run(svc).removeFinalizer()).isFalse();
    clock.advance(Duration.ofSeconds(1));
    CleanupReport second = cleanup.run(svc);

    assertThat(second.removeFinalizer()).isTrue();
    assertThat(second.finalizer()).isEqualTo(FinalizerNames.RAYSERVICE);
    assertThat(second.policy().fromAnnotation()).isFalse();
    assertThat(step.calls).hasSize(2);
  }

  @Test
  void aThrowingStepCountsAsAFailedRetryableAttempt() {
    RayJob job = deleting(new RayJob(), "job-e", START, null);
    DeletionCleanup<RayJob> cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB, j -> {
      throw new IllegalStateException("no token Secret");
    }, FinalizerSettings.defaults(), clock);

    CleanupReport report = cleanup.run(job);

    assertThat(report.outcome().done()).isFalse();
    assertThat(report.outcome().retryable()).isTrue();
    assertThat(report.outcome().reason()).isEqualTo(CleanupStepError.THREW);
    assertThat(report.outcome().message()).contains("IllegalStateException", "no token Secret");
    assertThat(report.removeFinalizer()).isTrue(); // best effort
  }

  @Test
  void aStepReturningNothingCountsAsFailed() {
    RayJob job = deleting(new RayJob(), "job-f", START, "until-confirmed");
    DeletionCleanup<RayJob> cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB, j -> null,
        FinalizerSettings.defaults(), clock);

    CleanupReport report = cleanup.run(job);

    assertThat(report.outcome().done()).isFalse();
    assertThat(report.removeFinalizer()).isFalse();
  }

  @Test
  void anInvalidAnnotationFallsBackToTheDefaultAndIsReported() {
    RayJob job = deleting(new RayJob(), "job-g", START, "forever");
    ScriptedStep<RayJob> step = new ScriptedStep<>(UNREACHABLE);
    DeletionCleanup<RayJob> cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB, step,
        FinalizerSettings.defaults().withDefaultPolicy(FinalizerPolicy.UNTIL_CONFIRMED), clock);

    CleanupReport report = cleanup.run(job);

    assertThat(report.policy().annotationInvalid()).isTrue();
    assertThat(report.policy().policy()).isEqualTo(FinalizerPolicy.UNTIL_CONFIRMED);
    assertThat(report.removeFinalizer()).isFalse();
  }

  @Test
  void anObjectWithoutTheFinalizerIsNotCleanedUp() {
    RayJob job = deleting(new RayJob(), "job-h", START, null);
    job.getMetadata().setFinalizers(List.of("example.com/other"));
    ScriptedStep<RayJob> step = new ScriptedStep<>(DONE);
    DeletionCleanup<RayJob> cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB, step,
        FinalizerSettings.defaults(), clock);

    CleanupReport report = cleanup.run(job);

    assertThat(step.calls).isEmpty();
    assertThat(report.attempted()).isFalse();
    assertThat(report.decision().reason()).isEqualTo(Reason.FINALIZER_ABSENT);
    assertThat(((RemoveFinalizer) report.decision()).warning()).isFalse();
  }

  @Test
  void objectsAreTrackedSeparatelyAndCanBeForgotten() {
    RayJob a = deleting(new RayJob(), "job-i", START, "until-confirmed");
    RayJob b = deleting(new RayJob(), "job-j", START, "until-confirmed");
    ScriptedStep<RayJob> step = new ScriptedStep<>(UNREACHABLE);
    DeletionCleanup<RayJob> cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB, step,
        FinalizerSettings.defaults(), clock);

    cleanup.run(a);
    cleanup.run(b);
    assertThat(cleanup.trackedObjects()).isEqualTo(2);
    assertThat(cleanup.run(b).attempted()).isFalse(); // b's next attempt is not due yet

    cleanup.forget(a);
    assertThat(cleanup.trackedObjects()).isOne();
    assertThat(cleanup.run(a).attempted()).isTrue(); // forgotten: attempted again at once
  }

  @Test
  void refusesObjectsThatAreNotBeingDeleted() {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName("alive").withNamespace("ns")
        .withFinalizers(FinalizerNames.RAYJOB).build());
    DeletionCleanup<RayJob> cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB, j -> DONE,
        FinalizerSettings.defaults(), clock);

    assertThatThrownBy(() -> cleanup.run(job)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("being deleted", "deletionTimestamp").hasMessageContaining("ns/alive");

    job.getMetadata().setDeletionTimestamp("yesterday");
    assertThatThrownBy(() -> cleanup.run(job)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("RFC 3339");
  }

  @Test
  void refusesAnInvalidFinalizerName() {
    assertThatThrownBy(() -> new DeletionCleanup<RayJob>("no-domain", j -> DONE, FinalizerSettings.defaults(), clock))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no-domain");
  }

  static <T extends HasMetadata> T deleting(T resource, String name, Instant deletedAt, String policyAnnotation) {
    ObjectMetaBuilder meta = new ObjectMetaBuilder().withName(name).withNamespace("ns")
        .withUid(UUID.randomUUID().toString())
        .withFinalizers(resource instanceof RayService ? FinalizerNames.RAYSERVICE : FinalizerNames.RAYJOB)
        .withDeletionTimestamp(deletedAt.toString());
    if (policyAnnotation != null) {
      meta.withAnnotations(Map.of(FinalizerPolicy.ANNOTATION, policyAnnotation));
    }
    resource.setMetadata(meta.build());
    return resource;
  }
}
