package dev.raykube.operator.raycluster;

import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.TokenAuth;
import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.operator.testing.MockApiRequests;
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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The RayCluster controller in the real operator runtime against the CRUD mock: what it creates, its status,
 * validation, Events and API writes (how the Pods follow the spec: {@link RayClusterPodsTest}).
 */
class RayClusterReconcilerTest extends RunningOperatorFixture {

  @Test
  void createsHeadServiceHeadPodAndWorkersThenReportsReady() {
    RayCluster created = harness.create(ClusterManifests.basic(NS, "demo", 2));

    await("demo ready", () -> harness.isReady(NS, "demo"));

    Service service = harness.service(NS, "demo-head-svc");
    assertThat(service.getSpec().getClusterIP()).isEqualTo("None");
    assertThat(service.getSpec().getSelector()).isEqualTo(RayClusterLabels.headSelector("demo"));
    assertOwnedBy(service.getMetadata().getOwnerReferences(), created);
    Pod head = harness.head(NS, "demo");
    assertOwnedBy(head.getMetadata().getOwnerReferences(), created);
    assertThat(head.getMetadata().getLabels()).containsEntry(RayClusterLabels.IS_RAY_NODE, "yes")
        .containsEntry(RayClusterLabels.GROUP, "headgroup");
    assertThat(head.getSpec().getInitContainers()).isEmpty();
    List<Pod> workers = harness.workers(NS, "demo");
    assertThat(workers).hasSize(2).allSatisfy(worker -> {
      assertOwnedBy(worker.getMetadata().getOwnerReferences(), created);
      assertThat(worker.getSpec().getInitContainers()).extracting(Container::getName)
          .containsExactly("fetch-data", "wait-gcs-ready");
    });

    RayClusterStatus status = harness.status(NS, "demo");
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

    assertThat(reasons(harness.events(NS, "demo"))).containsEntry("CreatedService", 1L)
        .containsEntry("CreatedHeadPod", 1L).containsEntry("CreatedWorkerPod", 1L);
    assertThat(podsNamed(harness.events(NS, "demo", ClusterEventReason.CREATED_WORKER_POD)))
        .as("one Event names both workers").isEqualTo(2);
    Map<String, Integer> writes = MockApiRequests.writesByResource(operatorRequests());
    assertThat(writes).as("each Pod created exactly once").containsEntry("POST pods", 3)
        .containsEntry("POST services", 1).doesNotContainKey("DELETE pods");
    assertThat(harness.operator.clusterStates().count("ready")).isEqualTo(1);
  }

