package dev.raykube.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What to do about a RayCluster's NetworkPolicies, as KubeRay v1.7.0 decides it: each policy
 * {@link NetworkPolicyFactory} wants is created when missing; one of that name the cluster does not control is a name
 * collision (left alone, an error); one it controls is updated when its spec or labels differ (the spec compared as
 * JSON, so a missing list equals an empty one). Policies the cluster controls, labelled
 * {@code ray.io/cluster=<cluster>}, whose names are no longer wanted (a removed worker group, or no
 * {@code networkPolicy} at all) are deleted.
 *
 * @param create the policies to create
 * @param update the live policies with the desired spec and labels, to update locked to their resourceVersion
 * @param delete the live policies to delete
 * @param collisions names of wanted policies that exist and are not controlled by the cluster
 */
public record NetworkPolicyPlan(List<NetworkPolicy> create, List<NetworkPolicy> update, List<NetworkPolicy> delete,
    List<String> collisions) {

  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  /** Takes unmodifiable copies. */
  public NetworkPolicyPlan {
    create = List.copyOf(create);
    update = List.copyOf(update);
    delete = List.copyOf(delete);
    collisions = List.copyOf(collisions);
  }

  /** Whether there is nothing to do. */
  public boolean isEmpty() {
    return create.isEmpty() && update.isEmpty() && delete.isEmpty() && collisions.isEmpty();
  }

  /**
   * Decides.
   *
   * @param clusterName the RayCluster's name
   * @param clusterUid the RayCluster's uid (what a controller owner reference must name)
   * @param desired what {@link NetworkPolicyFactory#build} made
   * @param live the policies found: those labelled {@code ray.io/cluster=<cluster>} and any of a wanted name
   * @return the plan
   */
  public static NetworkPolicyPlan decide(String clusterName, String clusterUid, List<NetworkPolicy> desired,
      Collection<NetworkPolicy> live) {
    Map<String, NetworkPolicy> byName = new HashMap<>();
    live.forEach(p -> byName.put(p.getMetadata().getName(), p));
    List<NetworkPolicy> create = new ArrayList<>();
    List<NetworkPolicy> update = new ArrayList<>();
    List<String> collisions = new ArrayList<>();
    Set<String> wanted = new HashSet<>();
    for (NetworkPolicy want : desired) {
      String name = want.getMetadata().getName();
      wanted.add(name);
      NetworkPolicy found = byName.get(name);
      if (found == null) {
        create.add(want);
      } else if (!isControlledBy(found, clusterUid)) {
        collisions.add(name);
      } else if (!sameLabels(found, want) || !sameSpec(found, want)) {
        update.add(new NetworkPolicyBuilder(found)
            .editMetadata().withLabels(want.getMetadata().getLabels()).endMetadata()
            .withSpec(want.getSpec())
            .build());
      }
    }
    List<NetworkPolicy> delete = new ArrayList<>();
    for (NetworkPolicy found : live) {
      Map<String, String> labels = found.getMetadata().getLabels();
      if (!wanted.contains(found.getMetadata().getName()) && isControlledBy(found, clusterUid) && labels != null
          && clusterName.equals(labels.get(RayClusterLabels.CLUSTER))) {
        delete.add(found);
      }
    }
    return new NetworkPolicyPlan(create, update, delete, collisions);
  }

  /** Whether the policy's controller owner reference names this uid. */
  public static boolean isControlledBy(NetworkPolicy policy, String uid) {
    List<OwnerReference> owners = policy.getMetadata().getOwnerReferences();
    if (owners == null) {
      return false;
    }
    return owners.stream().filter(o -> Boolean.TRUE.equals(o.getController())).findFirst()
        .map(o -> Objects.equals(o.getUid(), uid)).orElse(false);
  }

  private static boolean sameLabels(NetworkPolicy a, NetworkPolicy b) {
    Map<String, String> x = a.getMetadata().getLabels() == null ? Map.of() : a.getMetadata().getLabels();
    Map<String, String> y = b.getMetadata().getLabels() == null ? Map.of() : b.getMetadata().getLabels();
    return x.equals(y);
  }

  private static boolean sameSpec(NetworkPolicy a, NetworkPolicy b) {
    JsonNode x = JSON.convertValue(a.getSpec(), JsonNode.class);
    JsonNode y = JSON.convertValue(b.getSpec(), JsonNode.class);
    return Objects.equals(x, y);
  }
}
