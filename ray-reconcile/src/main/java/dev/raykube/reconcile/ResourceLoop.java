package dev.raykube.reconcile;

/**
 * The one shape of every kind's loop (RayCluster, RayJob, RayService, RayCronJob), which every controller — the
 * reference operator's reconcilers or a platform's own work queue — calls as glue:
 *
 * <ul>
 *   <li>{@link #reconcile}: <b>observe</b> what the decision needs → <b>decide</b> (pure: the resource, the
 *       observation and the time in, the next status and the actions out) → <b>record</b> the status
 *       ({@link StatusRecorder}) → <b>act</b>, outcomes as values. A kind whose actions must be durable before the
 *       status names them (a RayCronJob creates its child before it records the tick) acts first and records after;
 *       the loop's Javadoc says which order it uses.</li>
 *   <li>{@link #cleanup}: the resource is being deleted and carries the loop's finalizer: one cleanup attempt, then the
 *       finalizer policy says whether the finalizer goes ({@link CleanedUp#removeFinalizer()}) or when to try again.
 *       A kind without a finalizer of its own has nothing to clean up and answers {@link CleanedUp#remove()}.</li>
 *   <li>{@link #forget}: drops what the loop keeps in memory about a resource that is gone.</li>
 * </ul>
 *
 * <p>Each loop is built once, by its builder, which checks the required collaborators and fills in the defaults.
 * Implementations are thread-safe for different resources; calls for the same resource must not overlap (as in every
 * controller framework).
 *
 * @param <T> the custom resource
 * @param <R> what one reconcile returns, a {@link Reconciled}
 */
public interface ResourceLoop<T, R extends Reconciled<T, ?, ?, ?>> {

  /**
   * Reconciles a resource that is not being deleted.
   *
   * @param resource the resource as read
   * @return what was done and when to reconcile again
   */
  R reconcile(T resource);

  /**
   * One cleanup attempt of a resource being deleted, with its Events.
   *
   * @param resource the resource as read, with {@code metadata.deletionTimestamp} set
   * @return whether to remove the finalizer now or retry later
   */
  CleanedUp cleanup(T resource);

  /**
   * Forgets what the loop keeps about a resource that is gone (or about to be).
   *
   * @param resource the resource
   */
  void forget(T resource);
}
