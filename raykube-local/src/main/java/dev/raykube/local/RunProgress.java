package dev.raykube.local;

import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceStatus;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code raykube local run} reports and when it is done (pure: objects in, lines out). Each object of the run is
 * followed to its end: a RayJob until its deployment status is terminal ({@code Complete}, {@code Failed},
 * {@code ValidationFailed}) or it is deleted; a RayCluster until it is {@code ready} (or {@code failed}); a RayService
 * until its {@code Ready} condition is {@code True}. Each change of what an object shows is one line; the run succeeded
 * if every RayJob ended {@code Complete} with its Ray job {@code SUCCEEDED}, every RayCluster is ready and every
 * RayService is Ready.
 */
final class RunProgress {

  /** The kinds of object a run follows. */
  enum Kind {
    /** A {@code ray.io/v1} RayJob. */
    RAY_JOB("RayJob"),
    /** A {@code ray.io/v1} RayCluster. */
    RAY_CLUSTER("RayCluster"),
    /** A {@code ray.io/v1} RayService. */
    RAY_SERVICE("RayService");

    final String kind;

    Kind(String kind) {
      this.kind = kind;
    }

    /** The kind of {@code kind} (a manifest's {@code kind}), if a run follows it. */
    static Optional<Kind> of(String apiVersion, String kind) {
      if (!"ray.io/v1".equals(apiVersion)) {
        return Optional.empty();
      }
      for (Kind k : values()) {
        if (k.kind.equals(kind)) {
          return Optional.of(k);
        }
      }
      return Optional.empty();
    }
  }

  /**
   * One object the run follows.
   *
   * @param kind its kind
   * @param namespace its namespace
   * @param name its name
   */
  record Target(Kind kind, String namespace, String name) {
    Target {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(namespace, "namespace");
      Objects.requireNonNull(name, "name");
    }

    /** {@code RayJob ns/name}. */
    String label() {
      return kind.kind + " " + namespace + "/" + name;
    }
  }

  private static final Set<JobDeploymentStatus> TERMINAL = Set.of(JobDeploymentStatus.COMPLETE,
      JobDeploymentStatus.FAILED, JobDeploymentStatus.VALIDATION_FAILED);

  private final Map<Target, String> shown = new LinkedHashMap<>();
  private final Map<Target, Boolean> ended = new LinkedHashMap<>();
  private final Set<Target> clusterReadyShown = new HashSet<>();

  RunProgress(List<Target> targets) {
    targets.forEach(target -> shown.put(target, null));
  }

  /** The objects followed, in apply order. */
  List<Target> targets() {
    return List.copyOf(shown.keySet());
  }

  /** Whether {@code target} has ended (then it is no longer read). */
  boolean ended(Target target) {
    return ended.containsKey(target);
  }

  /** The lines a RayJob's state as read now adds ({@code job} null: it is gone). */
  List<String> onRayJob(Target target, RayJob job) {
    List<String> lines = new ArrayList<>();
    if (job == null) {
      return end(target, false, "deleted before it ended", lines);
    }
    RayJobStatus status = job.getStatus();
    if (status == null) {
      return show(target, "created, waiting for the operator", lines);
    }
    RayClusterStatus cluster = status.getRayClusterStatus();
    if (status.getRayClusterName() != null && cluster != null
        && cluster.getState() == ClusterState.READY && clusterReadyShown.add(target)) {
      lines.add(target.label() + ": RayCluster " + status.getRayClusterName() + " ready");
    }
    JobDeploymentStatus deployment = status.getJobDeploymentStatus();
    String deploymentText = status.getJobDeploymentStatusValue();
    StringBuilder text = new StringBuilder(deploymentText == null || deploymentText.isEmpty() ? "New"
        : deploymentText);
    if (status.getJobId() != null && !status.getJobId().isEmpty()) {
      text.append(", Ray job ").append(status.getJobId());
      String jobStatus = status.getJobStatusValue();
      if (jobStatus != null && !jobStatus.isEmpty()) {
        text.append(" ").append(jobStatus);
      }
    }
    if (deployment == JobDeploymentStatus.FAILED || deployment == JobDeploymentStatus.VALIDATION_FAILED) {
      String reason = status.getReasonValue();
      if (reason != null && !reason.isEmpty()) {
        text.append(": ").append(reason);
      }
      if (status.getMessage() != null && !status.getMessage().isBlank()) {
        text.append(" (").append(Manifest.firstLine(status.getMessage())).append(")"); // the log is printed already
      }
    }
    if (TERMINAL.contains(deployment)) {
      boolean ok = deployment == JobDeploymentStatus.COMPLETE
          && status.getJobStatus() == JobStatus.SUCCEEDED;
      return end(target, ok, text.toString(), lines);
    }
    return show(target, text.toString(), lines);
  }

