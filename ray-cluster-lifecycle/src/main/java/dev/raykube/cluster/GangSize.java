package dev.raykube.cluster;

import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How many Pods a gang must start together and what they need, as KubeRay v1.7.0 sizes a batch scheduler's group:
 * {@code minMember} is the head plus the desired workers ({@link WorkerGroupSize#desiredPods}: replicas clamped to
 * {@code [minReplicas, maxReplicas]}, times {@code numOfHosts}); {@code minResources} is the head Pod's resources plus,
 * per worker group, one Pod's resources times {@code replicas × numOfHosts} ({@code replicas} as written, not clamped,
 * as KubeRay multiplies). With autoscaling on, both use {@code minReplicas} instead. Suspended groups count for
 * nothing. A Pod's resources are those of its app containers, each giving its request for a resource or, without one,
 * its limit ({@link ResourceTotals#perPod}); init containers and the Pod overhead are not counted. Every resource named
 * by a counted template keeps its entry, with 0 where its group adds no Pods.
 *
 * @param minMember how many Pods must be schedulable at once
 * @param amounts resource name → amount in base units (cores, bytes, devices)
 */
public record GangSize(int minMember, Map<String, BigDecimal> amounts) {

  /** Checks the count and takes a sorted, unmodifiable copy of the amounts. */
  public GangSize {
    if (minMember < 0) {
      throw new IllegalArgumentException("minMember must not be negative: " + minMember);
    }
    amounts = Collections.unmodifiableSortedMap(new TreeMap<>(Objects.requireNonNull(amounts, "amounts")));
  }

  /** No Pods and no resources: what a finished RayJob's group is set to once its cluster is gone. */
  public static GangSize zero() {
    return new GangSize(0, Map.of());
  }

  /** The gang of a RayCluster with the given spec: desired sizes, or minimum sizes with autoscaling on. */
  public static GangSize of(RayClusterSpec spec) {
    Objects.requireNonNull(spec, "spec");
    return sized(spec, AutoscalerSidecar.isEnabled(spec));
  }

  /** The gang of a RayCluster with the given spec at its desired sizes, autoscaling or not (scheduler-plugins). */
  public static GangSize desired(RayClusterSpec spec) {
    Objects.requireNonNull(spec, "spec");
    return sized(spec, false);
  }

  private static GangSize sized(RayClusterSpec spec, boolean autoscaling) {
    Map<String, BigDecimal> sum = new TreeMap<>();
    if (spec.getHeadGroupSpec() != null && spec.getHeadGroupSpec().getTemplate() != null) {
      ResourceTotals.add(sum, ResourceTotals.perPod(spec.getHeadGroupSpec().getTemplate().getSpec()), 1);
    }
    int workers = 0;
    if (spec.getWorkerGroupSpecs() != null) {
      for (WorkerGroupSpec group : spec.getWorkerGroupSpecs()) {
        if (Boolean.TRUE.equals(group.getSuspend())) {
          continue;
        }
        int replicas = autoscaling ? value(group.getMinReplicas()) : value(group.getReplicas());
        workers = WorkerGroupSize.plus(workers, autoscaling ? WorkerGroupSize.minPods(group)
            : WorkerGroupSize.desiredPods(group));
        PodSpec podSpec = group.getTemplate() == null ? null : group.getTemplate().getSpec();
        ResourceTotals.add(sum, ResourceTotals.perPod(podSpec),
            WorkerGroupSize.times(Math.max(0, replicas), WorkerGroupSize.numOfHosts(group)));
      }
    }
    return new GangSize(WorkerGroupSize.plus(workers, 1), sum);
  }

  /** The same count with {@code extra} (resource name → amount in base units) added to the resources. */
  public GangSize plusResources(Map<String, BigDecimal> extra) {
    Map<String, BigDecimal> sum = new TreeMap<>(amounts);
    extra.forEach((name, amount) -> sum.merge(name, amount, BigDecimal::add));
    return new GangSize(minMember, sum);
  }

  /** The resources of one Pod of the given spec, as counted here (for a RayJob's submitter). */
  public static Map<String, BigDecimal> podResources(PodSpec spec) {
    return ResourceTotals.perPod(spec);
  }

  /**
   * The resources as Kubernetes quantities: cores as whole numbers or millicores, memory-like resources with the
   * largest binary suffix that fits, other counts plainly.
   */
  public Map<String, Quantity> minResources() {
    Map<String, Quantity> quantities = new TreeMap<>();
    amounts.forEach((name, amount) -> quantities.put(name, quantity(name, amount)));
    return quantities;
  }

  /**
   * Whether live {@code minResources} (resource name → quantity text, as read from the API server) mean the same
   * amounts: the same names, each with an equal amount ({@code 1} equals {@code 1000m}).
   */
  public boolean sameResources(Map<String, ?> live) {
    if (live == null) {
      return false;
    }
    if (!live.keySet().equals(amounts.keySet())) {
      return false;
    }
    for (Map.Entry<String, ?> entry : live.entrySet()) {
      BigDecimal amount;
      try {
        amount = new Quantity(String.valueOf(entry.getValue())).getNumericalAmount();
      } catch (RuntimeException notAQuantity) {
        return false;
      }
      if (amount.compareTo(amounts.get(entry.getKey())) != 0) {
        return false;
      }
    }
    return true;
  }

  private static Quantity quantity(String name, BigDecimal amount) {
    if (name.equals("cpu")) {
      return ResourceTotals.cpu(amount);
    }
    if (name.equals("memory") || name.equals("ephemeral-storage") || name.startsWith("hugepages-")) {
      return ResourceTotals.memory(amount);
    }
    return ResourceTotals.count(amount);
  }

  private static int value(Integer value) {
    return value == null ? 0 : value;
  }
}
