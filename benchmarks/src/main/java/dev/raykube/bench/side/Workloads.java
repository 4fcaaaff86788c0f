package dev.raykube.bench.side;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

/**
 * The objects the scenarios create, the same for both arms: RayClusters of one head and three workers, RayJobs on an
 * existing cluster ({@code clusterSelector}) and RayJobs with a cluster of their own, RayServices of one application
 * on such a cluster; the RayJobs all {@code HTTPMode} (the
 * operator submits through the dashboard; KubeRay's default {@code K8sJobMode} would add a submitter Job that the
 * harness's node would have to run). The entrypoint is {@code sleep N}: real Ray runs it as a shell command, the fake
 * dashboard's shell subset runs it for N seconds.
 */
final class Workloads {

  private static final KubernetesSerialization YAML = new KubernetesSerialization();

  private Workloads() {}

  private static final String CLUSTER_SPEC = """
        rayVersion: "2.60.0"
        headGroupSpec:
          rayStartParams: {}
          template:
            spec:
              containers:
                - name: ray-head
                  image: rayproject/ray:2.60.0
                  resources:
                    requests: {cpu: 100m, memory: 256Mi}
                    limits: {cpu: "1", memory: 2Gi}
        workerGroupSpecs:
          - groupName: workers
            replicas: 3
            minReplicas: 0
            maxReplicas: 10
            rayStartParams: {}
            template:
              spec:
                containers:
                  - name: ray-worker
                    image: rayproject/ray:2.60.0
                    resources:
                      requests: {cpu: 100m, memory: 256Mi}
                      limits: {cpu: "1", memory: 1Gi}
      """;

  /** A RayCluster of one head and three workers. */
  static RayCluster cluster(String namespace, String name) {
    return YAML.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayCluster
        metadata:
          name: %s
          namespace: %s
        spec:
        %s""".formatted(name, namespace, CLUSTER_SPEC.indent(2)), RayCluster.class);
  }

  /** A RayJob running {@code sleep seconds} on the existing RayCluster {@code cluster}. */
  static RayJob onCluster(String namespace, String name, String cluster, double seconds) {
    return YAML.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayJob
        metadata:
          name: %s
          namespace: %s
        spec:
          clusterSelector:
            ray.io/cluster: %s
          submissionMode: HTTPMode
          entrypoint: sleep %.3f
        """.formatted(name, namespace, cluster, seconds), RayJob.class);
  }

  /** A RayJob running {@code sleep seconds} on a cluster of its own, deleted when the job has finished. */
  static RayJob withOwnCluster(String namespace, String name, double seconds) {
    return YAML.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayJob
        metadata:
          name: %s
          namespace: %s
        spec:
          submissionMode: HTTPMode
          entrypoint: sleep %.3f
          shutdownAfterJobFinishes: true
          ttlSecondsAfterFinished: 0
          rayClusterSpec:
        %s""".formatted(name, namespace, seconds, CLUSTER_SPEC.indent(4)), RayJob.class);
  }

  /**
   * A RayService of one Serve application (two deployments) on a cluster of one head and three workers, upgraded by
   * starting a new cluster ({@code NewCluster}), its old cluster deleted {@code deletionDelaySeconds} after the
   * switch.
   */
  static RayService service(String namespace, String name, int deletionDelaySeconds) {
    return YAML.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayService
        metadata:
          name: %s
          namespace: %s
        spec:
          upgradeStrategy:
            type: NewCluster
          rayClusterDeletionDelaySeconds: %d
          serveConfigV2: |
            applications:
              - name: fruit_app
                import_path: fruit.deployment_graph
                route_prefix: /fruit
                deployments:
                  - name: MangoStand
                    num_replicas: 1
                    user_config:
                      price: 3
                  - name: FruitMarket
                    num_replicas: 1
          rayClusterConfig:
        %s""".formatted(name, namespace, deletionDelaySeconds, CLUSTER_SPEC.indent(4)), RayService.class);
  }

  /**
   * The change of {@link #service}'s cluster spec that needs a new cluster in both operators: the head's memory limit
   * from 2Gi to 3Gi.
   */
  static void growHead(RayService service) {
    service.getSpec().getRayClusterConfig().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0)
        .getResources().getLimits().put("memory", new Quantity("3Gi"));
  }

  /** Whether a RayCluster's {@code status.state} is {@code ready}. */
  static boolean isReady(RayCluster cluster) {
    return cluster.getStatus() != null && "ready".equals(cluster.getStatus().getStateValue());
  }

  /** Whether a RayJob's deployment is {@code Complete} (or {@code Failed}) and its job is terminal. */
  static boolean isFinished(RayJob job) {
    if (job.getStatus() == null) {
      return false;
    }
    String deployment = job.getStatus().getJobDeploymentStatusValue();
    return "Complete".equals(deployment) || "Failed".equals(deployment);
  }

  /** Whether a RayJob's Ray job has a terminal status ({@code SUCCEEDED}, {@code FAILED}, {@code STOPPED}). */
  static boolean jobTerminal(RayJob job) {
    String status = job.getStatus() == null ? null : job.getStatus().getJobStatusValue();
    return "SUCCEEDED".equals(status) || "FAILED".equals(status) || "STOPPED".equals(status);
  }
}
