package dev.raykube.kernel.finalizer;

import dev.raykube.kernel.finalizer.FinalizerDecision.Reason;
import dev.raykube.kernel.finalizer.FinalizerDecision.RemoveFinalizer;
import dev.raykube.kernel.finalizer.FinalizerDecision.RetryAfter;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How long a finalizer holds a deleted object for its cleanup. Both policies make the cleanup attempt at least once —
 * a finalizer is never removed before one attempt — and neither keeps an object forever.
 *
 * <p>Chosen per object with the annotation {@value #ANNOTATION} ({@code best-effort} or {@code until-confirmed}); an
 * object without it, or with another value, gets the operator-wide {@link FinalizerSettings#defaultPolicy()} (see
 * {@link #select(HasMetadata, FinalizerPolicy)}). Decisions are pure: {@link #decide} reads no clock and calls nothing.
 */
public enum FinalizerPolicy {
  /**
   * Attempt the cleanup once, then remove the finalizer whether it worked or not (a failure earns a Warning). This is
   * KubeRay's behaviour and the default: deleting an object never waits on a dashboard that is down.
   */
  BEST_EFFORT("best-effort") {
    @Override
    public FinalizerDecision decide(CleanupHistory history, Instant deletionTimestamp, Instant now,
        FinalizerSettings settings) {
      requireInputs(history, deletionTimestamp, now, settings);
      if (history.attempts() == 0) {
        return attemptNow();
      }
      CleanupOutcome last = history.lastOutcome();
      if (last.done()) {
        return done(last);
      }
      return new RemoveFinalizer(Reason.CLEANUP_FAILED, "Cleanup failed (" + last.reason().value() + ": " + last.message()
          + "); finalizer policy " + annotationValue() + " removes the finalizer anyway", true);
    }
  },

  /**
   * Retry with exponential backoff until the cleanup is confirmed; once {@link FinalizerSettings#maxWait()} has passed
   * since {@code metadata.deletionTimestamp}, remove the finalizer anyway with a Warning. A failure that is not
   * retryable (e.g. the dashboard refuses the credentials) is retried too, at the longest delay, since someone may fix
   * it within the wait.
   */
  UNTIL_CONFIRMED("until-confirmed") {
    @Override
    public FinalizerDecision decide(CleanupHistory history, Instant deletionTimestamp, Instant now,
        FinalizerSettings settings) {
      requireInputs(history, deletionTimestamp, now, settings);
      if (history.attempts() == 0) {
        return attemptNow();
      }
      CleanupOutcome last = history.lastOutcome();
      if (last.done()) {
        return done(last);
      }
      Duration elapsed = Duration.between(deletionTimestamp, now);
      if (elapsed.isNegative()) {
        elapsed = Duration.ZERO; // the API server's clock is ahead of ours
      }
      String failure = last.reason().value() + ": " + last.message();
      if (elapsed.compareTo(settings.maxWait()) >= 0) {
        return new RemoveFinalizer(Reason.CLEANUP_DEADLINE_EXCEEDED, "Cleanup not confirmed " + human(elapsed)
            + " after deletion (limit " + human(settings.maxWait()) + "; last of " + history.attempts() + " attempt(s) "
            + "in this operator run: " + failure + "); removing the finalizer anyway", true);
      }
      Duration delay = last.retryable() ? settings.backoff(history.attempts()) : settings.maxDelay();
      Duration remaining = settings.maxWait().minus(elapsed);
      if (delay.compareTo(remaining) > 0) {
        delay = remaining;
      }
      return new RetryAfter(delay, Reason.CLEANUP_RETRY, "Cleanup attempt " + history.attempts() + " failed ("
          + failure + "); next attempt in " + human(delay) + ", finalizer removed anyway "
          + human(settings.maxWait()) + " after deletion");
    }
  };

  /** The annotation that selects the policy of one object: {@code ray.io/finalizer-policy}. */
  public static final String ANNOTATION = "ray.io/finalizer-policy";

  /** Event reason for an invalid {@value #ANNOTATION} value. */
  public static final String INVALID_ANNOTATION_EVENT_REASON = "InvalidFinalizerPolicy";

  private final String annotationValue;

  FinalizerPolicy(String annotationValue) {
    this.annotationValue = annotationValue;
  }

  /** The value of {@value #ANNOTATION} that selects this policy, e.g. {@code until-confirmed}. */
  public String annotationValue() {
    return annotationValue;
  }

  /**
   * Decides, after the attempts in {@code history}, whether to remove the finalizer now or retry later. Pure.
   *
   * @param history the attempts made so far by this operator process (none after a restart)
   * @param deletionTimestamp the object's {@code metadata.deletionTimestamp}
   * @param now the current time
   * @param settings backoff and maximum wait
   * @throws NullPointerException if an argument is null
   */
  public abstract FinalizerDecision decide(CleanupHistory history, Instant deletionTimestamp, Instant now,
      FinalizerSettings settings);

  /** The policy a value of {@value #ANNOTATION} names (surrounding space and case ignored); empty for others. */
  public static Optional<FinalizerPolicy> fromAnnotationValue(String value) {
    if (value == null) {
      return Optional.empty();
    }
    String v = value.strip().toLowerCase(Locale.ROOT);
    for (FinalizerPolicy p : values()) {
      if (p.annotationValue.equals(v)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /**
   * The policy for one object: its {@value #ANNOTATION} annotation if valid, else {@code operatorDefault}. An invalid
   * value is reported in the result so that the caller can emit a Warning Event
   * ({@value #INVALID_ANNOTATION_EVENT_REASON}); it never blocks deletion.
   */
  public static PolicySelection select(HasMetadata resource, FinalizerPolicy operatorDefault) {
    Objects.requireNonNull(resource, "resource");
    Objects.requireNonNull(operatorDefault, "operatorDefault");
    Map<String, String> annotations = resource.getMetadata() == null ? null : resource.getMetadata().getAnnotations();
    String value = annotations == null ? null : annotations.get(ANNOTATION);
    if (value == null) {
      return new PolicySelection(operatorDefault, false, null);
    }
    return fromAnnotationValue(value)
        .map(p -> new PolicySelection(p, true, null))
        .orElseGet(() -> new PolicySelection(operatorDefault, false, value));
  }

  private static void requireInputs(CleanupHistory history, Instant deletionTimestamp, Instant now,
      FinalizerSettings settings) {
    Objects.requireNonNull(history, "history");
    Objects.requireNonNull(deletionTimestamp, "deletionTimestamp (the object is not being deleted)");
    Objects.requireNonNull(now, "now");
    Objects.requireNonNull(settings, "settings");
  }

  private static FinalizerDecision attemptNow() {
    return new RetryAfter(Duration.ZERO, Reason.CLEANUP_NOT_ATTEMPTED,
        "No cleanup attempt made yet; the finalizer stays until one is made");
  }

  private static FinalizerDecision done(CleanupOutcome last) {
    return new RemoveFinalizer(Reason.CLEANUP_DONE, "Cleanup done (" + last.reason().value() + ": " + last.message() + ")",
        false);
  }

  static String human(Duration d) {
    if (d.toMillis() < 1000) {
      return d.toMillis() + "ms";
    }
    long s = d.getSeconds();
    if (s < 120) {
      return s + "s";
    }
    if (s < 7200) {
      return (s / 60) + "m" + (s % 60 == 0 ? "" : (s % 60) + "s");
    }
    return (s / 3600) + "h" + ((s % 3600) / 60 == 0 ? "" : ((s % 3600) / 60) + "m");
  }
}
