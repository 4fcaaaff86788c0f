package dev.raykube.cluster;

import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.HeadInfo;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterConditionType;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Computes a RayCluster's status from its spec, its previous status and what was observed (Pods, head Service, the
 * outcome of this reconcile's writes). Pure; the clock is a parameter.
 *
 * <ul>
 *   <li>{@code readyWorkerReplicas}: worker Pods Running and Ready; {@code availableWorkerReplicas}: worker Pods
 *       Running; {@code desired|min|maxWorkerReplicas}: sums over the groups of {@link WorkerGroupSize} (suspended
 *       groups count 0);</li>
 *   <li>{@code desiredCPU|Memory|GPU|TPU}: the head Pod plus desired Pods × per-Pod resources of each group
 *       ({@link ResourceTotals}); GPUs are every {@code *gpu} resource, TPUs {@code google.com/tpu};</li>
 *   <li>{@code endpoints}: per named port of the head Service, its nodePort, else targetPort, else port;
 *       {@code head}: the head Pod's IP and name, the Service's name and cluster IP (the head Pod's IP when the
 *       Service is headless);</li>
 *   <li>{@code state}: {@code suspended} while suspended; {@code ready} once no write failed and the cluster has
 *       exactly its desired Pods (head + workers), all Running and Ready; otherwise unchanged (as in KubeRay, a ready
 *       cluster stays {@code ready} when Pods later fail — watch the conditions instead);</li>
 *   <li>conditions {@code HeadPodReady}; {@code RayClusterProvisioned} (true the first time every Pod is ready, then
 *       kept until the cluster is suspended); {@code ReplicaFailure} (true with the failed write's reason, removed when
 *       the reconcile succeeds); {@code RayClusterSuspending}/{@code RayClusterSuspended} (never both true);</li>
 *   <li>{@code observedGeneration}: the RayCluster's generation; {@code lastUpdateTime} and
 *       {@code stateTransitionTimes}: {@code now} when something changed.</li>
 * </ul>
 */
public final class RayClusterStatusCalculator {

  /** How {@code status.reason} of a RayCluster rejected by {@link RayClusterValidator} begins. */
  public static final String INVALID_SPEC_REASON_PREFIX = "Invalid RayCluster: ";

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private RayClusterStatusCalculator() {
  }

