package dev.raykube.cluster.loop;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.HeadServiceFactory;
import dev.raykube.cluster.PodReconcilePlan;
import dev.raykube.cluster.RayClusterStatusCalculator;
import dev.raykube.cluster.RayClusterValidator;
import dev.raykube.cluster.RayPodFactory;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs the code of a new RayCluster's first reconcile once, for a made-up cluster and without any API request: the
 * RayCluster read from JSON, validated and planned, its head and worker Pods and head Service built, each written to
 * JSON and read back as the API server's answer would be, the status calculated and an Event built. A JVM loads and
 * compiles code the first time it runs it; done while the informers sync, that work is off the path of the first
 * real RayCluster. It was measured only together with Events written in the background: in the side-by-side
 * {@code memory} scenario on a 2-core machine, the first cluster's 4 Pods took 0.28–0.50 s with both, 0.58 s
 * without (docs/performance.md). Pure apart from the CPU it uses: nothing is sent, nothing is kept.
 */
public final class RayClusterWarmUp {

  private static final String SAMPLE = """
      {"apiVersion": "ray.io/v1", "kind": "RayCluster",
       "metadata": {"name": "warm-up", "namespace": "warm-up", "uid": "00000000-0000-0000-0000-000000000000",
                    "generation": 1, "resourceVersion": "1"},
       "spec": {"rayVersion": "2.60.0",
                "headGroupSpec": {"rayStartParams": {},
                                  "template": {"spec": {"containers": [{"name": "ray-head",
                                      "image": "rayproject/ray:2.60.0",
                                      "resources": {"limits": {"cpu": "1", "memory": "2Gi"}}}]}}},
                "workerGroupSpecs": [{"groupName": "workers", "replicas": 2, "minReplicas": 0, "maxReplicas": 4,
                                      "rayStartParams": {},
                                      "template": {"spec": {"containers": [{"name": "ray-worker",
                                          "image": "rayproject/ray:2.60.0",
                                          "resources": {"limits": {"cpu": "1", "memory": "1Gi"}}}]}}}]}}
      """;

  private RayClusterWarmUp() {
  }

  /**
   * Runs it once.
   *
   * @param settings the builders' settings the loop uses
   * @param json the serialization of the client the loop writes through
   * @param clock the loop's clock
   * @return how long it took
   * @throws RuntimeException if any step fails (a bug; a caller running it in the background logs and goes on)
   */
  public static Duration run(ClusterBuildSettings settings, KubernetesSerialization json, Clock clock) {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(json, "json");
    Objects.requireNonNull(clock, "clock");
    long start = System.nanoTime();
    RayCluster cluster = json.unmarshal(SAMPLE, RayCluster.class);
    List<String> problems = RayClusterValidator.validate(cluster);
    if (!problems.isEmpty()) {
      throw new IllegalStateException("the warm-up RayCluster is invalid: " + problems);
    }
    PodReconcilePlan.compute(cluster, List.of(), settings, new RandomReplicaNames());
    RayPodFactory factory = new RayPodFactory(settings);
    WorkerGroupSpec group = cluster.getSpec().getWorkerGroupSpecs().get(0);
    List<Pod> answered = new ArrayList<>();
    for (Pod pod : List.of(factory.head(cluster), factory.worker(cluster, group))) {
      pod.getMetadata().setName(pod.getMetadata().getGenerateName() + "00000");
      answered.add(CachedPod.of(json.unmarshal(json.asJson(pod), Pod.class)));
    }
    Service service = json.unmarshal(json.asJson(new HeadServiceFactory(settings).build(cluster)), Service.class);
    RayClusterStatus status = RayClusterStatusCalculator.calculate(cluster, answered, service, null, clock.instant());
    cluster.setStatus(status);
    json.unmarshal(json.asJson(cluster), RayCluster.class);
    Event event = new EventBuilder().withNewMetadata().withName("warm-up.0").withNamespace("warm-up").endMetadata()
        .withReason(ClusterEventReason.CREATED_WORKER_POD.value()).withMessage("warm-up").withCount(1).build();
    json.unmarshal(json.asJson(event), Event.class);
    return Duration.ofNanos(System.nanoTime() - start);
  }
}
