package dev.raykube.reconcile;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What one {@link ResourceLoop#cleanup} decided about the finalizer. Immutable.
 *
 * @param removeFinalizer whether the caller removes the finalizer now (a framework such as Java Operator SDK does it
 *     itself when told so; a plain fabric8 controller uses {@code FinalizerEditor})
 * @param retryAfter when to attempt the cleanup again, if the finalizer stays
 */
public record CleanedUp(boolean removeFinalizer, Optional<Duration> retryAfter) {

  /** Checks that exactly one of the two is asked for. */
  public CleanedUp {
    Objects.requireNonNull(retryAfter, "retryAfter");
    if (removeFinalizer == retryAfter.isPresent()) {
      throw new IllegalArgumentException("either remove the finalizer or retry, not both or neither");
    }
  }

  /** Remove the finalizer now. */
  public static CleanedUp remove() {
    return new CleanedUp(true, Optional.empty());
  }

  /** Keep the finalizer and attempt again after {@code delay}. */
  public static CleanedUp retryAfter(Duration delay) {
    return new CleanedUp(false, Optional.of(delay));
  }
}
