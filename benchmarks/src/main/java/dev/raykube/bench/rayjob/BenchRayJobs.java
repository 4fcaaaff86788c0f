package dev.raykube.bench.rayjob;

import dev.raykube.job.TerminalStates;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.model.job.RayJobStatus;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** RayJobs and status checks shared by the RayJob benchmarks. */
final class BenchRayJobs {

  private BenchRayJobs() {
  }

  /**
   * An HTTPMode RayJob with its own RayCluster (a head only), a fixed submission id, and
   * {@code shutdownAfterJobFinishes} with a TTL of 0, so the cluster is deleted as soon as the job ends.
   */
  static RayJob httpModeJob(String namespace, String name, String submissionId, String entrypoint) {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(namespace).build());
    RayJobSpec spec = new RayJobSpec();
    spec.setEntrypoint(entrypoint);
    spec.setJobId(submissionId);
    spec.setSubmissionMode(JobSubmissionMode.HTTP_MODE);
    spec.setShutdownAfterJobFinishes(true);
    spec.setTtlSecondsAfterFinished(0);
    RayClusterSpec cluster = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-head")
        .withImage("rayproject/ray:2.46.0").endContainer().endSpec().build());
    cluster.setHeadGroupSpec(head);
    spec.setRayClusterSpec(cluster);
    job.setSpec(spec);
    return job;
  }

  /** Whether {@code status.jobStatus} is terminal (STOPPED, SUCCEEDED, FAILED). */
  static boolean jobStatusTerminal(RayJob job) {
    RayJobStatus s = job == null ? null : job.getStatus();
    return s != null && TerminalStates.isTerminal(s.getJobStatus());
  }

  /** Whether {@code status.jobDeploymentStatus} is Complete or Failed. */
  static boolean deploymentTerminal(RayJob job) {
    RayJobStatus s = job == null ? null : job.getStatus();
    return s != null && TerminalStates.isTerminal(s.getJobDeploymentStatus());
  }

  /** Whether {@code status.jobStatus} is RUNNING. */
  static boolean jobRunning(RayJob job) {
    RayJobStatus s = job == null ? null : job.getStatus();
    return s != null && "RUNNING".equals(s.getJobStatusValue());
  }

  /** The machine's load averages ({@code /proc/loadavg}: 1, 5 and 15 minutes), or "unknown". */
  static String loadAverages() {
    try {
      String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return parts[0] + ", " + parts[1] + ", " + parts[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }
}
