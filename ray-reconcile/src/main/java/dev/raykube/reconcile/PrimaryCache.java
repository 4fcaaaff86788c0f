package dev.raykube.reconcile;

/**
 * A cache of primary resources (the custom resources a controller reconciles) that wants to see the controller's own
 * writes before their watch events arrive, so that the next reconcile does not decide from an outdated copy. Java
 * Operator SDK's controller event source is one; a controller built on plain informers needs none.
 *
 * @param <R> the resource type
 */
@FunctionalInterface
public interface PrimaryCache<R> {

  /**
   * Tells the cache that {@code before} was written and the API server answered {@code after}.
   *
   * @param before the object the write was based on
   * @param after the object as written, with its new resourceVersion
   */
  void written(R before, R after);

  /**
   * Returns a cache that ignores every write.
   *
   * @param <R> the resource type
   * @return a cache that ignores every write
   */
  static <R> PrimaryCache<R> none() {
    return (before, after) -> {
    };
  }
}
