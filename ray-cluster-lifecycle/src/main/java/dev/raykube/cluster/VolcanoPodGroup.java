package dev.raykube.cluster;

import dev.raykube.model.RayApi;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Volcano's {@code scheduling.volcano.sh/v1beta1} PodGroup for a RayCluster or a RayJob, the way KubeRay v1.7.0 writes
 * it (built as a {@link GenericKubernetesResource}: RayKube does not depend on Volcano's model). Pure.
 *
 * <ul>
 *   <li>name {@code ray-<name>-pg}, where {@code <name>} is the owner's name, or the RayJob's name for a RayCluster a
 *       RayJob created ({@code ray.io/originated-from-crd=RayJob}, name from {@code ray.io/originated-from-cr-name});
 *       </li>
 *   <li>the owner's namespace, a controller owner reference to it, and a copy of all its annotations;</li>
 *   <li>{@code spec.minMember} and {@code spec.minResources} from a {@link GangSize}; {@code spec.queue} from the
 *       owner's label {@value #QUEUE_LABEL}, {@code spec.priorityClassName} from {@value #PRIORITY_CLASS_LABEL},
 *       {@code spec.networkTopology.mode} from {@value #NETWORK_TOPOLOGY_MODE_LABEL} and, with a mode, its
 *       {@code highestTierAllowed} from {@value #NETWORK_TOPOLOGY_TIER_LABEL} (an integer);</li>
 *   <li>{@code status.phase: Pending}.</li>
 * </ul>
 *
 * <p>Only {@code minMember} and {@code minResources} are kept up to date afterwards ({@link #needsResize},
 * {@link #resized}); a RayCluster a RayJob created gets no PodGroup of its own ({@link #wantedFor}): it shares the
 * RayJob's.
 */
public final class VolcanoPodGroup {

  /** The PodGroup's API group. */
  public static final String GROUP = "scheduling.volcano.sh";
  /** The PodGroup's API version. */
  public static final String VERSION = "v1beta1";
  /** The PodGroup's kind. */
  public static final String KIND = "PodGroup";
  /** The PodGroup's resource name. */
  public static final String PLURAL = "podgroups";
  /** Owner label: the Volcano queue ({@code spec.queue}); copied to the Pods. */
  public static final String QUEUE_LABEL = "volcano.sh/queue-name";
  /** Owner label: the priority class of the group ({@code spec.priorityClassName}); copied to the Pods. */
  public static final String PRIORITY_CLASS_LABEL = "ray.io/priority-class-name";
  /** Owner label: {@code spec.networkTopology.mode}. */
  public static final String NETWORK_TOPOLOGY_MODE_LABEL = "volcano.sh/network-topology-mode";
  /** Owner label: {@code spec.networkTopology.highestTierAllowed}, an integer. */
  public static final String NETWORK_TOPOLOGY_TIER_LABEL = "volcano.sh/network-topology-highest-tier-allowed";
  /** Pod annotation: the PodGroup a Pod belongs to. */
  public static final String GROUP_NAME_ANNOTATION = "scheduling.k8s.io/group-name";
  /** Pod annotation: the task (Ray group: {@code headgroup}, a worker group's name, {@code submittergroup}). */
  public static final String TASK_SPEC_ANNOTATION = "volcano.sh/task-spec";

  private static final String RAY_JOB = "RayJob";

  private VolcanoPodGroup() {
  }

  /** The PodGroup's name for an owner (a RayCluster or a RayJob) with this metadata: {@code ray-<name>-pg}. */
  public static String name(ObjectMeta owner) {
    String name = owner.getName();
    Map<String, String> labels = owner.getLabels();
    if (labels != null && RAY_JOB.equals(labels.get(RayClusterLabels.ORIGINATED_FROM_CRD))) {
      String job = labels.get(RayClusterLabels.ORIGINATED_FROM_CR_NAME);
      if (job != null && !job.isEmpty()) {
        name = job;
      }
    }
    return "ray-" + name + "-pg";
  }

  /** Whether a RayCluster gets a PodGroup of its own: yes, unless a RayJob created it (it shares the RayJob's). */
  public static boolean wantedFor(ObjectMeta cluster) {
    Map<String, String> labels = cluster.getLabels();
    return labels == null || !RAY_JOB.equals(labels.get(RayClusterLabels.ORIGINATED_FROM_CRD));
  }

  /**
   * The PodGroup to create for {@code owner}.
   *
   * @param owner the RayCluster or RayJob (its kind names the owner reference's kind)
   * @param size the gang's size
   * @throws IllegalArgumentException if {@value #NETWORK_TOPOLOGY_TIER_LABEL} is set, with a mode, and is not an
   *     integer (KubeRay fails the create the same way)
   */
  public static GenericKubernetesResource build(HasMetadata owner, GangSize size) {
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(size, "size");
    ObjectMeta meta = owner.getMetadata();
    Map<String, String> labels = meta.getLabels() == null ? Map.of() : meta.getLabels();
    String name = name(meta);
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("minMember", size.minMember());
    spec.put("minResources", resources(size));
    if (labels.containsKey(QUEUE_LABEL)) {
      spec.put("queue", labels.get(QUEUE_LABEL));
    }
    if (labels.containsKey(PRIORITY_CLASS_LABEL)) {
      spec.put("priorityClassName", labels.get(PRIORITY_CLASS_LABEL));
    }
    if (labels.containsKey(NETWORK_TOPOLOGY_MODE_LABEL)) {
      Map<String, Object> topology = new LinkedHashMap<>();
      topology.put("mode", labels.get(NETWORK_TOPOLOGY_MODE_LABEL));
      String tier = labels.get(NETWORK_TOPOLOGY_TIER_LABEL);
      if (tier != null) {
        try {
          topology.put("highestTierAllowed", Integer.parseInt(tier));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("label " + NETWORK_TOPOLOGY_TIER_LABEL + " of " + owner.getKind() + " "
              + meta.getNamespace() + "/" + meta.getName() + " is not an integer: '" + tier + "'; PodGroup " + name
              + " cannot be created");
        }
      }
      spec.put("networkTopology", topology);
    }
    ObjectMeta podGroupMeta = new ObjectMetaBuilder()
        .withName(name)
        .withNamespace(meta.getNamespace())
        .withAnnotations(meta.getAnnotations() == null ? null : new TreeMap<>(meta.getAnnotations()))
        .withOwnerReferences(List.of(new OwnerReferenceBuilder()
            .withApiVersion(RayApi.API_VERSION)
            .withKind(owner.getKind())
            .withName(meta.getName())
            .withUid(meta.getUid())
            .withController(true)
            .withBlockOwnerDeletion(true)
            .build()))
        .build();
    return new GenericKubernetesResourceBuilder()
        .withApiVersion(GROUP + "/" + VERSION)
        .withKind(KIND)
        .withMetadata(podGroupMeta)
        .addToAdditionalProperties("spec", spec)
        .addToAdditionalProperties("status", new LinkedHashMap<>(Map.of("phase", "Pending")))
        .build();
  }

  /**
   * Whether a live PodGroup's {@code minMember} or {@code minResources} differ from {@code size} (resources compared
   * by amount; a PodGroup without {@code minResources} always differs).
   */
  public static boolean needsResize(GenericKubernetesResource live, GangSize size) {
    Map<String, Object> spec = spec(live);
    Object minMember = spec.get("minMember");
    boolean sameCount = minMember instanceof Number number ? number.longValue() == size.minMember()
        : size.minMember() == 0 && minMember == null;
    return !sameCount || !(spec.get("minResources") instanceof Map<?, ?> resources
        && size.sameResources(stringKeys(resources)));
  }

  /** A copy of a live PodGroup with {@code minMember} and {@code minResources} set to {@code size}; the rest kept. */
  public static GenericKubernetesResource resized(GenericKubernetesResource live, GangSize size) {
    GenericKubernetesResource copy = new GenericKubernetesResourceBuilder(live).build();
    Map<String, Object> spec = new LinkedHashMap<>(spec(live));
    spec.put("minMember", size.minMember());
    spec.put("minResources", resources(size));
    copy.setAdditionalProperty("spec", spec);
    return copy;
  }

  private static Map<String, String> resources(GangSize size) {
    Map<String, String> resources = new TreeMap<>();
    size.minResources().forEach((resource, quantity) -> resources.put(resource, quantity.toString()));
    return resources;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(GenericKubernetesResource live) {
    Object spec = live.getAdditionalProperties().get("spec");
    return spec instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
  }

  private static Map<String, Object> stringKeys(Map<?, ?> map) {
    Map<String, Object> copy = new TreeMap<>();
    map.forEach((key, value) -> copy.put(String.valueOf(key), value));
    return copy;
  }
}
