package dev.raykube.bench.soak;

import static dev.raykube.bench.side.RayServiceStates.activeCluster;
import static dev.raykube.bench.side.RayServiceStates.ready;

import dev.raykube.kernel.finalizer.FinalizerDecision;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The promises checked at the end of a soak, from the records: the RayJobs and RayServices as the API server holds
 * them, the ledger of every submission every head's dashboard accepted, the Serve applications the heads run. Each
 * broken promise is one line naming the RayJob or RayService.
 */
final class Invariants {

  /** The Warning of a best-effort deletion whose stop attempt failed. */
  static final String CLEANUP_FAILED = FinalizerDecision.Reason.CLEANUP_FAILED.eventReason();

  private final List<String> violations = new ArrayList<>();
  private final List<String> bestEffortStopsFailed = new ArrayList<>();
  private final List<String> suspendedTooLate = new ArrayList<>();

  /**
   * Checks each RayJob's end and its submissions. A RayJob deleted while running must have had a stop request at a
   * dashboard, except under the default {@code best-effort} policy when its one stop attempt failed (a dashboard
   * fault) and the operator said so with a Warning {@code CleanupFailed}: that is the policy's documented cost
   * (docs/finalizers.md), listed apart; {@code until-confirmed} has no such exception.
   *
   * @param eventReasons the reasons of the Events about each RayJob, by name
   */
  void checkJobs(List<JobPlan> plans, SoakSchedule schedule, List<SoakDashboards.Submission> ledger,
      Map<String, Set<String>> eventReasons) {
    Map<String, List<SoakDashboards.Submission>> byJob = ledger.stream().collect(Collectors.groupingBy(
        s -> s.submissionId().length() > 6 ? s.submissionId().substring(0, s.submissionId().length() - 6) : "?",
        TreeMap::new, Collectors.toList()));
    Map<String, List<SoakDashboards.Submission>> byId = ledger.stream().collect(Collectors.groupingBy(
        SoakDashboards.Submission::submissionId, TreeMap::new, Collectors.toList()));
    byId.forEach((id, accepted) -> {
      if (accepted.size() > 1) {
        violations.add("Ray job " + id + " was submitted " + accepted.size() + " times (heads " + accepted.stream()
            .map(s -> s.cluster() + "#" + s.incarnation()).toList() + ")");
      }
    });
    for (JobPlan plan : plans) {
      List<SoakDashboards.Submission> submissions = byJob.getOrDefault(plan.name(), List.of());
      long attempts = submissions.stream().map(SoakDashboards.Submission::submissionId).distinct().count();
      long allowed = plan.kind() == JobPlan.Kind.SUSPENDED_AND_RESUMED ? 2 : 1;
      if (attempts > allowed) {
        violations.add(plan.name() + " (" + plan.kind() + "): " + attempts + " submission ids, at most " + allowed
            + " allowed (backoffLimit 0" + (allowed == 2 ? ", one suspension" : "") + ")");
      }
      RayJob seen = schedule.lastSeen().get(plan.name());
      boolean lost = schedule.headLost(plan.name());
      if (plan.kind().deleted()) {
        if (seen != null) {
          violations.add(plan.name() + " was deleted but still exists: " + SoakSchedule.describe(seen));
        }
        for (SoakDashboards.Submission s : submissions) {
          // a stop accepted just before the head went may not have taken effect there yet: the request is the promise
          if (!lost && !s.stopRequested() && !"STOPPED".equals(s.lastStatus())) {
            if (plan.kind() == JobPlan.Kind.DELETED_WHILE_RUNNING
                && eventReasons.getOrDefault(plan.name(), Set.of()).contains(CLEANUP_FAILED)) {
              bestEffortStopsFailed.add(plan.name() + " (" + s.submissionId() + ")");
              continue;
            }
            violations.add(plan.name() + " was deleted while running but Ray job " + s.submissionId() + " got no stop"
                + " request (it ended " + s.lastStatus() + ")");
          }
        }
        continue;
      }
      if (seen == null || seen.getStatus() == null) {
        violations.add(plan.name() + " (" + plan.kind() + ") is gone or has no status");
        continue;
      }
      if (plan.kind() == JobPlan.Kind.SUSPENDED_AND_RESUMED && !lost && !schedule.resumed(plan.name())) {
        if (schedule.suspendedTooLate(plan.name())) {
          suspendedTooLate.add(plan.name());
        } else {
          violations.add(plan.name() + " was asked to suspend while Running but ended " + SoakSchedule.describe(seen)
              + " without being Suspended");
        }
      }
      String deployment = seen.getStatus().getJobDeploymentStatusValue();
      String jobStatus = seen.getStatus().getJobStatusValue();
      String want = lost ? "Failed" : plan.succeeds() ? "Complete" : "Failed";
      if (!want.equals(deployment)) {
        violations.add(plan.name() + " (" + plan.kind() + (lost ? ", head Pod deleted under it" : "") + ") ended "
            + SoakSchedule.describe(seen) + "; expected " + want);
      }
      if (!lost) {
        String wantJob = plan.succeeds() ? "SUCCEEDED" : "FAILED";
        if (!wantJob.equals(jobStatus)) {
          violations.add(plan.name() + " (" + plan.kind() + ") reports Ray job " + jobStatus + "; expected " + wantJob);
        }
        String id = seen.getStatus().getJobId();
        submissions.stream().filter(s -> s.submissionId().equals(id)).reduce((a, b) -> b).ifPresentOrElse(s -> {
          if (!s.lastStatus().equals(jobStatus)) {
            violations.add(plan.name() + " reports " + jobStatus + " but Ray says " + s.lastStatus() + " for " + id);
          }
        }, () -> violations.add(plan.name() + " reports Ray job " + id + ", which no dashboard accepted"));
      }
    }
  }

