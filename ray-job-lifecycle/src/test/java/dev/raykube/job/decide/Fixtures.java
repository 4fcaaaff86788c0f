package dev.raykube.job.decide;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.JobType;
import dev.raykube.kernel.NameSuffixes;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobInfo;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.model.job.RayJobStatus;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Builders for the state machine's inputs. Every RayJob is called {@code demo} with uid {@code uid-demo}. */
final class Fixtures {

  static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
  static final String NAME = "demo";
  static final String UID = "uid-demo";
  static final String CLUSTER = "demo-ccccc";
  static final String JOB_ID = "demo-bbbbb";
  static final String URL = "http://demo-ccccc-head-svc.ns.svc.cluster.local:8265";

  private Fixtures() {
  }

  static Instant at(long seconds) {
    return T0.plusSeconds(seconds);
  }

  static String time(long seconds) {
    return StatusTimes.format(at(seconds));
  }

  /** A deterministic suffix source: "bbbbb", "ccccc", "ddddd", … */
  static NameSuffixes suffixes() {
    char[] next = {'b'};
    return () -> String.valueOf(next[0]++).repeat(5);
  }

  static RayJobStateMachine machine() {
    return new RayJobStateMachine(RayJobSettings.defaults(), suffixes());
  }

  static RayJobStateMachine machine(RayJobSettings settings) {
    return new RayJobStateMachine(settings, suffixes());
  }

  static RayJobSettings withInteractive() {
    return RayJobSettings.defaults().withSupportedSubmissionModes(EnumSet.of(JobSubmissionMode.K8S_JOB_MODE,
        JobSubmissionMode.HTTP_MODE, JobSubmissionMode.INTERACTIVE_MODE));
  }

  static PodTemplateSpec template(String container) {
    return new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName(container)
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build();
  }

  static RayClusterSpec clusterSpec() {
    RayClusterSpec spec = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of("dashboard-host", "0.0.0.0"));
    head.setTemplate(template("ray-head"));
    spec.setHeadGroupSpec(head);
    WorkerGroupSpec workers = new WorkerGroupSpec();
    workers.setGroupName("small");
    workers.setReplicas(1);
    workers.setMinReplicas(0);
    workers.setMaxReplicas(2);
    workers.setTemplate(template("ray-worker"));
    spec.setWorkerGroupSpecs(new ArrayList<>(List.of(workers)));
    return spec;
  }

  /** A valid K8sJobMode RayJob with its own cluster and no status. */
  static RayJob job(Consumer<RayJobSpec> change) {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName(NAME).withNamespace("ns").withUid(UID).withGeneration(1L)
        .addToLabels("team", "ml").build());
    RayJobSpec spec = new RayJobSpec();
    spec.setEntrypoint("python /home/ray/job.py");
    spec.setRayClusterSpec(clusterSpec());
    change.accept(spec);
    job.setSpec(spec);
    return job;
  }

  static RayJob job() {
    return job(spec -> { });
  }

  static RayJob httpJob(Consumer<RayJobSpec> change) {
    return job(spec -> {
      spec.setSubmissionMode(JobSubmissionMode.HTTP_MODE);
      change.accept(spec);
    });
  }

  /** Uses an existing cluster {@code shared} instead of its own. */
  static void selector(RayJobSpec spec) {
    spec.setRayClusterSpec(null);
    spec.setClusterSelector(Map.of(RayClusterLabels.CLUSTER, "shared"));
  }

  /** Sets a status as a previous decision would have left it in {@code state}, started at T0. */
  static RayJob in(RayJob job, JobDeploymentStatus state, Consumer<RayJobStatus> change) {
    RayJobStatus status = new RayJobStatus();
    status.setJobDeploymentStatus(state);
    status.setJobId(job.getSpec().getJobId() != null ? job.getSpec().getJobId() : JOB_ID);
    String selected = JobSpecs.selectedCluster(job.getSpec());
    status.setRayClusterName(selected != null ? selected : CLUSTER);
    status.setStartTime(time(0));
    status.setSucceeded(0);
    status.setFailed(0);
    status.setObservedGeneration(job.getMetadata().getGeneration());
    if (state == JobDeploymentStatus.RUNNING) {
      status.setDashboardURL(URL);
    }
    change.accept(status);
    job.setStatus(status);
    return job;
  }

  static RayJob in(RayJob job, JobDeploymentStatus state) {
    return in(job, state, s -> { });
  }

  static RayJobInfo info(Long startSeconds, Long endSeconds) {
    RayJobInfo info = new RayJobInfo();
    info.setStartTime(startSeconds == null ? null : time(startSeconds));
    info.setEndTime(endSeconds == null ? null : time(endSeconds));
    return info;
  }

  /** A RayCluster created for the demo RayJob (owner reference), ready or not. */
  static RayCluster cluster(String name, boolean ready) {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace("ns")
        .addToLabels(RayClusterLabels.ORIGINATED_FROM_CR_NAME, NAME)
        .addToLabels(RayClusterLabels.ORIGINATED_FROM_CRD, RayJobLabels.RAY_JOB_KIND)
        .withOwnerReferences(new OwnerReferenceBuilder().withApiVersion("ray.io/v1").withKind("RayJob")
            .withName(NAME).withUid(UID).withController(true).build())
        .build());
    cluster.setSpec(clusterSpec());
    RayClusterStatus status = new RayClusterStatus();
    if (ready) {
      status.setState(ClusterState.READY);
    }
    status.setReadyWorkerReplicas(ready ? 1 : 0);
    cluster.setStatus(status);
    return cluster;
  }

  /** A RayCluster nobody created for the demo RayJob. */
  static RayCluster foreignCluster(String name) {
    RayCluster cluster = cluster(name, true);
    cluster.getMetadata().setOwnerReferences(List.of(new OwnerReferenceBuilder().withApiVersion("ray.io/v1")
        .withKind("RayJob").withName("other").withUid("uid-other").withController(true).build()));
    cluster.getMetadata().setLabels(Map.of());
    return cluster;
  }

  static ClusterObservation ready(String name) {
    return ClusterObservation.present(cluster(name, true), URL);
  }

  static ClusterObservation notReady(String name) {
    return ClusterObservation.present(cluster(name, false), URL);
  }

  static RayJobObservation observe(ClusterObservation cluster) {
    return RayJobObservation.nothing().withCluster(cluster);
  }

  /** The ready own cluster, the dashboard's answer, and the submitter. */
  static RayJobObservation running(JobLookup lookup, SubmitterObservation submitter) {
    return new RayJobObservation(ready(CLUSTER), lookup, submitter);
  }

  static JobDetails details(dev.raykube.dashboard.JobStatus status, Long startSeconds, Long endSeconds,
      String message) {
    return new JobDetails(JobType.SUBMISSION, null, JOB_ID, null, status, status.name(), "python /home/ray/job.py",
        message, null, startSeconds == null ? null : at(startSeconds), endSeconds == null ? null : at(endSeconds),
        null, null, null, null, null);
  }

  static JobLookup found(dev.raykube.dashboard.JobStatus status) {
    boolean ended = dev.raykube.job.TerminalStates.isTerminal(status);
    return JobLookup.found(details(status, 5L, ended ? 50L : null, "Job " + status.name().toLowerCase()));
  }

  static Duration seconds(long s) {
    return Duration.ofSeconds(s);
  }
}
