package dev.raykube.operator.rayjob;

import dev.raykube.lifecycle.act.ActResult;
import dev.raykube.lifecycle.act.EventRecorder;
import dev.raykube.lifecycle.act.RayJobActuator;
import dev.raykube.lifecycle.act.RayJobStatusWriter;
import dev.raykube.lifecycle.finalizer.CleanupOutcome;
import dev.raykube.lifecycle.finalizer.CleanupReport;
import dev.raykube.lifecycle.finalizer.DeletionCleanup;
import dev.raykube.lifecycle.finalizer.FinalizerDecision;
import dev.raykube.lifecycle.finalizer.FinalizerNames;
import dev.raykube.lifecycle.finalizer.FinalizerPolicy;
import dev.raykube.lifecycle.finalizer.FinalizerSettings;
import dev.raykube.lifecycle.job.Decision;
import dev.raykube.lifecycle.job.EventType;
import dev.raykube.lifecycle.job.JobLookup;
import dev.raykube.lifecycle.job.NameSuffixes;
import dev.raykube.lifecycle.job.RayJobSettings;
import dev.raykube.lifecycle.job.RayJobStateMachine;
import dev.raykube.lifecycle.observe.ClusterStopTargets;
import dev.raykube.lifecycle.observe.DashboardAccess;
import dev.raykube.lifecycle.observe.DashboardClients;
import dev.raykube.lifecycle.observe.DashboardEndpoint;
import dev.raykube.lifecycle.observe.ObservedRayJob;
import dev.raykube.lifecycle.observe.RayJobObserver;
import dev.raykube.lifecycle.observe.RayJobReads;
import dev.raykube.lifecycle.stop.RayJobStopStep;
import dev.raykube.lifecycle.stop.RayJobStopper;
import dev.raykube.lifecycle.stop.StopOutcome;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
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
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reconciles RayJobs; thin: everything it decides comes from {@code ray-job-lifecycle}.
 *
 * <ul>
 *   <li>{@link #reconcile}: observe ({@link RayJobObserver}) → decide ({@link RayJobStateMachine}) → act
 *       ({@link RayJobActuator}, which also writes the status) → come back when the decision asks to. The finalizer
 *       {@value FinalizerNames#RAYJOB} is added by JOSDK before the first reconcile.</li>
 *   <li>{@link #cleanup}: the RayJob is being deleted; one attempt of {@link DeletionCleanup} with
 *       {@link RayJobStopStep} (stop the Ray job unless it has ended or was never submitted), then the object's
 *       finalizer policy ({@value FinalizerPolicy#ANNOTATION}, else the operator default) removes the finalizer or
 *       retries later. Every step is logged and recorded as an Event.</li>
 * </ul>
 *
 * <p>Owned RayClusters and submitter Jobs (by owner reference) are secondary resources: a change of either (the
 * cluster becoming ready, the submitter finishing) reconciles the RayJob at once. The end of a Ray job is pushed too:
 * while the dashboard shows the job PENDING or RUNNING, a log tail follows it ({@link JobEndEventSource},
 * {@link LogTailPolicy}); when the tail ends the RayJob is reconciled at once, and while it follows a job seen RUNNING
 * the poll relaxes to {@link LogTailSettings#followedPoll()}. The poll stays the safety net. The observer reads the
 * RayCluster and the submitter Job from these informers ({@link CachedRayJobReads}), and from the API server only
 * when the informer does not hold the object yet, so a polled RayJob costs no Kubernetes API read.
 */
public final class RayJobReconciler implements Reconciler<RayJob>, Cleaner<RayJob> {
  private static final Logger LOG = LoggerFactory.getLogger(RayJobReconciler.class);

  /** Event reason of "RayJob is being deleted". */
  public static final String REASON_DELETING = "Deleting";
  /** Event reason of "stopping Ray job &lt;id&gt;". */
  public static final String REASON_STOPPING = "StoppingRayJob";
  /** Event reason of "stop failed: …" (the stop outcome's own reason is in the message). */
  public static final String REASON_STOP_FAILED = "StopFailed";

  /** Stop outcomes that made no dashboard call. */
  private static final Set<String> NO_STOP_CALL = Set.of(StopOutcome.Kind.ALREADY_TERMINAL.reason(),
      StopOutcome.Kind.NOT_SUBMITTED.reason());

  private final CachedRayJobReads cache = new CachedRayJobReads();
  private final RayJobObserver observer;
  private final RayJobStateMachine machine;
  private final RayJobStateMachine followedMachine;
  private final JobEndEventSource jobEnds;
  private final RayJobActuator actuator;
  private final DeletionCleanup<RayJob> cleanup;
  private final DashboardClients dashboards;
  private final EventRecorder events;
  private final Clock clock;

  /**
   * @param client the operator's Kubernetes client
   * @param access where the dashboards are
   * @param jobSettings the lifecycle settings
   * @param finalizerSettings the finalizer policy settings (its default policy is the operator's)
   * @param clock the time source
   */
  public RayJobReconciler(KubernetesClient client, DashboardAccess access, RayJobSettings jobSettings,
      FinalizerSettings finalizerSettings, Clock clock) {
    this(client, access, jobSettings, finalizerSettings, LogTailSettings.defaults(), clock);
  }

  /**
   * @param client the operator's Kubernetes client
   * @param access where the dashboards are
   * @param jobSettings the lifecycle settings
   * @param finalizerSettings the finalizer policy settings (its default policy is the operator's)
   * @param tailSettings the log tails that push the end of a job ({@code maxOpen} 0: polling only)
   * @param clock the time source
   */
  public RayJobReconciler(KubernetesClient client, DashboardAccess access, RayJobSettings jobSettings,
      FinalizerSettings finalizerSettings, LogTailSettings tailSettings, Clock clock) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(access, "access");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.dashboards = new DashboardClients();
    NameSuffixes suffixes = NameSuffixes.random();
    this.machine = new RayJobStateMachine(jobSettings, suffixes);
    this.followedMachine = new RayJobStateMachine(jobSettings.withPoll(tailSettings.followedPoll()), suffixes);
    this.jobEnds = new JobEndEventSource(new LogTailPolicy(tailSettings), clock);
    this.events = new EventRecorder(client, "raykube-operator", null, clock);
    this.observer = new RayJobObserver(cache.orElse(RayJobReads.fromApi(client)), access, dashboards);
    this.actuator = new RayJobActuator(client, machine, dashboards, events, clock);
    this.cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB,
        new RayJobStopStep(new RayJobStopper(), new ClusterStopTargets(client, access, dashboards)),
        finalizerSettings, clock);
  }

  @Override
  public List<EventSource<?, RayJob>> prepareEventSources(EventSourceContext<RayJob> context) {
    InformerEventSourceConfiguration<RayCluster> clusters = InformerEventSourceConfiguration
        .from(RayCluster.class, RayJob.class)
        .withName("rayjob-clusters")
        .withSecondaryToPrimaryMapper(Mappers.fromOwnerReferences(RayJob.class, false))
        .build();
    InformerEventSourceConfiguration<Job> submitters = InformerEventSourceConfiguration
        .from(Job.class, RayJob.class)
        .withName("rayjob-submitters")
        .withSecondaryToPrimaryMapper(Mappers.fromOwnerReferences(RayJob.class, false))
        .build();
    InformerEventSource<RayCluster, RayJob> clusterCache = new InformerEventSource<>(clusters, context);
    InformerEventSource<Job, RayJob> submitterCache = new InformerEventSource<>(submitters, context);
    cache.attach(clusterCache, submitterCache);
    return List.of(clusterCache, submitterCache, jobEnds);
  }

  @Override
  public UpdateControl<RayJob> reconcile(RayJob rayJob, Context<RayJob> context) {
    ResourceID id = ResourceID.fromResource(rayJob);
    ObservedRayJob observed = observer.observe(rayJob);
    JobLookup seen = observed.observation().rayJob();
    LogTailNeed need = LogTailPolicy.need(rayJob, seen, token(observed));
    RayJobStateMachine decider = LogTailPolicy.relaxesPoll(need, seen, jobEnds.tails().preview(id, need))
        ? followedMachine : machine;
    Decision decision = decider.decide(rayJob, observed.observation(), clock.instant());
    ActResult result = actuator.act(observed, decision);
    followEnd(id, observed, result);
    LOG.debug("{}/{}: {} → {}, {} action(s), again in {}", rayJob.getMetadata().getNamespace(),
        rayJob.getMetadata().getName(), rayJob.getStatus() == null ? "New"
            : rayJob.getStatus().getJobDeploymentStatusValue(), decision.status().getJobDeploymentStatusValue(),
        result.outcomes().size(), result.requeueAfter().map(Object::toString).orElse("(on change)"));
    UpdateControl<RayJob> control = UpdateControl.noUpdate();
    result.requeueAfter().ifPresent(delay -> control.rescheduleAfter(delay.toMillis()));
    return control;
  }

  /** Opens, keeps or closes the RayJob's log tail by what this reconcile saw and wrote. */
  private void followEnd(ResourceID id, ObservedRayJob observed, ActResult result) {
    if (result.status() == RayJobStatusWriter.Result.CONFLICT) {
      return; // decided from an outdated RayJob; the next reconcile, at once, decides again
    }
    if (result.rayJob() == null) {
      jobEnds.tails().forget(id);
      return;
    }
    jobEnds.tails().follow(id, LogTailPolicy.need(result.rayJob(), observed.observation().rayJob(),
        token(observed)));
  }

  private static String token(ObservedRayJob observed) {
    return observed.dashboardEndpoint().map(DashboardEndpoint::token).orElse(null);
  }

  @Override
  public DeleteControl cleanup(RayJob rayJob, Context<RayJob> context) {
    jobEnds.tails().forget(ResourceID.fromResource(rayJob));
    String key = rayJob.getMetadata().getNamespace() + "/" + rayJob.getMetadata().getName();
    CleanupReport report = cleanup.run(rayJob);
    if (report.policy().annotationInvalid()) {
      LOG.warn("{}: {}", key, report.policy().invalidAnnotationMessage());
      events.record(rayJob, EventType.WARNING, FinalizerPolicy.INVALID_ANNOTATION_EVENT_REASON,
          report.policy().invalidAnnotationMessage());
    }
    if (report.attempted()) {
      recordAttempt(key, rayJob, report);
    }
    if (report.decision() instanceof FinalizerDecision.RemoveFinalizer remove) {
      String message = "removing finalizer " + FinalizerNames.RAYJOB + ": " + remove.message();
      LOG.info("{}: {}", key, message);
      events.record(rayJob, remove.warning() ? EventType.WARNING : EventType.NORMAL, remove.reason().eventReason(),
          message);
      cleanup.forget(rayJob);
      if (rayJob.getStatus() != null && rayJob.getStatus().getRayClusterName() != null) {
        dashboards.forget(rayJob.getMetadata().getNamespace(), rayJob.getStatus().getRayClusterName());
      }
      return DeleteControl.defaultDelete();
    }
    FinalizerDecision.RetryAfter retry = (FinalizerDecision.RetryAfter) report.decision();
    LOG.info("{}: keeping finalizer {}: {}", key, FinalizerNames.RAYJOB, retry);
    return DeleteControl.noFinalizerRemoval().rescheduleAfter(retry.delay().toMillis());
  }

  private void recordAttempt(String key, RayJob rayJob, CleanupReport report) {
    String deleting = "RayJob is being deleted (finalizer policy " + report.policy().policy().annotationValue()
        + ")";
    LOG.info("{}: {}", key, deleting);
    events.record(rayJob, EventType.NORMAL, REASON_DELETING, deleting);
    CleanupOutcome outcome = report.outcome();
    if (!NO_STOP_CALL.contains(outcome.reason())) {
      String id = rayJob.getStatus() == null ? null : rayJob.getStatus().getJobId();
      String stopping = "stopping Ray job " + id;
      LOG.info("{}: {}", key, stopping);
      events.record(rayJob, EventType.NORMAL, REASON_STOPPING, stopping);
    }
    if (outcome.done()) {
      LOG.info("{}: {}", key, outcome.message());
      events.record(rayJob, EventType.NORMAL, outcome.reason(), outcome.message());
    } else {
      String failed = "stop failed: " + outcome.reason() + ": " + outcome.message();
      LOG.warn("{}: {}", key, failed);
      events.record(rayJob, EventType.WARNING, REASON_STOP_FAILED, failed);
    }
  }
}
