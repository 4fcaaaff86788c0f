package dev.raykube.job.act;

import dev.raykube.cluster.BatchScheduler;
import dev.raykube.cluster.BatchSchedulerMetadata;
import dev.raykube.cluster.YuniKornTaskGroups;
import dev.raykube.dashboard.DuplicateSubmissionException;
import dev.raykube.dashboard.InvalidRequestException;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RayDashboardException;
import dev.raykube.dashboard.UnsupportedRayVersionException;
import dev.raykube.kernel.ActionOutcome.Result;
import dev.raykube.job.decide.RayJobAction;
import dev.raykube.job.decide.RayJobEventReason;
import dev.raykube.kernel.ActionOutcome;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.job.observe.ObservedRayJob;
import dev.raykube.job.stop.RayJobStopper;
import dev.raykube.job.stop.StopOutcome;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.EventType;
import dev.raykube.reconcile.OwnedObjects;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out the actions of a decision of the {@code RayJobStateMachine} through the Kubernetes client and the
 * dashboard client, in order, and reports what each achieved as an {@link ActionOutcome}. It writes no status and
 * never decides: what follows from an outcome is decided again by the state machine ({@link
 * dev.raykube.job.loop.RayJobLoop}).
 *
 * <ul>
 *   <li>{@code CreateCluster}, {@code CreateSubmitter}: created with the RayJob as controller owner
 *       ({@link OwnedRayCluster}, {@link SubmitterJob}) through {@link OwnedObjects#ensure}; "already exists" counts
 *       as done, so a decision carried out twice (after a crash) creates nothing twice.</li>
 *   <li>{@code SubmitJob} (HTTPMode): submitted under the stable submission id. A duplicate means it was submitted
 *       before ({@link Result#ALREADY_DONE}), so a job is never submitted twice. A request the dashboard refuses is
 *       {@link Result#REJECTED}, any other error {@link Result#FAILED}; either way the actions after it are not
 *       performed, since the decision assumed the submission succeeds.</li>
 *   <li>{@code StopJob}: {@link RayJobStopper}, best effort.</li>
 *   <li>{@code DeleteCluster}, {@code DeleteSubmitter}, {@code DeleteSelf}: {@link OwnedObjects#remove}; "not found"
 *       counts as done. {@code SuspendWorkers}: {@code suspend: true} on every worker group
 *       ({@link OwnedObjects#edit}).</li>
 *   <li>{@code EmitEvent} and the outcome of each action: Events through the {@link EventRecorder} — a Warning for
 *       every failure, a Normal Event for each change to another Kubernetes object (RayCluster, submitter Job, the
 *       RayJob's own deletion) and for a stop; a successful submission is logged only, since the status written with
 *       it shows it.</li>
 * </ul>
 *
 * <p>The dashboard client's token comes from the observed cluster ({@link ObservedRayJob#dashboard()}). Thread-safe
 * for different RayJobs; calls for the same RayJob must not overlap.
 */
public final class RayJobActuator {
  private static final Logger LOG = LoggerFactory.getLogger(RayJobActuator.class);

  private final OwnedObjects owned;
  private final DashboardClients clients;
  private final EventRecorder events;
  private final BatchScheduler scheduler;
  private final RayJobStopper stopper = new RayJobStopper();

  /**
   * @param client the Kubernetes client
   * @param clients the dashboard clients
   * @param events records Events
   */
  public RayJobActuator(KubernetesClient client, DashboardClients clients, EventRecorder events) {
    this(client, clients, events, BatchScheduler.NONE);
  }

  /**
   * An actuator whose RayClusters (K8sJobMode) and submitter Pods join the operator's batch scheduler's group
   * ({@link BatchSchedulerMetadata}).
   */
  public RayJobActuator(KubernetesClient client, DashboardClients clients, EventRecorder events,
      BatchScheduler scheduler) {
    this.owned = new OwnedObjects(Objects.requireNonNull(client, "client"));
    this.clients = Objects.requireNonNull(clients, "clients");
    this.events = Objects.requireNonNull(events, "events");
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
  }

  /**
   * Performs {@code actions} in order for {@code job}, stopping after a submission that failed or was rejected.
   *
   * @param observed what the decision was made from (the cluster and the dashboard token)
   * @param job the RayJob as written with the decided status
   * @param actions the decision's actions
   * @return the outcome of each action performed, in order ({@code RequeueAfter} is not listed)
   */
  public List<ActionOutcome<RayJobAction>> act(ObservedRayJob observed, RayJob job, List<RayJobAction> actions) {
    Objects.requireNonNull(observed, "observed");
    Objects.requireNonNull(job, "job");
    List<ActionOutcome<RayJobAction>> outcomes = new ArrayList<>();
    for (RayJobAction action : actions) {
      Optional<ActionOutcome<RayJobAction>> outcome = perform(observed, job, action);
      outcome.ifPresent(outcomes::add);
      if (action instanceof RayJobAction.SubmitJob && outcome.orElseThrow().failed()) {
        break;
      }
    }
    return List.copyOf(outcomes);
  }

  private Optional<ActionOutcome<RayJobAction>> perform(ObservedRayJob observed, RayJob job, RayJobAction action) {
    if (action instanceof RayJobAction.CreateCluster create) {
      return Optional.of(createCluster(job, create));
    } else if (action instanceof RayJobAction.CreateSubmitter create) {
      return Optional.of(createSubmitter(observed, job, create));
    } else if (action instanceof RayJobAction.SubmitJob submit) {
      return Optional.of(submit(observed, job, submit));
    } else if (action instanceof RayJobAction.StopJob stop) {
      return Optional.of(stopJob(observed, job, stop));
    } else if (action instanceof RayJobAction.DeleteCluster delete) {
      return Optional.of(deleteCluster(job, delete));
    } else if (action instanceof RayJobAction.SuspendWorkers suspend) {
      return Optional.of(suspendWorkers(job, suspend));
    } else if (action instanceof RayJobAction.DeleteSubmitter delete) {
      return Optional.of(removed(job, action, owned.remove(Job.class, namespace(job), delete.name()),
          "submitter Job " + namespace(job) + "/" + delete.name(), RayJobEventReason.DELETED_SUBMITTER,
          RayJobEventReason.FAILED_TO_DELETE_SUBMITTER));
    } else if (action instanceof RayJobAction.DeleteSelf) {
      return Optional.of(deleteSelf(job, action));
    } else if (action instanceof RayJobAction.EmitEvent event) {
      events.record(job, event.type(), event.reason(), event.message());
      return Optional.of(new ActionOutcome<>(action, Result.DONE, "Event " + event.reason().value() + " recorded"));
    }
    return Optional.empty(); // RequeueAfter: the decision carries it
  }

  private ActionOutcome<RayJobAction> createCluster(RayJob job, RayJobAction.CreateCluster action) {
    String what = "RayCluster " + namespace(job) + "/" + action.name();
    RayCluster cluster;
    try {
      cluster = OwnedRayCluster.build(job, action);
      if (job.getSpec() == null || job.getSpec().getSubmissionMode() == null
          || job.getSpec().getSubmissionMode() == JobSubmissionMode.K8S_JOB_MODE) {
        BatchSchedulerMetadata.stamp(scheduler, job.getMetadata(), () -> taskGroups(job), cluster.getMetadata(),
            null, "");
      }
    } catch (IllegalArgumentException e) {
      return failed(job, action, RayJobEventReason.FAILED_TO_CREATE_RAY_CLUSTER, "Failed to create " + what, e);
    }
    return created(job, action, owned.ensure(cluster), what, "Created " + what,
        RayJobEventReason.CREATED_RAY_CLUSTER, RayJobEventReason.FAILED_TO_CREATE_RAY_CLUSTER);
  }

  /** The RayJob's YuniKorn task groups: its cluster's and its submitter's. */
  private static String taskGroups(RayJob job) {
    return YuniKornTaskGroups.forJob(job.getSpec().getRayClusterSpec(), SubmitterJob.podSpecForSizing(job.getSpec()));
  }

  private ActionOutcome<RayJobAction> createSubmitter(ObservedRayJob observed, RayJob job, RayJobAction.CreateSubmitter action) {
    String what = "submitter Job " + namespace(job) + "/" + action.name();
    Job submitter;
    try {
      submitter = SubmitterJob.build(job, action, observed.cluster().orElse(null));
      PodTemplateSpec template = submitter.getSpec().getTemplate();
      if (template.getMetadata() == null) {
        template.setMetadata(new ObjectMeta());
      }
      BatchSchedulerMetadata.stamp(scheduler, job.getMetadata(), () -> taskGroups(job), template.getMetadata(),
          template.getSpec(), BatchSchedulerMetadata.SUBMITTER_GROUP);
    } catch (IllegalArgumentException e) {
      return failed(job, action, RayJobEventReason.FAILED_TO_CREATE_SUBMITTER, "Failed to create " + what, e);
    }
    return created(job, action, owned.ensure(submitter), what, "Created " + what + " for Ray job "
        + action.submissionId(), RayJobEventReason.CREATED_SUBMITTER, RayJobEventReason.FAILED_TO_CREATE_SUBMITTER);
  }

  private ActionOutcome<RayJobAction> created(RayJob job, RayJobAction action, OwnedObjects.Ensured<?> ensured, String what,
      String message, RayJobEventReason done, RayJobEventReason failed) {
    return switch (ensured.outcome()) {
      case CREATED -> done(job, action, done, message);
      case EXISTED -> new ActionOutcome<>(action, Result.ALREADY_DONE, what + " already exists");
      case FAILED -> failed(job, action, failed, "Failed to create " + what + ": " + ensured.problem());
    };
  }

  private ActionOutcome<RayJobAction> submit(ObservedRayJob observed, RayJob job, RayJobAction.SubmitJob action) {
    String id = action.request().submissionId();
    String failure = "Failed to submit Ray job " + id;
    try {
      RayDashboardClient dashboard = dashboard(observed, job, action.dashboardUrl());
      dashboard.submitJob(action.request());
      // No Event: the status written with this submission (Running, jobId) and the next one (jobStatus) show it.
      String message = "Submitted Ray job " + id + " to " + dashboard.baseUrl();
      LOG.info("RayJob {}/{}: {}", namespace(job), job.getMetadata().getName(), message);
      return new ActionOutcome<>(action, Result.DONE, message);
    } catch (DuplicateSubmissionException e) {
      return new ActionOutcome<>(action, Result.ALREADY_DONE, "Ray job " + id + " was submitted before");
    } catch (InvalidRequestException | UnsupportedRayVersionException e) {
      ActionOutcome<RayJobAction> outcome = failed(job, action, RayJobEventReason.FAILED_TO_SUBMIT_RAY_JOB, failure, e);
      return new ActionOutcome<>(action, Result.REJECTED, outcome.message(), problem(e));
    } catch (RayDashboardException e) {
      ActionOutcome<RayJobAction> outcome = failed(job, action, RayJobEventReason.FAILED_TO_SUBMIT_RAY_JOB, failure, e);
      return new ActionOutcome<>(action, Result.FAILED, outcome.message(), problem(e));
    } catch (IllegalArgumentException e) {
      String problem = "cannot address the dashboard '" + action.dashboardUrl() + "': " + problem(e);
      ActionOutcome<RayJobAction> outcome = failed(job, action, RayJobEventReason.FAILED_TO_SUBMIT_RAY_JOB, failure + ": "
          + problem);
      return new ActionOutcome<>(action, Result.FAILED, outcome.message(), problem);
    }
  }

  private ActionOutcome<RayJobAction> stopJob(ObservedRayJob observed, RayJob job, RayJobAction.StopJob action) {
    StopOutcome outcome;
    try {
      outcome = stopper.stop(dashboard(observed, job, action.dashboardUrl()), action.submissionId());
    } catch (IllegalArgumentException e) {
      return failed(job, action, RayJobEventReason.FAILED_TO_STOP_RAY_JOB, "Failed to stop Ray job "
          + action.submissionId(), e);
    }
    if (outcome.done()) {
      return done(job, action, RayJobEventReason.STOPPED_RAY_JOB, outcome.message());
    }
    events.record(job, EventType.WARNING, RayJobEventReason.FAILED_TO_STOP_RAY_JOB, outcome.message());
    return new ActionOutcome<>(action, Result.FAILED, outcome.message());
  }

  private ActionOutcome<RayJobAction> deleteCluster(RayJob job, RayJobAction.DeleteCluster action) {
    ActionOutcome<RayJobAction> outcome = removed(job, action, owned.remove(RayCluster.class, namespace(job), action.name()),
        "RayCluster " + namespace(job) + "/" + action.name(), RayJobEventReason.DELETED_RAY_CLUSTER,
        RayJobEventReason.FAILED_TO_DELETE_RAY_CLUSTER);
    if (outcome.result() == Result.DONE) {
      clients.forget(namespace(job), action.name());
    }
    return outcome;
  }

  private ActionOutcome<RayJobAction> suspendWorkers(RayJob job, RayJobAction.SuspendWorkers action) {
    String what = "RayCluster " + namespace(job) + "/" + action.clusterName();
    OwnedObjects.Edited edited = owned.edit(RayCluster.class, namespace(job), action.clusterName(), cluster -> {
      boolean changed = false;
      List<WorkerGroupSpec> groups = cluster.getSpec() == null ? null : cluster.getSpec().getWorkerGroupSpecs();
      for (WorkerGroupSpec group : groups == null ? List.<WorkerGroupSpec>of() : groups) {
        if (group != null && !Boolean.TRUE.equals(group.getSuspend())) {
          group.setSuspend(true);
          changed = true;
        }
      }
      return changed;
    });
    return switch (edited.outcome()) {
      case EDITED -> done(job, action, RayJobEventReason.SUSPENDED_WORKERS, "Suspended every worker group of "
          + what);
      case UNCHANGED -> new ActionOutcome<>(action, Result.ALREADY_DONE, "The workers of " + what
          + " are already suspended");
      case GONE -> new ActionOutcome<>(action, Result.ALREADY_DONE, what + " is gone");
      case FAILED -> failed(job, action, RayJobEventReason.FAILED_TO_SUSPEND_WORKERS, "Failed to suspend the "
          + "workers of " + what + ": " + edited.problem());
    };
  }

  private ActionOutcome<RayJobAction> deleteSelf(RayJob job, RayJobAction action) {
    String what = "RayJob " + namespace(job) + "/" + job.getMetadata().getName();
    events.record(job, EventType.NORMAL, RayJobEventReason.DELETED_RAY_JOB, "Deleting " + what
        + " after the job finished");
    OwnedObjects.Removed removed = owned.remove(job);
    return switch (removed.outcome()) {
      case DELETED -> new ActionOutcome<>(action, Result.DONE, "Deleted " + what);
      case GONE -> new ActionOutcome<>(action, Result.ALREADY_DONE, what + " was already gone");
      case FAILED -> failed(job, action, RayJobEventReason.FAILED_TO_DELETE_RAY_JOB, "Failed to delete " + what
          + ": " + removed.problem());
    };
  }

  private ActionOutcome<RayJobAction> removed(RayJob job, RayJobAction action, OwnedObjects.Removed removed, String what,
      RayJobEventReason done, RayJobEventReason failed) {
    return switch (removed.outcome()) {
      case DELETED -> done(job, action, done, "Deleted " + what);
      case GONE -> new ActionOutcome<>(action, Result.ALREADY_DONE, what + " was already gone");
      case FAILED -> failed(job, action, failed, "Failed to delete " + what + ": " + removed.problem());
    };
  }

  /** The dashboard client for an address from the decision, with the token of the observed cluster. */
  private RayDashboardClient dashboard(ObservedRayJob observed, RayJob job, String address) {
    String token = observed.dashboardEndpoint().map(DashboardEndpoint::token).orElse(null);
    DashboardEndpoint endpoint = new DashboardEndpoint(DashboardEndpoint.urlOf(address), token);
    String cluster = job.getStatus() == null || job.getStatus().getRayClusterName() == null ? ""
        : job.getStatus().getRayClusterName();
    return clients.client(namespace(job), cluster, endpoint);
  }

  private ActionOutcome<RayJobAction> done(RayJob job, RayJobAction action, RayJobEventReason reason, String message) {
    LOG.info("RayJob {}/{}: {}", namespace(job), job.getMetadata().getName(), message);
    events.record(job, EventType.NORMAL, reason, message);
    return new ActionOutcome<>(action, Result.DONE, message);
  }

  private ActionOutcome<RayJobAction> failed(RayJob job, RayJobAction action, RayJobEventReason reason, String message,
      Exception e) {
    return failed(job, action, reason, message + ": " + problem(e));
  }

  private ActionOutcome<RayJobAction> failed(RayJob job, RayJobAction action, RayJobEventReason reason, String text) {
    LOG.warn("RayJob {}/{}: {}", namespace(job), job.getMetadata().getName(), text);
    events.record(job, EventType.WARNING, reason, text);
    return new ActionOutcome<>(action, Result.FAILED, text);
  }

  private static String problem(Exception e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  private static String namespace(RayJob job) {
    return job.getMetadata().getNamespace();
  }
}
