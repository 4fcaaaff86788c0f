package dev.raykube.examples.platform;

import dev.raykube.job.loop.RayJobLoop;
import dev.raykube.job.push.JobEndPush;
import dev.raykube.job.push.RayJobKey;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.model.job.RayJob;
import dev.raykube.reconcile.CleanedUp;
import dev.raykube.reconcile.FinalizerEdit;
import dev.raykube.reconcile.FinalizerEditor;
import dev.raykube.reconcile.ReconcileMarker;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.Optional;

/**
 * One reconcile of one RayJob on a platform without an operator framework: glue around the library's
 * {@link RayJobLoop}, which does everything a RayJob needs. What this class adds is what a framework would otherwise
 * do:
 *
 * <ol>
 *   <li>read the RayJob (fresh from the API server: the informer only says that something changed);</li>
 *   <li>being deleted: {@link RayJobLoop#cleanup}, then remove the finalizer ({@link FinalizerEditor}) or come back
 *       when the loop says;</li>
 *   <li>otherwise add {@value FinalizerNames#RAYJOB} first, then {@link RayJobLoop#reconcile}, hand the result to the
 *       job-end push ({@link JobEndPush#follow}), and come back when the decision asks to.</li>
 * </ol>
 */
final class RayJobReconciler {

  private final KubernetesClient client;
  private final RayJobLoop loop;
  private final JobEndPush jobEnds;
  private final FinalizerEditor finalizers = new FinalizerEditor();

  RayJobReconciler(KubernetesClient client, RayJobLoop loop, JobEndPush jobEnds) {
    this.client = client;
    this.loop = loop;
    this.jobEnds = jobEnds;
  }

  /**
   * Reconciles the RayJob {@code namespace/name}.
   *
   * @return when to reconcile it again, if the lifecycle asks for it
   */
  Optional<Duration> reconcile(String key) {
    int slash = key.indexOf('/');
    RayJob job = client.resources(RayJob.class).inNamespace(key.substring(0, slash)).withName(key.substring(slash + 1))
        .get();
    if (job == null) {
      return Optional.empty(); // deleted; the informer's delete handler forgot it
    }
    if (job.getMetadata().getDeletionTimestamp() != null) {
      return delete(job);
    }
    if (!job.hasFinalizer(FinalizerNames.RAYJOB)) {
      FinalizerEdit<RayJob> edit = finalizers.add(client, job, FinalizerNames.RAYJOB);
      switch (edit.result()) {
        case NOT_FOUND:
          return Optional.empty();
        case BEING_DELETED:
          return delete(edit.resource());
        default:
          job = edit.resource();
      }
    }
    try (ReconcileMarker marker = ReconcileMarker.open(job, "reconcile")) {
      var result = loop.reconcile(job);
      jobEnds.follow(result); // follow the Ray job's end (or stop following it) by what the reconcile saw and wrote
      return result.requeueAfter();
    }
  }

  private Optional<Duration> delete(RayJob job) {
    if (!job.hasFinalizer(FinalizerNames.RAYJOB)) {
      return Optional.empty(); // not ours to hold
    }
    try (ReconcileMarker marker = ReconcileMarker.open(job, "cleanup")) {
      jobEnds.forget(RayJobKey.of(job));
      CleanedUp cleaned = loop.cleanup(job);
      if (cleaned.removeFinalizer()) {
        finalizers.remove(client, job, FinalizerNames.RAYJOB);
        return Optional.empty();
      }
      return cleaned.retryAfter();
    }
  }
}
