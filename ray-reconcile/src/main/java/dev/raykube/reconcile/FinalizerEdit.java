package dev.raykube.reconcile;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.Objects;

/**
 * The result of one {@link FinalizerEditor} call. Immutable.
 *
 * @param result what happened
 * @param resource the object as the API server last returned it (after the update when one was made); null when it
 *     does not exist ({@link Result#NOT_FOUND}) and possibly null after the removal that let it be deleted
 * @param attempts how many read-modify-write rounds were needed (more than 1 after conflicts)
 * @param <T> the kind of object
 */
public record FinalizerEdit<T extends HasMetadata>(Result result, T resource, int attempts) {

  /** What happened. */
  public enum Result {
    /** The finalizer was added. */
    ADDED,
    /** The finalizer was removed; if it was the last one of an object being deleted, the object is now gone. */
    REMOVED,
    /** Add: the object already had the finalizer; nothing was written. */
    ALREADY_PRESENT,
    /** Remove: the object did not have the finalizer; nothing was written. */
    ALREADY_ABSENT,
    /** Add: the object is being deleted, and Kubernetes allows no new finalizers then; nothing was written. */
    BEING_DELETED,
    /** The object does not exist (for a removal this means done). */
    NOT_FOUND
  }

  /** Checks the fields. */
  public FinalizerEdit {
    Objects.requireNonNull(result, "result");
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts must be at least 1: " + attempts);
    }
  }

  /** Whether this call wrote the object. */
  public boolean changed() {
    return result == Result.ADDED || result == Result.REMOVED;
  }
}