  /**
   * Found by the manifest fuzz: a wrong type inside a Pod template passes the CRD's trimmed schema; the object must
   * be reported invalid, not stop the operator's watch of every RayCluster.
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
        """.formatted(NS), GenericKubernetesResource.class);
    client.genericKubernetesResources("ray.io/v1", "RayCluster").inNamespace(NS).resource(unreadable).create();
    harness.create(ClusterManifests.basic(NS, "next-to-it", 1));

    await("next-to-it ready", () -> harness.isReady(NS, "next-to-it"));
    await("unreadable rejected", () -> harness.status(NS, "unreadable") != null
        && harness.status(NS, "unreadable").getReason() != null);
    assertThat(harness.status(NS, "unreadable").getReason())
        .startsWith("Invalid RayCluster: spec cannot be read: spec.headGroupSpec.template.spec.volumes: ");
    assertThat(harness.events(NS, "unreadable", ClusterEventReason.INVALID_SPEC)).singleElement()
        .satisfies(e -> assertThat(e.getType()).isEqualTo("Warning"));
    assertThat(harness.pods(NS, "unreadable")).isEmpty();
    assertThat(client.genericKubernetesResources("ray.io/v1", "RayCluster").inNamespace(NS).withName("unreadable")
        .get().getAdditionalProperties().get("spec")).as("the user's spec, untouched").isEqualTo(
        unreadable.getAdditionalProperties().get("spec"));
  }

  @Test
  void invalidSpecGetsAWarningEventAndAStatusReasonWithoutARequeueStorm() throws Exception {
    RayCluster invalid = ClusterManifests.basic(NS, "bad", 1);
    invalid.getSpec().getWorkerGroupSpecs().get(0).setMinReplicas(5);
    invalid.getSpec().getWorkerGroupSpecs().get(0).setMaxReplicas(2);
    harness.create(invalid);

    await("rejected", () -> harness.status(NS, "bad") != null && harness.status(NS, "bad").getReason() != null);
    RayClusterStatus status = harness.status(NS, "bad");
    assertThat(status.getReason()).startsWith("Invalid RayCluster: ").contains("minReplicas");
    assertThat(status.getObservedGeneration()).isEqualTo(1L);
    List<Event> warnings = harness.events(NS, "bad", ClusterEventReason.INVALID_SPEC);
    assertThat(warnings).singleElement().satisfies(e -> {
      assertThat(e.getType()).isEqualTo("Warning");
      assertThat(e.getMessage()).contains("minReplicas");
      assertThat(e.getInvolvedObject().getKind()).isEqualTo("RayCluster");
    });
    double before = harness.reconciliationsStarted();
    Thread.sleep(1500);
    assertThat(harness.reconciliationsStarted()).as("no reconcile without a change").isEqualTo(before);
    assertThat(harness.pods(NS, "bad")).isEmpty();
    assertThat(harness.service(NS, "bad-head-svc")).isNull();

    harness.edit(NS, "bad", c -> c.getSpec().getWorkerGroupSpecs().get(0).setMinReplicas(0));
    harness.edit(NS, "bad", c -> c.getSpec().getWorkerGroupSpecs().get(0).setMaxReplicas(10));
    await("fixed spec reconciled", () -> harness.isReady(NS, "bad"));
    assertThat(harness.status(NS, "bad").getReason()).isNull();
  }

  @Test
  void statusIsWrittenOnlyWhenItChanges() throws Exception {
    harness.create(ClusterManifests.basic(NS, "calm", 1));
    await("ready", () -> harness.isReady(NS, "calm"));
    Thread.sleep(300);
    MockApiRequests.drain(server);
    double before = harness.reconciliationsStarted();

    Thread.sleep(1500);

    assertThat(harness.reconciliationsStarted()).as("the periodic resync ran").isGreaterThan(before);
    assertThat(MockApiRequests.writesByResource(operatorRequests())).as("a steady cluster costs no writes").isEmpty();
  }

  @Test
  void tokenAuthCreatesTheSecretOnce() {
    RayCluster cluster = ClusterManifests.basic(NS, "secure", 1);
    cluster.getSpec().setRayVersion("2.60.0");
    AuthOptions auth = new AuthOptions();
    auth.setMode(TokenAuth.MODE_TOKEN);
    cluster.getSpec().setAuthOptions(auth);
    harness.create(cluster);

    await("ready", () -> harness.isReady(NS, "secure"));
    Secret secret = client.secrets().inNamespace(NS).withName("secure").get();
    assertThat(secret.getData()).containsKey(TokenAuth.SECRET_KEY);
    assertThat(harness.events(NS, "secure", ClusterEventReason.CREATED_SECRET)).hasSize(1);
    assertThat(harness.head(NS, "secure").getSpec().getContainers().get(0).getEnv())
        .anySatisfy(env -> assertThat(env.getName()).isEqualTo(TokenAuth.RAY_AUTH_TOKEN));
  }

  @Test
  void aDeletedClusterLeavesTheStateGauges() {
    harness.create(ClusterManifests.basic(NS, "gone", 1));
    await("ready", () -> harness.isReady(NS, "gone"));
    assertThat(harness.operator.clusterStates().count("ready")).isEqualTo(1);

    client.resources(RayCluster.class).inNamespace(NS).withName("gone").delete();

    await("forgotten", () -> harness.operator.clusterStates().counts().values().stream()
        .mapToLong(Long::longValue).sum() == 0);
  }

  @Test
  void aClusterManagedByAnotherControllerIsLeftAlone() throws Exception {
    RayCluster foreign = ClusterManifests.basic(NS, "foreign", 1);
    foreign.getSpec().setManagedBy("kueue.x-k8s.io/multikueue");
    harness.create(foreign);
    RayCluster ours = harness.create(ClusterManifests.basic(NS, "ours", 1));
    await("ours ready", () -> harness.isReady(NS, ours.getMetadata().getName()));

    assertThat(harness.pods(NS, "foreign")).isEmpty();
    assertThat(harness.status(NS, "foreign")).isNull();
  }

  @Test
  void aFailedPodCreationIsReportedAsReplicaFailureAndRetried() {
    server.expect().post().withPath("/api/v1/namespaces/" + NS + "/pods")
        .andReturn(403, new StatusBuilder().withCode(403).withReason("Forbidden")
            .withMessage("pods \"x\" is forbidden: exceeded quota: compute").build())
        .times(2);

    harness.create(ClusterManifests.basic(NS, "quota", 1));

    await("failure reported", () -> {
      RayClusterStatus status = harness.status(NS, "quota");
      return status != null && condition(status, "ReplicaFailure") != null;
    });
    Condition failure = condition(harness.status(NS, "quota"), "ReplicaFailure");
    assertThat(failure.getStatus()).isEqualTo("True");
    assertThat(failure.getReason()).isEqualTo("FailedCreateHeadPod");
    assertThat(failure.getMessage()).contains("exceeded quota");

    await("ready once the quota allows", () -> harness.isReady(NS, "quota"));
    assertThat(condition(harness.status(NS, "quota"), "ReplicaFailure")).isNull();
    assertThat(harness.pods(NS, "quota")).hasSize(2);
    assertThat(harness.events(NS, "quota", ClusterEventReason.FAILED_TO_CREATE_HEAD_POD)).singleElement()
        .satisfies(e -> {
          assertThat(e.getType()).isEqualTo("Warning");
          assertThat(e.getCount()).as("the retry's identical failure bumps the count").isEqualTo(2);
        });
  }

  @Test
  void aMissingAutoscalerServiceAccountBlocksThePodsUntilItExists() throws Exception {
    RayCluster cluster = ClusterManifests.autoscaling(NS, "own-sa", 1);
    cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec().setServiceAccountName("ray-autoscaler");
    harness.create(cluster);

    await("warning", () -> !harness.events(NS, "own-sa", ClusterEventReason.AUTOSCALER_SERVICE_ACCOUNT_NOT_FOUND)
        .isEmpty());
    Thread.sleep(500);
    assertThat(harness.pods(NS, "own-sa")).isEmpty();
    assertThat(harness.events(NS, "own-sa", ClusterEventReason.AUTOSCALER_SERVICE_ACCOUNT_NOT_FOUND))
        .as("repeats are aggregated").singleElement();

    client.serviceAccounts().inNamespace(NS).resource(new ServiceAccountBuilder().withNewMetadata()
        .withName("ray-autoscaler").withNamespace(NS).endMetadata().build()).create();

    await("ready", () -> harness.isReady(NS, "own-sa"));
    assertThat(harness.head(NS, "own-sa").getSpec().getServiceAccountName()).isEqualTo("ray-autoscaler");
    assertThat(client.rbac().roleBindings().inNamespace(NS).withName("own-sa").get().getSubjects().get(0).getName())
        .isEqualTo("ray-autoscaler");
    assertThat(harness.events(NS, "own-sa", ClusterEventReason.CREATED_SERVICE_ACCOUNT)).isEmpty();
  }

  private List<MockApiRequests.Request> operatorRequests() {
    return MockApiRequests.drain(server).stream()
        .filter(r -> r.userAgent() != null && r.userAgent().startsWith("raykube-operator/")).toList();
  }

  private static void assertOwnedBy(List<OwnerReference> references, RayCluster cluster) {
    assertThat(references).singleElement().satisfies(ref -> {
      assertThat(ref.getKind()).isEqualTo("RayCluster");
      assertThat(ref.getUid()).isEqualTo(cluster.getMetadata().getUid());
      assertThat(ref.getController()).isTrue();
    });
  }
}
