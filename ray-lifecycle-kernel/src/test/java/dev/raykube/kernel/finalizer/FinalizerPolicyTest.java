package dev.raykube.kernel.finalizer;

import static dev.raykube.kernel.finalizer.FinalizerPolicy.BEST_EFFORT;
import static dev.raykube.kernel.finalizer.FinalizerPolicy.UNTIL_CONFIRMED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.kernel.finalizer.FinalizerDecision.Reason;
import dev.raykube.kernel.finalizer.FinalizerDecision.RemoveFinalizer;
import dev.raykube.kernel.finalizer.FinalizerDecision.RetryAfter;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Table tests for both finalizer policies: attempts made × last outcome × time since deletion → decision. Settings are
 * the defaults: backoff 1 s doubling up to 60 s, maximum wait 10 min.
 */
class FinalizerPolicyTest {
  private static final FinalizerSettings SETTINGS = FinalizerSettings.defaults();
  private static final Instant DELETED_AT = Instant.parse("2025-03-01T12:00:00Z");

  /** The last outcome in a row; NONE means no attempt yet. */
  enum Last { NONE, DONE, FAILED_RETRYABLE, FAILED_PERMANENT }

  /** The expected decision: remove (with or without warning) or retry after a delay. */
  record Expect(boolean remove, Reason reason, boolean warning, Duration delay) {
    static Expect remove(Reason reason, boolean warning) {
      return new Expect(true, reason, warning, null);
    }

    static Expect retry(Reason reason, Duration delay) {
      return new Expect(false, reason, false, delay);
    }
  }

