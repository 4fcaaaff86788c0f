package dev.raykube.operator.rayjob;

import dev.raykube.dashboard.JobStatus;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.job.decide.JobLookup;
import dev.raykube.kernel.finalizer.CleanedUp;
import dev.raykube.job.loop.RayJobLoop;
import dev.raykube.job.loop.Reconciled;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.job.observe.ObservedRayJob;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.runtime.ControllerEventCache;
import dev.raykube.operator.runtime.ReconcileTrigger;
import dev.raykube.operator.runtime.WithoutManagedFields;
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
import io.javaoperatorsdk.operator.processing.event.ResourceID;
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
 *   <li>the pushed end of a Ray job: while the dashboard shows the job PENDING or RUNNING, its dashboard's job list
 *       and a log tail follow it ({@link JobEndEventSource}, {@link JobListPolls}, {@link LogTailPolicy}); when the
 *       list shows the job changed, or the tail ends, the RayJob is reconciled at once. While a healthy list follows
 *       the job the loop polls only every 30 s ({@link JobListCadence#RELIEVED_POLL}), while only a tail follows a job
 *       seen RUNNING at {@link LogTailSettings#followedPoll()} (the poll stays the safety net);</li>
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
  private final AdaptivePoll followedPoll;
  private final ControllerEventCache<RayJob> primaryCache;

  /**
   * @param loop the RayJob loop, reading through {@code reads} and writing status through {@code primaryCache}
   * @param reads the informer-first reads of the loop's observer, attached to this reconciler's event sources
   * @param jobEnds the log tails that push the end of a Ray job
   * @param followedPoll the poll while a log tail follows a running job
   * @param primaryCache the loop's status recorder's cache, attached on the first reconcile
   */
  RayJobReconciler(RayJobLoop loop, CachedRayJobReads reads, JobEndEventSource jobEnds,
      AdaptivePoll followedPoll, ControllerEventCache<RayJob> primaryCache) {
    this.loop = Objects.requireNonNull(loop, "loop");
    this.reads = Objects.requireNonNull(reads, "reads");
    this.jobEnds = Objects.requireNonNull(jobEnds, "jobEnds");
    this.followedPoll = Objects.requireNonNull(followedPoll, "followedPoll");
    this.primaryCache = Objects.requireNonNull(primaryCache, "primaryCache");
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
      ResourceID id = ResourceID.fromResource(rayJob);
      AdaptivePoll defaultPoll = loop.settings().poll();
      Reconciled result = loop.reconcile(rayJob, observed -> {
        JobLookup seen = observed.observation().rayJob();
        FollowNeed need = LogTailPolicy.need(observed.rayJob(), seen, token(observed));
        if (need.kind() == FollowNeed.Kind.FOLLOW && jobEnds.lists().wouldRelieve(need.target())) {
          return JobListCadence.RELIEVED_POLL;
        }
        return LogTailPolicy.relaxesPoll(need, seen, jobEnds.tails().preview(id, need)) ? followedPoll : defaultPoll;
      });
      followEnd(id, result);
      LOG.debug("{} → {}, {} action(s), again in {}", rayJob.getStatus() == null ? "New"
          : rayJob.getStatus().getJobDeploymentStatusValue(), result.decision().status().getJobDeploymentStatusValue(),
          result.outcomes().size(), result.requeueAfter().map(Object::toString).orElse("(on change)"));
      UpdateControl<RayJob> control = UpdateControl.noUpdate();
      result.requeueAfter().ifPresent(delay -> control.rescheduleAfter(delay.toMillis()));
      return control;
    }
  }

  /** Opens, keeps or closes the RayJob's log tail by what this reconcile saw and wrote. */
  private void followEnd(ResourceID id, Reconciled result) {
    if (result.status() == StatusRecorder.Result.CONFLICT) {
      return; // decided from an outdated RayJob; the next reconcile, at once, decides again
    }
    if (result.rayJob() == null) {
      jobEnds.tails().forget(id);
      jobEnds.lists().forget(id);
      return;
    }
    JobLookup seen = result.observed().observation().rayJob();
    FollowNeed need = LogTailPolicy.need(result.rayJob(), seen, token(result.observed()));
    jobEnds.lists().follow(id, need, seen instanceof JobLookup.Found found ? found.details().status()
        : liveStatus(result.rayJob()));
    // A tail is the push of last resort: Ray closes it 2-4 s after the end, later than the list sees it.
    jobEnds.tails().follow(id, jobEnds.lists().relieves(id) ? FollowNeed.none() : need);
  }

  /** The job status the RayJob's status gives, if it is a live one (PENDING right after the submission). */
  private static JobStatus liveStatus(RayJob rayJob) {
    String value = rayJob.getStatus() == null ? null : rayJob.getStatus().getJobStatusValue();
    JobStatus status = JobStatus.fromWire(value);
    return status == JobStatus.PENDING || status == JobStatus.RUNNING ? status : null;
  }

  private static String token(ObservedRayJob observed) {
    return observed.dashboardEndpoint().map(DashboardEndpoint::token).orElse(null);
  }

  @Override
  public DeleteControl cleanup(RayJob rayJob, Context<RayJob> context) {
    try (ReconcileMarker marker = ReconcileMarker.open(rayJob, ReconcileTrigger.of(context, "cleanup"))) {
      jobEnds.tails().forget(ResourceID.fromResource(rayJob));
      jobEnds.lists().forget(ResourceID.fromResource(rayJob));
      CleanedUp cleaned = loop.cleanup(rayJob);
      return cleaned.removeFinalizer() ? DeleteControl.defaultDelete()
          : DeleteControl.noFinalizerRemoval().rescheduleAfter(cleaned.retryAfter().orElseThrow().toMillis());
    }
  }
}
