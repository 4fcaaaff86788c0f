package dev.raykube.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.util.Map;
import java.util.TreeMap;

/**
 * Apache YuniKorn's gang: the value of the annotation {@value #ANNOTATION}, a JSON array of task groups as KubeRay
 * v1.7.0 writes it. Pure.
 *
 * <ul>
 *   <li>{@code headgroup}: {@code minMember} 1, the head Pod's resources;</li>
 *   <li>one per worker group, in order: {@code minMember} = {@code minReplicas × numOfHosts} (suspended or not), one
 *       Pod's resources;</li>
 *   <li>for a RayJob, last, {@code submittergroup}: {@code minMember} 1, the submitter Pod's resources.</li>
 * </ul>
 *
 * <p>Each group's {@code minResource} is one Pod's (as {@link GangSize#podResources} counts it), and its
 * {@code nodeSelector}, {@code tolerations} and {@code affinity} are the Pod template's (left out when unset).
 */
public final class YuniKornTaskGroups {

  /** Annotation of the task groups, on the parent's children. */
  public static final String ANNOTATION = "yunikorn.apache.org/task-groups";

  private static final ObjectMapper JSON = new ObjectMapper().setSerializationInclusion(JsonInclude.Include.NON_NULL);

  private YuniKornTaskGroups() {
  }

  /** The task groups of a RayCluster with this spec. */
  public static String forCluster(RayClusterSpec spec) {
    return JSON.valueToTree(groups(spec)).toString();
  }

  /** The task groups of a RayJob: its cluster's, then {@code submittergroup} for a submitter of this Pod spec. */
  public static String forJob(RayClusterSpec clusterSpec, PodSpec submitter) {
    ArrayNode groups = groups(clusterSpec);
    groups.add(group(BatchSchedulerMetadata.SUBMITTER_GROUP, 1, submitter));
    return groups.toString();
  }

  private static ArrayNode groups(RayClusterSpec spec) {
    ArrayNode groups = JSON.createArrayNode();
    PodSpec head = spec == null || spec.getHeadGroupSpec() == null || spec.getHeadGroupSpec().getTemplate() == null
        ? null : spec.getHeadGroupSpec().getTemplate().getSpec();
    groups.add(group(BatchSchedulerMetadata.HEAD_GROUP, 1, head));
    if (spec != null && spec.getWorkerGroupSpecs() != null) {
      for (WorkerGroupSpec worker : spec.getWorkerGroupSpecs()) {
        int minReplicas = worker.getMinReplicas() == null ? 0 : Math.max(0, worker.getMinReplicas());
        PodSpec pod = worker.getTemplate() == null ? null : worker.getTemplate().getSpec();
        groups.add(group(worker.getGroupName(), WorkerGroupSize.times(minReplicas, WorkerGroupSize.numOfHosts(worker)),
            pod));
      }
    }
    return groups;
  }

  private static ObjectNode group(String name, int minMember, PodSpec pod) {
    ObjectNode group = JSON.createObjectNode();
    Map<String, String> resources = new TreeMap<>();
    new GangSize(0, GangSize.podResources(pod)).minResources()
        .forEach((resource, quantity) -> resources.put(resource, quantity.toString()));
    group.set("minResource", JSON.valueToTree(resources));
    if (pod != null && pod.getNodeSelector() != null && !pod.getNodeSelector().isEmpty()) {
      group.set("nodeSelector", JSON.valueToTree(pod.getNodeSelector()));
    }
    if (pod != null && pod.getAffinity() != null) {
      group.set("affinity", JSON.valueToTree(pod.getAffinity()));
    }
    group.put("name", name);
    if (pod != null && pod.getTolerations() != null && !pod.getTolerations().isEmpty()) {
      group.set("tolerations", JSON.valueToTree(pod.getTolerations()));
    }
    group.put("minMember", minMember);
    return group;
  }
}
