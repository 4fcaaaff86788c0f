package dev.raykube.reconcile;

import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Objects;
import java.util.function.BiPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records the status of a custom resource through its status subresource: only when it differs from the stored one,
 * with optimistic concurrency (the write is locked to the resourceVersion that was read). The one way every RayKube
 * controller writes status.
 *
 * <ul>
 *   <li>Unchanged status: nothing is written ({@link Result#UNCHANGED}).</li>
 *   <li>Conflict (HTTP 409): the object is read again. If only its metadata changed meanwhile (same generation, same
 *       status: a label or a finalizer was added) the status is written once more on the new version; otherwise
 *       {@link Result#CONFLICT}: the decision was made from an outdated object and must be made again from
 *       {@link Recorded#resource()}.</li>
 *   <li>Not found (HTTP 404): the object is gone, which is not an error ({@link Result#GONE}).</li>
 * </ul>
 *
 * <p>Every written object is handed to the {@link PrimaryCache}, so that a framework's cache of the primary resource
 * (Java Operator SDK's, for one) shows the write before its watch event arrives. Thread-safe.
 *
 * @param <S> the status type
 * @param <R> the custom resource type
 */
public final class StatusRecorder<S, R extends CustomResource<?, S>> {
  private static final Logger LOG = LoggerFactory.getLogger(StatusRecorder.class);

  /** What a write did. */
  public enum Result {
    /** The status was equal to the stored one; nothing was written. */
    UNCHANGED,
    /** The status was written. */
    WRITTEN,
    /** Someone else changed the object's spec or status meanwhile; nothing was written: decide again. */
    CONFLICT,
    /** The object no longer exists. */
    GONE
  }

  /**
   * The outcome of a write.
   *
   * @param result what happened
   * @param resource the object as the API server returned it after the write; the input for {@link Result#UNCHANGED};
   *     the latest read for {@link Result#CONFLICT}; {@code null} for {@link Result#GONE}
   * @param <R> the custom resource type
   */
  public record Recorded<R>(Result result, R resource) {
    /** Checks the result is given. */
    public Recorded {
      Objects.requireNonNull(result, "result");
    }
  }

  private final KubernetesClient client;
  private final BiPredicate<S, S> differs;
  private final PrimaryCache<R> cache;

  /**
   * A recorder that compares statuses with {@code equals} and keeps no cache in step.
   *
   * @param client writes the status
   */
  public StatusRecorder(KubernetesClient client) {
    this(client, PrimaryCache.none());
  }

  /**
   * A recorder that compares statuses with {@code equals}.
   *
   * @param client writes the status
   * @param cache told of every written object
   */
  public StatusRecorder(KubernetesClient client, PrimaryCache<R> cache) {
    this(client, (stored, next) -> !Objects.equals(stored, next), cache);
  }

  /**
   * @param client writes the status
   * @param differs whether a status must be written: {@code (stored, next) -> true} when they differ in a way that
   *     matters (e.g. ignoring a timestamp that changes on every decision)
   * @param cache told of every written object
   */
  public StatusRecorder(KubernetesClient client, BiPredicate<S, S> differs, PrimaryCache<R> cache) {
    this.client = Objects.requireNonNull(client, "client");
    this.differs = Objects.requireNonNull(differs, "differs");
    this.cache = Objects.requireNonNull(cache, "cache");
  }

  /**
   * Writes {@code next} as the status of {@code stored} unless it does not differ from {@code stored.getStatus()}.
   *
   * @param stored the object as read (its resourceVersion is the lock); not changed
   * @param next the status to write; not changed
   * @return what happened
   * @throws KubernetesClientException for API errors other than 404 and 409
   */
  public Recorded<R> record(R stored, S next) {
    Objects.requireNonNull(stored, "stored");
    Objects.requireNonNull(next, "next");
    if (!differs.test(stored.getStatus(), next)) {
      return new Recorded<>(Result.UNCHANGED, stored);
    }
    try {
      return new Recorded<>(Result.WRITTEN, put(stored, next));
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return gone(stored);
      }
      if (e.getCode() != 409) {
        throw e;
      }
    }
    R latest = client.resource(stored).get();
    if (latest == null) {
      return gone(stored);
    }
    if (!Objects.equals(latest.getMetadata().getGeneration(), stored.getMetadata().getGeneration())
        || !Objects.equals(latest.getStatus(), stored.getStatus())) {
      LOG.debug("{} {}/{} changed while deciding; deciding again", stored.getKind(),
          stored.getMetadata().getNamespace(), stored.getMetadata().getName());
      return new Recorded<>(Result.CONFLICT, latest);
    }
    try {
      return new Recorded<>(Result.WRITTEN, put(latest, next));
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return gone(stored);
      }
      if (e.getCode() == 409) {
        return new Recorded<>(Result.CONFLICT, latest);
      }
      throw e;
    }
  }

  private Recorded<R> gone(R stored) {
    LOG.debug("{} {}/{} was deleted before its status could be written", stored.getKind(),
        stored.getMetadata().getNamespace(), stored.getMetadata().getName());
    return new Recorded<>(Result.GONE, null);
  }

  private R put(R base, S next) {
    R copy = client.getKubernetesSerialization().clone(base);
    copy.setStatus(client.getKubernetesSerialization().clone(next));
    String version = base.getMetadata().getResourceVersion();
    R written = version == null ? client.resource(copy).updateStatus()
        : client.resource(copy).lockResourceVersion(version).updateStatus();
    cache.written(base, written);
    return written;
  }
}
