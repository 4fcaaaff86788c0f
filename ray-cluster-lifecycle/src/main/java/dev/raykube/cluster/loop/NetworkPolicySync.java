package dev.raykube.cluster.loop;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.NetworkPolicyFactory;
import dev.raykube.cluster.NetworkPolicyPlan;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.reconcile.EventRecorder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Keeps a RayCluster's NetworkPolicies as {@link NetworkPolicyFactory} builds them, when the operator runs with
 * {@link ClusterBuildSettings#networkPolicies()} (KubeRay's feature gate {@code RayClusterNetworkPolicy}): lists the
 * policies labelled {@code ray.io/cluster=<cluster>}, carries out the {@link NetworkPolicyPlan} and records each write
 * as an Event. A policy of a wanted name that the cluster does not control is a Warning
 * {@code NetworkPolicyNameCollision} and an error (the reconcile comes back after the failure delay), and is left
 * alone.
 *
 * <p>KubeRay runs this as a controller of its own that reacts to generation changes of the RayCluster and to events of
 * the NetworkPolicies it owns. Here it is a step of the RayCluster loop that runs when the cluster's generation
 * changed since its last successful run, and otherwise at most once per {@code recheck} (the loop's
 * {@link RayClusterTimings#objectRecheck()}), so a steady cluster costs one list of NetworkPolicies per recheck and an
 * edited or deleted policy is repaired within it. Its failures never stop Pods from being reconciled.
 */
final class NetworkPolicySync {

  private record Synced(Long generation, Instant at) {
  }

  private final KubernetesClient client;
  private final NetworkPolicyFactory factory;
  private final EventRecorder events;
  private final Duration recheck;
  private final boolean enabled;
  private final Map<String, Synced> synced = new HashMap<>();

  NetworkPolicySync(KubernetesClient client, ClusterBuildSettings settings, EventRecorder events, Duration recheck) {
    this.client = Objects.requireNonNull(client, "client");
    this.factory = new NetworkPolicyFactory(settings);
    this.events = Objects.requireNonNull(events, "events");
    this.recheck = Objects.requireNonNull(recheck, "recheck");
    this.enabled = settings.networkPolicies();
  }

  /**
   * Brings the cluster's NetworkPolicies in line with its spec, unless that was done for this generation within the
   * recheck period.
   *
   * @param key the cluster's {@code namespace/name}
   * @return what failed (the reconcile should come back soon), or {@code null}
   */
  String sync(String key, RayCluster cluster, Instant now) {
    if (!enabled) {
      return null;
    }
    Long generation = cluster.getMetadata().getGeneration();
    synchronized (this) {
      Synced last = synced.get(key);
      if (last != null && Objects.equals(last.generation(), generation) && now.isBefore(last.at().plus(recheck))) {
        return null;
      }
    }
    String namespace = cluster.getMetadata().getNamespace();
    String name = cluster.getMetadata().getName();
    List<NetworkPolicy> live;
    try {
      live = client.network().v1().networkPolicies().inNamespace(namespace)
          .withLabel(RayClusterLabels.CLUSTER, name).list().getItems();
    } catch (KubernetesClientException e) {
      return failure(cluster, ClusterEventReason.FAILED_TO_CREATE_NETWORK_POLICY,
          "Failed to list the NetworkPolicies of RayCluster " + key + ": " + e.getMessage());
    }
    NetworkPolicyPlan plan = NetworkPolicyPlan.decide(name, cluster.getMetadata().getUid(), factory.build(cluster),
        live);
    List<String> problems = new ArrayList<>();
    for (String collision : plan.collisions()) {
      problems.add(collision(cluster, namespace + "/" + collision));
    }
    for (NetworkPolicy policy : plan.create()) {
      String problem = create(cluster, policy);
      if (problem != null) {
        problems.add(problem);
      }
    }
    for (NetworkPolicy policy : plan.update()) {
      String what = what(policy);
      try {
        client.resource(policy).lockResourceVersion(policy.getMetadata().getResourceVersion()).update();
        record(cluster, ClusterEventReason.UPDATED_NETWORK_POLICY, "Updated " + what);
      } catch (KubernetesClientException e) {
        problems.add(failure(cluster, ClusterEventReason.FAILED_TO_UPDATE_NETWORK_POLICY,
            "Failed to update " + what + ": " + e.getMessage()));
      }
    }
    for (NetworkPolicy policy : plan.delete()) {
      String what = what(policy);
      try {
        client.resource(policy).delete();
        record(cluster, ClusterEventReason.DELETED_NETWORK_POLICY, "Deleted " + what + ", no longer wanted");
      } catch (KubernetesClientException e) {
        problems.add(failure(cluster, ClusterEventReason.FAILED_TO_DELETE_NETWORK_POLICY,
            "Failed to delete " + what + ": " + e.getMessage()));
      }
    }
    if (!problems.isEmpty()) {
      forget(key);
      return String.join("; ", problems);
    }
    synchronized (this) {
      synced.put(key, new Synced(generation, now));
    }
    return null;
  }

  /** Forgets what was remembered about a cluster that is gone. */
  synchronized void forget(String key) {
    synced.remove(key);
  }

  private String create(RayCluster cluster, NetworkPolicy policy) {
    String what = what(policy);
    try {
      client.resource(policy).create();
      record(cluster, ClusterEventReason.CREATED_NETWORK_POLICY, "Created " + what);
      return null;
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        return failure(cluster, ClusterEventReason.FAILED_TO_CREATE_NETWORK_POLICY,
            "Failed to create " + what + ": " + e.getMessage());
      }
    }
    // It exists without the cluster's label: whose is it?
    try {
      NetworkPolicy existing = client.resource(policy).get();
      if (existing != null && NetworkPolicyPlan.isControlledBy(existing, cluster.getMetadata().getUid())) {
        return null;
      }
      return collision(cluster, policy.getMetadata().getNamespace() + "/" + policy.getMetadata().getName());
    } catch (KubernetesClientException e) {
      return failure(cluster, ClusterEventReason.FAILED_TO_CREATE_NETWORK_POLICY,
          "Failed to read " + what + " after it already existed: " + e.getMessage());
    }
  }

  private String collision(RayCluster cluster, String namespacedName) {
    return failure(cluster, ClusterEventReason.NETWORK_POLICY_NAME_COLLISION, "NetworkPolicy " + namespacedName
        + " exists and is not controlled by this RayCluster; it is left alone (rename or delete it)");
  }

  private static String what(NetworkPolicy policy) {
    return "NetworkPolicy " + policy.getMetadata().getNamespace() + "/" + policy.getMetadata().getName();
  }

  private String failure(RayCluster cluster, ClusterEventReason reason, String message) {
    record(cluster, reason, message);
    return message;
  }

  private void record(RayCluster cluster, ClusterEventReason reason, String message) {
    events.record(cluster, reason.type(), reason, message);
  }
}
