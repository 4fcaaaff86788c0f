package dev.raykube.job.decide;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.job.TerminalStates;
import dev.raykube.kernel.NameSuffixes;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.common.ModelCopies;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.reconcile.EventType;
import io.fabric8.kubernetes.api.model.OwnerReference;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The decision being worked out for one RayJob: a private copy of its status that the phases change, the actions
 * collected so far and the shortest requested requeue. Not thread-safe; lives for one call.
 */
final class DecisionDraft {

  final RayJob job;
  final RayJobSpec spec;
  /** The stored status, or null; never changed. */
  final RayJobStatus before;
  /** The next status: a copy the phases change freely. */
  final RayJobStatus next;
  final RayJobObservation observed;
  final Instant now;
  final RayJobSettings settings;
  final NameSuffixes suffixes;
  private final List<RayJobAction> actions = new ArrayList<>();
  private Duration requeue;

  DecisionDraft(RayJob job, RayJobStatus next, RayJobObservation observed, Instant now, RayJobSettings settings,
      NameSuffixes suffixes) {
    this.job = job;
    this.spec = job.getSpec() == null ? new RayJobSpec() : job.getSpec();
    this.before = job.getStatus();
    this.next = next;
    this.observed = observed;
    this.now = now;
    this.settings = settings;
    this.suffixes = suffixes;
  }

  JobDeploymentStatus state() {
    return next.getJobDeploymentStatus();
  }

  void act(RayJobAction action) {
    actions.add(action);
  }

  void event(EventType type, RayJobEventReason reason, String message) {
    actions.add(new RayJobAction.EmitEvent(type, reason, message));
  }

  /** Asks for another decision after {@code delay} at the latest (the shortest request wins). */
  void requeueAfter(Duration delay) {
    Duration d = delay.isNegative() ? Duration.ZERO : delay;
    if (requeue == null || d.compareTo(requeue) < 0) {
      requeue = d;
    }
  }

  /** Asks for another decision at {@code time}, if one is given. */
  void requeueAt(Optional<Instant> time) {
    time.ifPresent(t -> requeueAfter(Duration.between(now, t)));
  }

  /** Asks for another decision after the adaptive poll delay for something that has existed since {@code since}. */
  void poll(Instant since) {
    requeueAfter(settings.poll().after(Duration.between(since, now)));
  }

  void moveTo(JobDeploymentStatus state) {
    next.setJobDeploymentStatusValue(state == JobDeploymentStatus.NEW ? null : state.value());
  }

  /** Fails the RayJob; counters, endTime, Event and retry are settled by the state machine afterwards. */
  void fail(JobFailedReason reason, String message) {
    moveTo(JobDeploymentStatus.FAILED);
    next.setReason(reason);
    next.setMessage(message);
  }

  /** Completes the RayJob; {@code reason} is normally null (set only when a grace period forced the end). */
  void complete(JobFailedReason reason) {
    moveTo(JobDeploymentStatus.COMPLETE);
    next.setReason(reason);
  }

  /** Starts suspending: the RayCluster and submitter are deleted by the next decisions. */
  void suspend() {
    moveTo(JobDeploymentStatus.SUSPENDING);
    next.setMessage("spec.suspend is set: deleting the RayCluster and the submitter");
    event(EventType.NORMAL, RayJobEventReason.SUSPENDING, "Suspending: deleting RayCluster "
        + next.getRayClusterName() + " and the submitter");
    requeueAfter(Duration.ZERO);
  }

  /** Asks the dashboard to stop the Ray job when one may be running (known id and address, status not terminal). */
  void stopJobIfLive() {
    if (next.getJobId() != null && next.getDashboardURL() != null
        && !TerminalStates.isTerminal(next.getJobStatus())) {
      act(new RayJobAction.StopJob(next.getDashboardURL(), next.getJobId()));
    }
  }

  /** {@code status.startTime}; set to now when missing or unreadable (a status written by someone else). */
  Instant startTime() {
    Optional<Instant> start = StatusTimes.parse(next.getStartTime());
    if (start.isPresent()) {
      return start.get();
    }
    next.setStartTime(StatusTimes.format(now));
    return StatusTimes.parse(next.getStartTime()).orElseThrow();
  }

