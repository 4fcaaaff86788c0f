package dev.raykube.operator.rayjob;

import dev.raykube.cluster.loop.RayClusterTimings;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.job.push.LogTailSettings;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.operator.testing.ConflictRetryingEdit;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The RayJobs of a controller test in {@link #NS} on the CRUD mock and the questions the tests ask about them, whoever
 * reconciles them: the operator runtime ({@link RayJobHarness}) or the test itself, calling the reconciler directly
 * ({@link DirectRayJobs}). Also the short timings both use.
 */
class RayJobObjects {

  static final String NS = "jobs";
  static final RayClusterTimings FAST_CLUSTERS = new RayClusterTimings(Duration.ofMillis(100), Duration.ofMillis(300),
      Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(2));
  static final RayJobSettings FAST_JOBS = RayJobSettings.defaults()
      .withPoll(new AdaptivePoll(Duration.ofMillis(50), Duration.ofMillis(200), 0.1))
      .withTeardownPoll(Duration.ofMillis(100));
  /** Log tails on, but the poll does not relax while they follow a job, and refused tails are retried soon. */
  static final LogTailSettings FAST_TAILS = LogTailSettings.defaults()
      .withRetry(Duration.ofMillis(200), Duration.ofSeconds(2)).withFollowedPoll(FAST_JOBS.poll());
  /** Short backoff; UNTIL_CONFIRMED gives up after 30 s. */
  static final FinalizerSettings FAST_FINALIZER = FinalizerSettings.defaults()
      .withBackoff(Duration.ofMillis(200), 2.0, Duration.ofMillis(500)).withMaxWait(Duration.ofSeconds(30));

  final KubernetesClient client;

  RayJobObjects(KubernetesClient client) {
    this.client = client;
  }

  static RayJob httpModeJob(String name, String entrypoint) {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
    RayJobSpec spec = new RayJobSpec();
    spec.setEntrypoint(entrypoint);
    spec.setSubmissionMode(JobSubmissionMode.HTTP_MODE);
    RayClusterSpec cluster = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-head")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    cluster.setHeadGroupSpec(head);
    spec.setRayClusterSpec(cluster);
    job.setSpec(spec);
    return job;
  }

  RayJob create(RayJob job) {
    return client.resource(job).create();
  }

  RayJob get(String name) {
    return client.resources(RayJob.class).inNamespace(NS).withName(name).get();
  }

  void delete(String name) {
    client.resources(RayJob.class).inNamespace(NS).withName(name).delete();
  }

  boolean gone(String name) {
    return get(name) == null;
  }

  JobDeploymentStatus deploymentStatus(String name) {
    RayJob job = get(name);
    return job == null || job.getStatus() == null ? null : job.getStatus().getJobDeploymentStatus();
  }

  JobStatus jobStatus(String name) {
    RayJob job = get(name);
    return job == null || job.getStatus() == null ? null : job.getStatus().getJobStatus();
  }

  String submissionId(String name) {
    return get(name).getStatus().getJobId();
  }

  List<RayCluster> clusters() {
    return client.resources(RayCluster.class).inNamespace(NS).list().getItems();
  }

  List<Event> events(String rayJob) {
    return client.v1().events().inNamespace(NS).list().getItems().stream()
        .filter(e -> rayJob.equals(e.getInvolvedObject().getName())).toList();
  }

  List<String> eventReasons(String rayJob) {
    return events(rayJob).stream().map(Event::getReason).toList();
  }

  /** Changes a RayJob's spec or metadata, retrying when the operator's write got in between (409). */
  void edit(String name, Consumer<RayJob> change) {
    ConflictRetryingEdit.edit(client, RayJob.class, NS, name, change);
  }

  /**
   * Removes everything a test left in {@link #NS} (the mock has no garbage collector and no controller runs any more):
   * RayJobs (finalizers dropped first), RayClusters, Pods, Services, batch Jobs and Events.
   */
  static void removeAll(KubernetesClient client) {
    for (RayJob job : client.resources(RayJob.class).inNamespace(NS).list().getItems()) {
      client.resource(job).edit(j -> {
        j.getMetadata().setFinalizers(null);
        return j;
      });
    }
    client.resources(RayJob.class).inNamespace(NS).delete();
    client.resources(RayCluster.class).inNamespace(NS).delete();
    client.pods().inNamespace(NS).delete();
    client.services().inNamespace(NS).delete();
    client.batch().v1().jobs().inNamespace(NS).delete();
    client.v1().events().inNamespace(NS).delete();
  }
}