  /**
   * Checks each RayService's end: every one was Ready once; a kept one is Ready on exactly one RayCluster (an upgraded
   * one on another than the one it was first Ready on, that one gone), and the application it reports RUNNING runs
   * on that cluster's head; a deleted one is gone with its RayClusters.
   */
  void checkServices(List<ServicePlan> plans, SoakServices services, SoakDashboards dashboards) {
    Map<String, String> first = services.firstClusters();
    for (ServicePlan plan : plans) {
      String name = plan.name() + " (RayService " + plan.kind() + ")";
      if (!first.containsKey(plan.name())) {
        violations.add(name + " was never Ready");
        continue;
      }
      RayService seen = services.lastSeen().get(plan.name());
      List<String> clusters = services.clustersOf().getOrDefault(plan.name(), List.of());
      if (plan.kind() == ServicePlan.Kind.DELETED) {
        if (seen != null || !clusters.isEmpty()) {
          violations.add(name + " was deleted but " + (seen != null ? "still exists: " + SoakServices.describe(seen)
              : "its RayClusters " + clusters + " are left"));
        }
        continue;
      }
      if (seen == null || !ready(seen)) {
        violations.add(name + " is not Ready at the end: " + SoakServices.describe(seen));
        continue;
      }
      String active = activeCluster(seen);
      if (!clusters.equals(List.of(active))) {
        violations.add(name + " is Ready on " + active + " but has the RayClusters " + clusters);
      }
      if (plan.kind() == ServicePlan.Kind.UPGRADED && active.equals(first.get(plan.name()))) {
        violations.add(name + " still runs on its first cluster " + active + " after the upgrade");
      }
      String reported = SoakServices.application(seen);
      String running = dashboards.serveStatusNow(seen.getMetadata().getNamespace(), active, ServicePlan.APPLICATION);
      if (!"RUNNING".equals(reported) || !"RUNNING".equals(running)) {
        violations.add(name + " reports " + ServicePlan.APPLICATION + " " + reported + " on " + active
            + ", whose head says " + running);
      }
    }
  }

  /** Adds a violation found elsewhere (something left behind, a RayJob that never ended). */
  void add(String violation) {
    violations.add(violation);
  }

  /** The best-effort deletions whose one stop attempt failed, with the operator's Warning (not violations). */
  List<String> bestEffortStopsFailed() {
    return List.copyOf(bestEffortStopsFailed);
  }

  /** Suspended-and-resumed RayJobs that had ended before their suspension was written (not violations). */
  List<String> suspendedTooLate() {
    return List.copyOf(suspendedTooLate);
  }

  List<String> violations() {
    return List.copyOf(violations);
  }
}
