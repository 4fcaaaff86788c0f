package dev.raykube.service.act;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.dashboard.InvalidRequestException;
import dev.raykube.dashboard.RayDashboardException;
import dev.raykube.kernel.ActionOutcome.Result;
import dev.raykube.kernel.ActionOutcome;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.EventType;
import dev.raykube.reconcile.OwnedObjects;
import dev.raykube.service.decide.ObservedCluster;
import dev.raykube.service.decide.RayServiceAction;
import dev.raykube.service.decide.RayServiceEventReason;
import dev.raykube.service.decide.RayServiceLabels;
import dev.raykube.service.decide.ServeDeployment;
import dev.raykube.service.decide.ServiceTarget;
import dev.raykube.service.observe.LastServeDeployments;
import dev.raykube.service.observe.ObservedRayService;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out the actions of a {@code RayServiceStateMachine} decision, in order, and reports what each achieved as a
 * {@link ActionOutcome}; it never throws for a failed action, writes no status and never decides.
 *
 * <ul>
 *   <li>{@code CreateCluster}: {@link OwnedObjects#ensure} of {@link RayServiceObjects#cluster}; "already exists"
 *       counts as done. {@code UpdateCluster}: {@link OwnedObjects#edit} (locked to the resourceVersion read).
 *       {@code MarkDangling}: one {@link OwnedObjects#mergeMetadata} of the annotation. {@code DeleteCluster}:
 *       {@link OwnedObjects#remove}; the cluster's dashboard client is forgotten.</li>
 *   <li>{@code DeployServeConfig}: {@code PUT /api/serve/applications/} on the cluster's dashboard (the endpoint the
 *       observer resolved). Accepted: remembered in {@link LastServeDeployments}.
 *       Rejected by Serve (HTTP 4xx): remembered with Serve's message, {@link Result#REJECTED}, no Event here — the
 *       state machine reports it. A transport or other failure: remembered as nothing, {@link Result#FAILED}.</li>
 *   <li>{@code PointServices}: the head and serve Services created ({@link RayServiceObjects}) where the
 *       observation saw none, else their selector set with one {@link OwnedObjects#setField}. {@code DeleteServices}:
 *       both removed. {@code SetServeLabel}: one {@link OwnedObjects#mergeMetadata} of the Pod's label.</li>
 *   <li>Events through the {@link EventRecorder}: {@code EmitEvent} as asked, a Normal Event for each change to
 *       another object (a cluster created, updated or deleted, a config deployed, the Services pointed elsewhere), a
 *       Warning for every failure.</li>
 * </ul>
 *
 * <p>Thread-safe for different RayServices; calls for the same RayService must not overlap.
 */
public final class RayServiceActuator {
  private static final Logger LOG = LoggerFactory.getLogger(RayServiceActuator.class);

  private final OwnedObjects owned;
  private final DashboardClients clients;
  private final LastServeDeployments deployments;
  private final EventRecorder events;
  private final ClusterBuildSettings buildSettings;

  /**
   * @param client the Kubernetes client
   * @param clients the dashboard clients
   * @param deployments where accepted and rejected deployments are remembered (shared with the observer)
   * @param events records Events
   * @param buildSettings how the head Service is built (as the RayCluster controller builds it)
   */
  public RayServiceActuator(KubernetesClient client, DashboardClients clients, LastServeDeployments deployments,
      EventRecorder events, ClusterBuildSettings buildSettings) {
    this.owned = new OwnedObjects(Objects.requireNonNull(client, "client"));
    this.clients = Objects.requireNonNull(clients, "clients");
    this.deployments = Objects.requireNonNull(deployments, "deployments");
    this.events = Objects.requireNonNull(events, "events");
    this.buildSettings = Objects.requireNonNull(buildSettings, "buildSettings");
  }

  /**
   * Performs {@code actions} in order.
   *
   * @param observed what the decision was made from (the clusters and their dashboard endpoints)
   * @param rayService the RayService as written with the decided status
   * @param actions the decision's actions
   * @return the outcome of each action, in order
   */
  public List<ActionOutcome<RayServiceAction>> act(ObservedRayService observed, RayService rayService,
      List<RayServiceAction> actions) {
    Objects.requireNonNull(observed, "observed");
    Objects.requireNonNull(rayService, "rayService");
    List<ActionOutcome<RayServiceAction>> outcomes = new ArrayList<>();
    for (RayServiceAction action : actions) {
      outcomes.add(perform(observed, rayService, action));
    }
    return List.copyOf(outcomes);
  }

  private ActionOutcome<RayServiceAction> perform(ObservedRayService observed, RayService svc, RayServiceAction action) {
    if (action instanceof RayServiceAction.CreateCluster create) {
      return createCluster(svc, create);
    } else if (action instanceof RayServiceAction.UpdateCluster update) {
      return editCluster(svc, action, update.name(), cluster -> {
        boolean changed = !Objects.equals(cluster.getSpec(), update.spec());
        cluster.setSpec(update.spec());
        return putAnnotations(cluster, update.annotations()) | changed;
      }, "Updated RayCluster " + update.name() + " in place", RayServiceEventReason.UPDATED_RAY_CLUSTER);
    } else if (action instanceof RayServiceAction.MarkDangling dangling) {
      return markDangling(svc, dangling);
    } else if (action instanceof RayServiceAction.DeleteCluster delete) {
      return deleteCluster(svc, delete);
    } else if (action instanceof RayServiceAction.DeployServeConfig deploy) {
      return deploy(observed, svc, deploy);
    } else if (action instanceof RayServiceAction.PointServices point) {
      return pointServices(observed, svc, point);
    } else if (action instanceof RayServiceAction.DeleteServices delete) {
      return deleteServices(svc, delete);
    } else if (action instanceof RayServiceAction.SetServeLabel label) {
      return setServeLabel(svc, label);
    } else if (action instanceof RayServiceAction.EmitEvent event) {
      events.record(svc, event.type(), event.reason(), event.message());
      return new ActionOutcome<>(action, Result.DONE, "Event " + event.reason().value() + " recorded");
    }
    throw new IllegalArgumentException("unknown action " + action);
  }

  private ActionOutcome<RayServiceAction> createCluster(RayService svc, RayServiceAction.CreateCluster action) {
    String what = "RayCluster " + ns(svc) + "/" + action.name();
    OwnedObjects.Ensured<RayCluster> ensured;
    try {
      ensured = owned.ensure(RayServiceObjects.cluster(svc, action));
    } catch (IllegalArgumentException e) {
      return failed(svc, action, RayServiceEventReason.FAILED_TO_CREATE_RAY_CLUSTER, "Failed to create " + what
          + ": " + problem(e));
    }
    return switch (ensured.outcome()) {
      case CREATED -> done(svc, action, RayServiceEventReason.CREATED_RAY_CLUSTER, "Created " + what);
      case EXISTED -> new ActionOutcome<>(action, Result.ALREADY_DONE, what + " already exists");
      case FAILED -> failed(svc, action, RayServiceEventReason.FAILED_TO_CREATE_RAY_CLUSTER, "Failed to create "
          + what + ": " + ensured.problem());
    };
  }

  /** Edits a RayCluster; a Normal Event {@code reason} on a change when given. */
  private ActionOutcome<RayServiceAction> editCluster(RayService svc, RayServiceAction action, String name,
      Predicate<RayCluster> change, String doneMessage, RayServiceEventReason reason) {
    String what = "RayCluster " + ns(svc) + "/" + name;
    OwnedObjects.Edited edited = owned.edit(RayCluster.class, ns(svc), name, change);
    return switch (edited.outcome()) {
      case EDITED -> reason == null ? logged(svc, action, "Changed " + what + ": " + action)
          : done(svc, action, reason, doneMessage);
      case UNCHANGED -> new ActionOutcome<>(action, Result.ALREADY_DONE, what + " needed no change");
      case GONE -> new ActionOutcome<>(action, Result.ALREADY_DONE, what + " is gone");
      case FAILED -> failed(svc, action, RayServiceEventReason.FAILED_TO_UPDATE_RAY_CLUSTER, "Failed to update "
          + what + ": " + edited.problem());
    };
  }

  /** One merge patch of the annotation: the cluster is not read first. */
  private ActionOutcome<RayServiceAction> markDangling(RayService svc, RayServiceAction.MarkDangling action) {
    String what = "RayCluster " + ns(svc) + "/" + action.name();
    OwnedObjects.Edited edited = owned.mergeMetadata(RayCluster.class, ns(svc), action.name(), Map.of(),
        Map.of(RayServiceLabels.DANGLING_SINCE, action.annotationValue()));
    return switch (edited.outcome()) {
      case EDITED, UNCHANGED -> logged(svc, action, "Marked " + what + " " + RayServiceLabels.DANGLING_SINCE + "="
          + action.annotationValue());
      case GONE -> new ActionOutcome<>(action, Result.ALREADY_DONE, what + " is gone");
      case FAILED -> failed(svc, action, RayServiceEventReason.FAILED_TO_UPDATE_RAY_CLUSTER, "Failed to update "
          + what + ": " + edited.problem());
    };
  }

  private ActionOutcome<RayServiceAction> deleteCluster(RayService svc, RayServiceAction.DeleteCluster action) {
    String what = "RayCluster " + ns(svc) + "/" + action.name();
    OwnedObjects.Removed removed = owned.remove(RayCluster.class, ns(svc), action.name());
    if (!removed.failed()) {
      clients.forget(ns(svc), action.name());
    }
    return switch (removed.outcome()) {
      case DELETED -> done(svc, action, RayServiceEventReason.DELETED_RAY_CLUSTER, "Deleted " + what);
      case GONE -> new ActionOutcome<>(action, Result.ALREADY_DONE, what + " was already gone");
      case FAILED -> failed(svc, action, RayServiceEventReason.FAILED_TO_DELETE_RAY_CLUSTER, "Failed to delete "
          + what + ": " + removed.problem());
    };
  }

  private ActionOutcome<RayServiceAction> deploy(ObservedRayService observed, RayService svc,
      RayServiceAction.DeployServeConfig action) {
    String cluster = action.clusterName();
    String failure = "Failed to send the serve config to RayCluster " + cluster;
    ObservedCluster seen = observed.observation().cluster(cluster).orElse(null);
    DashboardEndpoint endpoint = observed.dashboard(cluster).orElse(null);
    if (seen == null || endpoint == null) {
      return failed(svc, action, RayServiceEventReason.FAILED_TO_UPDATE_SERVE_APPLICATIONS, failure
          + ": its dashboard was not addressed in this observation");
    }
    String uid = seen.cluster().getMetadata().getUid();
    try {
      clients.client(ns(svc), cluster, endpoint).deployServeApplications(action.json());
    } catch (InvalidRequestException e) {
      String message = problem(e);
      if (uid != null) {
        deployments.remember(ns(svc), name(svc), uid, ServeDeployment.rejected(action.configHash(), message));
      }
      LOG.warn("RayService {}/{}: Serve rejected the serve config on RayCluster {}: {}", ns(svc), name(svc), cluster,
          message);
      return new ActionOutcome<>(action, Result.REJECTED, "Serve rejected the serve config on RayCluster "
          + cluster, message);
    } catch (RayDashboardException | IllegalArgumentException e) {
      ActionOutcome<RayServiceAction> outcome = failed(svc, action,
          RayServiceEventReason.FAILED_TO_UPDATE_SERVE_APPLICATIONS, failure + ": " + problem(e));
      return new ActionOutcome<>(action, Result.FAILED, outcome.message(), problem(e));
    }
    if (uid != null) {
      deployments.remember(ns(svc), name(svc), uid, ServeDeployment.accepted(action.configHash()));
    }
    return done(svc, action, RayServiceEventReason.UPDATED_SERVE_APPLICATIONS, "Sent the serve config to RayCluster "
        + cluster);
  }

  private ActionOutcome<RayServiceAction> pointServices(ObservedRayService observed, RayService svc,
      RayServiceAction.PointServices action) {
    RayCluster target = observed.observation().cluster(action.clusterName()).map(ObservedCluster::cluster)
        .orElseGet(() -> RayServiceObjects.clusterNamed(svc, action.clusterName()));
    Service head;
    Service serve;
    try {
      head = RayServiceObjects.headService(svc, target, action, buildSettings);
      serve = RayServiceObjects.serveService(svc, target, action, buildSettings);
    } catch (RuntimeException e) {
      return failed(svc, action, RayServiceEventReason.FAILED_TO_UPDATE_SERVICES, "Failed to build the Services for "
          + "RayCluster " + action.clusterName() + ": " + problem(e));
    }
    List<String> problems = new ArrayList<>();
    boolean changed = point(head, observed.observation().headService(), action.clusterName(), problems)
        | point(serve, observed.observation().serveService(), action.clusterName(), problems);
    if (!problems.isEmpty()) {
      return failed(svc, action, RayServiceEventReason.FAILED_TO_UPDATE_SERVICES, "Failed to point the Services at "
          + "RayCluster " + action.clusterName() + ": " + String.join("; ", problems));
    }
    if (!changed) {
      return new ActionOutcome<>(action, Result.ALREADY_DONE, "The Services already select RayCluster "
          + action.clusterName());
    }
    return done(svc, action, RayServiceEventReason.UPDATED_SERVICES, "Services " + action.headServiceName() + " and "
        + action.serveServiceName() + " now select RayCluster " + action.clusterName());
  }

  /**
   * Creates the Service where the observation saw none, or sets the selector of the one it saw (one request either
   * way); a Service that appeared or went meanwhile is handled by the other way. Whether anything changed.
   */
  private boolean point(Service desired, ServiceTarget seen, String cluster, List<String> problems) {
    String name = desired.getMetadata().getName();
    if (seen.isSelecting(cluster)) {
      return false;
    }
    if (!(seen instanceof ServiceTarget.Absent)) {
      OwnedObjects.Edited edited = select(desired);
      if (edited.outcome() != OwnedObjects.Edited.Outcome.GONE) {
        if (edited.failed()) {
          problems.add("Service " + name + ": " + edited.problem());
        }
        return edited.outcome() == OwnedObjects.Edited.Outcome.EDITED;
      }
    }
    OwnedObjects.Ensured<Service> ensured = owned.ensure(desired);
    if (ensured.failed()) {
      problems.add("Service " + name + ": " + ensured.problem());
      return false;
    }
    if (ensured.outcome() == OwnedObjects.Ensured.Outcome.CREATED) {
      return true;
    }
    OwnedObjects.Edited edited = select(desired); // it existed after all
    if (edited.failed()) {
      problems.add("Service " + name + ": " + edited.problem());
    } else if (edited.outcome() == OwnedObjects.Edited.Outcome.GONE) {
      problems.add("Service " + name + " disappeared while it was being updated");
    }
    return edited.outcome() == OwnedObjects.Edited.Outcome.EDITED;
  }

  private OwnedObjects.Edited select(Service desired) {
    return owned.setField(Service.class, desired.getMetadata().getNamespace(), desired.getMetadata().getName(),
        "/spec/selector", new TreeMap<>(desired.getSpec().getSelector()));
  }

  private ActionOutcome<RayServiceAction> deleteServices(RayService svc, RayServiceAction.DeleteServices action) {
    OwnedObjects.Removed head = owned.remove(Service.class, ns(svc), action.headServiceName());
    OwnedObjects.Removed serve = owned.remove(Service.class, ns(svc), action.serveServiceName());
    if (head.failed() || serve.failed()) {
      return failed(svc, action, RayServiceEventReason.FAILED_TO_UPDATE_SERVICES, "Failed to delete the Services "
          + action.headServiceName() + " and " + action.serveServiceName() + ": "
          + (head.failed() ? head.problem() : serve.problem()));
    }
    boolean deleted = head.outcome() == OwnedObjects.Removed.Outcome.DELETED
        || serve.outcome() == OwnedObjects.Removed.Outcome.DELETED;
    return deleted ? logged(svc, action, "Deleted the Services " + action.headServiceName() + " and "
        + action.serveServiceName()) : new ActionOutcome<>(action, Result.ALREADY_DONE,
        "The Services were already gone");
  }

  /** One merge patch of the label (the state machine asks only for a change of what it observed). */
  private ActionOutcome<RayServiceAction> setServeLabel(RayService svc, RayServiceAction.SetServeLabel action) {
    String value = action.labelValue();
    OwnedObjects.Edited edited = owned.mergeMetadata(Pod.class, ns(svc), action.podName(),
        Map.of(RayServiceLabels.SERVE, value), Map.of());
    String what = "Pod " + ns(svc) + "/" + action.podName();
    return switch (edited.outcome()) {
      // No Event: the label changes with the proxy's health; numServeEndpoints and Ready show its effect.
      case EDITED, UNCHANGED -> logged(svc, action, "Labelled " + what + " " + RayServiceLabels.SERVE + "=" + value);
      case GONE -> new ActionOutcome<>(action, Result.ALREADY_DONE, what + " is gone");
      case FAILED -> failed(svc, action, RayServiceEventReason.FAILED_TO_UPDATE_SERVICES, "Failed to label " + what
          + " " + RayServiceLabels.SERVE + "=" + value + ": " + edited.problem());
    };
  }

  private static boolean putAnnotations(RayCluster cluster, Map<String, String> wanted) {
    Map<String, String> annotations = cluster.getMetadata().getAnnotations() == null ? new HashMap<>()
        : new HashMap<>(cluster.getMetadata().getAnnotations());
    boolean changed = false;
    for (Map.Entry<String, String> e : wanted.entrySet()) {
      changed |= !e.getValue().equals(annotations.put(e.getKey(), e.getValue()));
    }
    cluster.getMetadata().setAnnotations(annotations);
    return changed;
  }

  private ActionOutcome<RayServiceAction> logged(RayService svc, RayServiceAction action, String message) {
    LOG.info("RayService {}/{}: {}", ns(svc), name(svc), message);
    return new ActionOutcome<>(action, Result.DONE, message);
  }

  private ActionOutcome<RayServiceAction> done(RayService svc, RayServiceAction action, RayServiceEventReason reason,
      String message) {
    events.record(svc, EventType.NORMAL, reason, message);
    return logged(svc, action, message);
  }

  private ActionOutcome<RayServiceAction> failed(RayService svc, RayServiceAction action, RayServiceEventReason reason,
      String text) {
    LOG.warn("RayService {}/{}: {}", ns(svc), name(svc), text);
    events.record(svc, EventType.WARNING, reason, text);
    return new ActionOutcome<>(action, Result.FAILED, text);
  }

  private static String problem(Exception e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  private static String ns(RayService svc) {
    return svc.getMetadata().getNamespace();
  }

  private static String name(RayService svc) {
    return svc.getMetadata().getName();
  }
}
