package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.AutoscalerOptions;
import dev.raykube.model.cluster.AutoscalerVersion;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.ContainerPortBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RayPodFactoryTest {

  private final RayPodFactory factory = new RayPodFactory(ClusterBuildSettings.defaults());

  private static Container ray(Pod pod) {
    return pod.getSpec().getContainers().get(0);
  }

  private static String env(Container container, String name) {
    return container.getEnv().stream().filter(e -> name.equals(e.getName())).map(EnvVar::getValue).findFirst()
        .orElse(null);
  }

  private static long envCount(Container container, String name) {
    return container.getEnv().stream().filter(e -> name.equals(e.getName())).count();
  }

  private static List<String> initNames(Pod pod) {
    return pod.getSpec().getInitContainers() == null ? List.of()
        : pod.getSpec().getInitContainers().stream().map(Container::getName).toList();
  }

  @Test
  void userLabelsMergeButCannotReplaceSelectorLabels() {
    RayCluster cluster = TestClusters.basic();
    TestClusters.group(cluster).getTemplate().setMetadata(new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
        .withLabels(Map.of("ray.io/cluster", "other", "ray.io/node-type", "head", "ray.io/group", "x",
            "team", "a", "app.kubernetes.io/created-by", "me")).build());
    TestClusters.group(cluster).setLabels(Map.of("team", "b"));

    Map<String, String> labels = factory.worker(cluster, TestClusters.group(cluster)).getMetadata().getLabels();

    assertThat(labels).containsEntry("ray.io/cluster", "demo").containsEntry("ray.io/node-type", "worker")
        .containsEntry("ray.io/group", "workers").containsEntry("team", "b")
        .containsEntry("app.kubernetes.io/created-by", "me").containsEntry("ray.io/identifier", "demo-worker")
        .containsEntry("ray.io/is-ray-node", "yes").containsEntry("app.kubernetes.io/name", "kuberay");
    assertThat(factory.head(cluster).getMetadata().getLabels()).containsEntry("ray.io/group", "headgroup")
        .containsEntry("app.kubernetes.io/created-by", "raykube-operator");
    assertThat(new RayPodFactory(ClusterBuildSettings.defaults().withCreatedBy("kuberay-operator")).head(cluster)
        .getMetadata().getLabels()).containsEntry("app.kubernetes.io/created-by", "kuberay-operator");
  }

  @Test
  void podsAreOwnedByTheClusterAndNamedByPrefix() {
    RayCluster cluster = TestClusters.basic();
    TestClusters.group(cluster).setGroupName("a-group-name-that-is-long-enough-to-need-shortening-x");
    Pod head = factory.head(cluster);
    Pod worker = factory.worker(cluster, TestClusters.group(cluster));

    assertThat(head.getMetadata().getName()).isNull();
    assertThat(head.getMetadata().getGenerateName()).isEqualTo("demo-head-");
    assertThat(head.getMetadata().getNamespace()).isEqualTo("ns");
    assertThat(head.getMetadata().getOwnerReferences()).singleElement().satisfies(ref -> {
      assertThat(ref.getKind()).isEqualTo("RayCluster");
      assertThat(ref.getApiVersion()).isEqualTo("ray.io/v1");
      assertThat(ref.getUid()).isEqualTo("11111111-2222-4333-8444-555555555555");
      assertThat(ref.getController()).isTrue();
    });
    String full = "demo-" + TestClusters.group(cluster).getGroupName();
    assertThat(worker.getMetadata().getGenerateName())
        .isEqualTo(full.substring(full.length() - 50) + "-worker-")
        .hasSize(58);
  }

  @Test
  void workersWaitForTheGcsAfterTheirOwnInitContainers() {
    RayCluster cluster = TestClusters.basic();
    TestClusters.group(cluster).getTemplate().getSpec().setInitContainers(List.of(
        new ContainerBuilder().withName("first").withImage("busybox").build(),
        new ContainerBuilder().withName("second").withImage("busybox")
            .withEnv(new EnvVarBuilder().withName("FQ_RAY_IP").withValue("wrong").build()).build()));

    Pod worker = factory.worker(cluster, TestClusters.group(cluster));
    assertThat(initNames(worker)).containsExactly("first", "second", "wait-gcs-ready");
    for (Container init : worker.getSpec().getInitContainers()) {
      assertThat(env(init, "FQ_RAY_IP")).isEqualTo("demo-head-svc.ns.svc.cluster.local");
      assertThat(env(init, "RAY_IP")).isEqualTo("demo-head-svc");
      assertThat(envCount(init, "FQ_RAY_IP")).isOne();
    }

    Pod noInjection = new RayPodFactory(ClusterBuildSettings.defaults().withInitContainerInjection(false))
        .worker(cluster, TestClusters.group(cluster));
    assertThat(initNames(noInjection)).containsExactly("first", "second");
    assertThat(initNames(factory.head(cluster))).isEmpty();
  }

  @Test
  void theHeadNeverGetsTheWaitEvenWithItsOwnInitContainers() {
    RayCluster cluster = TestClusters.basic();
    cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec()
        .setInitContainers(List.of(new ContainerBuilder().withName("setup").build()));
    Pod head = factory.head(cluster);
    assertThat(initNames(head)).containsExactly("setup");
    assertThat(env(head.getSpec().getInitContainers().get(0), "FQ_RAY_IP"))
        .isEqualTo("demo-head-svc.ns.svc.cluster.local");
  }

  @Test
  void initContainerCopiesTheRayContainerButNotItsGpus() {
    RayCluster cluster = TestClusters.basic();
    Container userRay = TestClusters.workerContainer(cluster);
    userRay.setResources(new ResourceRequirementsBuilder()
        .addToRequests("cpu", new Quantity("4")).addToRequests("nvidia.com/gpu", new Quantity("1"))
        .addToLimits("cpu", new Quantity("4")).addToLimits("memory", new Quantity("8Gi"))
        .addToLimits("nvidia.com/gpu", new Quantity("1")).addToLimits("ephemeral-storage", new Quantity("10Gi"))
        .build());
    Container wait = factory.worker(cluster, TestClusters.group(cluster)).getSpec().getInitContainers().get(0);
    assertThat(wait.getResources().getRequests()).containsOnlyKeys("cpu");
    assertThat(wait.getResources().getLimits()).containsOnlyKeys("cpu", "memory", "ephemeral-storage");
    assertThat(wait.getResources().getLimits().get("memory")).isEqualTo(new Quantity("8Gi"));

    userRay.setResources(null);
    wait = factory.worker(cluster, TestClusters.group(cluster)).getSpec().getInitContainers().get(0);
    assertThat(wait.getResources().getRequests()).isNullOrEmpty();
    assertThat(wait.getResources().getLimits()).isNullOrEmpty();

    var fixed = new ResourceRequirementsBuilder().addToRequests("cpu", new Quantity("200m")).build();
    wait = new RayPodFactory(ClusterBuildSettings.defaults().withInitContainerResources(fixed))
        .worker(cluster, TestClusters.group(cluster)).getSpec().getInitContainers().get(0);
    assertThat(wait.getResources()).isEqualTo(fixed);
  }

  @Test
  void environmentDefaultsYieldToTheUserButOperatorValuesDoNot() {
    RayCluster cluster = TestClusters.basic();
    TestClusters.workerContainer(cluster).setEnv(new ArrayList<>(List.of(
        new EnvVarBuilder().withName("RAY_ADDRESS").withValue("custom:1").build(),
        new EnvVarBuilder().withName("FQ_RAY_IP").withValue("stale").build(),
        new EnvVarBuilder().withName("SHARED").withValue("mine").build())));
    var settings = ClusterBuildSettings.defaults().withDefaultContainerEnv(List.of(
        new EnvVarBuilder().withName("SHARED").withValue("operator").build(),
        new EnvVarBuilder().withName("EXTRA").withValue("operator").build()));

    Pod worker = new RayPodFactory(settings).worker(cluster, TestClusters.group(cluster));
    Container ray = ray(worker);
    assertThat(env(ray, "RAY_ADDRESS")).isEqualTo("custom:1");
    assertThat(env(ray, "FQ_RAY_IP")).isEqualTo("demo-head-svc.ns.svc.cluster.local");
    assertThat(envCount(ray, "FQ_RAY_IP")).isOne();
    assertThat(env(ray, "SHARED")).isEqualTo("mine");
    assertThat(env(ray, "EXTRA")).isEqualTo("operator");
    assertThat(env(ray, "RAY_PORT")).isEqualTo("6379");
    assertThat(env(ray, "KUBERAY_GEN_RAY_START_CMD")).startsWith("ray start --address=demo-head-svc.ns");
    assertThat(ray.getArgs()).singleElement().asString()
        .endsWith("; " + env(ray, "KUBERAY_GEN_RAY_START_CMD"));

    Container head = ray(factory.head(cluster));
    assertThat(env(head, "RAY_ADDRESS")).isEqualTo("127.0.0.1:6379");
    assertThat(env(head, "FQ_RAY_IP")).isNull();
    assertThat(env(head, "RAY_USAGE_STATS_EXTRA_TAGS")).isEqualTo("kuberay_crd=RayCluster;raykube_version=unknown");
  }

  @Test
  void keepsTheUsersCommandWhenItStartsRayOrTheClusterSaysSo() {
    RayCluster cluster = TestClusters.basic();
    TestClusters.headContainer(cluster).setCommand(List.of("/bin/sh", "-c"));
    TestClusters.headContainer(cluster).setArgs(List.of("ray start --head --block"));
    assertThat(ray(factory.head(cluster)).getArgs()).containsExactly("ray start --head --block");

    TestClusters.workerContainer(cluster).setCommand(List.of("my-entrypoint"));
    cluster.getMetadata().setAnnotations(Map.of("ray.io/overwrite-container-cmd", "TRUE"));
    Pod worker = factory.worker(cluster, TestClusters.group(cluster));
    assertThat(ray(worker).getCommand()).containsExactly("my-entrypoint");
    assertThat(ray(worker).getArgs()).isNullOrEmpty();
    assertThat(worker.getMetadata().getAnnotations()).containsEntry("ray.io/overwrite-container-cmd", "true");
    assertThat(env(ray(worker), "KUBERAY_GEN_RAY_START_CMD")).startsWith("ray start ");
  }

  @Test
  void probesFollowTheRayVersionAndNeverReplaceTheUsers() {
    RayCluster cluster = TestClusters.basic();
    assertThat(ray(factory.head(cluster)).getReadinessProbe().getExec().getCommand().get(2))
        .contains(":52365/api/local_raylet_healthz").contains(":8265/api/gcs_healthz");
    assertThat(ray(factory.worker(cluster, TestClusters.group(cluster))).getLivenessProbe().getExec()
        .getCommand().get(2)).doesNotContain("gcs_healthz");

    cluster.getSpec().setRayVersion("2.53.0");
    cluster.getSpec().getHeadGroupSpec().setRayStartParams(Map.of("dashboard-agent-listen-port", "52400"));
    Container head = ray(factory.head(cluster));
    assertThat(head.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/api/healthz");
    assertThat(head.getLivenessProbe().getHttpGet().getPort().getIntVal()).isEqualTo(52400);
    assertThat(head.getLivenessProbe().getTimeoutSeconds()).isEqualTo(5);
    assertThat(head.getLivenessProbe().getFailureThreshold()).isEqualTo(120);
    assertThat(head.getReadinessProbe().getFailureThreshold()).isEqualTo(10);

    cluster.getSpec().setRayVersion("nightly");
    assertThat(ray(factory.head(cluster)).getLivenessProbe().getExec()).isNotNull();

    var userProbe = new ProbeBuilder().withNewTcpSocket().withNewPort(6379).endTcpSocket().build();
    TestClusters.headContainer(cluster).setReadinessProbe(userProbe);
    assertThat(ray(factory.head(cluster)).getReadinessProbe()).isEqualTo(userProbe);
    Container noProbes = ray(new RayPodFactory(ClusterBuildSettings.defaults().withProbeInjection(false))
        .worker(cluster, TestClusters.group(cluster)));
    assertThat(noProbes.getLivenessProbe()).isNull();
    assertThat(noProbes.getReadinessProbe()).isNull();
  }

  @Test
  void aServeWorkersReadinessAlsoChecksItsServeProxy() {
    RayCluster cluster = TestClusters.basic();
    WorkerGroupSpec group = TestClusters.group(cluster);
    Container plain = ray(factory.worker(cluster, group));
    assertThat(plain.getReadinessProbe().getExec().getCommand().get(2)).doesNotContain("-/healthz");

    group.getTemplate().setMetadata(new ObjectMetaBuilder().withLabels(Map.of("ray.io/serve", "true")).build());
    Pod serving = factory.worker(cluster, group);
    assertThat(serving.getMetadata().getLabels()).containsEntry("ray.io/serve", "true");
    var readiness = ray(serving).getReadinessProbe();
    assertThat(readiness.getExec().getCommand()).containsExactly("bash", "-c",
        "wget -T 2 -q -O- http://localhost:52365/api/local_raylet_healthz | grep success"
            + " && wget -T 2 -q -O- http://localhost:8000/-/healthz | grep success");
    assertThat(readiness.getFailureThreshold()).as("out of the serve Service at the first failure").isEqualTo(1);
    assertThat(readiness.getTimeoutSeconds()).isEqualTo(4);
    assertThat(ray(serving).getLivenessProbe()).as("liveness is the raylet's only")
        .isEqualTo(plain.getLivenessProbe());

    cluster.getSpec().setRayVersion("2.60.0");
    TestClusters.workerContainer(cluster).setPorts(List.of(
        new ContainerPortBuilder().withName("serve").withContainerPort(9000).build()));
    assertThat(ray(factory.worker(cluster, group)).getReadinessProbe().getExec().getCommand().get(2))
        .isEqualTo("wget -T 2 -q -O /dev/null http://localhost:52365/api/healthz"
            + " && wget -T 2 -q -O- http://localhost:9000/-/healthz | grep success");

    group.getTemplate().setMetadata(new ObjectMetaBuilder().withLabels(Map.of("ray.io/serve", "false")).build());
    assertThat(ray(factory.worker(cluster, group)).getReadinessProbe().getHttpGet()).as("not a serve worker")
        .isNotNull();
    cluster.getSpec().getHeadGroupSpec().getTemplate()
        .setMetadata(new ObjectMetaBuilder().withLabels(Map.of("ray.io/serve", "true")).build());
    assertThat(ray(factory.head(cluster)).getReadinessProbe().getHttpGet()).as("the operator labels the head")
        .isNotNull();
  }

  @Test
  void sharedMemoryUnlessPlasmaDirectoryOrAlreadyMounted() {
    RayCluster cluster = TestClusters.basic();
    Pod worker = factory.worker(cluster, TestClusters.group(cluster));
    assertThat(worker.getSpec().getVolumes()).singleElement().satisfies(v -> {
      assertThat(v.getName()).isEqualTo("shared-mem");
      assertThat(v.getEmptyDir().getMedium()).isEqualTo("Memory");
      assertThat(v.getEmptyDir().getSizeLimit()).isEqualTo(new Quantity("2Gi"));
    });

    TestClusters.group(cluster).setRayStartParams(Map.of("plasma-directory", "/plasma"));
    assertThat(factory.worker(cluster, TestClusters.group(cluster)).getSpec().getVolumes()).isNullOrEmpty();

    TestClusters.group(cluster).setRayStartParams(Map.of());
    TestClusters.workerContainer(cluster).setVolumeMounts(List.of(
        new VolumeMountBuilder().withName("my-shm").withMountPath("/dev/shm").build()));
    assertThat(ray(factory.worker(cluster, TestClusters.group(cluster))).getVolumeMounts())
        .extracting(m -> m.getName()).containsExactly("my-shm");
  }

  @Test
  void metricsPortIsAddedOnce() {
    RayCluster cluster = TestClusters.basic();
    assertThat(ray(factory.head(cluster)).getPorts()).extracting(p -> p.getName() + ":" + p.getContainerPort())
        .containsExactly("metrics:8080");
    TestClusters.headContainer(cluster).setPorts(List.of(new ContainerPortBuilder()
        .withName("metrics").withContainerPort(9100).build()));
    assertThat(ray(factory.head(cluster)).getPorts()).extracting(p -> p.getName() + ":" + p.getContainerPort())
        .containsExactly("metrics:9100");
  }

  @Test
  void tokenAuthReachesRayWaitAndAutoscaler() {
    RayCluster cluster = TestClusters.basic();
    AuthOptions auth = new AuthOptions();
    auth.setMode("token");
    auth.setSecretName("ray-token");
    cluster.getSpec().setAuthOptions(auth);
    cluster.getSpec().setEnableInTreeAutoscaling(true);

    Pod head = factory.head(cluster);
    Pod worker = factory.worker(cluster, TestClusters.group(cluster));
    for (Container c : List.of(ray(head), head.getSpec().getContainers().get(1), ray(worker),
        worker.getSpec().getInitContainers().get(0))) {
      assertThat(env(c, "RAY_AUTH_MODE")).as(c.getName()).isEqualTo("token");
      assertThat(c.getEnv()).filteredOn(e -> e.getName().equals("RAY_AUTH_TOKEN")).singleElement()
          .satisfies(e -> {
            assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("ray-token");
            assertThat(e.getValueFrom().getSecretKeyRef().getKey()).isEqualTo("auth_token");
          });
    }
  }

  @Test
  void kubernetesTokensReplaceTheSharedTokenInEveryRayContainer() {
    RayCluster cluster = TestClusters.basic();
    AuthOptions auth = new AuthOptions();
    auth.setMode("token");
    auth.setEnableK8sTokenAuth(true);
    cluster.getSpec().setAuthOptions(auth);
    cluster.getSpec().setRayVersion("2.60.0");
    cluster.getSpec().setEnableInTreeAutoscaling(true);

    Pod head = factory.head(cluster);
    Pod worker = factory.worker(cluster, TestClusters.group(cluster));
    for (Container c : List.of(ray(head), head.getSpec().getContainers().get(1), ray(worker),
        worker.getSpec().getInitContainers().get(0))) {
      assertThat(env(c, "RAY_AUTH_MODE")).as(c.getName()).isEqualTo("token");
      assertThat(env(c, "RAY_ENABLE_K8S_TOKEN_AUTH")).as(c.getName()).isEqualTo("true");
      assertThat(c.getEnv()).as(c.getName()).noneMatch(e -> e.getName().equals("RAY_AUTH_TOKEN"));
      assertThat(c.getVolumeMounts()).as(c.getName()).filteredOn(m -> m.getName().equals("ray-token"))
          .singleElement().satisfies(m -> {
            assertThat(m.getMountPath()).isEqualTo("/var/run/secrets/ray.io/serviceaccount");
            assertThat(m.getReadOnly()).isTrue();
          });
    }
    for (Pod pod : List.of(head, worker)) {
      assertThat(pod.getSpec().getVolumes()).filteredOn(v -> v.getName().equals("ray-token")).singleElement()
          .satisfies(v -> assertThat(v.getProjected().getSources()).singleElement()
              .satisfies(s -> assertThat(s.getServiceAccountToken().getPath()).isEqualTo("token")));
    }
    assertThat(ray(head).getEnv()).filteredOn(e -> e.getName().equals("RAY_CLUSTER_NAMESPACE")).singleElement()
        .satisfies(e -> assertThat(e.getValueFrom().getFieldRef().getFieldPath()).isEqualTo("metadata.namespace"));
  }

  @Test
  void autoscalerSidecarAndVersion2() {
    RayCluster cluster = TestClusters.basic();
    cluster.getSpec().setEnableInTreeAutoscaling(true);
    Pod head = factory.head(cluster);
    assertThat(head.getSpec().getContainers()).extracting(Container::getName).containsExactly("ray-head",
        "autoscaler");
    assertThat(head.getSpec().getServiceAccountName()).isEqualTo("demo");
    assertThat(head.getSpec().getRestartPolicy()).isNull();
    assertThat(head.getSpec().getContainers().get(1).getVolumeMounts())
        .extracting(m -> m.getName() + ":" + m.getMountPath()).containsExactly("ray-logs:/tmp/ray");

    AutoscalerOptions options = new AutoscalerOptions();
    options.setVersion(AutoscalerVersion.V2);
    cluster.getSpec().setAutoscalerOptions(options);
    cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec().setServiceAccountName("mine");
    head = factory.head(cluster);
    assertThat(head.getSpec().getRestartPolicy()).isEqualTo("Never");
    assertThat(head.getSpec().getServiceAccountName()).isEqualTo("mine");
    assertThat(env(ray(head), "RAY_enable_autoscaler_v2")).isEqualTo("true");
    assertThat(factory.worker(cluster, TestClusters.group(cluster)).getSpec().getRestartPolicy())
        .isEqualTo("Never");
  }

  @Test
  void loginShellUsesDashL() {
    RayCluster cluster = TestClusters.basic();
    Pod worker = new RayPodFactory(ClusterBuildSettings.defaults().withLoginShell(true))
        .worker(cluster, TestClusters.group(cluster));
    assertThat(ray(worker).getCommand()).containsExactly("/bin/bash", "-lc", "--");
    assertThat(worker.getSpec().getInitContainers().get(0).getCommand()).containsExactly("/bin/bash", "-lc", "--");
  }

  @Test
  void rejectsTemplatesWithoutContainers() {
    RayCluster cluster = TestClusters.basic();
    TestClusters.group(cluster).getTemplate().getSpec().setContainers(List.of());
    assertThatThrownBy(() -> factory.worker(cluster, TestClusters.group(cluster)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("worker group 'workers' template");
    cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec().setContainers(List.of());
    assertThatThrownBy(() -> factory.head(cluster)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("spec.headGroupSpec.template has no container");
  }
}
