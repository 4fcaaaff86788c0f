package dev.raykube.local;

import dev.raykube.cronjob.ChildRayJob;
import dev.raykube.cronjob.RayCronJobEventReason;
import dev.raykube.dashboard.JobLogListener;
import dev.raykube.dashboard.LogTail;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RayDashboardException;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The I/O of {@code raykube local run} after the apply: reads each RayJob, RayCluster, RayService and RayCronJob (with
 * its RayJobs, label {@code ray.io/cronjob-name}, and its Warnings {@code InvalidRayCronJobSpec} recorded since the
 * run began) of the run once a second, prints what {@link RunProgress} makes of it (with the seconds since the start),
 * and tails each RayJob's Ray job log from its dashboard ({@code status.dashboardURL}) while it runs, one
 * {@code <rayjob> | <line>} per log line, until every object has ended or the time is up.
 */
final class RunFollower {

  private static final Duration POLL = Duration.ofSeconds(1);
  /** How long a RayJob's end waits for the rest of its log (Ray closes the tail 1–2 s after the job ends). */
  private static final Duration LOG_DRAIN = Duration.ofSeconds(5);
  /** How many times a RayJob's log tail is opened at most (again after a broken stream, once a second). */
  private static final int TAIL_ATTEMPTS = 5;

  private final KubernetesClient client;
  private final PrintStream out;
  private final long started = System.nanoTime();
  /** The run's start on the wall clock, to the second as Events record it, for the Events of this run. */
  private final Instant startedAt = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
  private final Map<RunProgress.Target, Tail> tails = new HashMap<>();

  RunFollower(KubernetesClient client, PrintStream out) {
    this.client = client;
    this.out = out;
  }

  /** The RayJobs, RayClusters, RayServices and RayCronJobs among {@code applied}, in order. */
  static List<RunProgress.Target> targets(List<HasMetadata> applied) {
    List<RunProgress.Target> targets = new ArrayList<>();
    for (HasMetadata object : applied) {
      RunProgress.Kind.of(object.getApiVersion(), object.getKind()).ifPresent(kind -> targets.add(
          new RunProgress.Target(kind, object.getMetadata().getNamespace(), object.getMetadata().getName())));
    }
    return targets;
  }

