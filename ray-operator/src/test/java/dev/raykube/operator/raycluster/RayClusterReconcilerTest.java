package dev.raykube.operator.raycluster;

import static dev.raykube.operator.raycluster.DirectRayClusters.TIMINGS;
import static dev.raykube.operator.raycluster.DirectRayClusters.condition;
import static dev.raykube.operator.raycluster.DirectRayClusters.READY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.TokenAuth;
import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.testing.MockApiRequests;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The RayCluster controller's reconciler, called one reconcile at a time ({@link DirectRayClusters}) on the CRUD mock:
 * what it creates, its status, validation, Events and API writes (how the Pods follow the spec:
 * {@link RayClusterPodsTest}).
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterReconcilerTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private DirectRayClusters bed;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void newBed() {
    bed = new DirectRayClusters(client);
    MockApiRequests.drain(server);
  }

  @Test
  void createsHeadServiceHeadPodAndWorkersThenReportsReady() {
    RayCluster created = bed.create(ClusterManifests.basic(bed.ns, "demo", 2));

    bed.runUntil("demo", "ready", READY);

    Service service = bed.service("demo-head-svc");
    assertThat(service.getSpec().getClusterIP()).isEqualTo("None");
    assertThat(service.getSpec().getSelector()).isEqualTo(RayClusterLabels.headSelector("demo"));
    assertOwnedBy(service.getMetadata().getOwnerReferences(), created);
    Pod head = bed.head("demo");
    assertOwnedBy(head.getMetadata().getOwnerReferences(), created);
    assertThat(head.getMetadata().getLabels()).containsEntry(RayClusterLabels.IS_RAY_NODE, "yes")
        .containsEntry(RayClusterLabels.GROUP, "headgroup");
    assertThat(head.getSpec().getInitContainers()).isEmpty();
    List<Pod> workers = bed.workers("demo");
    assertThat(workers).hasSize(2).allSatisfy(worker -> {
      assertOwnedBy(worker.getMetadata().getOwnerReferences(), created);
      assertThat(worker.getSpec().getInitContainers()).extracting(Container::getName)
          .containsExactly("fetch-data", "wait-gcs-ready");
    });

    RayClusterStatus status = bed.get("demo").getStatus();
    assertThat(status.getReadyWorkerReplicas()).isEqualTo(2);
    assertThat(status.getAvailableWorkerReplicas()).isEqualTo(2);
    assertThat(status.getDesiredWorkerReplicas()).isEqualTo(2);
    assertThat(status.getMinWorkerReplicas()).isZero();
    assertThat(status.getMaxWorkerReplicas()).isEqualTo(10);
    assertThat(status.getDesiredCPU().toString()).isEqualTo("4");
    assertThat(status.getDesiredMemory().toString()).isEqualTo("8Gi");
    assertThat(status.getObservedGeneration()).isEqualTo(1L);
    assertThat(status.getHead().getPodName()).isEqualTo(head.getMetadata().getName());
    assertThat(status.getHead().getPodIP()).isEqualTo(head.getStatus().getPodIP()).isNotBlank();
    assertThat(status.getHead().getServiceName()).isEqualTo("demo-head-svc");
    assertThat(status.getHead().getServiceIP()).as("headless: the head Pod's IP")
        .isEqualTo(head.getStatus().getPodIP());
    assertThat(status.getEndpoints()).isEqualTo(Map.of("client", "10001", "dashboard", "8265", "gcs-server", "6379",
        "metrics", "8080"));
    assertThat(condition(status, "HeadPodReady").getStatus()).isEqualTo("True");
    assertThat(condition(status, "RayClusterProvisioned").getStatus()).isEqualTo("True");
    assertThat(condition(status, "ReplicaFailure")).isNull();
    assertThat(status.getStateTransitionTimes()).containsKey("ready");

    assertThat(bed.events("demo", ClusterEventReason.CREATED_SERVICE)).hasSize(1);
    assertThat(bed.events("demo", ClusterEventReason.CREATED_HEAD_POD)).hasSize(1);
    assertThat(bed.events("demo", ClusterEventReason.CREATED_WORKER_POD)).as("one Event names both workers")
        .singleElement().satisfies(e -> assertThat(bed.podsNamed(List.of(e))).isEqualTo(2));
    Map<String, Integer> writes = MockApiRequests.writesByResource(MockApiRequests.drain(server));
    assertThat(writes).as("each Pod created exactly once").containsEntry("POST pods", 3)
        .containsEntry("POST services", 1).doesNotContainKey("DELETE pods");
    assertThat(bed.context.clusterStates().count("ready")).isEqualTo(1);
  }

  /**
   * Found by the manifest fuzz: a wrong type inside a Pod template passes the CRD's trimmed schema; the object must
   * still be read (the operator's watch of every RayCluster reads it so) and be reported invalid.
   */
  @Test
  void anUnreadableSpecIsReportedInvalidAndTheOtherClustersCarryOn() {
    GenericKubernetesResource unreadable = client.getKubernetesSerialization().unmarshal("""
        apiVersion: ray.io/v1
        kind: RayCluster
        metadata:
          name: unreadable
          namespace: %s
        spec:
          headGroupSpec:
            rayStartParams: {}
            template:
              spec:
                containers: [{name: ray-head, image: rayproject/ray:2.60.0}]
                volumes: fuzz
        """.formatted(bed.ns), GenericKubernetesResource.class);
    client.genericKubernetesResources("ray.io/v1", "RayCluster").inNamespace(bed.ns).resource(unreadable).create();
    bed.create(ClusterManifests.basic(bed.ns, "next-to-it", 1));

    assertThat(bed.step("unreadable")).as("no requeue: it waits for its spec to change").isEmpty();
    bed.runUntil("next-to-it", "ready", READY);
    assertThat(bed.get("unreadable").getStatus().getReason())
        .startsWith("Invalid RayCluster: spec cannot be read: spec.headGroupSpec.template.spec.volumes: ");
    assertThat(bed.events("unreadable", ClusterEventReason.INVALID_SPEC)).singleElement()
        .satisfies(e -> assertThat(e.getType()).isEqualTo("Warning"));
    assertThat(bed.pods("unreadable")).isEmpty();
    assertThat(client.genericKubernetesResources("ray.io/v1", "RayCluster").inNamespace(bed.ns).withName("unreadable")
        .get().getAdditionalProperties().get("spec")).as("the user's spec, untouched").isEqualTo(
        unreadable.getAdditionalProperties().get("spec"));
  }

  @Test
  void invalidSpecGetsAWarningEventAndAStatusReasonWithoutARequeue() {
    RayCluster invalid = ClusterManifests.basic(bed.ns, "bad", 1);
    invalid.getSpec().getWorkerGroupSpecs().get(0).setMinReplicas(5);
    invalid.getSpec().getWorkerGroupSpecs().get(0).setMaxReplicas(2);
    bed.create(invalid);

    assertThat(bed.step("bad")).as("no requeue: it waits for its spec to change").isEmpty();
    RayClusterStatus status = bed.get("bad").getStatus();
    assertThat(status.getReason()).startsWith("Invalid RayCluster: ").contains("minReplicas");
    assertThat(status.getObservedGeneration()).isEqualTo(1L);
    List<Event> warnings = bed.events("bad", ClusterEventReason.INVALID_SPEC);
    assertThat(warnings).singleElement().satisfies(e -> {
      assertThat(e.getType()).isEqualTo("Warning");
      assertThat(e.getMessage()).contains("minReplicas");
      assertThat(e.getInvolvedObject().getKind()).isEqualTo("RayCluster");
    });
    assertThat(bed.pods("bad")).isEmpty();
    assertThat(bed.service("bad-head-svc")).isNull();

    bed.edit("bad", c -> c.getSpec().getWorkerGroupSpecs().get(0).setMinReplicas(0));
    bed.edit("bad", c -> c.getSpec().getWorkerGroupSpecs().get(0).setMaxReplicas(10));
    bed.runUntil("bad", "fixed spec reconciled", READY);
    assertThat(bed.get("bad").getStatus().getReason()).isNull();
  }

  @Test
  void statusIsWrittenOnlyWhenItChanges() {
    bed.create(ClusterManifests.basic(bed.ns, "calm", 1));
    bed.runUntil("calm", "ready", READY);
    bed.settle("calm");
    MockApiRequests.drain(server);

    assertThat(bed.step("calm")).as("only the periodic resync").contains(TIMINGS.resync());
    bed.clock.advance(TIMINGS.resync());
    assertThat(bed.step("calm")).contains(TIMINGS.resync());

    assertThat(MockApiRequests.writesByResource(MockApiRequests.drain(server)))
        .as("a steady cluster costs no writes").isEmpty();
  }

  @Test
  void tokenAuthCreatesTheSecretOnce() {
    RayCluster cluster = ClusterManifests.basic(bed.ns, "secure", 1);
    cluster.getSpec().setRayVersion("2.60.0");
    AuthOptions auth = new AuthOptions();
    auth.setMode(TokenAuth.MODE_TOKEN);
    cluster.getSpec().setAuthOptions(auth);
    bed.create(cluster);

    bed.runUntil("secure", "ready", READY);
    bed.settle("secure");
    Secret secret = client.secrets().inNamespace(bed.ns).withName("secure").get();
    assertThat(secret.getData()).containsKey(TokenAuth.SECRET_KEY);
    assertThat(bed.events("secure", ClusterEventReason.CREATED_SECRET)).hasSize(1);
    assertThat(MockApiRequests.writesByResource(MockApiRequests.drain(server))).containsEntry("POST secrets", 1);
    assertThat(bed.head("secure").getSpec().getContainers().get(0).getEnv())
        .anySatisfy(env -> assertThat(env.getName()).isEqualTo(TokenAuth.RAY_AUTH_TOKEN));
  }

  @Test
  void aDeletedClusterLeavesTheStateGauges() {
    bed.create(ClusterManifests.basic(bed.ns, "gone", 1));
    bed.runUntil("gone", "ready", READY);
    assertThat(bed.context.clusterStates().count("ready")).isEqualTo(1);

    client.resources(RayCluster.class).inNamespace(bed.ns).withName("gone").delete();
    bed.step("gone");

    assertThat(bed.context.clusterStates().counts().values()).as("forgotten").containsOnly(0L);
  }

  @Test
  void aClusterManagedByAnotherControllerIsLeftAlone() {
    RayCluster foreign = ClusterManifests.basic(bed.ns, "foreign", 1);
    foreign.getSpec().setManagedBy("kueue.x-k8s.io/multikueue");
    bed.create(foreign);
    bed.create(ClusterManifests.basic(bed.ns, "ours", 1));

    assertThat(bed.step("foreign")).as("no requeue").isEmpty();
    bed.runUntil("ours", "ready", READY);

    assertThat(bed.pods("foreign")).isEmpty();
    assertThat(bed.get("foreign").getStatus()).isNull();
    assertThat(bed.context.clusterStates().counts().values().stream().mapToLong(Long::longValue).sum())
        .as("ours alone").isEqualTo(1);
  }

  @Test
  void aFailedPodCreationIsReportedAsReplicaFailureAndRetried() {
    server.expect().post().withPath("/api/v1/namespaces/" + bed.ns + "/pods")
        .andReturn(403, new StatusBuilder().withCode(403).withReason("Forbidden")
            .withMessage("pods \"x\" is forbidden: exceeded quota: compute").build())
        .times(2);

    bed.create(ClusterManifests.basic(bed.ns, "quota", 1));

    assertThat(bed.step("quota")).as("retried").contains(TIMINGS.afterFailure());
    Condition failure = condition(bed.get("quota").getStatus(), "ReplicaFailure");
    assertThat(failure.getStatus()).isEqualTo("True");
    assertThat(failure.getReason()).isEqualTo("FailedCreateHeadPod");
    assertThat(failure.getMessage()).contains("exceeded quota");

    bed.runUntil("quota", "ready once the quota allows", READY);
    assertThat(condition(bed.get("quota").getStatus(), "ReplicaFailure")).isNull();
    assertThat(bed.pods("quota")).hasSize(2);
    assertThat(bed.events("quota", ClusterEventReason.FAILED_TO_CREATE_HEAD_POD)).singleElement()
        .satisfies(e -> {
          assertThat(e.getType()).isEqualTo("Warning");
          assertThat(e.getCount()).as("the retry's identical failure bumps the count").isEqualTo(2);
        });
  }

  @Test
  void aMissingAutoscalerServiceAccountBlocksThePodsUntilItExists() {
    RayCluster cluster = ClusterManifests.autoscaling(bed.ns, "own-sa", 1);
    cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec().setServiceAccountName("ray-autoscaler");
    bed.create(cluster);

    assertThat(bed.step("own-sa")).as("retried").contains(TIMINGS.afterFailure());
    assertThat(bed.step("own-sa")).contains(TIMINGS.afterFailure());
    assertThat(bed.pods("own-sa")).isEmpty();
    assertThat(bed.events("own-sa", ClusterEventReason.AUTOSCALER_SERVICE_ACCOUNT_NOT_FOUND))
        .as("repeats are aggregated").singleElement().satisfies(e -> assertThat(e.getCount()).isEqualTo(2));

    client.serviceAccounts().inNamespace(bed.ns).resource(new ServiceAccountBuilder().withNewMetadata()
        .withName("ray-autoscaler").withNamespace(bed.ns).endMetadata().build()).create();

    bed.runUntil("own-sa", "ready", READY);
    assertThat(bed.head("own-sa").getSpec().getServiceAccountName()).isEqualTo("ray-autoscaler");
    assertThat(client.rbac().roleBindings().inNamespace(bed.ns).withName("own-sa").get().getSubjects().get(0)
        .getName()).isEqualTo("ray-autoscaler");
    assertThat(bed.events("own-sa", ClusterEventReason.CREATED_SERVICE_ACCOUNT)).isEmpty();
  }

  private static void assertOwnedBy(List<OwnerReference> references, RayCluster cluster) {
    assertThat(references).singleElement().satisfies(ref -> {
      assertThat(ref.getKind()).isEqualTo("RayCluster");
      assertThat(ref.getUid()).isEqualTo(cluster.getMetadata().getUid());
      assertThat(ref.getController()).isTrue();
    });
  }
}