  static Stream<Arguments> rows() {
    Duration s0 = Duration.ZERO;
    Duration hours3 = Duration.ofHours(3);
    return Stream.of(
        // BEST_EFFORT: never remove before one attempt; after one, always remove; warn iff not confirmed.
        row("best-effort: nothing tried yet → attempt now", BEST_EFFORT, 0, Last.NONE, s0,
            Expect.retry(Reason.CLEANUP_NOT_ATTEMPTED, s0)),
        row("best-effort: deleted while the operator was down (3 h ago), first reconcile → attempt now", BEST_EFFORT,
            0, Last.NONE, hours3, Expect.retry(Reason.CLEANUP_NOT_ATTEMPTED, s0)),
        row("best-effort: attempt done → remove", BEST_EFFORT, 1, Last.DONE, s0,
            Expect.remove(Reason.CLEANUP_DONE, false)),
        row("best-effort: attempt failed (retryable) → remove anyway, warn", BEST_EFFORT, 1, Last.FAILED_RETRYABLE,
            s0, Expect.remove(Reason.CLEANUP_FAILED, true)),
        row("best-effort: attempt failed (permanent) → remove anyway, warn", BEST_EFFORT, 1, Last.FAILED_PERMANENT,
            Duration.ofSeconds(5), Expect.remove(Reason.CLEANUP_FAILED, true)),
        row("best-effort: deleted while down, first attempt done → remove", BEST_EFFORT, 1, Last.DONE, hours3,
            Expect.remove(Reason.CLEANUP_DONE, false)),
        row("best-effort: deleted while down, first attempt failed → remove, warn", BEST_EFFORT, 1,
            Last.FAILED_RETRYABLE, hours3, Expect.remove(Reason.CLEANUP_FAILED, true)),
        row("best-effort: several attempts (caller kept it), failed → remove, warn", BEST_EFFORT, 4,
            Last.FAILED_RETRYABLE, Duration.ofSeconds(20), Expect.remove(Reason.CLEANUP_FAILED, true)),
        row("best-effort: clock skew (deletion in our future), done → remove", BEST_EFFORT, 1, Last.DONE,
            Duration.ofSeconds(-30), Expect.remove(Reason.CLEANUP_DONE, false)),

        // UNTIL_CONFIRMED: retry with backoff until confirmed or 10 min after deletion.
        row("until-confirmed: nothing tried yet → attempt now", UNTIL_CONFIRMED, 0, Last.NONE, s0,
            Expect.retry(Reason.CLEANUP_NOT_ATTEMPTED, s0)),
        row("until-confirmed: deleted while down 3 h ago (past the limit) → still attempt first", UNTIL_CONFIRMED,
            0, Last.NONE, hours3, Expect.retry(Reason.CLEANUP_NOT_ATTEMPTED, s0)),
        row("until-confirmed: done → remove", UNTIL_CONFIRMED, 1, Last.DONE, s0,
            Expect.remove(Reason.CLEANUP_DONE, false)),
        row("until-confirmed: deleted while down 3 h ago, first attempt done → remove, no warning",
            UNTIL_CONFIRMED, 1, Last.DONE, hours3, Expect.remove(Reason.CLEANUP_DONE, false)),
        row("until-confirmed: done after many failures → remove", UNTIL_CONFIRMED, 9, Last.DONE,
            Duration.ofMinutes(4), Expect.remove(Reason.CLEANUP_DONE, false)),
        row("until-confirmed: 1st failure → 1 s", UNTIL_CONFIRMED, 1, Last.FAILED_RETRYABLE, s0,
            Expect.retry(Reason.CLEANUP_RETRY, Duration.ofSeconds(1))),
        row("until-confirmed: 2nd failure → 2 s", UNTIL_CONFIRMED, 2, Last.FAILED_RETRYABLE, Duration.ofSeconds(1),
            Expect.retry(Reason.CLEANUP_RETRY, Duration.ofSeconds(2))),
        row("until-confirmed: 3rd failure → 4 s", UNTIL_CONFIRMED, 3, Last.FAILED_RETRYABLE, Duration.ofSeconds(3),
            Expect.retry(Reason.CLEANUP_RETRY, Duration.ofSeconds(4))),
        row("until-confirmed: 6th failure → 32 s", UNTIL_CONFIRMED, 6, Last.FAILED_RETRYABLE, Duration.ofSeconds(31),
            Expect.retry(Reason.CLEANUP_RETRY, Duration.ofSeconds(32))),
        row("until-confirmed: 7th failure → 64 s capped at 60 s", UNTIL_CONFIRMED, 7, Last.FAILED_RETRYABLE,
            Duration.ofSeconds(63), Expect.retry(Reason.CLEANUP_RETRY, Duration.ofSeconds(60))),
        row("until-confirmed: 40th failure → cap, no overflow", UNTIL_CONFIRMED, 40, Last.FAILED_RETRYABLE,
            Duration.ofMinutes(5), Expect.retry(Reason.CLEANUP_RETRY, Duration.ofSeconds(60))),
        row("until-confirmed: permanent failure → retried at the cap", UNTIL_CONFIRMED, 1, Last.FAILED_PERMANENT, s0,
            Expect.retry(Reason.CLEANUP_RETRY, Duration.ofSeconds(60))),
        row("until-confirmed: delay clamped to the time left (500 ms)", UNTIL_CONFIRMED, 3, Last.FAILED_RETRYABLE,
            Duration.ofMinutes(10).minusMillis(500), Expect.retry(Reason.CLEANUP_RETRY, Duration.ofMillis(500))),
        row("until-confirmed: permanent failure, cap clamped to the time left (30 s)", UNTIL_CONFIRMED, 2,
            Last.FAILED_PERMANENT, Duration.ofSeconds(570), Expect.retry(Reason.CLEANUP_RETRY, Duration.ofSeconds(30))),
        row("until-confirmed: failed at exactly 10 min → remove, warn", UNTIL_CONFIRMED, 12, Last.FAILED_RETRYABLE,
            Duration.ofMinutes(10), Expect.remove(Reason.CLEANUP_DEADLINE_EXCEEDED, true)),
        row("until-confirmed: permanent failure past 10 min → remove, warn", UNTIL_CONFIRMED, 11,
            Last.FAILED_PERMANENT, Duration.ofMinutes(11), Expect.remove(Reason.CLEANUP_DEADLINE_EXCEEDED, true)),
        row("until-confirmed: deleted while down 3 h ago, first attempt failed → remove, warn", UNTIL_CONFIRMED, 1,
            Last.FAILED_RETRYABLE, hours3, Expect.remove(Reason.CLEANUP_DEADLINE_EXCEEDED, true)),
        row("until-confirmed: deleted while down 3 min ago, first attempt failed → retry in 1 s", UNTIL_CONFIRMED, 1,
            Last.FAILED_RETRYABLE, Duration.ofMinutes(3), Expect.retry(Reason.CLEANUP_RETRY, Duration.ofSeconds(1))),
        row("until-confirmed: restarted operator (attempts reset) 9 min in → backoff restarts at 1 s", UNTIL_CONFIRMED,
            1, Last.FAILED_RETRYABLE, Duration.ofMinutes(9), Expect.retry(Reason.CLEANUP_RETRY, Duration.ofSeconds(1))),
        row("until-confirmed: clock skew (deletion in our future) counts as 0 elapsed", UNTIL_CONFIRMED, 1,
            Last.FAILED_RETRYABLE, Duration.ofSeconds(-30), Expect.retry(Reason.CLEANUP_RETRY, Duration.ofSeconds(1))));
  }

