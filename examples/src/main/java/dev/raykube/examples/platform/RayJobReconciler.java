package dev.raykube.examples.platform;

import dev.raykube.lifecycle.act.ActResult;
import dev.raykube.lifecycle.act.EventRecorder;
import dev.raykube.lifecycle.act.RayJobActuator;
import dev.raykube.lifecycle.finalizer.CleanupReport;
import dev.raykube.lifecycle.finalizer.DeletionCleanup;
import dev.raykube.lifecycle.finalizer.FinalizerDecision;
import dev.raykube.lifecycle.finalizer.FinalizerNames;
import dev.raykube.lifecycle.finalizer.FinalizerPolicy;
import dev.raykube.lifecycle.job.Decision;
import dev.raykube.lifecycle.job.EventType;
import dev.raykube.lifecycle.job.RayJobStateMachine;
import dev.raykube.lifecycle.kube.FinalizerEdit;
import dev.raykube.lifecycle.kube.FinalizerEditor;
import dev.raykube.lifecycle.observe.DashboardClients;
import dev.raykube.lifecycle.observe.ObservedRayJob;
import dev.raykube.lifecycle.observe.RayJobObserver;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One reconcile of one RayJob, the whole loop of a platform without an operator framework:
 *
 * <ol>
 *   <li>read the RayJob (fresh from the API server: the informer only says that something changed);</li>
 *   <li>being deleted: one cleanup attempt ({@link DeletionCleanup} with {@code RayJobStopStep}), then remove the
 *       finalizer or retry, as the finalizer policy says;</li>
 *   <li>otherwise add {@code ray.io/rayjob-finalizer} first ({@link FinalizerEditor}), then observe → decide → act,
 *       and come back when the decision asks to.</li>
 * </ol>
 */
final class RayJobReconciler {
  private static final Logger LOG = LoggerFactory.getLogger(RayJobReconciler.class);

  private final KubernetesClient client;
  private final RayJobObserver observer;
  private final RayJobStateMachine machine;
  private final RayJobActuator actuator;
  private final DeletionCleanup<RayJob> cleanup;
  private final FinalizerEditor finalizers = new FinalizerEditor();
  private final DashboardClients dashboards;
  private final EventRecorder events;
  private final Clock clock;

  RayJobReconciler(KubernetesClient client, RayJobObserver observer, RayJobStateMachine machine,
      RayJobActuator actuator, DeletionCleanup<RayJob> cleanup, DashboardClients dashboards, EventRecorder events,
      Clock clock) {
    this.client = client;
    this.observer = observer;
    this.machine = machine;
    this.actuator = actuator;
    this.cleanup = cleanup;
    this.dashboards = dashboards;
    this.events = events;
    this.clock = clock;
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
    ObservedRayJob observed = observer.observe(job);
    Decision decision = machine.decide(job, observed.observation(), clock.instant());
    ActResult result = actuator.act(observed, decision);
    LOG.debug("{}: {} → {}, {} action(s), again in {}", key, job.getStatus() == null ? "New"
        : job.getStatus().getJobDeploymentStatusValue(), decision.status().getJobDeploymentStatusValue(),
        result.outcomes().size(), result.requeueAfter().map(Duration::toString).orElse("(on change)"));
    return result.requeueAfter();
  }

  private Optional<Duration> delete(RayJob job) {
    if (!job.hasFinalizer(FinalizerNames.RAYJOB)) {
      return Optional.empty(); // not ours to hold
    }
    CleanupReport report = cleanup.run(job);
    if (report.policy().annotationInvalid()) {
      events.record(job, EventType.WARNING, FinalizerPolicy.INVALID_ANNOTATION_EVENT_REASON,
          report.policy().invalidAnnotationMessage());
    }
    if (report.attempted()) {
      String id = job.getStatus() == null ? null : job.getStatus().getJobId();
      events.record(job, EventType.NORMAL, "Deleting", "RayJob is being deleted"
          + (id == null ? "" : "; stopping Ray job " + id) + " (finalizer policy " + report.policy().policy()
          .annotationValue() + ")");
      events.record(job, report.outcome().done() ? EventType.NORMAL : EventType.WARNING, report.outcome().reason(),
          report.outcome().message());
    }
    if (report.decision() instanceof FinalizerDecision.RemoveFinalizer remove) {
      events.record(job, remove.warning() ? EventType.WARNING : EventType.NORMAL, remove.reason().eventReason(),
          "Removing finalizer " + FinalizerNames.RAYJOB + ": " + remove.message());
      finalizers.remove(client, job, FinalizerNames.RAYJOB);
      if (job.getStatus() != null && job.getStatus().getRayClusterName() != null) {
        dashboards.forget(job.getMetadata().getNamespace(), job.getStatus().getRayClusterName());
      }
      return Optional.empty();
    }
    return Optional.of(((FinalizerDecision.RetryAfter) report.decision()).delay());
  }
}