  /**
   * Follows {@code targets} until each has ended or {@code timeout} has passed.
   *
   * @return whether every object ended as wanted ({@link RunProgress#succeeded()})
   */
  boolean follow(List<RunProgress.Target> targets, Duration timeout) throws InterruptedException {
    RunProgress progress = new RunProgress(targets);
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      while (!progress.finished() && System.nanoTime() < deadline) {
        for (RunProgress.Target target : progress.targets()) {
          if (!progress.ended(target)) {
            print(observe(progress, target));
          }
        }
        if (!progress.finished()) {
          Thread.sleep(POLL.toMillis());
        }
      }
    } finally {
      tails.values().forEach(Tail::close);
    }
    if (!progress.finished()) {
      print(List.of("not done after " + timeout.toSeconds() + " s"));
    }
    print(progress.summary());
    return progress.succeeded();
  }

  private List<String> observe(RunProgress progress, RunProgress.Target target) throws InterruptedException {
    String namespace = target.namespace();
    switch (target.kind()) {
      case RAY_JOB -> {
        RayJob job = client.resources(RayJob.class).inNamespace(namespace).withName(target.name()).get();
        tailIfRunning(target, job);
        List<String> lines = progress.onRayJob(target, job);
        if (progress.ended(target) && tails.containsKey(target)) {
          tails.get(target).drain(LOG_DRAIN);
        }
        return lines;
      }
      case RAY_CLUSTER -> {
        return progress.onRayCluster(target,
            client.resources(RayCluster.class).inNamespace(namespace).withName(target.name()).get());
      }
      case RAY_SERVICE -> {
        return progress.onRayService(target,
            client.resources(RayService.class).inNamespace(namespace).withName(target.name()).get());
      }
      case RAY_CRON_JOB -> {
        return observeCronJob(progress, target);
      }
      default -> throw new IllegalStateException("unknown kind " + target.kind());
    }
  }

  /** A RayCronJob and its RayJobs; each RayJob's log is tailed as a RayJob's of the run is. */
  private List<String> observeCronJob(RunProgress progress, RunProgress.Target target) throws InterruptedException {
    String namespace = target.namespace();
    RayCronJob cronJob = client.resources(RayCronJob.class).inNamespace(namespace).withName(target.name()).get();
    List<RayJob> rayJobs = client.resources(RayJob.class).inNamespace(namespace)
        .withLabel(ChildRayJob.CRON_JOB_NAME_LABEL, target.name()).list().getItems();
    List<RunProgress.Target> children = rayJobs.stream()
        .map(job -> new RunProgress.Target(RunProgress.Kind.RAY_JOB, namespace, job.getMetadata().getName())).toList();
    for (int i = 0; i < rayJobs.size(); i++) {
      if (!progress.ended(children.get(i))) {
        tailIfRunning(children.get(i), rayJobs.get(i));
      }
    }
    List<String> lines = progress.onRayCronJob(target, cronJob, rayJobs,
        rayJobs.isEmpty() ? invalid(target) : Optional.empty());
    for (RunProgress.Target child : children) {
      Tail tail = progress.ended(child) ? tails.remove(child) : null;
      if (tail != null) {
        tail.drain(LOG_DRAIN);
        tail.close();
      }
    }
    return lines;
  }

  /** The message of the latest Warning {@code InvalidRayCronJobSpec} about a RayCronJob recorded since the run began. */
  private Optional<String> invalid(RunProgress.Target target) {
    String reason = RayCronJobEventReason.INVALID_SPEC.value();
    return client.v1().events().inNamespace(target.namespace()).list().getItems().stream()
        .filter(e -> "RayCronJob".equals(e.getInvolvedObject().getKind())
            && target.name().equals(e.getInvolvedObject().getName()) && reason.equals(e.getReason()))
        .filter(e -> StatusTimes.parse(e.getLastTimestamp()).map(t -> !t.isBefore(startedAt)).orElse(false))
        .max(java.util.Comparator.comparing(Event::getLastTimestamp)).map(Event::getMessage);
  }

  private void tailIfRunning(RunProgress.Target target, RayJob job) {
    if (job == null || job.getStatus() == null) {
      return;
    }
    var status = job.getStatus();
    Tail previous = tails.get(target);
    boolean sameJob = previous != null && previous.jobId.equals(status.getJobId());
    if (sameJob && (!previous.failed || previous.attempt >= TAIL_ATTEMPTS)) {
      return; // following it, done with it, or given up
    }
    JobDeploymentStatus deployment = status.getJobDeploymentStatus();
    // Once Ray knows the job (it has a status): before the submission, Ray answers the tail with 404.
    if (deployment != JobDeploymentStatus.RUNNING || status.getJobId() == null || status.getJobId().isEmpty()
        || status.getJobStatusValue() == null || status.getJobStatusValue().isEmpty()
        || status.getDashboardURL() == null || status.getDashboardURL().isEmpty()) {
      return;
    }
    if (previous != null) {
      previous.close();
    }
    // A broken stream is opened again; the log so far is sent again, so the lines printed already are skipped. A new
    // attempt of the RayJob (a new Ray job id) gets a tail of its own.
    tails.put(target, new Tail(target.name(), DashboardEndpoint.urlOf(status.getDashboardURL()), status.getJobId(),
        sameJob ? previous.attempt + 1 : 1, sameJob ? previous.printed : 0));
  }

  private synchronized void print(List<String> lines) {
    double seconds = (System.nanoTime() - started) / 1e9;
    for (String line : lines) {
      out.printf("%6.1fs  %s%n", seconds, line);
    }
    out.flush();
  }

  private synchronized void printLog(String job, String line) {
    out.println(job + " | " + line);
    out.flush();
  }

  /**
   * One RayJob's log tail: chunks split into lines (a partial last line is kept until the next chunk or the end), the
   * first {@code skip} lines not printed (a tail opened again after a broken one gets the whole log again).
   */
  private final class Tail implements JobLogListener {
    private final String job;
    private final String jobId;
    private final RayDashboardClient dashboard;
    private final LogTail tail;
    private final StringBuilder partial = new StringBuilder();
    private final int attempt;
    private final int skip;
    private int seen;
    private volatile int printed;
    private volatile boolean failed;

    Tail(String job, String url, String jobId, int attempt, int skip) {
      this.job = job;
      this.jobId = jobId;
      this.attempt = attempt;
      this.skip = skip;
      this.printed = skip;
      this.dashboard = RayDashboardClient.builder().baseUrl(url).build();
      this.tail = dashboard.tailJobLogs(jobId, this);
    }

    @Override
    public synchronized void onLogs(String chunk) {
      partial.append(chunk);
      int newline;
      while ((newline = partial.indexOf("\n")) >= 0) {
        line(partial.substring(0, newline));
        partial.delete(0, newline + 1);
      }
    }

    private void line(String line) {
      if (++seen > skip) {
        printLog(job, line);
        printed++;
      }
    }

    @Override
    public synchronized void onComplete() {
      if (partial.length() > 0) {
        line(partial.toString());
        partial.setLength(0);
      }
    }

    @Override
    public synchronized void onFailure(RayDashboardException error) {
      partial.setLength(0); // the next tail sends it again, whole
      failed = true;
      if (attempt >= TAIL_ATTEMPTS) {
        print(List.of(job + ": the Ray job's log stream broke " + attempt + " times; the rest is not shown ("
            + Manifest.firstLine(error.getMessage()) + ")"));
      }
    }

    void drain(Duration timeout) throws InterruptedException {
      try {
        tail.completion().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        // ended without the rest, or still open: what arrived is printed
      }
    }

    void close() {
      tail.close();
      dashboard.close();
    }
  }
}
