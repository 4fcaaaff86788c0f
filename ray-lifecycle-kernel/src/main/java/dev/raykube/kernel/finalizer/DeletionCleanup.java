package dev.raykube.kernel.finalizer;

import dev.raykube.kernel.finalizer.FinalizerDecision.Reason;
import dev.raykube.kernel.finalizer.FinalizerDecision.RemoveFinalizer;
import dev.raykube.kernel.finalizer.FinalizerDecision.RetryAfter;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the cleanup a finalizer guards for objects being deleted, the same way for every kind: one attempt of the
 * {@link CleanupStep} per call, then the object's {@link FinalizerPolicy} decides. Makes no Kubernetes calls itself:
 * the caller removes the finalizer when told to (through its framework or
 * {@link dev.raykube.reconcile.FinalizerEditor}) or calls again after the returned delay.
 *
 * <p>Typical use, in the reconcile of an object with {@code metadata.deletionTimestamp} set:
 *
 * <pre>{@code
 * CleanupReport report = rayJobCleanup.run(rayJob);
 * if (report.policy().annotationInvalid()) {
 *   warn(rayJob, FinalizerPolicy.INVALID_ANNOTATION_EVENT_REASON, report.policy().invalidAnnotationMessage());
 * }
 * if (report.decision() instanceof FinalizerDecision.RemoveFinalizer remove) {
 *   if (remove.warning()) {
 *     warn(rayJob, remove.reason().eventReason(), remove.message());
 *   }
 *   new FinalizerEditor().remove(client, rayJob, FinalizerNames.RAYJOB);
 * } else {
 *   requeueAfter(((FinalizerDecision.RetryAfter) report.decision()).delay());
 * }
 * }</pre>
 *
 * <p>Attempt histories are kept in memory, keyed by {@code metadata.uid}, and dropped when a removal is decided or
 * {@link #forget} is called. A restart loses them, which costs at most one more attempt; the maximum wait is measured
 * from {@code metadata.deletionTimestamp} and so survives restarts. An object deleted while no operator ran is handled
 * the same way: its first run makes the attempt, then the policy decides with the full time since deletion.
 *
 * <p>A call that comes before the next attempt is due (a reconcile triggered by an unrelated event) makes no attempt
 * and returns the remaining delay. Thread-safe for different objects; runs for the same object must not overlap (as in
 * every controller framework).
 *
 * @param <T> the kind of object
 */
public final class DeletionCleanup<T extends HasMetadata> {
  private static final Logger LOG = LoggerFactory.getLogger(DeletionCleanup.class);

  private record Tracked(CleanupHistory history, Instant nextAttemptAt) {}

  private final String finalizer;
  private final CleanupStep<? super T> step;
  private final FinalizerSettings settings;
  private final Clock clock;
  private final Map<String, Tracked> tracked = new ConcurrentHashMap<>();

  /**
   * @param finalizer the finalizer that guards the cleanup, e.g. {@link FinalizerNames#RAYJOB}
   * @param step the cleanup
   * @param settings default policy, backoff, maximum wait
   * @param clock the time source
   * @throws IllegalArgumentException if the finalizer name is not valid
   */
  public DeletionCleanup(String finalizer, CleanupStep<? super T> step, FinalizerSettings settings, Clock clock) {
    this.finalizer = FinalizerNames.requireValid(finalizer);
    this.step = Objects.requireNonNull(step, "step");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** The finalizer this cleanup belongs to. */
  public String finalizer() {
    return finalizer;
  }

  /** The settings in use. */
  public FinalizerSettings settings() {
    return settings;
  }

  /**
   * Makes one cleanup attempt for {@code resource} (unless the next one is not due yet, or the object does not carry
   * the finalizer) and decides what happens to the finalizer.
   *
   * @param resource the object as last read; {@code metadata.deletionTimestamp} must be set
   * @throws IllegalArgumentException if the object is not being deleted, or its deletionTimestamp is not RFC 3339
   */
  public CleanupReport run(T resource) {
    Objects.requireNonNull(resource, "resource");
    ObjectMeta meta = resource.getMetadata();
    if (meta == null || meta.getDeletionTimestamp() == null) {
      throw new IllegalArgumentException("cleanup runs only for an object being deleted; " + describe(resource)
          + " has no metadata.deletionTimestamp");
    }
    Instant deletedAt = parseTimestamp(meta.getDeletionTimestamp(), resource);
    PolicySelection selection = FinalizerPolicy.select(resource, settings.defaultPolicy());
    String key = key(resource);
    if (!resource.hasFinalizer(finalizer)) {
      tracked.remove(key);
      return new CleanupReport(finalizer, selection, null, CleanupHistory.none(),
          new RemoveFinalizer(Reason.FINALIZER_ABSENT, describe(resource) + " no longer carries " + finalizer
              + "; nothing to clean up", false));
    }
    Instant now = clock.instant();
    Tracked before = tracked.get(key);
    CleanupHistory history = before == null ? CleanupHistory.none() : before.history();
    if (before != null && now.isBefore(before.nextAttemptAt())) {
      Duration wait = Duration.between(now, before.nextAttemptAt());
      return new CleanupReport(finalizer, selection, null, history, new RetryAfter(wait, Reason.CLEANUP_RETRY,
          "Next cleanup attempt for " + describe(resource) + " is due in " + FinalizerPolicy.human(wait)));
    }
    CleanupOutcome outcome = attempt(resource);
    history = history.after(outcome, now);
    FinalizerDecision decision = selection.policy().decide(history, deletedAt, now, settings);
    if (decision instanceof RetryAfter retry) {
      tracked.put(key, new Tracked(history, now.plus(retry.delay())));
    } else {
      tracked.remove(key);
    }
    LOG.debug("{}: {} attempt {} → {}; {}", describe(resource), selection.policy(), history.attempts(), outcome,
        decision);
    return new CleanupReport(finalizer, selection, outcome, history, decision);
  }

  /** Drops what is remembered about {@code resource} (e.g. on its DELETED event). */
  public void forget(HasMetadata resource) {
    tracked.remove(key(Objects.requireNonNull(resource, "resource")));
  }

  /** How many objects have remembered attempts (objects being deleted whose finalizer is still held). */
  public int trackedObjects() {
    return tracked.size();
  }

  private CleanupOutcome attempt(T resource) {
    try {
      CleanupOutcome outcome = step.attempt(resource);
      if (outcome == null) {
        return CleanupOutcome.failed(CleanupStepError.NO_OUTCOME, "the cleanup step returned no outcome", true);
      }
      return outcome;
    } catch (RuntimeException e) {
      LOG.warn("{}: cleanup step threw", describe(resource), e);
      return CleanupOutcome.failed(CleanupStepError.THREW, "the cleanup step threw " + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : ": " + e.getMessage()), true);
    }
  }

  private static Instant parseTimestamp(String value, HasMetadata resource) {
    try {
      return OffsetDateTime.parse(value).toInstant();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("metadata.deletionTimestamp of " + describe(resource)
          + " is not an RFC 3339 time: " + value, e);
    }
  }

  private static String key(HasMetadata resource) {
    ObjectMeta meta = resource.getMetadata();
    if (meta != null && meta.getUid() != null) {
      return meta.getUid();
    }
    return resource.getKind() + "/" + (meta == null ? null : meta.getNamespace()) + "/"
        + (meta == null ? null : meta.getName());
  }

  private static String describe(HasMetadata resource) {
    ObjectMeta meta = resource.getMetadata();
    String ns = meta == null ? null : meta.getNamespace();
    String name = meta == null ? null : meta.getName();
    return resource.getKind() + " " + (ns == null ? "" : ns + "/") + name;
  }
}
