package dev.raykube.operator.rbac;

import static dev.raykube.testing.Eventually.await;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.Fault;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.job.DeletionPolicyType;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.rayjob.RayJobController;
import dev.raykube.operator.runtime.ControllerDefinition;
import dev.raykube.operator.testing.ConflictRetryingEdit;
import dev.raykube.operator.testing.DeletionRules;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * What the RayJob controller does beyond the samples, driven for {@link RbacScenario}: with its dashboards at a
 * {@link FakeRayDashboard} (reached through the production in-cluster access, so the head Service and auth Secret are
 * read as in a real cluster, with only the URL replaced), it runs RayJobs in both modes to their end and through every
 * kind of clean-up: {@code shutdownAfterJobFinishes} (delete the owned cluster), suspend in K8sJobMode (delete the
 * submitter Job and the cluster), {@code deletionRules} DeleteWorkers (update the cluster) and DeleteSelf (delete the
 * RayJob), and deletion of a running RayJob (stop, finalizer removed) that changes meanwhile (the finalizer patch
 * conflicts, and the RayJob is read again).
 */
final class RayJobSteps {

  private static final Path SAMPLE = Path.of("..", "examples", "manifests", "rayjob-http-mode.yaml");
  /** How long the dashboard holds its answer while the scenario changes the RayJob under the reconcile. */
  private static final Duration HELD_ANSWER = Duration.ofSeconds(4);
  /** Production settings, but a faster poll so that the scenario does not wait for seconds between looks. */
  private static final RayJobSettings SETTINGS = RayJobSettings.defaults()
      .withPoll(new AdaptivePoll(Duration.ofMillis(100), Duration.ofMillis(500), 0.1))
      .withTeardownPoll(Duration.ofMillis(200));

  private final KubernetesClient client;
  private final String namespace;
  private final FakeRayDashboard dashboard;

  RayJobSteps(KubernetesClient client, String namespace, FakeRayDashboard dashboard) {
    this.client = client;
    this.namespace = namespace;
    this.dashboard = dashboard;
    // The samples' entrypoints and the steps' own.
    dashboard.scriptEntrypoints(Pattern.compile("python -c .*"), JobScript.runsFor(Duration.ofMillis(300), "ok\n"));
    dashboard.scriptEntrypoints(Pattern.compile("python forever\\.py"), JobScript.runsUntilStopped());
  }

  /**
   * The production controllers with the RayJob controller's dashboards at {@code dashboard}: the in-cluster access
   * (head Service, auth Secret) with the URL replaced.
   */
  static List<ControllerDefinition<?>> withFakeDashboard(List<ControllerDefinition<?>> controllers,
      FakeRayDashboard dashboard) {
    RayJobController rayJobs = new RayJobController(SETTINGS, FinalizerSettings.defaults(), context -> {
      DashboardAccess inCluster = DashboardAccess.inCluster(context.client(), context.settings().clusterDomain());
      return cluster -> inCluster.endpoint(cluster).map(endpoint -> endpoint.withUrl(dashboard.url()));
    });
    return controllers.stream().map(c -> c instanceof RayJobController ? rayJobs : c).toList();
  }

  /** Runs every step; each waits until the controller has done what it should. */
  void run() throws IOException {
    RayJob sample = client.getKubernetesSerialization().unmarshal(Files.readString(SAMPLE), RayJob.class);

    // shutdownAfterJobFinishes with TTL 0, on a cluster with token auth: the owned RayCluster is deleted.
    RayJob ttl = copy(sample, "rbac-job-ttl");
    ttl.getSpec().setTtlSecondsAfterFinished(0);
    ttl.getSpec().getRayClusterSpec().setRayVersion("2.52.0");
    AuthOptions auth = new AuthOptions();
    auth.setMode("token");
    ttl.getSpec().getRayClusterSpec().setAuthOptions(auth);
    create(ttl);
    await("rbac-job-ttl Complete", () -> deploymentStatus("rbac-job-ttl") == JobDeploymentStatus.COMPLETE);
    await("the cluster of rbac-job-ttl deleted", () -> clusterOf("rbac-job-ttl") == null);

    // K8sJobMode, suspended once its submitter exists: the submitter Job and the cluster are deleted.
    RayJob suspended = copy(sample, "rbac-job-suspend");
    suspended.getSpec().setSubmissionMode(JobSubmissionMode.K8S_JOB_MODE);
    suspended.getSpec().setEntrypoint("python forever.py");
    create(suspended);
    await("the submitter Job of rbac-job-suspend", () -> !submitters().isEmpty());
    edit("rbac-job-suspend", job -> job.getSpec().setSuspend(true));
    await("rbac-job-suspend Suspended", () -> deploymentStatus("rbac-job-suspend") == JobDeploymentStatus.SUSPENDED
        && submitters().isEmpty());

    // deletionRules DeleteWorkers: every worker group of the owned cluster is suspended (an update of the cluster).
    create(withRule(copy(sample, "rbac-job-workers"), DeletionPolicyType.DELETE_WORKERS));
    await("the workers of rbac-job-workers suspended", () -> {
      RayCluster cluster = clusterOf("rbac-job-workers");
      return cluster != null && cluster.getSpec().getWorkerGroupSpecs().stream().map(WorkerGroupSpec::getSuspend)
          .allMatch(Boolean.TRUE::equals);
    });

    // deletionRules DeleteSelf: the RayJob deletes itself.
    create(withRule(copy(sample, "rbac-job-self"), DeletionPolicyType.DELETE_SELF));
    await("rbac-job-self deleted", () -> rayJob("rbac-job-self") == null);

    // Deleting a running RayJob: the job is stopped, then the finalizer removed; the RayJob changes meanwhile.
    deleteWhileChanging(copy(sample, "rbac-job-delete"));

    for (String name : List.of("rbac-job-ttl", "rbac-job-suspend", "rbac-job-workers")) {
      client.resources(RayJob.class).inNamespace(namespace).withName(name).delete();
    }
  }