  /** The lines a RayCluster's state as read now adds ({@code cluster} null: it is gone). */
  List<String> onRayCluster(Target target, RayCluster cluster) {
    List<String> lines = new ArrayList<>();
    if (cluster == null) {
      return end(target, false, "deleted before it was ready", lines);
    }
    RayClusterStatus status = cluster.getStatus();
    ClusterState state = status == null ? null : status.getState();
    if (state == null || state == ClusterState.UNKNOWN) {
      return show(target, "not ready yet", lines);
    }
    String text = status.getStateValue() + workers(status)
        + (status.getReason() == null || status.getReason().isEmpty() ? "" : " (" + status.getReason() + ")");
    if (state == ClusterState.READY || state == ClusterState.FAILED) {
      return end(target, state == ClusterState.READY, text, lines);
    }
    return show(target, text, lines);
  }

  /** The lines a RayService's state as read now adds ({@code service} null: it is gone). */
  List<String> onRayService(Target target, RayService service) {
    List<String> lines = new ArrayList<>();
    if (service == null) {
      return end(target, false, "deleted before it was Ready", lines);
    }
    RayServiceStatus status = service.getStatus();
    Condition ready = status == null || status.getConditions() == null ? null
        : status.getConditions().stream().filter(c -> "Ready".equals(c.getType())).findFirst().orElse(null);
    if (ready == null) {
      return show(target, "not ready yet", lines);
    }
    String text = ("True".equals(ready.getStatus()) ? "Ready" : "not Ready")
        + (ready.getReason() == null ? "" : " (" + ready.getReason() + ")")
        + (status.getNumServeEndpoints() == null ? "" : ", " + status.getNumServeEndpoints() + " Serve endpoints");
    if ("True".equals(ready.getStatus())) {
      return end(target, true, text, lines);
    }
    return show(target, text, lines);
  }

  /** Whether every object has ended. */
  boolean finished() {
    return ended.size() == shown.size();
  }

  /** Whether every object ended as the run wants it ({@link RunProgress}); false while any has not ended. */
  boolean succeeded() {
    return finished() && ended.values().stream().allMatch(Boolean::booleanValue);
  }

  /**
   * The closing lines: how many RayJobs succeeded, and each object that did not end as wanted, with what it last
   * showed (or that it had not ended).
   */
  List<String> summary() {
    List<String> lines = new ArrayList<>();
    long jobs = shown.keySet().stream().filter(t -> t.kind() == Kind.RAY_JOB).count();
    long succeeded = shown.keySet().stream()
        .filter(t -> t.kind() == Kind.RAY_JOB && Boolean.TRUE.equals(ended.get(t))).count();
    for (Target target : shown.keySet()) {
      if (!ended.containsKey(target)) {
        lines.add(target.label() + " has not ended: " + Objects.requireNonNullElse(shown.get(target), "no status"));
      } else if (!ended.get(target)) {
        lines.add(target.label() + " ended " + shown.get(target));
      }
    }
    lines.add(jobs == 0 ? (succeeded() ? "every object is ready" : "not every object is ready")
        : succeeded + " of " + jobs + (jobs == 1 ? " RayJob" : " RayJobs") + " SUCCEEDED");
    return lines;
  }

  private static String workers(RayClusterStatus status) {
    if (status.getDesiredWorkerReplicas() == null || status.getDesiredWorkerReplicas() == 0) {
      return "";
    }
    int ready = status.getReadyWorkerReplicas() == null ? 0 : status.getReadyWorkerReplicas();
    return ", " + ready + "/" + status.getDesiredWorkerReplicas() + " workers ready";
  }

  private List<String> show(Target target, String text, List<String> lines) {
    if (!text.equals(shown.get(target))) {
      shown.put(target, text);
      lines.add(target.label() + ": " + text);
    }
    return lines;
  }

  private List<String> end(Target target, boolean ok, String text, List<String> lines) {
    show(target, text, lines);
    ended.put(target, ok);
    return lines;
  }
}
