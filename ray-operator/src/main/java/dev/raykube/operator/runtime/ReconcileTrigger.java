package dev.raykube.operator.runtime;

import io.javaoperatorsdk.operator.api.reconciler.Context;

/**
 * What started a reconcile, for the {@code raykube.trigger} field of its log lines ({@code ReconcileMarker}):
 * {@code reconcile} or {@code cleanup}, or {@code retry N} when JOSDK retries after a failed attempt.
 */
public final class ReconcileTrigger {

  private ReconcileTrigger() {
  }

  /**
   * @param context the reconcile's context
   * @param step {@code reconcile} or {@code cleanup}
   * @return the trigger
   */
  public static String of(Context<?> context, String step) {
    return context.getRetryInfo().filter(retry -> retry.getAttemptCount() > 0)
        .map(retry -> step + " retry " + retry.getAttemptCount()).orElse(step);
  }
}
