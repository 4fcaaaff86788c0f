package dev.raykube.operator.runtime;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.processing.event.source.informer.TransformingItemStore;

/**
 * What the operator's informers keep of the objects they cache whole (RayClusters, RayJobs, head Services, submitter
 * Jobs): everything but {@code metadata.managedFields}. The API server's field-ownership records are often the largest
 * part of an object's metadata and nothing in the operator reads them.
 *
 * <p>Safe for writes made from a cached object: the operator never uses server-side apply; status updates replace
 * only the status, and an update or patch without {@code managedFields} leaves the server's records as they are (the
 * API server keeps them when the field is absent). Pods are cached trimmed further ({@code CachedPod}).
 */
public final class WithoutManagedFields {

  private WithoutManagedFields() {
  }

  /**
   * Drops {@code metadata.managedFields} from {@code object}, in place: the informer hands over an object it has just
   * read and no one else holds.
   *
   * @return {@code object}
   */
  public static <R extends HasMetadata> R of(R object) {
    if (object.getMetadata() != null) {
      object.getMetadata().setManagedFields(null);
    }
    return object;
  }

  /**
   * An informer item store that keeps objects {@linkplain #of without managed fields}, {@linkplain CacheCompaction
   * compacted}.
   */
  public static <R extends HasMetadata> TransformingItemStore<R> itemStore() {
    return CacheCompaction.itemStore(WithoutManagedFields::of);
  }
}