  /**
   * The new status.
   *
   * @param pods every Pod of the cluster (label {@code ray.io/cluster}), as observed after this reconcile's writes
   * @param headService the head Service, or {@code null} if none exists yet
   * @param failure the write that failed in this reconcile, or {@code null}
   */
  public static RayClusterStatus calculate(RayCluster cluster, List<Pod> pods, Service headService,
      ReplicaFailure failure, Instant now) {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(pods, "pods");
    Objects.requireNonNull(now, "now");
    String time = timestamp(now);
    RayClusterStatus previous = cluster.getStatus();
    RayClusterStatus status = copy(previous);
    List<Pod> workers = pods.stream().filter(p -> RayNodeType.WORKER.label().equals(nodeType(p))).toList();
    Pod head = pods.stream().filter(p -> RayNodeType.HEAD.label().equals(nodeType(p)))
        .min(Comparator.comparing(PodHealth::isTerminating)).orElse(null);

    List<WorkerGroupSpec> groups = cluster.getSpec().getWorkerGroupSpecs() == null ? List.of()
        : cluster.getSpec().getWorkerGroupSpecs();
    int desired = 0;
    int min = 0;
    int max = 0;
    Map<String, BigDecimal> resources = new TreeMap<>();
    ResourceTotals.add(resources, ResourceTotals.perPod(cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec()),
        1);
    for (WorkerGroupSpec group : groups) {
      int groupDesired = WorkerGroupSize.desiredPods(group);
      desired = WorkerGroupSize.plus(desired, groupDesired);
      min = WorkerGroupSize.plus(min, WorkerGroupSize.minPods(group));
      max = WorkerGroupSize.plus(max, WorkerGroupSize.maxPods(group));
      if (group.getTemplate() != null) {
        ResourceTotals.add(resources, ResourceTotals.perPod(group.getTemplate().getSpec()), groupDesired);
      }
    }
    status.setReadyWorkerReplicas((int) workers.stream().filter(PodHealth::isRunningAndReady).count());
    status.setAvailableWorkerReplicas((int) workers.stream().filter(p -> "Running".equals(PodHealth.phase(p)))
        .count());
    status.setDesiredWorkerReplicas(desired);
    status.setMinWorkerReplicas(min);
    status.setMaxWorkerReplicas(max);
    status.setDesiredCPU(ResourceTotals.cpu(resources.getOrDefault("cpu", BigDecimal.ZERO)));
    status.setDesiredMemory(ResourceTotals.memory(resources.getOrDefault("memory", BigDecimal.ZERO)));
    status.setDesiredGPU(ResourceTotals.count(ResourceTotals.gpus(resources)));
    status.setDesiredTPU(ResourceTotals.count(resources.getOrDefault("google.com/tpu", BigDecimal.ZERO)));
    status.setEndpoints(endpoints(headService));
    status.setHead(headInfo(head, headService));
    status.setObservedGeneration(cluster.getMetadata().getGeneration());

    if (status.getReason() != null && status.getReason().startsWith(INVALID_SPEC_REASON_PREFIX)) {
      status.setReason(null); // the spec is valid again: the rejection no longer holds
    }

    StatusConditions conditions = new StatusConditions(status.getConditions(), time,
        cluster.getMetadata().getGeneration());
    boolean suspended = updateSuspension(conditions, cluster, pods.isEmpty());
    boolean allReady = failure == null && pods.size() == WorkerGroupSize.plus(desired, 1)
        && pods.stream().allMatch(PodHealth::isRunningAndReady);
    updateHeadPodReady(conditions, head);
    if (suspended) {
      conditions.set(RayClusterConditionType.PROVISIONED, false, "RayClusterPodsProvisioning",
          "RayCluster is suspended");
    } else if (allReady) {
      conditions.set(RayClusterConditionType.PROVISIONED, true, "AllPodRunningAndReadyFirstTime",
          "All Ray Pods are ready for the first time");
    } else if (!conditions.isTrue(RayClusterConditionType.PROVISIONED)) {
      conditions.set(RayClusterConditionType.PROVISIONED, false, "RayClusterPodsProvisioning",
          "RayCluster Pods are being provisioned for the first time");
    }
    if (failure != null) {
      conditions.set(RayClusterConditionType.REPLICA_FAILURE, true, failure.reason().value(), failure.message());
    } else {
      conditions.remove(RayClusterConditionType.REPLICA_FAILURE);
    }
    status.setConditions(conditions.list());

    if (suspended) {
      status.setState(ClusterState.SUSPENDED);
    } else if (allReady) {
      status.setState(ClusterState.READY);
      status.setReason(null);
    } else if (status.getState() == ClusterState.SUSPENDED) {
      status.setState(null);
    }
    return stamped(previous, status, now);
  }

