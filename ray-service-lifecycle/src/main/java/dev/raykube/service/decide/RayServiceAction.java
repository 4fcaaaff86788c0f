package dev.raykube.service.decide;

import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.reconcile.EventType;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One thing the caller should do for a RayService, in the order of {@link RayServiceDecision#actions()}. Creations are
 * idempotent from the state machine's point of view: "already exists" counts as done, and so does "not found" on a
 * deletion. The caller sets the RayService as controller owner of everything it creates. A failed action is the
 * caller's to report (a Warning Event of {@link RayServiceEventReason}, a log line) and to retry by deciding again;
 * the decision that follows sees the world as it is and asks again for what is still missing.
 */
public sealed interface RayServiceAction {

  /**
   * Create a RayCluster of the RayService.
   *
   * @param name its name, {@code <service>-<5 characters>}, already in the decided status
   * @param spec a copy of {@code spec.rayClusterConfig}, the caller's to use
   * @param labels the labels: the RayService's own plus {@code ray.io/originated-from-cr-name=<service>} and
   *     {@code ray.io/originated-from-crd=RayService}
   * @param annotations the annotations: the spec's {@link ClusterFingerprint} ({@code ray.io/hash-without-replicas-
   *     and-workers-to-delete}, {@code ray.io/num-worker-groups}, {@code raykube.dev/cluster-spec-hash})
   */
  record CreateCluster(String name, RayClusterSpec spec, Map<String, String> labels, Map<String, String> annotations)
      implements RayServiceAction {
    /** Checks and copies. */
    public CreateCluster {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(spec, "spec");
      labels = copy(labels);
      annotations = copy(annotations);
    }
  }

  /**
   * Update a RayCluster in place: replace its {@code spec} with {@code spec} and set {@code annotations} (others are
   * kept). By construction the new spec differs from the one the cluster was made from only in replicas,
   * {@code workersToDelete}, {@code suspend} or appended worker groups, so no existing Pod has to change.
   *
   * @param name the RayCluster
   * @param spec a copy of {@code spec.rayClusterConfig}, the caller's to use
   * @param annotations the new spec's {@link ClusterFingerprint}
   */
  record UpdateCluster(String name, RayClusterSpec spec, Map<String, String> annotations)
      implements RayServiceAction {
    /** Checks and copies. */
    public UpdateCluster {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(spec, "spec");
      annotations = copy(annotations);
    }
  }

  /**
   * Delete a RayCluster of the RayService (background propagation).
   *
   * @param name the RayCluster
   */
  record DeleteCluster(String name) implements RayServiceAction {
    /** Checks the name is given. */
    public DeleteCluster {
      Objects.requireNonNull(name, "name");
    }
  }

  /**
   * Record that a RayCluster stopped serving: set its {@link RayServiceLabels#DANGLING_SINCE} annotation to
   * {@code since} (RFC 3339, UTC, whole seconds). A later decision deletes it {@code rayClusterDeletionDelaySeconds}
   * after that time, also after an operator restart.
   *
   * @param name the RayCluster
   * @param since when it stopped serving
   */
  record MarkDangling(String name, Instant since) implements RayServiceAction {
    /** Checks both values are given. */
    public MarkDangling {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(since, "since");
    }

    /** The annotation's value. */
    public String annotationValue() {
      return StatusTimes.format(since);
    }
  }

  /**
   * Send the serve config to a cluster's dashboard ({@code PUT /api/serve/applications/} with {@code json}), then
   * remember {@code configHash} for that cluster as its {@link ServeDeployment}: accepted, or rejected with Serve's
   * message when it answered 4xx. A transport failure is remembered as nothing (the next decision sends it again).
   *
   * @param clusterName the RayCluster whose head receives it
   * @param json the body: {@code spec.serveConfigV2} converted from YAML
   * @param configHash {@link ServeConfig#hash()}
   */
  record DeployServeConfig(String clusterName, String json, String configHash) implements RayServiceAction {
    /** Checks all values are given. */
    public DeployServeConfig {
      Objects.requireNonNull(clusterName, "clusterName");
      Objects.requireNonNull(json, "json");
      Objects.requireNonNull(configHash, "configHash");
    }
  }

  /**
   * Create or update the head Service and the serve Service so that they select a cluster. The head Service is built
   * like the cluster's own head Service (its ports, {@code headGroupSpec.serviceType}) under the RayService's name;
   * the serve Service exposes port {@code serve} (8000 unless the head's container names another), or is the user's
   * {@code spec.serveService} with this selector.
   *
   * @param clusterName the cluster to select
   * @param headServiceName {@code <service>-head-svc}
   * @param headSelector the head Service's selector (the cluster's head Pod)
   * @param serveServiceName the serve Service's name ({@link ServiceNames#serveService})
   * @param serveSelector the serve Service's selector ({@code ray.io/cluster}, {@code ray.io/serve=true})
   */
  record PointServices(String clusterName, String headServiceName, Map<String, String> headSelector,
      String serveServiceName, Map<String, String> serveSelector) implements RayServiceAction {
    /** Checks and copies. */
    public PointServices {
      Objects.requireNonNull(clusterName, "clusterName");
      Objects.requireNonNull(headServiceName, "headServiceName");
      Objects.requireNonNull(serveServiceName, "serveServiceName");
      headSelector = copy(headSelector);
      serveSelector = copy(serveSelector);
    }
  }

  /**
   * Delete the head Service and the serve Service (suspend).
   *
   * @param headServiceName {@code <service>-head-svc}
   * @param serveServiceName the serve Service's name
   */
  record DeleteServices(String headServiceName, String serveServiceName) implements RayServiceAction {
    /** Checks both names are given. */
    public DeleteServices {
      Objects.requireNonNull(headServiceName, "headServiceName");
      Objects.requireNonNull(serveServiceName, "serveServiceName");
    }
  }

  /**
   * Set the {@link RayServiceLabels#SERVE} label of a Pod to {@code "true"} or {@code "false"}.
   *
   * @param podName the Pod
   * @param serve the label's value
   */
  record SetServeLabel(String podName, boolean serve) implements RayServiceAction {
    /** Checks the name is given. */
    public SetServeLabel {
      Objects.requireNonNull(podName, "podName");
    }

    /** The label's value as written. */
    public String labelValue() {
      return Boolean.toString(serve);
    }
  }

  /**
   * Record a Kubernetes Event on the RayService.
   *
   * @param type Normal or Warning
   * @param reason the reason
   * @param message the text for people
   */
  record EmitEvent(EventType type, RayServiceEventReason reason, String message) implements RayServiceAction {
    /** Checks all values are given. */
    public EmitEvent {
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(message, "message");
    }
  }

  private static Map<String, String> copy(Map<String, String> map) {
    return map == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }
}
