package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.DirectRayJobs.FAST_JOBS;
import static dev.raykube.operator.rayjob.DirectRayJobs.FAST_TAILS;
import static dev.raykube.operator.rayjob.DirectRayJobs.NS;
import static dev.raykube.operator.rayjob.DirectRayJobs.httpModeJob;
import static dev.raykube.operator.testing.RunningOperator.FAST_FINALIZER;
import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.Fault;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.job.loop.RayJobLoop;
import dev.raykube.job.observe.RayJobReads;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.runtime.ControllerEventCache;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The pushed change of a Ray job ({@link JobEndEventSource}, the library's {@code JobEndPush} as a JOSDK event
 * source), without the operator runtime: the test wires the reconciler to a source it started with a handler that
 * records the RayJobs it triggers, and reconciles each triggered RayJob once, as JOSDK would. The log tail of a job no
 * job list follows (its reads fail) pushes its end; a healthy job list stands in for the job's own polls and hands its
 * reconcile the listed details; {@code --max-job-log-tails=0} (the production wiring) opens no tail. The job list
 * itself: {@code JobListPollsTest}.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobEndPushTest {

  private static final AdaptivePoll TEN_MINUTES = new AdaptivePoll(Duration.ofMinutes(10), Duration.ofMinutes(10), 0);
  private static final Consumer<FakeRayDashboard> FOREVER =
      d -> d.scriptEntrypoints(Pattern.compile("python forever\\.py"), JobScript.runsUntilStopped());

  static KubernetesClient client;

  private final List<ResourceID> triggered = new CopyOnWriteArrayList<>();
  private DirectRayJobs jobs;
  private JobEndEventSource ends;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @AfterEach
  void stop() {
    if (ends != null) {
      ends.stop();
    }
    jobs.close();
  }

  @Test
  @DisplayName("with a 10-minute poll and no job list (its reads fail), the end of the log tail triggers the RayJob")
  void endOfTailTriggers() {
    jobs = DirectRayJobs.start(client, FOREVER.andThen(d -> d.injectFaultOnPath("GET", "/api/jobs/", 100_000,
        Fault.status(500, "no list"))), this::pushedReconciler);
    jobs.create(httpModeJob("pushed", "python forever.py"));
    jobs.runUntil("pushed", "the Ray job runs", DirectRayJobs.rayJobRunning());
    String id = jobs.submissionId("pushed");
    // A new list counts as healthy; its first failed read hands the RayJob back to its own poll and tail at once.
    await("the failed list read triggers the RayJob", () -> triggered.contains(key("pushed")));
    assertThat(jobs.step("pushed")).as("nothing but a push reconciles it for 10 minutes")
        .hasValue(Duration.ofMinutes(10));
    await("the tail is open", () -> tailRequests(id) == 1);
    triggered.clear();

    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(jobs.dashboard.url()).build()) {
      ray.stopJob(id);
    }
    await("the end of the tail triggers the RayJob", () -> triggered.contains(key("pushed")));
    assertThat(triggered).containsOnly(key("pushed"));
    jobs.step("pushed");
    assertThat(jobs.jobStatus("pushed")).isEqualTo(JobStatus.STOPPED);
    assertThat(jobs.deploymentStatus("pushed")).isEqualTo(JobDeploymentStatus.COMPLETE);
    assertThat(tailRequests(id)).as("one tail, not reopened after the end").isEqualTo(1);
  }

  @Test
  @DisplayName("a healthy job list stands in for the job's polls, triggers the RayJob on the end and hands its "
      + "reconcile the listed details: no GET of the job")
  void listStandsInForTheJobsGets() {
    jobs = DirectRayJobs.start(client, FOREVER, this::pushedReconciler);
    jobs.create(httpModeJob("listed", "python forever.py"));
    jobs.runUntil("listed", "the Ray job runs", DirectRayJobs.rayJobRunning());
    String id = jobs.submissionId("listed");
    assertThat(jobs.step("listed")).as("the relieved poll, not the 10-minute one nor the fast one")
        .hasValue(Duration.ofSeconds(30));
    int lists = jobs.dashboard.requests("GET", "/api/jobs/").size();
    await("the list is read", () -> jobs.dashboard.requests("GET", "/api/jobs/").size() > lists);
    assertThat(tailRequests(id)).as("no tail while the list follows").isZero();
    triggered.clear();

    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(jobs.dashboard.url()).build()) {
      ray.stopJob(id);
    }
    await("the list's change triggers the RayJob", () -> triggered.contains(key("listed")));
    int gets = jobs.dashboard.requests("GET", "/api/jobs/" + id).size();
    jobs.step("listed");
    assertThat(jobs.deploymentStatus("listed")).isEqualTo(JobDeploymentStatus.COMPLETE);
    assertThat(jobs.dashboard.requests("GET", "/api/jobs/" + id)).as("GETs of the job by the triggered reconcile")
        .hasSize(gets);
  }

  @Test
  @DisplayName("--max-job-log-tails=0 (production wiring): no tail is opened though no list follows; the poll alone "
      + "finds the end")
  void pushOff() {
    jobs = DirectRayJobs.start(client, FOREVER.andThen(d -> d.injectFaultOnPath("GET", "/api/jobs/", 100_000,
        Fault.status(500, "no list"))));
    jobs.create(httpModeJob("polled", "python forever.py"));
    jobs.runUntil("polled", "the Ray job runs", DirectRayJobs.rayJobRunning());
    String id = jobs.submissionId("polled");
    await("a failed list read", () -> !jobs.dashboard.requests("GET", "/api/jobs/").isEmpty());
    for (int i = 0; i < 4; i++) {
      jobs.step("polled");
    }
    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(jobs.dashboard.url()).build()) {
      ray.stopJob(id);
    }
    jobs.runUntil("polled", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    assertThat(tailRequests(id)).isZero();
  }

  /**
   * The reconciler as {@link RayJobController} wires it, at a 10-minute poll with log tails on, its push the source
   * this test started with a handler that records the RayJobs it triggers.
   */
  private RayJobReconciler pushedReconciler(ControllerContext context, FakeRayDashboard dashboard) {
    ends = new JobEndEventSource(FAST_TAILS.withFollowedPoll(TEN_MINUTES), TEN_MINUTES, context.clock());
    ends.setEventHandler(event -> triggered.add(event.getRelatedCustomResourceID()));
    ends.start();
    ControllerEventCache<RayJob> cache = new ControllerEventCache<>();
    RayJobLoop loop = RayJobLoop.builder(context.client()).reads(RayJobReads.fromApi(context.client()))
        .dashboardAccess(DashboardAccess.fixed(dashboard.url())).dashboards(new DashboardClients())
        .events(context.eventRecorder()).settings(FAST_JOBS.withPoll(TEN_MINUTES)).finalizerSettings(FAST_FINALIZER)
        .runningJobPoll(ends.push()).recentJobDetails(ends.push()).primaryCache(cache).clock(context.clock()).build();
    return new RayJobReconciler(loop, new CachedRayJobReads(), ends, cache, context.kubeRayMetrics());
  }

  private int tailRequests(String id) {
    return jobs.dashboard.requests("GET", "/api/jobs/" + id + "/logs/tail").size();
  }

  private static ResourceID key(String name) {
    return new ResourceID(name, NS);
  }
}
