package dev.raykube.bench.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A fault of the soak and when it is injected. The kinds are dealt like cards from a seeded shuffle (a new shuffle
 * when the deck is used up), so a short run still meets different kinds; the times are spread over the middle of the
 * run with at least {@link #MIN_GAP} between two faults.
 *
 * @param at when, from the start
 * @param kind what
 * @param duration how long it lasts (pauses and dashboard faults), else zero
 */
record FaultPlan(Duration at, Kind kind, Duration duration) {

  /** Time between two faults at least, so that each one's recovery can be told apart. */
  static final Duration MIN_GAP = Duration.ofSeconds(20);

  /** The faults the soak injects. */
  enum Kind {
    /** SIGKILL of the replica holding the Lease. */
    KILL_LEADER,
    /** SIGKILL of both replicas at once. */
    KILL_BOTH,
    /** The kube-apiserver stopped and started again. */
    RESTART_API_SERVER,
    /** etcd paused (SIGSTOP) for a few seconds. */
    PAUSE_ETCD,
    /** Every dashboard answers 503. */
    DASHBOARD_5XX,
    /** Every dashboard answers 15 s late (after the operator's read timeout), having done what was asked. */
    DASHBOARD_TIMEOUT,
    /** Every dashboard closes connections after handling the request, without an answer. */
    DASHBOARD_RESET,
    /** Every dashboard answers 200 with HTML instead of JSON. */
    DASHBOARD_GARBAGE,
    /** Every dashboard refuses connections. */
    DASHBOARD_REFUSED,
    /** The head Pod of a RayJob's own cluster deleted while its job runs, or of a Ready RayService's cluster. */
    DELETE_HEAD_POD
  }

  /** {@code count} faults in [10 %, 90 %] of {@code run}. */
  static List<FaultPlan> draw(int count, Duration run, Random random) {
    List<FaultPlan> plans = new ArrayList<>();
    if (count == 0) {
      return plans;
    }
    long from = run.toMillis() / 10;
    long span = Math.max(run.toMillis() * 8 / 10, MIN_GAP.toMillis() * count);
    long slot = span / count;
    SeededDeck<Kind> deck = new SeededDeck<>(Kind.values(), random);
    for (int i = 0; i < count; i++) {
      Kind kind = deck.next();
      long at = from + i * slot + (long) (random.nextDouble() * Math.max(0, slot - MIN_GAP.toMillis()));
      Duration duration = switch (kind) {
        case PAUSE_ETCD -> Duration.ofSeconds(3 + random.nextInt(6));
        case DASHBOARD_5XX, DASHBOARD_TIMEOUT, DASHBOARD_RESET, DASHBOARD_GARBAGE, DASHBOARD_REFUSED ->
            Duration.ofSeconds(10 + random.nextInt(21));
        default -> Duration.ZERO;
      };
      plans.add(new FaultPlan(Duration.ofMillis(at), kind, duration));
    }
    return plans;
  }
}
