package dev.raykube.operator.runtime;

import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether this replica currently leads, published as the gauge {@code raykube_leader} (1 or 0) and fed by the leader
 * election callbacks. Losing the lease while the operator runs (not while it is being stopped) completes the runtime
 * with {@link Termination#LEADERSHIP_LOST}.
 */
final class Leadership {

  /** Meter name (Prometheus: {@code raykube_leader}). */
  static final String METER = "raykube.leader";

  private static final Logger log = LoggerFactory.getLogger(Leadership.class);

  private final AtomicBoolean leading = new AtomicBoolean();
  private final AtomicReference<String> leader = new AtomicReference<>();
  private final Runnable onLost;
  private volatile boolean stopping;

  Leadership(MeterRegistry registry, Runnable onLost) {
    this.onLost = onLost;
    Gauge.builder(METER, leading, l -> l.get() ? 1 : 0)
        .description("1 while this replica is the active (leading) operator, else 0")
        .register(registry);
  }

  /** Callbacks for the leader elector. */
  LeaderCallbacks callbacks() {
    return new LeaderCallbacks(this::startedLeading, this::stoppedLeading, this::newLeader);
  }

  /** Marks this replica as leader without an election (leader election off). */
  void leadWithoutElection() {
    leading.set(true);
  }

  /** From now on, losing the lease is part of stopping, not a failure. */
  void stopping() {
    stopping = true;
  }

  boolean isLeading() {
    return leading.get();
  }

  /** Identity of the current leader, if known. */
  String leader() {
    return leader.get();
  }

  private void startedLeading() {
    leading.set(true);
    log.info("This replica is now the leader; reconciling starts");
  }

  private void stoppedLeading() {
    boolean wasLeading = leading.getAndSet(false);
    if (stopping) {
      log.info("Leader election stopped");
      return;
    }
    if (wasLeading) {
      log.error("This replica lost the leader-election lease; the operator stops so that only one replica reconciles");
      onLost.run();
    }
  }

  private void newLeader(String identity) {
    leader.set(identity);
  }
}
