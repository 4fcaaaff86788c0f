package dev.raykube.cluster.loop;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodStatus;

/**
 * What the RayCluster controller keeps of a Pod in its informer cache: only the fields its decisions read
 * ({@code PodReconcilePlan}, {@code PodHealth}, {@code RayClusterStatusCalculator}). A Ray Pod as the API server
 * returns it carries the generated command, environment, probes, volumes and managed fields — several kilobytes the
 * controller never looks at again; keeping the summary instead makes the cache a fraction of the size.
 *
 * <p>Kept: name, namespace, uid, resourceVersion, labels, owner references, creation and deletion timestamps; the
 * restart policy and the container names; the phase, reason, message, Pod IP, conditions and, per container status,
 * name, readiness, restart count and state.
 */
public final class CachedPod {

  private CachedPod() {
  }

  /** A new, trimmed Pod; {@code pod} is not modified. */
  public static Pod of(Pod pod) {
    Pod trimmed = new Pod();
    trimmed.setApiVersion(pod.getApiVersion());
    trimmed.setKind(pod.getKind());
    trimmed.setMetadata(metadata(pod.getMetadata()));
    PodSpec spec = pod.getSpec();
    if (spec != null) {
      PodSpec kept = new PodSpec();
      kept.setRestartPolicy(spec.getRestartPolicy());
      if (spec.getContainers() != null) {
        kept.setContainers(spec.getContainers().stream().map(c -> {
          Container named = new Container();
          named.setName(c.getName());
          return named;
        }).toList());
      }
      trimmed.setSpec(kept);
    }
    PodStatus status = pod.getStatus();
    if (status != null) {
      PodStatus kept = new PodStatus();
      kept.setPhase(status.getPhase());
      kept.setReason(status.getReason());
      kept.setMessage(status.getMessage());
      kept.setPodIP(status.getPodIP());
      if (status.getConditions() != null) {
        kept.setConditions(status.getConditions().stream().map(CachedPod::condition).toList());
      }
      if (status.getContainerStatuses() != null) {
        kept.setContainerStatuses(status.getContainerStatuses().stream().map(CachedPod::containerStatus).toList());
      }
      trimmed.setStatus(kept);
    }
    return trimmed;
  }

  private static ObjectMeta metadata(ObjectMeta meta) {
    if (meta == null) {
      return new ObjectMeta();
    }
    return new ObjectMetaBuilder()
        .withName(meta.getName())
        .withNamespace(meta.getNamespace())
        .withUid(meta.getUid())
        .withResourceVersion(meta.getResourceVersion())
        .withLabels(meta.getLabels())
        .withOwnerReferences(meta.getOwnerReferences())
        .withCreationTimestamp(meta.getCreationTimestamp())
        .withDeletionTimestamp(meta.getDeletionTimestamp())
        .build();
  }

  private static PodCondition condition(PodCondition condition) {
    return new PodConditionBuilder()
        .withType(condition.getType())
        .withStatus(condition.getStatus())
        .withReason(condition.getReason())
        .withMessage(condition.getMessage())
        .withLastTransitionTime(condition.getLastTransitionTime())
        .build();
  }

  private static ContainerStatus containerStatus(ContainerStatus status) {
    ContainerStatus kept = new ContainerStatus();
    kept.setName(status.getName());
    kept.setReady(status.getReady());
    kept.setRestartCount(status.getRestartCount());
    kept.setState(status.getState());
    return kept;
  }
}
