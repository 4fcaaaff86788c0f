package dev.raykube.service.loop;

import dev.raykube.kernel.ActionOutcome;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.finalizer.CleanupOutcome;
import dev.raykube.kernel.finalizer.CleanupReport;
import dev.raykube.kernel.finalizer.DeletionCleanup;
import dev.raykube.kernel.finalizer.FinalizerDecision;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceClusterStatus;
import dev.raykube.model.service.RayServiceStatus;
import dev.raykube.reconcile.CleanedUp;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.EventType;
import dev.raykube.reconcile.Reconciled;
import dev.raykube.reconcile.ResourceLoop;
import dev.raykube.reconcile.StatusRecorder;
import dev.raykube.service.act.RayServiceActuator;
import dev.raykube.service.act.RayServiceClusterCleanup;
import dev.raykube.service.decide.ObservedCluster;
import dev.raykube.service.decide.RayServiceAction;
import dev.raykube.service.decide.RayServiceDecision;
import dev.raykube.service.decide.RayServiceObservation;
import dev.raykube.service.decide.RayServiceSettings;
import dev.raykube.service.decide.RayServiceStateMachine;
import dev.raykube.service.decide.ServeDeployment;
import dev.raykube.service.observe.LastServeDeployments;
import dev.raykube.service.observe.ObservedRayService;
import dev.raykube.service.observe.RayServiceObserver;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RayService loop, the one sequence every RayService controller runs (glue calls it):
 *
 * <ul>
 *   <li>{@link #reconcile}: <b>observe</b> ({@link RayServiceObserver}) → <b>decide</b>
 *       ({@link RayServiceStateMachine}, pure) → <b>record</b> the decided status ({@link StatusRecorder}, before any
 *       action, so the cluster names the actions use are stored first) → <b>act</b> ({@link RayServiceActuator},
 *       outcomes as values; the decision's Warning Events are among its actions). A serve config that Serve rejected
 *       becomes part of the observation and the loop decides once more, so the condition and the Warning follow at
 *       once and the config is not sent again. A status conflict (the RayService changed meanwhile) observes and
 *       decides again from the latest RayService, once.</li>
 *   <li>{@link #cleanup}: the RayService is being deleted. One attempt of {@link DeletionCleanup} — the very class
 *       RayJob's loop uses — with {@link RayServiceClusterCleanup} (delete every RayCluster of the RayService; done
 *       when none remains), then the finalizer policy ({@code ray.io/finalizer-policy} annotation, else the
 *       default) says whether finalizer {@value FinalizerNames#RAYSERVICE} goes or the attempt is retried. Events: a
 *       Normal one when clusters were deleted, a Warning for every failure, an invalid policy annotation, and a
 *       finalizer removed without the cleanup confirmed.</li>
 * </ul>
 *
 * <p>The caller adds the finalizer {@value FinalizerNames#RAYSERVICE} before the first reconcile and removes it when
 * {@link CleanedUp#removeFinalizer()} says so. Thread-safe for different RayServices; calls for the same RayService
 * must not overlap.
 */
public final class RayServiceLoop implements ResourceLoop<RayService,
    Reconciled<RayService, ObservedRayService, RayServiceDecision, ActionOutcome<RayServiceAction>>> {
  private static final Logger LOG = LoggerFactory.getLogger(RayServiceLoop.class);

  /** Rounds of observe → decide → record within one reconcile: the first, and one more after a status conflict. */
  public static final int ROUNDS = 2;

  /** Default delay before the next reconcile after a failed action (other than a config Serve rejected). */
  public static final Duration DEFAULT_ACTION_RETRY_DELAY = Duration.ofSeconds(5);

  private final RayServiceObserver observer;
  private final RayServiceStateMachine decider;
  private final RayServiceActuator actor;
  private final StatusRecorder<RayServiceStatus, RayService> status;
  private final EventRecorder events;
  private final DeletionCleanup<RayService> cleanup;
  private final DashboardClients dashboards;
  private final LastServeDeployments deployments;
  private final Clock clock;
  private final Duration actionRetryDelay;

  RayServiceLoop(RayServiceLoopBuilder b) {
    this.deployments = new LastServeDeployments();
    this.observer = new RayServiceObserver(b.reads, b.access, b.dashboards, deployments, b.probe);
    this.decider = new RayServiceStateMachine(b.settings, b.suffixes);
    this.actor = new RayServiceActuator(b.client, b.dashboards, deployments, b.events, b.buildSettings);
    this.status = new StatusRecorder<>(b.client, b.cache);
    this.events = b.events;
    this.cleanup = new DeletionCleanup<>(FinalizerNames.RAYSERVICE,
        new RayServiceClusterCleanup(b.client, b.reads::rayClusters), b.finalizerSettings, b.clock);
    this.dashboards = b.dashboards;
    this.clock = b.clock;
    this.actionRetryDelay = b.actionRetryDelay;
  }

  /**
   * Starts building a loop whose actions, status writes and cleanup go through {@code client}; see
   * {@link RayServiceLoopBuilder} for what is required and what the defaults are.
   *
   * @param client the Kubernetes client
   * @return the builder
   */
  public static RayServiceLoopBuilder builder(KubernetesClient client) {
    return new RayServiceLoopBuilder(client);
  }

  /** The settings the loop decides with. */
  public RayServiceSettings settings() {
    return decider.settings();
  }

  /** The deletion cleanup of finalizer {@value FinalizerNames#RAYSERVICE}: RayJob's {@link DeletionCleanup}. */
  public DeletionCleanup<RayService> deletionCleanup() {
    return cleanup;
  }

  /**
   * Reconciles a RayService that is not being deleted.
   *
   * @param rayService the RayService as read
   * @return what was done and when to reconcile again
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the Kubernetes API cannot be read, or the
   *     status cannot be written (other than a conflict or not found)
   */
  @Override
  public Reconciled<RayService, ObservedRayService, RayServiceDecision, ActionOutcome<RayServiceAction>> reconcile(RayService rayService) {
    Objects.requireNonNull(rayService, "rayService");
    List<ActionOutcome<RayServiceAction>> outcomes = new ArrayList<>();
    RayService service = rayService;
    boolean written = false;
    for (int round = 1; ; round++) {
      ObservedRayService observed = observer.observe(service);
      var result = decideRecordAct(service, observed, outcomes);
      written |= result.status() == StatusRecorder.Result.WRITTEN;
      if (result.status() != StatusRecorder.Result.CONFLICT || round == ROUNDS) {
        return written && result.status() == StatusRecorder.Result.UNCHANGED
            ? new Reconciled<>(result.resource(), result.observed(), result.decision(),
                StatusRecorder.Result.WRITTEN, result.outcomes(), result.requeueAfter())
            : result;
      }
      service = result.resource(); // changed meanwhile: observe and decide again from the latest RayService
    }
  }

  /**
   * Decides, records and acts; once more when Serve rejected a config, with the rejection in the observation. Stops
   * at a status conflict (nothing performed; reconcile again at once) or when the RayService is gone.
   */
  private Reconciled<RayService, ObservedRayService, RayServiceDecision, ActionOutcome<RayServiceAction>> decideRecordAct(
      RayService stored, ObservedRayService observed,
      List<ActionOutcome<RayServiceAction>> outcomes) {
    RayService service = stored;
    ObservedRayService seen = observed;
    boolean written = false;
    for (int decisions = 1; ; decisions++) {
      RayServiceDecision decision = decider.decide(service, seen.observation(), clock.instant());
      StatusRecorder.Recorded<RayService> recorded = status.record(service, decision.status());
      if (recorded.result() == StatusRecorder.Result.GONE) {
        return new Reconciled<>(null, seen, decision, StatusRecorder.Result.GONE, outcomes,
            Optional.empty());
      }
      if (recorded.result() == StatusRecorder.Result.CONFLICT) {
        return new Reconciled<>(recorded.resource(), seen, decision, StatusRecorder.Result.CONFLICT,
            outcomes, Optional.of(Duration.ZERO));
      }
      written |= recorded.result() == StatusRecorder.Result.WRITTEN;
      service = recorded.resource();
      List<ActionOutcome<RayServiceAction>> acted = actor.act(seen, service, decision.actions());
      outcomes.addAll(acted);
      RayServiceObservation rejected = withRejections(seen.observation(), acted);
      if (rejected == null || decisions > 1) {
        return new Reconciled<>(service, seen, decision, written ? StatusRecorder.Result.WRITTEN
            : StatusRecorder.Result.UNCHANGED, outcomes, requeue(decision, outcomes));
      }
      seen = seen.withObservation(rejected); // the state machine says what a rejection means
    }
  }

  /** The observation with each rejected deployment as the cluster's last one, or {@code null} if none was. */
  private static RayServiceObservation withRejections(RayServiceObservation observation,
      List<ActionOutcome<RayServiceAction>> acted) {
    RayServiceObservation next = null;
    for (ActionOutcome<RayServiceAction> outcome : acted) {
      if (outcome.result() == ActionOutcome.Result.REJECTED
          && outcome.action() instanceof RayServiceAction.DeployServeConfig deploy) {
        RayServiceObservation base = next == null ? observation : next;
        Optional<ObservedCluster> cluster = base.cluster(deploy.clusterName());
        if (cluster.isPresent()) {
          String message = outcome.problem() == null ? outcome.message() : outcome.problem();
          next = base.withCluster(cluster.get().withLastDeployment(ServeDeployment.rejected(deploy.configHash(),
              message)));
        }
      }
    }
    return next;
  }

  /** The decision's requeue, shortened to the action retry delay after a failed (not rejected) action. */
  private Optional<Duration> requeue(RayServiceDecision decision, List<ActionOutcome<RayServiceAction>> outcomes) {
    Optional<Duration> requeue = decision.requeueAfter();
    boolean failure = outcomes.stream().anyMatch(o -> o.result() == ActionOutcome.Result.FAILED);
    if (failure && (requeue.isEmpty() || requeue.get().compareTo(actionRetryDelay) > 0)) {
      return Optional.of(actionRetryDelay);
    }
    return requeue;
  }

  /**
   * One cleanup attempt of a RayService being deleted, with its Events.
   *
   * @param rayService the RayService as read, with {@code deletionTimestamp} and the finalizer
   * @return whether to remove the finalizer now or retry later
   */
  @Override
  public CleanedUp cleanup(RayService rayService) {
    Objects.requireNonNull(rayService, "rayService");
    String key = rayService.getMetadata().getNamespace() + "/" + rayService.getMetadata().getName();
    CleanupReport report = cleanup.run(rayService);
    if (report.policy().annotationInvalid()) {
      LOG.warn("{}: {}", key, report.policy().invalidAnnotationMessage());
      events.record(rayService, EventType.WARNING, RayServiceCleanupEventReason.INVALID_FINALIZER_POLICY,
          report.policy().invalidAnnotationMessage());
    }
    if (report.attempted()) {
      recordAttempt(key, rayService, report.outcome());
    }
    if (report.decision() instanceof FinalizerDecision.RemoveFinalizer remove) {
      String message = "removing finalizer " + FinalizerNames.RAYSERVICE + ": " + remove.message();
      if (remove.warning()) {
        LOG.warn("{}: {}", key, message);
        events.record(rayService, EventType.WARNING, RayServiceCleanupEventReason.removal(remove.reason()), message);
      } else {
        LOG.info("{}: {}", key, message); // the RayService disappearing shows it
      }
      forget(rayService);
      return CleanedUp.remove();
    }
    FinalizerDecision.RetryAfter retry = (FinalizerDecision.RetryAfter) report.decision();
    LOG.info("{}: keeping finalizer {}: {}", key, FinalizerNames.RAYSERVICE, retry);
    return CleanedUp.retryAfter(retry.delay());
  }

  private void recordAttempt(String key, RayService rayService, CleanupOutcome outcome) {
    if (outcome.done()) {
      LOG.info("{}: {}", key, outcome.message());
      if (outcome.reason() == RayServiceClusterCleanup.Reason.RAY_CLUSTERS_DELETED) {
        events.record(rayService, EventType.NORMAL, RayServiceCleanupEventReason.DELETING_RAY_CLUSTERS,
            outcome.message());
      } // none was left: nothing happened that a user has to be told
    } else if (outcome.reason() == RayServiceClusterCleanup.Reason.RAY_CLUSTERS_TERMINATING) {
      LOG.info("{}: {}", key, outcome.message()); // their deletionTimestamp shows it; the next attempt follows
    } else {
      String failed = "deleting the RayClusters failed: " + outcome.reason().value() + ": " + outcome.message();
      LOG.warn("{}: {}", key, failed);
      events.record(rayService, EventType.WARNING, RayServiceCleanupEventReason.FAILED_TO_DELETE_RAY_CLUSTERS,
          failed);
    }
  }

  /** Forgets what the loop keeps about a RayService that is gone (or about to be). */
  @Override
  public void forget(RayService rayService) {
    String namespace = rayService.getMetadata().getNamespace();
    cleanup.forget(rayService);
    events.forget(namespace, rayService.getMetadata().getUid());
    deployments.forgetService(namespace, rayService.getMetadata().getName());
    if (rayService.getStatus() != null) {
      forgetDashboard(namespace, rayService.getStatus().getActiveServiceStatus());
      forgetDashboard(namespace, rayService.getStatus().getPendingServiceStatus());
    }
  }

  private void forgetDashboard(String namespace, RayServiceClusterStatus status) {
    if (status != null && status.getRayClusterName() != null) {
      dashboards.forget(namespace, status.getRayClusterName());
    }
  }
}
