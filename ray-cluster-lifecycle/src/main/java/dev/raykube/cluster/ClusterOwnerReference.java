package dev.raykube.cluster;

import dev.raykube.model.RayApi;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;

/**
 * The controller owner reference every object of a RayCluster carries, so Kubernetes garbage-collects them with the
 * RayCluster and the operator is told when they change.
 */
public final class ClusterOwnerReference {

  private ClusterOwnerReference() {
  }

  /** {@code ray.io/v1 RayCluster <name>} with the cluster's UID, {@code controller: true}, {@code blockOwnerDeletion: true}. */
  public static OwnerReference of(RayCluster cluster) {
    return new OwnerReferenceBuilder()
        .withApiVersion(RayApi.API_VERSION)
        .withKind("RayCluster")
        .withName(cluster.getMetadata().getName())
        .withUid(cluster.getMetadata().getUid())
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build();
  }
}