  /**
   * The status of a RayCluster whose spec {@link RayClusterValidator} rejected: the previous status with
   * {@code reason} set to {@value #INVALID_SPEC_REASON_PREFIX} and the problems, and {@code observedGeneration}
   * updated; nothing else changes. {@link #calculate} clears such a reason once the spec is valid again.
   */
  public static RayClusterStatus invalidSpec(RayCluster cluster, List<String> problems, Instant now) {
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("an invalid spec has at least one problem");
    }
    RayClusterStatus status = copy(cluster.getStatus());
    status.setReason(INVALID_SPEC_REASON_PREFIX + String.join("; ", problems));
    status.setObservedGeneration(cluster.getMetadata().getGeneration());
    return stamped(cluster.getStatus(), status, now);
  }

  /**
   * Whether two statuses differ in anything but timestamps ({@code lastUpdateTime}, {@code stateTransitionTimes},
   * conditions' {@code lastTransitionTime}): the controller writes the status only when this is true.
   */
  public static boolean differs(RayClusterStatus previous, RayClusterStatus next) {
    if (previous == null || next == null) {
      return previous != next;
    }
    return !withoutTimes(previous).equals(withoutTimes(next));
  }

  private static RayClusterStatus stamped(RayClusterStatus previous, RayClusterStatus status, Instant now) {
    if (!differs(previous, status)) {
      return status;
    }
    String time = timestamp(now);
    status.setLastUpdateTime(time);
    String before = previous == null ? null : previous.getStateValue();
    if (status.getStateValue() != null && !status.getStateValue().equals(before)) {
      Map<String, String> times = status.getStateTransitionTimes() == null ? new TreeMap<>()
          : new TreeMap<>(status.getStateTransitionTimes());
      times.put(status.getStateValue(), time);
      status.setStateTransitionTimes(times);
    }
    return status;
  }

  /** Updates the suspension conditions; returns whether the cluster is suspended now. */
  private static boolean updateSuspension(StatusConditions conditions, RayCluster cluster, boolean noPods) {
    boolean specSuspend = Boolean.TRUE.equals(cluster.getSpec().getSuspend());
    boolean wasSuspended = conditions.isTrue(RayClusterConditionType.SUSPENDED);
    boolean suspending = conditions.isTrue(RayClusterConditionType.SUSPENDING) || (specSuspend && !wasSuspended);
    if (suspending && noPods) {
      conditions.set(RayClusterConditionType.SUSPENDING, false, "RayClusterSuspending", "All Pods are deleted");
      conditions.set(RayClusterConditionType.SUSPENDED, true, "RayClusterSuspended", "RayCluster is suspended");
      return true;
    }
    if (suspending) {
      conditions.set(RayClusterConditionType.SUSPENDING, true, "RayClusterSuspending", "Deleting all Pods");
      return false;
    }
    if (wasSuspended && !specSuspend) {
      conditions.set(RayClusterConditionType.SUSPENDED, false, "RayClusterResumed", "spec.suspend is false");
      return false;
    }
    return wasSuspended;
  }

  private static void updateHeadPodReady(StatusConditions conditions, Pod head) {
    if (head == null) {
      conditions.set(RayClusterConditionType.HEAD_POD_READY, false, "HeadPodNotFound", "Head Pod not found");
    } else if (PodHealth.isRunningAndReady(head)) {
      conditions.set(RayClusterConditionType.HEAD_POD_READY, true, "HeadPodRunningAndReady", "Head Pod ready");
    } else {
      PodCondition ready = PodHealth.readyCondition(head);
      String reason = ready != null && ready.getReason() != null && !ready.getReason().isBlank() ? ready.getReason()
          : head.getStatus() != null && head.getStatus().getReason() != null ? head.getStatus().getReason()
          : "HeadPodNotReady";
      String message = ready != null && ready.getMessage() != null && !ready.getMessage().isBlank()
          ? ready.getMessage() : "Head Pod " + head.getMetadata().getName() + " is " + PodHealth.phase(head)
          + " and not ready";
      conditions.set(RayClusterConditionType.HEAD_POD_READY, false, reason, message);
    }
  }

  private static Map<String, String> endpoints(Service service) {
    if (service == null || service.getSpec() == null || service.getSpec().getPorts() == null) {
      return null;
    }
    Map<String, String> endpoints = new TreeMap<>();
    for (ServicePort port : service.getSpec().getPorts()) {
      if (port.getName() == null || port.getName().isBlank()) {
        continue;
      }
      String value;
      if (port.getNodePort() != null && port.getNodePort() != 0) {
        value = port.getNodePort().toString();
      } else if (port.getTargetPort() != null && port.getTargetPort().getIntVal() != null
          && port.getTargetPort().getIntVal() != 0) {
        value = port.getTargetPort().getIntVal().toString();
      } else if (port.getTargetPort() != null && port.getTargetPort().getStrVal() != null) {
        value = port.getTargetPort().getStrVal();
      } else {
        value = String.valueOf(port.getPort());
      }
      endpoints.put(port.getName(), value);
    }
    return endpoints.isEmpty() ? null : endpoints;
  }

  private static HeadInfo headInfo(Pod head, Service service) {
    if (head == null && service == null) {
      return null;
    }
    HeadInfo info = new HeadInfo();
    String podIp = head == null || head.getStatus() == null ? null : head.getStatus().getPodIP();
    if (head != null) {
      info.setPodName(head.getMetadata().getName());
      info.setPodIP(podIp);
    }
    if (service != null) {
      info.setServiceName(service.getMetadata().getName());
      String clusterIp = service.getSpec() == null ? null : service.getSpec().getClusterIP();
      info.setServiceIP(clusterIp == null || clusterIp.isBlank() || "None".equals(clusterIp) ? podIp : clusterIp);
    }
    return info;
  }

  private static String nodeType(Pod pod) {
    Map<String, String> labels = pod.getMetadata() == null ? null : pod.getMetadata().getLabels();
    return labels == null ? null : labels.get(RayClusterLabels.NODE_TYPE);
  }

  private static RayClusterStatus withoutTimes(RayClusterStatus status) {
    RayClusterStatus copy = copy(status);
    copy.setLastUpdateTime(null);
    copy.setStateTransitionTimes(null);
    if (copy.getConditions() != null) {
      copy.getConditions().forEach(c -> c.setLastTransitionTime(null));
    }
    return copy;
  }

  private static RayClusterStatus copy(RayClusterStatus status) {
    return status == null ? new RayClusterStatus() : SERIALIZATION.clone(status);
  }

  static String timestamp(Instant now) {
    return now.truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
