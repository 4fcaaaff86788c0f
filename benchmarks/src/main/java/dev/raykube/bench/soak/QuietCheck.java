package dev.raykube.bench.soak;

import java.time.Duration;

/**
 * After the last fault: whether the operator still fails reconciles (an error loop), read from both replicas'
 * {@code operator_sdk_reconciliations_failed_total} over a quiet window.
 *
 * @param failedReconciles reconciles that failed during the window
 * @param reconciles reconciles started during the window
 */
record QuietCheck(double failedReconciles, double reconciles) {

  static final String FAILED = "operator_sdk_reconciliations_failed_total";
  static final String STARTED = "operator_sdk_reconciliations_started_total";

  static QuietCheck run(OperatorReplicas replicas, Duration window) throws InterruptedException {
    Thread.sleep(4000); // one scrape after the last event
    double failed = replicas.counter(FAILED);
    double started = replicas.counter(STARTED);
    Thread.sleep(window.toMillis());
    return new QuietCheck(replicas.counter(FAILED) - failed, replicas.counter(STARTED) - started);
  }
}
