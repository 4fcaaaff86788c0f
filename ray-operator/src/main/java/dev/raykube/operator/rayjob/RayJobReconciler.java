package dev.raykube.operator.rayjob;

import dev.raykube.job.loop.RayJobLoop;
import dev.raykube.job.push.JobEndPush;
import dev.raykube.job.push.RayJobKey;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.metrics.KubeRayMetrics;
import dev.raykube.operator.runtime.ControllerEventCache;
import dev.raykube.operator.runtime.ReconcileTrigger;
import dev.raykube.operator.runtime.WithoutManagedFields;
import dev.raykube.reconcile.CleanedUp;
import dev.raykube.reconcile.ReconcileMarker;
import dev.raykube.reconcile.StatusRecorder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.Mappers;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reconciles RayJobs on Java Operator SDK: glue around the library's {@link RayJobLoop}, which does everything a
 * RayJob needs (observe → decide → record → act; the deletion cleanup and its Events). What this class adds is what
 * only a JOSDK operator has:
 *
 * <ul>
 *   <li>the event sources: owned RayClusters and submitter Jobs (by owner reference, cached {@linkplain WithoutManagedFields without managed fields}), so a change of either (the
 *       cluster becoming ready, the submitter finishing) reconciles the RayJob at once, and their informers are what
 *       the loop's observer reads first ({@link CachedRayJobReads});</li>
 *   <li>the pushed end of a Ray job: the library's {@link JobEndPush} as an event source ({@link JobEndEventSource}):
 *       when a Ray job's list shows it changed, or its log tail ends, the RayJob is reconciled at once; the push is
 *       also the loop's running-job poll, so a followed job is polled rarely (the poll stays the safety net);</li>
 *   <li>the finalizer {@value FinalizerNames#RAYJOB}, which JOSDK adds before the first reconcile and removes when
 *       {@link #cleanup} says so; JOSDK's cache of RayJobs, kept in step with every status write
 *       ({@link ControllerEventCache}); and the reconcile marker on every log line ({@link ReconcileMarker}).</li>
 * </ul>
 *
 * <p>Built by {@link RayJobController}, which wires every collaborator.
 */
public final class RayJobReconciler implements Reconciler<RayJob>, Cleaner<RayJob> {
  private static final Logger LOG = LoggerFactory.getLogger(RayJobReconciler.class);

  private final RayJobLoop loop;
  private final CachedRayJobReads reads;
  private final JobEndEventSource jobEnds;
  private final JobEndPush push;
  private final ControllerEventCache<RayJob> primaryCache;
  private final KubeRayMetrics kubeRay;

  /**
   * @param loop the RayJob loop, reading through {@code reads} and writing status through {@code primaryCache}
   * @param reads the informer-first reads of the loop's observer, attached to this reconciler's event sources
   * @param jobEnds the pushed end of Ray jobs, also the loop's running-job poll and recent job details
   * @param primaryCache the loop's status recorder's cache, attached on the first reconcile
   * @param kubeRay KubeRay's series, told of every status write and of every RayJob gone
   */
  RayJobReconciler(RayJobLoop loop, CachedRayJobReads reads, JobEndEventSource jobEnds,
      ControllerEventCache<RayJob> primaryCache, KubeRayMetrics kubeRay) {
    this.loop = Objects.requireNonNull(loop, "loop");
    this.reads = Objects.requireNonNull(reads, "reads");
    this.jobEnds = Objects.requireNonNull(jobEnds, "jobEnds");
    this.push = jobEnds.push();
    this.primaryCache = Objects.requireNonNull(primaryCache, "primaryCache");
    this.kubeRay = Objects.requireNonNull(kubeRay, "kubeRay");
  }

  @Override
  public List<EventSource<?, RayJob>> prepareEventSources(EventSourceContext<RayJob> context) {
    InformerEventSourceConfiguration<RayCluster> clusters = InformerEventSourceConfiguration
        .from(RayCluster.class, RayJob.class)
        .withName("rayjob-clusters")
        .withSecondaryToPrimaryMapper(Mappers.fromOwnerReferences(RayJob.class, false))
        .withItemStore(WithoutManagedFields.itemStore())
        .build();
    InformerEventSourceConfiguration<Job> submitters = InformerEventSourceConfiguration
        .from(Job.class, RayJob.class)
        .withName("rayjob-submitters")
        .withSecondaryToPrimaryMapper(Mappers.fromOwnerReferences(RayJob.class, false))
        .withItemStore(WithoutManagedFields.itemStore())
        .build();
    InformerEventSource<RayCluster, RayJob> clusterCache = new InformerEventSource<>(clusters, context);
    InformerEventSource<Job, RayJob> submitterCache = new InformerEventSource<>(submitters, context);
    reads.attach(clusterCache, submitterCache);
    return List.of(clusterCache, submitterCache, jobEnds);
  }

  @Override
  public UpdateControl<RayJob> reconcile(RayJob rayJob, Context<RayJob> context) {
    try (ReconcileMarker marker = ReconcileMarker.open(rayJob, ReconcileTrigger.of(context, "reconcile"))) {
      primaryCache.attach(context);
      var result = loop.reconcile(rayJob); // polls through the push (RayJobController wires it as the loop's poll)
      push.follow(result);
      if (result.status() == StatusRecorder.Result.WRITTEN) {
        kubeRay.rayJobWritten(rayJob, result.resource());
      } else if (result.gone()) {
        kubeRay.rayJobGone(rayJob.getMetadata().getNamespace(), rayJob.getMetadata().getName());
      }
      LOG.debug("{} → {}, {} action(s), again in {}", rayJob.getStatus() == null ? "New"
          : rayJob.getStatus().getJobDeploymentStatusValue(), result.decision().status().getJobDeploymentStatusValue(),
          result.outcomes().size(), result.requeueAfter().map(Object::toString).orElse("(on change)"));
      UpdateControl<RayJob> control = UpdateControl.noUpdate();
      result.requeueAfter().ifPresent(delay -> control.rescheduleAfter(delay.toMillis()));
      return control;
    }
  }

  @Override
  public DeleteControl cleanup(RayJob rayJob, Context<RayJob> context) {
    try (ReconcileMarker marker = ReconcileMarker.open(rayJob, ReconcileTrigger.of(context, "cleanup"))) {
      push.forget(RayJobKey.of(rayJob));
      CleanedUp cleaned = loop.cleanup(rayJob);
      if (cleaned.removeFinalizer()) {
        kubeRay.rayJobGone(rayJob.getMetadata().getNamespace(), rayJob.getMetadata().getName());
      }
      return cleaned.removeFinalizer() ? DeleteControl.defaultDelete()
          : DeleteControl.noFinalizerRemoval().rescheduleAfter(cleaned.retryAfter().orElseThrow().toMillis());
    }
  }
}
