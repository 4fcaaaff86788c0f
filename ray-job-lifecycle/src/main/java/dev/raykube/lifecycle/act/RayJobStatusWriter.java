package dev.raykube.lifecycle.act;

import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a RayJob's status through the status subresource, only when it differs from the stored one, with optimistic
 * concurrency: the write is locked to the resourceVersion that was read. On a conflict (HTTP 409) it reads the RayJob
 * again; if only its metadata changed meanwhile (same generation, same status — e.g. a label or a finalizer was added)
 * it writes once more on the new version, otherwise it reports {@link Result#CONFLICT}: the decision was made from an
 * outdated RayJob and must be made again. Thread-safe.
 */
public final class RayJobStatusWriter {
  private static final Logger LOG = LoggerFactory.getLogger(RayJobStatusWriter.class);

  /** What a write did. */
  public enum Result {
    /** The status was equal to the stored one; nothing was written. */
    UNCHANGED,
    /** The status was written. */
    WRITTEN,
    /** Someone else changed the RayJob's spec or status meanwhile; nothing was written: decide again. */
    CONFLICT,
    /** The RayJob no longer exists. */
    GONE
  }

  /**
   * The outcome of a write.
   *
   * @param result what happened
   * @param rayJob the RayJob as the API server returned it after the write; the input for {@link Result#UNCHANGED};
   *     the latest read for {@link Result#CONFLICT}; {@code null} for {@link Result#GONE}
   */
  public record Write(Result result, RayJob rayJob) {
    /** Checks the result is given. */
    public Write {
      Objects.requireNonNull(result, "result");
    }
  }

  private final KubernetesClient client;

  /**
   * @param client writes the status
   */
  public RayJobStatusWriter(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  /**
   * Writes {@code next} as the status of {@code stored} unless it is equal to {@code stored.getStatus()}.
   *
   * @param stored the RayJob as read (its resourceVersion is the lock); not changed
   * @param next the status to write; not changed
   * @return what happened
   * @throws KubernetesClientException for API errors other than 404 and 409
   */
  public Write write(RayJob stored, RayJobStatus next) {
    Objects.requireNonNull(stored, "stored");
    Objects.requireNonNull(next, "next");
    if (next.equals(stored.getStatus())) {
      return new Write(Result.UNCHANGED, stored);
    }
    try {
      return new Write(Result.WRITTEN, put(stored, next));
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return new Write(Result.GONE, null);
      }
      if (e.getCode() != 409) {
        throw e;
      }
    }
    RayJob latest = client.resource(stored).get();
    if (latest == null) {
      return new Write(Result.GONE, null);
    }
    if (!Objects.equals(latest.getMetadata().getGeneration(), stored.getMetadata().getGeneration())
        || !Objects.equals(latest.getStatus(), stored.getStatus())) {
      LOG.debug("RayJob {}/{} changed while deciding; deciding again", stored.getMetadata().getNamespace(),
          stored.getMetadata().getName());
      return new Write(Result.CONFLICT, latest);
    }
    try {
      return new Write(Result.WRITTEN, put(latest, next));
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return new Write(Result.GONE, null);
      }
      if (e.getCode() == 409) {
        return new Write(Result.CONFLICT, latest);
      }
      throw e;
    }
  }

  private RayJob put(RayJob base, RayJobStatus next) {
    RayJob copy = client.getKubernetesSerialization().clone(base);
    copy.setStatus(client.getKubernetesSerialization().clone(next));
    String version = base.getMetadata().getResourceVersion();
    return version == null ? client.resource(copy).updateStatus()
        : client.resource(copy).lockResourceVersion(version).updateStatus();
  }
}