  private static Arguments row(String name, FinalizerPolicy policy, int attempts, Last last, Duration elapsed,
      Expect expect) {
    return Arguments.of(name, policy, attempts, last, elapsed, expect);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void decides(String name, FinalizerPolicy policy, int attempts, Last last, Duration elapsed, Expect expect) {
    CleanupHistory history = history(attempts, last);

    FinalizerDecision decision = policy.decide(history, DELETED_AT, DELETED_AT.plus(elapsed), SETTINGS);

    assertThat(decision.reason()).as(name).isEqualTo(expect.reason());
    assertThat(decision.message()).isNotBlank();
    if (expect.remove()) {
      assertThat(decision).isInstanceOf(RemoveFinalizer.class);
      assertThat(((RemoveFinalizer) decision).warning()).as("warning").isEqualTo(expect.warning());
    } else {
      assertThat(decision).isInstanceOf(RetryAfter.class);
      assertThat(((RetryAfter) decision).delay()).as("delay").isEqualTo(expect.delay());
    }
  }

  private static CleanupHistory history(int attempts, Last last) {
    if (attempts == 0) {
      return CleanupHistory.none();
    }
    CleanupOutcome failedEarlier = CleanupOutcome.failed(StepReason.DASHBOARD_UNAVAILABLE, "connection refused", true);
    CleanupOutcome outcome = switch (last) {
      case DONE -> CleanupOutcome.done(StepReason.STOP_REQUESTED, "asked to stop");
      case FAILED_RETRYABLE -> CleanupOutcome.failed(StepReason.DASHBOARD_UNAVAILABLE, "connection refused", true);
      case FAILED_PERMANENT -> CleanupOutcome.failed(StepReason.AUTHENTICATION_FAILED, "403", false);
      case NONE -> throw new IllegalArgumentException("attempts > 0 need an outcome");
    };
    CleanupHistory h = CleanupHistory.none();
    for (int i = 1; i < attempts; i++) {
      h = h.after(failedEarlier, DELETED_AT);
    }
    return h.after(outcome, DELETED_AT);
  }

  @Test
  void warningMessagesSayWhatFailedAndThatTheFinalizerGoesAnyway() {
    CleanupHistory failed = CleanupHistory.none()
        .after(CleanupOutcome.failed(StepReason.DASHBOARD_UNAVAILABLE, "connection refused", true), DELETED_AT);

    FinalizerDecision bestEffort = BEST_EFFORT.decide(failed, DELETED_AT, DELETED_AT, SETTINGS);
    FinalizerDecision deadline = UNTIL_CONFIRMED.decide(failed, DELETED_AT, DELETED_AT.plus(Duration.ofHours(3)),
        SETTINGS);

    assertThat(bestEffort.message()).contains("DashboardUnavailable", "connection refused", "best-effort", "anyway");
    assertThat(deadline.message()).contains("DashboardUnavailable", "3h", "10m", "anyway");
  }

  @Test
  void theMaximumWaitIsConfigurable() {
    FinalizerSettings shortWait = SETTINGS.withMaxWait(Duration.ofSeconds(30));
    CleanupHistory failed = CleanupHistory.none()
        .after(CleanupOutcome.failed(StepReason.DASHBOARD_UNAVAILABLE, "refused", true), DELETED_AT);

    FinalizerDecision before = UNTIL_CONFIRMED.decide(failed, DELETED_AT, DELETED_AT.plusSeconds(29), shortWait);
    assertThat(before).isInstanceOf(RetryAfter.class);
    assertThat(((RetryAfter) before).delay()).isEqualTo(Duration.ofSeconds(1));
    assertThat(UNTIL_CONFIRMED.decide(failed, DELETED_AT, DELETED_AT.plusSeconds(30), shortWait))
        .isInstanceOf(RemoveFinalizer.class);
  }

  @Test
  void decidingNeedsADeletionTimestamp() {
    for (FinalizerPolicy policy : FinalizerPolicy.values()) {
      assertThatThrownBy(() -> policy.decide(CleanupHistory.none(), null, DELETED_AT, SETTINGS))
          .isInstanceOf(NullPointerException.class)
          .hasMessageContaining("not being deleted");
    }
  }
}
