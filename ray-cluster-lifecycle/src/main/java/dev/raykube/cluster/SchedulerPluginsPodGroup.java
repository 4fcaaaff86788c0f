package dev.raykube.cluster;

import dev.raykube.model.RayApi;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The scheduler-plugins coscheduling {@code scheduling.x-k8s.io/v1alpha1} PodGroup of a RayCluster, as KubeRay v1.7.0
 * writes it (as a {@link GenericKubernetesResource}). Pure.
 *
 * <p>Only a RayCluster labelled {@value BatchSchedulerMetadata#GANG_SCHEDULING_LABEL} (any value) gets one
 * ({@link #wantedFor}). It is named as the cluster, owned by it (an owner reference that is not a controller
 * reference), and sized once, at its creation, to the cluster's desired gang ({@link GangSize#desired}: autoscaling is
 * not considered); it is never updated afterwards. Its Pods carry the label {@value #POD_GROUP_LABEL}.
 */
public final class SchedulerPluginsPodGroup {

  /** The PodGroup's API group. */
  public static final String GROUP = "scheduling.x-k8s.io";
  /** The PodGroup's API version. */
  public static final String VERSION = "v1alpha1";
  /** The PodGroup's kind. */
  public static final String KIND = "PodGroup";
  /** The PodGroup's resource name. */
  public static final String PLURAL = "podgroups";
  /** Pod label: the PodGroup a Pod belongs to. */
  public static final String POD_GROUP_LABEL = "scheduling.x-k8s.io/pod-group";

  private SchedulerPluginsPodGroup() {
  }

  /** Whether an object with this metadata asks for gang scheduling: it carries the label, whatever its value. */
  public static boolean wantedFor(ObjectMeta meta) {
    return meta.getLabels() != null && meta.getLabels().containsKey(BatchSchedulerMetadata.GANG_SCHEDULING_LABEL);
  }

  /** The PodGroup to create for the cluster. */
  public static GenericKubernetesResource build(RayCluster cluster) {
    Objects.requireNonNull(cluster, "cluster");
    ObjectMeta meta = cluster.getMetadata();
    GangSize size = GangSize.desired(cluster.getSpec());
    Map<String, String> resources = new TreeMap<>();
    size.minResources().forEach((resource, quantity) -> resources.put(resource, quantity.toString()));
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("minMember", size.minMember());
    spec.put("minResources", resources);
    return new GenericKubernetesResourceBuilder()
        .withApiVersion(GROUP + "/" + VERSION)
        .withKind(KIND)
        .withMetadata(new ObjectMetaBuilder()
            .withName(meta.getName())
            .withNamespace(meta.getNamespace())
            .withOwnerReferences(List.of(new OwnerReferenceBuilder()
                .withApiVersion(RayApi.API_VERSION)
                .withKind("RayCluster")
                .withName(meta.getName())
                .withUid(meta.getUid())
                .build()))
            .build())
        .addToAdditionalProperties("spec", spec)
        .build();
  }
}