  /** {@code status.endTime}; set to now when missing or unreadable. */
  Instant endTime() {
    Optional<Instant> end = StatusTimes.parse(next.getEndTime());
    if (end.isPresent()) {
      return end.get();
    }
    next.setEndTime(StatusTimes.format(now));
    return StatusTimes.parse(next.getEndTime()).orElseThrow();
  }

  Optional<Instant> activeDeadline(Instant start) {
    Integer seconds = spec.getActiveDeadlineSeconds();
    return seconds == null || seconds <= 0 ? Optional.empty() : Optional.of(start.plusSeconds(seconds));
  }

  Optional<Instant> preRunningDeadline(Instant start) {
    Integer seconds = spec.getPreRunningDeadlineSeconds();
    return seconds == null || seconds <= 0 ? Optional.empty() : Optional.of(start.plusSeconds(seconds));
  }

  boolean passed(Optional<Instant> deadline) {
    return deadline.isPresent() && !now.isBefore(deadline.get());
  }

  /** Returns {@code <rayjob name>-<suffix>}, checking the suffix. */
  String generatedName() {
    String suffix = suffixes.next();
    if (suffix == null || !suffix.matches("[a-z0-9]{" + NameSuffixes.LENGTH + "}")) {
      throw new IllegalStateException("NameSuffixes returned '" + suffix + "'; expected " + NameSuffixes.LENGTH
          + " characters out of [a-z0-9]");
    }
    return JobSpecs.name(job) + "-" + suffix;
  }

  /** Labels for what the RayJob creates: {@code ray.io/originated-from-*}, after {@code extra}. */
  Map<String, String> originLabels(Map<String, String> extra) {
    Map<String, String> labels = new LinkedHashMap<>();
    if (extra != null) {
      labels.putAll(extra);
    }
    labels.put(RayClusterLabels.ORIGINATED_FROM_CR_NAME, JobSpecs.name(job));
    labels.put(RayClusterLabels.ORIGINATED_FROM_CRD, RayJobLabels.RAY_JOB_KIND);
    return labels;
  }

  /**
   * Whether a RayCluster was created for this RayJob: an owner reference with the RayJob's uid, or (without owner
   * references, e.g. in tests) the {@code ray.io/originated-from-*} labels naming it.
   */
  boolean createdForThisJob(RayCluster cluster) {
    String uid = job.getMetadata() == null ? null : job.getMetadata().getUid();
    List<OwnerReference> owners = cluster.getMetadata() == null ? null : cluster.getMetadata().getOwnerReferences();
    if (uid != null && owners != null && !owners.isEmpty()) {
      for (OwnerReference owner : owners) {
        if (uid.equals(owner.getUid())) {
          return true;
        }
      }
      return false;
    }
    Map<String, String> labels = cluster.getMetadata() == null ? null : cluster.getMetadata().getLabels();
    return labels != null && RayJobLabels.RAY_JOB_KIND.equals(labels.get(RayClusterLabels.ORIGINATED_FROM_CRD))
        && JobSpecs.name(job) != null && JobSpecs.name(job).equals(labels.get(RayClusterLabels.ORIGINATED_FROM_CR_NAME));
  }

  Decision build() {
    keepStoredMessageIfOnlyItChanged();
    List<RayJobAction> all = new ArrayList<>(actions);
    if (requeue != null) {
      all.add(new RayJobAction.RequeueAfter(requeue));
    }
    return new Decision(next, all);
  }

  /**
   * A decision that does nothing but change {@code status.message} keeps the stored message, so that no status write
   * is made for a transient message (the dashboard's "Job is currently running", "Waiting for …" while nothing else
   * moves). The message is written with the next change that matters (state, job status, conditions, times, ids) or
   * with any action or Event, so a message an Event relies on (e.g. "not found", compared to avoid repeating the
   * Warning) is always stored.
   */
  private void keepStoredMessageIfOnlyItChanged() {
    if (before == null || !actions.isEmpty() || Objects.equals(before.getMessage(), next.getMessage())) {
      return;
    }
    RayJobStatus withStoredMessage = ModelCopies.copy(next, RayJobStatus.class);
    withStoredMessage.setMessage(before.getMessage());
    if (withStoredMessage.equals(before)) {
      next.setMessage(before.getMessage());
    }
  }
}