  /**
   * Deletes a running RayJob while the dashboard holds its answer to the stop for {@link #HELD_ANSWER}, and changes
   * the RayJob's labels meanwhile: the finalizer patch made from the RayJob as it was when the clean-up began
   * conflicts (409), so Java Operator SDK reads the RayJob again and patches the new version. (Status writes never
   * conflict on the CRUD mock: it takes the resourceVersion of a status write from the stored object.)
   */
  private void deleteWhileChanging(RayJob job) {
    String name = job.getMetadata().getName();
    job.getSpec().setEntrypoint("python forever.py");
    create(job);
    await(name + " running", () -> jobStatus(name) == JobStatus.RUNNING);
    String id = rayJob(name).getStatus().getJobId();
    dashboard.injectFault("POST", "/api/jobs/" + id + "/stop", 1, Fault.latency(HELD_ANSWER));
    client.resources(RayJob.class).inNamespace(namespace).withName(name).delete();
    await("the stop of " + name + " at the dashboard", () -> dashboard.stopRequested(id));
    edit(name, rayJob -> {
      Map<String, String> labels = new HashMap<>(rayJob.getMetadata().getLabels() == null ? Map.of()
          : rayJob.getMetadata().getLabels());
      labels.put("raykube.dev/touched", "during-clean-up");
      rayJob.getMetadata().setLabels(labels);
    });
    await(name + " gone", () -> rayJob(name) == null);
    dashboard.clearFaults();
  }

  private static RayJob withRule(RayJob job, DeletionPolicyType policy) {
    job.getSpec().setShutdownAfterJobFinishes(null);
    job.getSpec().setTtlSecondsAfterFinished(null);
    return DeletionRules.onSuccess(job, policy);
  }

  private RayJob copy(RayJob source, String name) {
    RayJob copy = client.getKubernetesSerialization().clone(source);
    copy.getMetadata().setName(name);
    copy.getMetadata().setNamespace(namespace);
    return copy;
  }

  private void create(RayJob job) {
    client.resource(job).inNamespace(namespace).create();
  }

  /** Changes a RayJob, retrying when the operator's status write got in between (409). */
  private void edit(String name, Consumer<RayJob> change) {
    ConflictRetryingEdit.edit(client, RayJob.class, namespace, name, change);
  }

  private RayJob rayJob(String name) {
    return client.resources(RayJob.class).inNamespace(namespace).withName(name).get();
  }

  private JobDeploymentStatus deploymentStatus(String name) {
    RayJob job = rayJob(name);
    return job == null || job.getStatus() == null ? null : job.getStatus().getJobDeploymentStatus();
  }

  private JobStatus jobStatus(String name) {
    RayJob job = rayJob(name);
    return job == null || job.getStatus() == null ? null : job.getStatus().getJobStatus();
  }

  /** The RayCluster a RayJob created, by its origin label; null if there is none. */
  private RayCluster clusterOf(String rayJob) {
    return client.resources(RayCluster.class).inNamespace(namespace)
        .withLabel("ray.io/originated-from-cr-name", rayJob).list().getItems().stream().findFirst().orElse(null);
  }

  private List<io.fabric8.kubernetes.api.model.batch.v1.Job> submitters() {
    return client.batch().v1().jobs().inNamespace(namespace)
        .withLabel("ray.io/originated-from-cr-name", "rbac-job-suspend").list().getItems();
  }
}
