package dev.raykube.reconcile;

import dev.raykube.reconcile.FinalizerEdit.Result;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adds and removes a finalizer on any Kubernetes object through a fabric8 {@link KubernetesClient}, for operators
 * that use no framework (one that does, such as Java Operator SDK, should let the framework manage its finalizer:
 * exactly one mechanism per controller).
 *
 * <p>Each call is idempotent and uses optimistic concurrency: it reads the latest object, changes only
 * {@code metadata.finalizers}, and writes it back with {@code update()} locked to the resourceVersion it read. When
 * another writer got in between (HTTP 409), it reads again and retries, up to {@code maxAttempts} times with a short
 * randomized pause, then throws {@link FinalizerConflictException}. It never uses a merge patch, whose handling of
 * lists differs between servers (fabric8's mock server appends to them). Other fields, including changes another
 * writer made meanwhile, are kept as read.
 *
 * <p>Removing the last finalizer of an object being deleted lets Kubernetes delete it. Removing from an object that no
 * longer exists counts as done ({@link Result#NOT_FOUND}). Kubernetes allows no new finalizers on an object being
 * deleted, so {@link #add} reports {@link Result#BEING_DELETED} instead of trying. Immutable and thread-safe.
 */
public final class FinalizerEditor {
  private static final Logger LOG = LoggerFactory.getLogger(FinalizerEditor.class);

  /** Default number of read-modify-write rounds. */
  public static final int DEFAULT_MAX_ATTEMPTS = 5;

  /** Default upper bound of the pause before a retry after a conflict. */
  public static final Duration DEFAULT_CONFLICT_PAUSE = Duration.ofMillis(20);

  private final int maxAttempts;
  private final Duration conflictPause;

  /** An editor with {@value #DEFAULT_MAX_ATTEMPTS} attempts and pauses of up to 20 ms. */
  public FinalizerEditor() {
    this(DEFAULT_MAX_ATTEMPTS, DEFAULT_CONFLICT_PAUSE);
  }

  /**
   * @param maxAttempts read-modify-write rounds at most, at least 1
   * @param conflictPause the upper bound of the random pause before a retry ({@link Duration#ZERO}: none)
   */
  public FinalizerEditor(int maxAttempts, Duration conflictPause) {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
    }
    Objects.requireNonNull(conflictPause, "conflictPause");
    if (conflictPause.isNegative()) {
      throw new IllegalArgumentException("conflictPause must not be negative: " + conflictPause);
    }
    this.maxAttempts = maxAttempts;
    this.conflictPause = conflictPause;
  }

  /**
   * Adds {@code finalizer} to the object unless it is already there or the object is being deleted.
   *
   * @param resource identifies the object (kind, namespace, name); its other fields are not written
   * @return {@link Result#ADDED}, {@link Result#ALREADY_PRESENT}, {@link Result#BEING_DELETED} or
   *     {@link Result#NOT_FOUND}
   * @throws IllegalArgumentException if the finalizer name is not valid
   * @throws FinalizerConflictException if every attempt conflicted
   * @throws KubernetesClientException for other API errors
   */
  public <T extends HasMetadata> FinalizerEdit<T> add(KubernetesClient client, T resource, String finalizer) {
    return edit(client, resource, finalizer, true);
  }

  /**
   * Removes {@code finalizer} from the object if it is there.
   *
   * @param resource identifies the object (kind, namespace, name); its other fields are not written
   * @return {@link Result#REMOVED}, {@link Result#ALREADY_ABSENT} or {@link Result#NOT_FOUND} (all meaning "done")
   * @throws IllegalArgumentException if the finalizer name is not valid
   * @throws FinalizerConflictException if every attempt conflicted
   * @throws KubernetesClientException for other API errors
   */
  public <T extends HasMetadata> FinalizerEdit<T> remove(KubernetesClient client, T resource, String finalizer) {
    return edit(client, resource, finalizer, false);
  }

  private <T extends HasMetadata> FinalizerEdit<T> edit(KubernetesClient client, T resource, String finalizer,
      boolean add) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(resource, "resource");
    requireValid(finalizer);
    if (resource.getMetadata() == null || resource.getMetadata().getName() == null) {
      throw new IllegalArgumentException("the resource needs metadata.name");
    }
    KubernetesClientException lastConflict = null;
    for (int attempt = 1; attempt <= maxAttempts; attempt++) {
      T latest = client.resource(resource).get();
      if (latest == null) {
        return new FinalizerEdit<>(Result.NOT_FOUND, null, attempt);
      }
      ObjectMeta meta = latest.getMetadata();
      List<String> finalizers = new ArrayList<>();
      if (meta.getFinalizers() != null) {
        finalizers.addAll(meta.getFinalizers());
      }
      if (add) {
        if (finalizers.contains(finalizer)) {
          return new FinalizerEdit<>(Result.ALREADY_PRESENT, latest, attempt);
        }
        if (meta.getDeletionTimestamp() != null) {
          return new FinalizerEdit<>(Result.BEING_DELETED, latest, attempt);
        }
        finalizers.add(finalizer);
      } else {
        if (!finalizers.removeIf(finalizer::equals)) { // every copy: a list may hold a name twice
          return new FinalizerEdit<>(Result.ALREADY_ABSENT, latest, attempt);
        }
      }
      meta.setFinalizers(finalizers);
      try {
        T updated = client.resource(latest).lockResourceVersion(meta.getResourceVersion()).update();
        return new FinalizerEdit<>(add ? Result.ADDED : Result.REMOVED, updated, attempt);
      } catch (KubernetesClientException e) {
        if (e.getCode() == 404) {
          return new FinalizerEdit<>(Result.NOT_FOUND, null, attempt); // deleted meanwhile
        }
        if (e.getCode() != 409) {
          throw e;
        }
        lastConflict = e;
        LOG.debug("{} finalizer {} on {} {}: conflict on attempt {}", add ? "adding" : "removing", finalizer,
            resource.getKind(), meta.getName(), attempt);
        if (attempt < maxAttempts) {
          pause();
        }
      }
    }
    throw new FinalizerConflictException((add ? "Adding" : "Removing") + " finalizer " + finalizer + " on "
        + resource.getKind() + " " + describe(resource) + " conflicted " + maxAttempts
        + " times: other writers keep changing it", maxAttempts, lastConflict);
  }

  /**
   * Checks that {@code name} is a finalizer name Kubernetes accepts without a warning: a domain-qualified name such as
   * {@code example.com/cleanup}.
   *
   * @param name the finalizer name
   * @return {@code name}
   * @throws IllegalArgumentException if it is null, blank or not domain-qualified
   */
  public static String requireValid(String name) {
    if (name == null || name.isBlank() || name.indexOf('/') < 0 || !HasMetadata.validateFinalizer(name)) {
      throw new IllegalArgumentException("not a valid finalizer name (expected a domain-qualified name such as "
          + "example.com/cleanup): " + (name == null ? "null" : "'" + name + "'"));
    }
    return name;
  }

  private void pause() {
    long bound = conflictPause.toNanos();
    if (bound <= 0) {
      return;
    }
    try {
      TimeUnit.NANOSECONDS.sleep(ThreadLocalRandom.current().nextLong(bound / 2, bound + 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KubernetesClientException("interrupted while retrying a finalizer update", e);
    }
  }

  private static String describe(HasMetadata resource) {
    String ns = resource.getMetadata().getNamespace();
    return (ns == null ? "" : ns + "/") + resource.getMetadata().getName();
  }
}
