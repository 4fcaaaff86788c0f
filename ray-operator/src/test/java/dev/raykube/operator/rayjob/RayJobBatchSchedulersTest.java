package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.DirectRayJobs.NS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.loop.VolcanoPodGroups;
import dev.raykube.job.decide.RayJobEventReason;
import dev.raykube.job.loop.RayJobLoop;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The batch schedulers through the RayJob controller's reconciler ({@link DirectRayJobs}). Volcano: the RayJob's
 * PodGroup is made before its RayCluster, sized to the cluster with the submitter's resources; the RayCluster
 * (K8sJobMode) and the submitter join it; suspending shrinks it to nothing; a {@code clusterSelector} RayJob cannot be
 * gang scheduled. YuniKorn: the cluster and submitter carry the job's task groups. KAI refuses K8sJobMode;
 * scheduler-plugins refuses every RayJob.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobBatchSchedulersTest {

  static KubernetesClient client;

  private DirectRayJobs jobs;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void start() {
    jobs = DirectRayJobs.startWithFlags(client, "--batch-scheduler=volcano");
  }

  @AfterEach
  void stop() {
    jobs.close();
  }

  @Test
  @DisplayName("K8sJobMode: PodGroup first (cluster + submitter resources), cluster and submitter join it; suspend zeroes it")
  void podGroupClusterAndSubmitter() {
    RayJob job = gangJob("train");
    job.getSpec().setSubmissionMode(JobSubmissionMode.K8S_JOB_MODE);
    job.getSpec().setShutdownAfterJobFinishes(true); // required with suspend
    jobs.create(job);
    jobs.runUntil("train", "a submitter Job", j -> !submitters().isEmpty());

    GenericKubernetesResource podGroup = podGroup("ray-train-pg");
    assertThat(spec(podGroup)).containsEntry("minMember", 3).containsEntry("queue", "research")
        .containsEntry("minResources", Map.of("cpu", "3500m", "memory", "4296Mi"));
    assertThat(podGroup.getMetadata().getOwnerReferences()).singleElement().satisfies(owner -> {
      assertThat(owner.getKind()).isEqualTo("RayJob");
      assertThat(owner.getName()).isEqualTo("train");
    });
    assertThat(jobs.events("train", RayJobEventReason.CREATED_POD_GROUP.value())).hasSize(1);

    RayCluster cluster = jobs.clusters().get(0);
    assertThat(cluster.getMetadata().getAnnotations()).containsEntry("scheduling.k8s.io/group-name", "ray-train-pg")
        .containsEntry("volcano.sh/task-spec", "");
    assertThat(cluster.getMetadata().getLabels()).containsEntry("volcano.sh/queue-name", "research");
    Job submitter = submitters().get(0);
    assertThat(submitter.getSpec().getTemplate().getSpec().getSchedulerName()).isEqualTo("volcano");
    assertThat(submitter.getSpec().getTemplate().getMetadata().getAnnotations())
        .containsEntry("volcano.sh/task-spec", "submittergroup")
        .containsEntry("scheduling.k8s.io/group-name", "ray-train-pg");

    jobs.edit("train", j -> j.getSpec().setSuspend(true));
    jobs.runUntil("train", "Suspended", DirectRayJobs.in(JobDeploymentStatus.SUSPENDED));
    assertThat(spec(podGroup("ray-train-pg")).get("minMember")).as("zeroed: minMember 0 (omitted or 0)")
        .isIn(0, null);
    assertThat(spec(podGroup("ray-train-pg"))).containsEntry("minResources", Map.of());
    assertThat(jobs.events("train", RayJobEventReason.BATCH_SCHEDULER_CLEANED_UP.value())).hasSize(1);
  }

  @Test
  @DisplayName("HTTPMode: the cluster keeps its own metadata; the PodGroup holds the cluster's resources only")
  void httpModeAddsNoSubmitter() {
    jobs.create(gangJob("http"));
    jobs.runUntil("http", "a RayCluster", j -> !jobs.clusters().isEmpty());

    assertThat(spec(podGroup("ray-http-pg"))).containsEntry("minMember", 3)
        .containsEntry("minResources", Map.of("cpu", "3", "memory", "4Gi"));
    assertThat(jobs.clusters().get(0).getMetadata().getAnnotations()).as("only K8sJobMode stamps the cluster")
        .doesNotContainKey("volcano.sh/task-spec");
  }

  @Test
  @DisplayName("clusterSelector: a Warning on each Initializing reconcile, nothing is created, retried in 3 s")
  void clusterSelectorCannotBeGangScheduled() {
    RayJob job = DirectRayJobs.httpModeJob("selector", "python x.py");
    job.getSpec().setRayClusterSpec(null);
    job.getSpec().setClusterSelector(Map.of("ray.io/cluster", "shared"));
    jobs.create(job);
    jobs.runUntil("selector", "Initializing", DirectRayJobs.in(JobDeploymentStatus.INITIALIZING));

    assertThat(jobs.step("selector")).contains(RayJobLoop.BATCH_SCHEDULER_RETRY_DELAY);
    assertThat(jobs.events("selector", RayJobEventReason.BATCH_SCHEDULING_NOT_SUPPORTED.value())).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains("gang scheduling does not support RayJob jobs/selector"));
    assertThat(client.genericKubernetesResources(VolcanoPodGroups.CONTEXT).inNamespace(NS)
        .withName("ray-selector-pg").get()).isNull();
    assertThat(jobs.clusters()).noneMatch(c -> "selector".equals(c.getMetadata().getLabels()
        .get("ray.io/originated-from-cr-name")));
    assertThat(jobs.deploymentStatus("selector")).isEqualTo(JobDeploymentStatus.INITIALIZING);
  }

  @Test
  @DisplayName("kai-scheduler: a K8sJobMode RayJob is refused on each Initializing reconcile; HTTPMode runs")
  void kaiRefusesK8sJobMode() {
    try (DirectRayJobs kai = DirectRayJobs.startWithFlags(client, "--batch-scheduler=kai-scheduler")) {
      RayJob job = DirectRayJobs.httpModeJob("kai-k8s", "python x.py");
      job.getSpec().setSubmissionMode(JobSubmissionMode.K8S_JOB_MODE);
      kai.create(job);
      kai.runUntil("kai-k8s", "Initializing", DirectRayJobs.in(JobDeploymentStatus.INITIALIZING));
      assertThat(kai.step("kai-k8s")).contains(RayJobLoop.BATCH_SCHEDULER_RETRY_DELAY);
      assertThat(kai.events("kai-k8s", RayJobEventReason.BATCH_SCHEDULING_NOT_SUPPORTED.value())).singleElement()
          .satisfies(e -> assertThat(e.getMessage()).contains("does not support RayJob jobs/kai-k8s in K8sJobMode"));
      assertThat(kai.clusters()).noneMatch(c -> "kai-k8s".equals(c.getMetadata().getLabels()
          .get("ray.io/originated-from-cr-name")));

      RayJob http = DirectRayJobs.httpModeJob("kai-http", "python x.py");
      http.getMetadata().setLabels(Map.of("kai.scheduler/queue", "team-a"));
      kai.create(http);
      kai.runUntil("kai-http", "a RayCluster", j -> kai.clusters().stream().anyMatch(c -> "kai-http".equals(
          c.getMetadata().getLabels().get("ray.io/originated-from-cr-name"))));
    }
  }

  @Test
  @DisplayName("yunikorn: a K8sJobMode RayJob's cluster and submitter carry the job's task groups, submitter included")
  void yuniKornRayJob() {
    try (DirectRayJobs yk = DirectRayJobs.startWithFlags(client, "--batch-scheduler=yunikorn")) {
      RayJob job = DirectRayJobs.httpModeJob("yk-job", "python x.py");
      job.getSpec().setSubmissionMode(JobSubmissionMode.K8S_JOB_MODE);
      job.getMetadata().setLabels(Map.of("ray.io/gang-scheduling-enabled", "true",
          "yunikorn.apache.org/app-id", "app-1"));
      yk.create(job);
      yk.runUntil("yk-job", "a submitter Job", j -> submitters().stream().anyMatch(s -> s.getMetadata().getName()
          .startsWith("yk-job")));

      RayCluster cluster = yk.clusters().stream().filter(c -> "yk-job".equals(c.getMetadata().getLabels()
          .get("ray.io/originated-from-cr-name"))).findFirst().orElseThrow();
      assertThat(cluster.getMetadata().getAnnotations().get("yunikorn.apache.org/task-groups"))
          .contains("\"name\":\"headgroup\"", "\"name\":\"submittergroup\"");
      assertThat(cluster.getMetadata().getAnnotations()).doesNotContainKey("yunikorn.apache.org/task-group-name");
      assertThat(cluster.getMetadata().getLabels()).containsEntry("applicationId", "app-1");
      Job submitter = submitters().stream().filter(s -> s.getMetadata().getName().startsWith("yk-job")).findFirst()
          .orElseThrow();
      assertThat(submitter.getSpec().getTemplate().getSpec().getSchedulerName()).isEqualTo("yunikorn");
      assertThat(submitter.getSpec().getTemplate().getMetadata().getAnnotations())
          .containsEntry("yunikorn.apache.org/task-group-name", "submittergroup");
    }
  }

  @Test
  @DisplayName("scheduler-plugins: every RayJob is refused on each Initializing reconcile")
  void schedulerPluginsRefusesRayJobs() {
    try (DirectRayJobs plugins = DirectRayJobs.startWithFlags(client, "--batch-scheduler=scheduler-plugins")) {
      plugins.create(DirectRayJobs.httpModeJob("sp-http", "python x.py"));
      plugins.runUntil("sp-http", "Initializing", DirectRayJobs.in(JobDeploymentStatus.INITIALIZING));
      assertThat(plugins.step("sp-http")).contains(RayJobLoop.BATCH_SCHEDULER_RETRY_DELAY);
      assertThat(plugins.events("sp-http", RayJobEventReason.BATCH_SCHEDULING_NOT_SUPPORTED.value())).singleElement()
          .satisfies(e -> assertThat(e.getMessage()).contains("supports RayClusters only, not RayJob jobs/sp-http"));
    }
  }

  private static RayJob gangJob(String name) {
    RayJob job = DirectRayJobs.httpModeJob(name, "python train.py");
    job.getMetadata().setLabels(Map.of("volcano.sh/queue-name", "research"));
    job.getSpec().getRayClusterSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0)
        .setResources(new ResourceRequirementsBuilder().withRequests(Map.of("cpu", new Quantity("1"),
            "memory", new Quantity("2Gi"))).build());
    WorkerGroupSpec workers = new WorkerGroupSpec();
    workers.setGroupName("workers");
    workers.setReplicas(2);
    workers.setMinReplicas(0);
    workers.setMaxReplicas(4);
    workers.setRayStartParams(Map.of());
    workers.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-worker")
        .withImage("rayproject/ray:2.60.0").withNewResources()
        .withLimits(Map.of("cpu", new Quantity("1"), "memory", new Quantity("1Gi"))).endResources().endContainer()
        .endSpec().build());
    job.getSpec().getRayClusterSpec().setWorkerGroupSpecs(List.of(workers));
    return job;
  }

  private static GenericKubernetesResource podGroup(String name) {
    return client.genericKubernetesResources(VolcanoPodGroups.CONTEXT).inNamespace(NS).withName(name).get();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(GenericKubernetesResource podGroup) {
    assertThat(podGroup).as("the PodGroup").isNotNull();
    return (Map<String, Object>) podGroup.getAdditionalProperties().get("spec");
  }

  private List<Job> submitters() {
    return client.batch().v1().jobs().inNamespace(NS).list().getItems().stream()
        .filter(j -> j.getMetadata().getDeletionTimestamp() == null).toList();
  }
}
