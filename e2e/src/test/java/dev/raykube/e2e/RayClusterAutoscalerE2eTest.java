package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.JobStatus;
import dev.raykube.e2e.support.E2eWaits;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.model.cluster.AutoscalerOptions;
import dev.raykube.model.cluster.AutoscalerVersion;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.sandbox.NodeSimulator;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ray's own autoscaler (the sidecar the operator adds with {@code enableInTreeAutoscaling}, from the same Ray package),
 * run by the node sandbox with the head Pod's service-account credentials and the operator's autoscaler RBAC: a job
 * whose two tasks need two CPUs on a head of one makes the autoscaler raise the group's replicas, the operator adds a
 * worker and it joins Ray; once the worker is idle for the group's idle timeout the autoscaler names it in
 * {@code workersToDelete} and the operator deletes exactly that Pod.
 */
class RayClusterAutoscalerE2eTest {

  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withRealRay().namespacePrefix("autoscaler");

  private static final Logger log = LoggerFactory.getLogger(RayClusterAutoscalerE2eTest.class);
  private static final String NAME = "autoscaling";
  private static final String SCRIPT = String.join("\n",
      "import ray, time",
      "ray.init()",
      "@ray.remote(num_cpus=1)",
      "def f():",
      "    time.sleep(20)",
      "    return ray.get_runtime_context().get_node_id()",
      "print(\"nodes used:\", len(set(ray.get([f.remote(), f.remote()]))))",
      "");

  private static KubernetesClient client;
  private static String namespace;
  private static NodeSimulator simulator;
  private static InProcessOperator operator;

  @BeforeAll
  static void startOperator() throws Exception {
    client = kube.client();
    namespace = kube.namespace();
    simulator = kube.nodes();
    operator = InProcessOperator.start(kube.config(), simulator.dashboardAccess(), "--namespaces=" + namespace);
  }

  @AfterAll
  static void stopOperator() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void demandAddsAWorkerAndIdlenessRemovesExactlyThatOne() throws Exception {
    client.resource(cluster()).create();
    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "RayCluster " + NAME + " ready",
        () -> state() == ClusterState.READY);
    assertThat(workers()).isEmpty();
    HeadDashboard dashboard = new HeadDashboard(simulator.dashboardUrl(namespace, NAME).orElseThrow());

    long demand = System.nanoTime();
    String jobId = dashboard.submit("python -c '" + SCRIPT + "'");
    Eventually.await(Duration.ofSeconds(120), E2eWaits.POLL, "the autoscaler raised replicas of group small",
        () -> replicas() >= 1);
    long raised = millisSince(demand);
    Eventually.await(Duration.ofSeconds(180), E2eWaits.POLL, "a worker joined Ray (2 alive nodes)",
        () -> dashboard.aliveNodes(null) == 2);
    long joined = millisSince(demand);
    List<Pod> workers = workers();
    assertThat(workers).hasSize(1);
    String worker = workers.get(0).getMetadata().getName();
    log.info("demand → replicas raised by the autoscaler in {} ms; → worker {} joined Ray in {} ms", raised, worker,
        joined);
    Eventually.await(Duration.ofSeconds(120), E2eWaits.POLL, "job " + jobId + " SUCCEEDED",
        () -> dashboard.statusOrNull(jobId) == JobStatus.SUCCEEDED);

    long idle = System.nanoTime();
    Set<List<String>> named = new LinkedHashSet<>();
    Eventually.await(Duration.ofSeconds(180), Duration.ofMillis(200), "the idle worker " + worker + " deleted", () -> {
      List<String> toDelete = workersToDelete();
      if (!toDelete.isEmpty()) {
        named.add(toDelete);
      }
      return client.pods().inNamespace(namespace).withName(worker).get() == null;
    });
    log.info("idle worker {} deleted {} ms after the job ended; workersToDelete seen: {}", worker, millisSince(idle),
        named);
    assertThat(named).as("what the autoscaler named in workersToDelete").containsExactly(List.of(worker));
    assertThat(workers()).as("no other worker created meanwhile").isEmpty();
    assertThat(replicas()).isZero();
    client.resources(RayCluster.class).inNamespace(namespace).withName(NAME).delete();
  }

  private static RayCluster cluster() {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName(NAME).withNamespace(namespace).build());
    RayClusterSpec spec = new RayClusterSpec();
    spec.setRayVersion("2.60.0");
    spec.setEnableInTreeAutoscaling(true);
    AutoscalerOptions options = new AutoscalerOptions();
    options.setIdleTimeoutSeconds(15);
    // Version 2 matches Ray nodes to Pods by the Pod's name (RAY_CLOUD_INSTANCE_ID); version 1 by IP, and in the node
    // sandbox every Ray node is 127.0.0.1 while each Pod has an IP of its own.
    options.setVersion(AutoscalerVersion.V2);
    spec.setAutoscalerOptions(options);
    HeadGroupSpec head = new HeadGroupSpec();
    // What the node sandbox gives every Ray node: one CPU (so the autoscaler's view matches Ray's).
    head.setRayStartParams(Map.of("num-cpus", "1"));
    head.setTemplate(template("ray-head"));
    spec.setHeadGroupSpec(head);
    WorkerGroupSpec small = new WorkerGroupSpec();
    small.setGroupName("small");
    small.setReplicas(0);
    small.setMinReplicas(0);
    small.setMaxReplicas(2);
    small.setRayStartParams(Map.of());
    small.setTemplate(template("ray-worker"));
    spec.setWorkerGroupSpecs(List.of(small));
    cluster.setSpec(spec);
    return cluster;
  }

  private static PodTemplateSpec template(String container) {
    return new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName(container)
        .withImage("rayproject/ray:2.60.0")
        .withNewResources().addToLimits("cpu", new Quantity("1")).addToLimits("memory", new Quantity("2Gi"))
        .endResources().endContainer().endSpec().build();
  }

  private static ClusterState state() {
    RayCluster cluster = client.resources(RayCluster.class).inNamespace(namespace).withName(NAME).get();
    return cluster == null || cluster.getStatus() == null ? null : cluster.getStatus().getState();
  }

  private static WorkerGroupSpec group() {
    return client.resources(RayCluster.class).inNamespace(namespace).withName(NAME).get().getSpec()
        .getWorkerGroupSpecs().get(0);
  }

  private static int replicas() {
    Integer replicas = group().getReplicas();
    return replicas == null ? 0 : replicas;
  }

  private static List<String> workersToDelete() {
    WorkerGroupSpec group = group();
    return group.getScaleStrategy() == null || group.getScaleStrategy().getWorkersToDelete() == null ? List.of()
        : List.copyOf(group.getScaleStrategy().getWorkersToDelete());
  }

  private static List<Pod> workers() {
    return client.pods().inNamespace(namespace).withLabel("ray.io/cluster", NAME)
        .withLabel("ray.io/node-type", "worker").list().getItems();
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }
}
