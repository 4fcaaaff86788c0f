package dev.raykube.cluster.loop;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.HeadIngressDrift;
import dev.raykube.cluster.HeadIngressFactory;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.reconcile.EventRecorder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Objects;
import java.util.Optional;

/**
 * Keeps the head's Ingress of a RayCluster with {@code headGroupSpec.enableIngress: true} as
 * {@link HeadIngressFactory} builds it (KubeRay v1.7.0's {@code reconcileIngress}): it is read on every reconcile
 * (Ingresses are not watched, so drift is fixed by the next reconcile, at the latest at the resync), created when
 * missing and updated, locked to the resourceVersion read, when {@link HeadIngressDrift} finds a difference. An Ingress
 * of that name that the RayCluster does not control is left alone with a Warning {@code FailedToCreateIngress}. The
 * Ingress is never deleted here: turning {@code enableIngress} off keeps it, as in KubeRay (deleting the RayCluster
 * deletes it through its owner reference).
 */
final class HeadIngressSync {

  private final KubernetesClient client;
  private final HeadIngressFactory factory;
  private final EventRecorder events;

  HeadIngressSync(KubernetesClient client, ClusterBuildSettings settings, EventRecorder events) {
    this.client = Objects.requireNonNull(client, "client");
    this.factory = new HeadIngressFactory(settings);
    this.events = Objects.requireNonNull(events, "events");
  }

  /**
   * Creates or updates the Ingress when the cluster asks for one.
   *
   * @return why the reconcile must stop here (a failed read, creation or update), or {@code null}
   */
  String sync(RayCluster cluster) {
    if (!HeadIngressFactory.isEnabled(cluster)) {
      return null;
    }
    Ingress desired = factory.build(cluster);
    String what = "Ingress " + desired.getMetadata().getNamespace() + "/" + desired.getMetadata().getName();
    Ingress live;
    try {
      live = client.network().v1().ingresses().inNamespace(desired.getMetadata().getNamespace())
          .withName(desired.getMetadata().getName()).get();
    } catch (KubernetesClientException e) {
      return failure(cluster, ClusterEventReason.FAILED_TO_CREATE_INGRESS,
          "Failed to read " + what + ": " + e.getMessage());
    }
    if (live == null) {
      try {
        client.resource(desired).create();
        record(cluster, ClusterEventReason.CREATED_INGRESS, "Created " + what);
        return null;
      } catch (KubernetesClientException e) {
        return failure(cluster, ClusterEventReason.FAILED_TO_CREATE_INGRESS,
            "Failed to create " + what + ": " + e.getMessage());
      }
    }
    if (!isControlledBy(live, cluster)) {
      record(cluster, ClusterEventReason.FAILED_TO_CREATE_INGRESS, what
          + " already exists and is not controlled by this RayCluster; it is left alone");
      return null;
    }
    Optional<Ingress> update = HeadIngressDrift.update(live, desired);
    if (update.isEmpty()) {
      return null;
    }
    try {
      client.resource(update.get()).lockResourceVersion(live.getMetadata().getResourceVersion()).update();
      record(cluster, ClusterEventReason.UPDATED_INGRESS, "Updated " + what);
      return null;
    } catch (KubernetesClientException e) {
      return failure(cluster, ClusterEventReason.FAILED_TO_UPDATE_INGRESS,
          "Failed to update " + what + ": " + e.getMessage());
    }
  }

  private String failure(RayCluster cluster, ClusterEventReason reason, String message) {
    record(cluster, reason, message);
    return message;
  }

  private void record(RayCluster cluster, ClusterEventReason reason, String message) {
    events.record(cluster, reason.type(), reason, message);
  }

  /** Whether the object's controller owner reference is this RayCluster (by uid). */
  static boolean isControlledBy(Ingress object, RayCluster cluster) {
    if (object.getMetadata().getOwnerReferences() == null) {
      return false;
    }
    for (OwnerReference ref : object.getMetadata().getOwnerReferences()) {
      if (Boolean.TRUE.equals(ref.getController())) {
        return Objects.equals(ref.getUid(), cluster.getMetadata().getUid());
      }
    }
    return false;
  }
}
