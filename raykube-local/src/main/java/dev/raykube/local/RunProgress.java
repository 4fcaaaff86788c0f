package dev.raykube.local;

import dev.raykube.cronjob.ChildRayJob;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceStatus;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code raykube local run} reports and when it is done (pure: objects in, lines out). Each object of the run is
 * followed to its end: a RayJob until its deployment status is terminal ({@code Complete}, {@code Failed},
 * {@code ValidationFailed}) or it is deleted; a RayCluster until it is {@code ready} (or {@code failed}); a RayService
 * until its {@code Ready} condition is {@code True}; a RayCronJob until its first RayJob has ended (each of its RayJobs
 * shown as a RayJob is), or it is reported invalid or deleted. Each change of what an object shows is one line; the
 * run succeeded if every RayJob, and the first RayJob of every RayCronJob, ended {@code Complete} with its Ray job
 * {@code SUCCEEDED}, every RayCluster is ready and every RayService is Ready.
 */
final class RunProgress {

  /** The kinds of object a run follows. */
  enum Kind {
    /** A {@code ray.io/v1} RayJob. */
    RAY_JOB("RayJob"),
    /** A {@code ray.io/v1} RayCluster. */
    RAY_CLUSTER("RayCluster"),
    /** A {@code ray.io/v1} RayService. */
    RAY_SERVICE("RayService"),
    /** A {@code ray.io/v1} RayCronJob, followed through the RayJobs it creates. */
    RAY_CRON_JOB("RayCronJob");

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

  /** The objects the run follows, in apply order (the RayJobs of a RayCronJob are shown, not followed). */
  private final List<Target> targets;
  private final Map<Target, String> shown = new LinkedHashMap<>();
  private final Map<Target, Boolean> ended = new LinkedHashMap<>();
  private final Set<Target> clusterReadyShown = new HashSet<>();
  /** The first RayJob of each RayCronJob, once it exists. */
  private final Map<Target, Target> firstRayJob = new LinkedHashMap<>();

  RunProgress(List<Target> targets) {
    this.targets = List.copyOf(new LinkedHashSet<>(targets));
  }

  /** The objects followed, in apply order. */
  List<Target> targets() {
    return targets;
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

  /**
   * The lines a RayCronJob and its RayJobs as read now add ({@code cronJob} null: it is gone): a line when a RayJob of
   * it appears, each RayJob's own lines as {@link #onRayJob} makes them, and the end once the first of them (the one
   * of the earliest scheduled time) has ended, as that RayJob ended.
   *
   * @param target the RayCronJob
   * @param cronJob the RayCronJob as read, or null
   * @param rayJobs its RayJobs as read (label {@code ray.io/cronjob-name})
   * @param invalid the message of a Warning {@code InvalidRayCronJobSpec} recorded during the run, if any
   * @return the lines to print
   */
  List<String> onRayCronJob(Target target, RayCronJob cronJob, List<RayJob> rayJobs, Optional<String> invalid) {
    List<String> lines = new ArrayList<>();
    if (cronJob == null) {
      return end(target, false, "deleted before its first RayJob ended", lines);
    }
    List<RayJob> byName = rayJobs.stream().sorted(Comparator.comparing((RayJob j) -> j.getMetadata().getName().length())
        .thenComparing(j -> j.getMetadata().getName())).toList(); // <cronjob>-<minutes>: earlier times first
    for (RayJob job : byName) {
      Target child = new Target(Kind.RAY_JOB, target.namespace(), job.getMetadata().getName());
      firstRayJob.putIfAbsent(target, child);
      if (!shown.containsKey(child)) {
        String scheduled = job.getMetadata().getAnnotations() == null ? null
            : job.getMetadata().getAnnotations().get(ChildRayJob.SCHEDULED_TIMESTAMP_ANNOTATION);
        show(target, "created RayJob " + child.name() + (scheduled == null ? "" : " for " + scheduled), lines);
      }
      if (!ended(child)) {
        lines.addAll(onRayJob(child, job));
      }
    }
    Target first = firstRayJob.get(target);
    if (first == null) {
      if (invalid.isPresent()) {
        return end(target, false, "invalid: " + Manifest.firstLine(invalid.get()), lines);
      }
      boolean suspended = cronJob.getSpec() != null && Boolean.TRUE.equals(cronJob.getSpec().getSuspend());
      String schedule = cronJob.getSpec() == null ? null : cronJob.getSpec().getSchedule();
      return show(target, suspended ? "suspended: no RayJob is created while spec.suspend is true"
          : "waiting for its first scheduled time (" + schedule + ")", lines);
    }
    if (!ended(first) && byName.stream().noneMatch(j -> j.getMetadata().getName().equals(first.name()))) {
      lines.addAll(onRayJob(first, null));
    }
    if (ended(first)) {
      return end(target, ended.get(first), "first RayJob " + first.name() + ": " + shown.get(first), lines);
    }
    return lines;
  }

  /** Whether every object has ended. */
  boolean finished() {
    return targets.stream().allMatch(ended::containsKey);
  }

  /** Whether every object ended as the run wants it ({@link RunProgress}); false while any has not ended. */
  boolean succeeded() {
    return finished() && targets.stream().allMatch(ended::get);
  }

  /**
   * The closing lines: how many RayJobs succeeded, and each object that did not end as wanted, with what it last
   * showed (or that it had not ended).
   */
  List<String> summary() {
    List<String> lines = new ArrayList<>();
    long jobs = targets.stream().filter(RunProgress::runsARayJob).count();
    long succeeded = targets.stream().filter(t -> runsARayJob(t) && Boolean.TRUE.equals(ended.get(t))).count();
    for (Target target : targets) {
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

  /** A RayJob, or a RayCronJob (which counts as its first RayJob). */
  private static boolean runsARayJob(Target target) {
    return target.kind() == Kind.RAY_JOB || target.kind() == Kind.RAY_CRON_JOB;
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
