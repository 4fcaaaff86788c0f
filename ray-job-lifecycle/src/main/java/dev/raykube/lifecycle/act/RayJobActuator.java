package dev.raykube.lifecycle.act;

import dev.raykube.dashboard.DuplicateSubmissionException;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RayDashboardException;
import dev.raykube.lifecycle.act.ActionOutcome.Result;
import dev.raykube.lifecycle.job.Decision;
import dev.raykube.lifecycle.job.EventType;
import dev.raykube.lifecycle.job.RayJobAction;
import dev.raykube.lifecycle.job.RayJobStateMachine;
import dev.raykube.lifecycle.observe.DashboardClients;
import dev.raykube.lifecycle.observe.DashboardEndpoint;
import dev.raykube.lifecycle.observe.ObservedRayJob;
import dev.raykube.lifecycle.stop.RayJobStopper;
import dev.raykube.lifecycle.stop.StopOutcome;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.StatusDetails;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out a {@link Decision} of the {@link RayJobStateMachine} through the Kubernetes client and the dashboard
 * client: first the status (through the status subresource, only when it changed, with optimistic concurrency; see
 * {@link RayJobStatusWriter}), then the actions in order, then it says when to reconcile again.
 *
 * <ul>
 *   <li>{@code CreateCluster}, {@code CreateSubmitter}: created with the RayJob as controller owner
 *       ({@link OwnedRayCluster}, {@link SubmitterJob}); "already exists" counts as done, so a decision carried out
 *       twice (after a crash) creates nothing twice.</li>
 *   <li>{@code SubmitJob} (HTTPMode): submitted under the stable submission id; a
 *       {@link DuplicateSubmissionException} means it was submitted before and counts as done, so a job is never
 *       submitted twice. Any other error goes back through {@link RayJobStateMachine#submissionFailed}, whose decision
 *       replaces the rest of this one.</li>
 *   <li>{@code StopJob}: {@link RayJobStopper}, best effort.</li>
 *   <li>{@code DeleteCluster}, {@code DeleteSubmitter}, {@code DeleteSelf}: background propagation; "not found"
 *       counts as done. {@code SuspendWorkers}: {@code suspend: true} on every worker group, with optimistic
 *       concurrency.</li>
 *   <li>{@code EmitEvent} and the outcome of each Kubernetes action: Events through the {@link EventRecorder}.</li>
 * </ul>
 *
 * <p>A failed action is reported as an Event and in the result, and the next reconcile is due after at most the
 * action retry delay (default 5 s). A status conflict performs no action and asks for a new decision at once. The
 * dashboard client's token comes from the observed cluster ({@link ObservedRayJob#dashboard()}). Thread-safe for
 * different RayJobs; calls for the same RayJob must not overlap.
 */
public final class RayJobActuator {
  private static final Logger LOG = LoggerFactory.getLogger(RayJobActuator.class);

  /** Default delay before the next reconcile after a failed Kubernetes action. */
  public static final Duration DEFAULT_ACTION_RETRY_DELAY = Duration.ofSeconds(5);

  private final KubernetesClient client;
  private final RayJobStateMachine machine;
  private final DashboardClients clients;
  private final EventRecorder events;
  private final Clock clock;
  private final Duration actionRetryDelay;
  private final RayJobStatusWriter statusWriter;
  private final RayJobStopper stopper = new RayJobStopper();

  /**
   * An actuator with {@link #DEFAULT_ACTION_RETRY_DELAY}.
   *
   * @param client the Kubernetes client
   * @param machine the state machine whose decisions are carried out (for {@code submissionFailed})
   * @param clients the dashboard clients
   * @param events records Events
   * @param clock the time for {@code submissionFailed}
   */
  public RayJobActuator(KubernetesClient client, RayJobStateMachine machine, DashboardClients clients,
      EventRecorder events, Clock clock) {
    this(client, machine, clients, events, clock, DEFAULT_ACTION_RETRY_DELAY);
  }

  /**
   * @param client the Kubernetes client
   * @param machine the state machine whose decisions are carried out
   * @param clients the dashboard clients
   * @param events records Events
   * @param clock the time for {@code submissionFailed}
   * @param actionRetryDelay the longest wait before the next reconcile after a failed Kubernetes action
   */
  public RayJobActuator(KubernetesClient client, RayJobStateMachine machine, DashboardClients clients,
      EventRecorder events, Clock clock, Duration actionRetryDelay) {
    this.client = Objects.requireNonNull(client, "client");
    this.machine = Objects.requireNonNull(machine, "machine");
    this.clients = Objects.requireNonNull(clients, "clients");
    this.events = Objects.requireNonNull(events, "events");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.actionRetryDelay = Objects.requireNonNull(actionRetryDelay, "actionRetryDelay");
    if (actionRetryDelay.isNegative()) {
      throw new IllegalArgumentException("actionRetryDelay must not be negative: " + actionRetryDelay);
    }
    this.statusWriter = new RayJobStatusWriter(client);
  }

  /**
   * Writes the decided status if it changed, then performs the actions.
   *
   * @param observed the RayJob and the observation the decision was made from
   * @param decision the decision
   * @return what was done and when to reconcile again
   * @throws KubernetesClientException if the status cannot be written (other than conflict or not found)
   */
  public ActResult act(ObservedRayJob observed, Decision decision) {
    Objects.requireNonNull(observed, "observed");
    Objects.requireNonNull(decision, "decision");
    RayJob stored = observed.rayJob();
    if (observed.dashboardProblem() != null) {
      events.record(stored, EventType.WARNING, ActionEvents.DASHBOARD_UNRESOLVABLE, observed.dashboardProblem());
    }
    RayJobStatusWriter.Write write = statusWriter.write(stored, decision.status());
    if (write.result() == RayJobStatusWriter.Result.CONFLICT) {
      return new ActResult(write.rayJob(), write.result(), List.of(), Optional.of(Duration.ZERO));
    }
    if (write.result() == RayJobStatusWriter.Result.GONE) {
      return new ActResult(null, write.result(), List.of(), Optional.empty());
    }
    RayJob job = write.rayJob();
    RayJobStatusWriter.Result statusResult = write.result();
    List<ActionOutcome> outcomes = new ArrayList<>();
    Optional<Duration> requeue = decision.requeueAfter();
    for (RayJobAction action : decision.actions()) {
      if (action instanceof RayJobAction.SubmitJob submit) {
        SubmitAttempt attempt = submit(observed, job, submit);
        outcomes.add(attempt.outcome());
        if (attempt.error() == null) {
          continue;
        }
        Decision revised = machine.submissionFailed(job, decision, attempt.error(), clock.instant());
        RayJobStatusWriter.Write again = statusWriter.write(job, revised.status());
        if (again.result() == RayJobStatusWriter.Result.CONFLICT) {
          return new ActResult(again.rayJob(), again.result(), outcomes, Optional.of(Duration.ZERO));
        }
        if (again.result() == RayJobStatusWriter.Result.GONE) {
          return new ActResult(null, again.result(), outcomes, Optional.empty());
        }
        if (again.result() == RayJobStatusWriter.Result.WRITTEN) {
          statusResult = again.result();
        }
        job = again.rayJob();
        for (RayJobAction next : revised.actions()) {
          perform(observed, job, next).ifPresent(outcomes::add);
        }
        requeue = revised.requeueAfter();
        break;
      }
      perform(observed, job, action).ifPresent(outcomes::add);
    }
    boolean kubernetesFailure = outcomes.stream().anyMatch(o -> o.failed()
        && !(o.action() instanceof RayJobAction.StopJob) && !(o.action() instanceof RayJobAction.SubmitJob));
    if (kubernetesFailure && (requeue.isEmpty() || requeue.get().compareTo(actionRetryDelay) > 0)) {
      requeue = Optional.of(actionRetryDelay);
    }
    return new ActResult(job, statusResult, outcomes, requeue);
  }

  /** A submission's outcome, and the error to revise the decision with when it failed. */
  private record SubmitAttempt(ActionOutcome outcome, RayDashboardException error) {
  }

  private Optional<ActionOutcome> perform(ObservedRayJob observed, RayJob job, RayJobAction action) {
    if (action instanceof RayJobAction.CreateCluster create) {
      return Optional.of(createCluster(job, create));
    } else if (action instanceof RayJobAction.CreateSubmitter create) {
      return Optional.of(createSubmitter(observed, job, create));
    } else if (action instanceof RayJobAction.StopJob stop) {
      return Optional.of(stopJob(observed, job, stop));
    } else if (action instanceof RayJobAction.DeleteCluster delete) {
      return Optional.of(deleteCluster(job, delete));
    } else if (action instanceof RayJobAction.SuspendWorkers suspend) {
      return Optional.of(suspendWorkers(job, suspend));
    } else if (action instanceof RayJobAction.DeleteSubmitter delete) {
      return Optional.of(deleteSubmitter(job, delete));
    } else if (action instanceof RayJobAction.DeleteSelf) {
      return Optional.of(deleteSelf(job, action));
    } else if (action instanceof RayJobAction.EmitEvent event) {
      events.record(job, event.type(), event.reason(), event.message());
      return Optional.of(new ActionOutcome(action, Result.DONE, "Event " + event.reason() + " recorded"));
    } else if (action instanceof RayJobAction.SubmitJob) {
      throw new IllegalStateException("a decision revised after a failed submission must not submit again");
    }
    return Optional.empty(); // RequeueAfter: the result carries it
  }

  private ActionOutcome createCluster(RayJob job, RayJobAction.CreateCluster action) {
    String what = "RayCluster " + namespace(job) + "/" + action.name();
    try {
      RayCluster cluster = OwnedRayCluster.build(job, action);
      client.resource(cluster).create();
      return done(job, action, ActionEvents.CREATED_RAY_CLUSTER, "Created " + what);
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409) {
        return new ActionOutcome(action, Result.ALREADY_DONE, what + " already exists");
      }
      return failed(job, action, ActionEvents.FAILED_TO_CREATE_RAY_CLUSTER, "Failed to create " + what, e);
    } catch (IllegalArgumentException e) {
      return failed(job, action, ActionEvents.FAILED_TO_CREATE_RAY_CLUSTER, "Failed to create " + what, e);
    }
  }

  private ActionOutcome createSubmitter(ObservedRayJob observed, RayJob job, RayJobAction.CreateSubmitter action) {
    String what = "submitter Job " + namespace(job) + "/" + action.name();
    try {
      Job submitter = SubmitterJob.build(job, action, observed.cluster().orElse(null));
      client.batch().v1().jobs().inNamespace(namespace(job)).resource(submitter).create();
      return done(job, action, ActionEvents.CREATED_SUBMITTER, "Created " + what + " for Ray job "
          + action.submissionId());
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409) {
        return new ActionOutcome(action, Result.ALREADY_DONE, what + " already exists");
      }
      return failed(job, action, ActionEvents.FAILED_TO_CREATE_SUBMITTER, "Failed to create " + what, e);
    } catch (IllegalArgumentException e) {
      return failed(job, action, ActionEvents.FAILED_TO_CREATE_SUBMITTER, "Failed to create " + what, e);
    }
  }

  private SubmitAttempt submit(ObservedRayJob observed, RayJob job, RayJobAction.SubmitJob action) {
    String id = action.request().submissionId();
    RayDashboardException error;
    try {
      RayDashboardClient dashboard = dashboard(observed, job, action.dashboardUrl());
      dashboard.submitJob(action.request());
      return new SubmitAttempt(done(job, action, ActionEvents.SUBMITTED_RAY_JOB, "Submitted Ray job " + id + " to "
          + dashboard.baseUrl()), null);
    } catch (DuplicateSubmissionException e) {
      return new SubmitAttempt(new ActionOutcome(action, Result.ALREADY_DONE, "Ray job " + id
          + " was submitted before"), null);
    } catch (RayDashboardException e) {
      error = e;
    } catch (IllegalArgumentException e) {
      error = new RayDashboardException("cannot address the dashboard '" + action.dashboardUrl() + "': "
          + e.getMessage(), e);
    }
    return new SubmitAttempt(failed(job, action, ActionEvents.FAILED_TO_SUBMIT_RAY_JOB, "Failed to submit Ray job "
        + id, error), error);
  }

  private ActionOutcome stopJob(ObservedRayJob observed, RayJob job, RayJobAction.StopJob action) {
    StopOutcome outcome;
    try {
      outcome = stopper.stop(dashboard(observed, job, action.dashboardUrl()), action.submissionId());
    } catch (IllegalArgumentException e) {
      return failed(job, action, ActionEvents.FAILED_TO_STOP_RAY_JOB, "Failed to stop Ray job "
          + action.submissionId(), e);
    }
    if (outcome.done()) {
      return done(job, action, ActionEvents.STOPPED_RAY_JOB, outcome.message());
    }
    events.record(job, EventType.WARNING, ActionEvents.FAILED_TO_STOP_RAY_JOB, outcome.message());
    return new ActionOutcome(action, Result.FAILED, outcome.message());
  }

  private ActionOutcome deleteCluster(RayJob job, RayJobAction.DeleteCluster action) {
    String what = "RayCluster " + namespace(job) + "/" + action.name();
    try {
      List<StatusDetails> deleted = client.resources(RayCluster.class).inNamespace(namespace(job))
          .withName(action.name()).withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
      if (deleted.isEmpty()) {
        return new ActionOutcome(action, Result.ALREADY_DONE, what + " was already gone");
      }
      clients.forget(namespace(job), action.name());
      return done(job, action, ActionEvents.DELETED_RAY_CLUSTER, "Deleted " + what);
    } catch (KubernetesClientException e) {
      return failed(job, action, ActionEvents.FAILED_TO_DELETE_RAY_CLUSTER, "Failed to delete " + what, e);
    }
  }

  private ActionOutcome suspendWorkers(RayJob job, RayJobAction.SuspendWorkers action) {
    String what = "RayCluster " + namespace(job) + "/" + action.clusterName();
    for (int attempt = 1; ; attempt++) {
      try {
        RayCluster cluster = client.resources(RayCluster.class).inNamespace(namespace(job))
            .withName(action.clusterName()).get();
        if (cluster == null) {
          return new ActionOutcome(action, Result.ALREADY_DONE, what + " is gone");
        }
        boolean changed = false;
        List<WorkerGroupSpec> groups = cluster.getSpec() == null ? null : cluster.getSpec().getWorkerGroupSpecs();
        if (groups != null) {
          for (WorkerGroupSpec group : groups) {
            if (group != null && !Boolean.TRUE.equals(group.getSuspend())) {
              group.setSuspend(true);
              changed = true;
            }
          }
        }
        if (!changed) {
          return new ActionOutcome(action, Result.ALREADY_DONE, "The workers of " + what + " are already suspended");
        }
        client.resource(cluster).lockResourceVersion(cluster.getMetadata().getResourceVersion()).update();
        return done(job, action, ActionEvents.SUSPENDED_WORKERS, "Suspended every worker group of " + what);
      } catch (KubernetesClientException e) {
        if (e.getCode() == 409 && attempt < 2) {
          continue;
        }
        return failed(job, action, ActionEvents.FAILED_TO_SUSPEND_WORKERS, "Failed to suspend the workers of "
            + what, e);
      }
    }
  }

  private ActionOutcome deleteSubmitter(RayJob job, RayJobAction.DeleteSubmitter action) {
    String what = "submitter Job " + namespace(job) + "/" + action.name();
    try {
      List<StatusDetails> deleted = client.batch().v1().jobs().inNamespace(namespace(job)).withName(action.name())
          .withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
      if (deleted.isEmpty()) {
        return new ActionOutcome(action, Result.ALREADY_DONE, what + " was already gone");
      }
      return done(job, action, ActionEvents.DELETED_SUBMITTER, "Deleted " + what);
    } catch (KubernetesClientException e) {
      return failed(job, action, ActionEvents.FAILED_TO_DELETE_SUBMITTER, "Failed to delete " + what, e);
    }
  }

  private ActionOutcome deleteSelf(RayJob job, RayJobAction action) {
    String what = "RayJob " + namespace(job) + "/" + job.getMetadata().getName();
    try {
      events.record(job, EventType.NORMAL, ActionEvents.DELETED_RAY_JOB, "Deleting " + what
          + " after the job finished");
      List<StatusDetails> deleted = client.resource(job).withPropagationPolicy(DeletionPropagation.BACKGROUND)
          .delete();
      return new ActionOutcome(action, deleted.isEmpty() ? Result.ALREADY_DONE : Result.DONE,
          deleted.isEmpty() ? what + " was already gone" : "Deleted " + what);
    } catch (KubernetesClientException e) {
      return failed(job, action, ActionEvents.FAILED_TO_DELETE_RAY_JOB, "Failed to delete " + what, e);
    }
  }

  /** The dashboard client for an address from the decision, with the token of the observed cluster. */
  private RayDashboardClient dashboard(ObservedRayJob observed, RayJob job, String address) {
    String token = observed.dashboardEndpoint().map(DashboardEndpoint::token).orElse(null);
    DashboardEndpoint endpoint = new DashboardEndpoint(DashboardEndpoint.urlOf(address), token);
    String cluster = job.getStatus() == null || job.getStatus().getRayClusterName() == null ? ""
        : job.getStatus().getRayClusterName();
    return clients.client(namespace(job), cluster, endpoint);
  }

  private ActionOutcome done(RayJob job, RayJobAction action, String reason, String message) {
    LOG.info("RayJob {}/{}: {}", namespace(job), job.getMetadata().getName(), message);
    events.record(job, EventType.NORMAL, reason, message);
    return new ActionOutcome(action, Result.DONE, message);
  }

  private ActionOutcome failed(RayJob job, RayJobAction action, String reason, String message, Exception e) {
    String text = message + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    LOG.warn("RayJob {}/{}: {}", namespace(job), job.getMetadata().getName(), text);
    events.record(job, EventType.WARNING, reason, text);
    return new ActionOutcome(action, Result.FAILED, text);
  }

  private static String namespace(RayJob job) {
    return job.getMetadata().getNamespace();
  }
}
