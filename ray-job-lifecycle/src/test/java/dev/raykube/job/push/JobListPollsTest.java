package dev.raykube.job.push;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.JobStatus;
import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.Fault;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.testing.Eventually;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@link JobListPolls} against a {@link FakeRayDashboard}: real list reads at the real cadence (1 s to 3 s). */
class JobListPollsTest {

  /** Generous: the machine is shared; a passing wait returns at once. */
  private static final long WAIT_SECONDS = 45;
  private static final RayJobKey A = new RayJobKey("ns", "a");
  private static final RayJobKey B = new RayJobKey("ns", "b");
  private static final RayJobKey C = new RayJobKey("ns", "c");

  private final BlockingQueue<RayJobKey> changed = new LinkedBlockingQueue<>();
  private FakeRayDashboard fake;
  private RayDashboardClient ray;
  private JobListPolls lists;

  @BeforeEach
  void start() {
    fake = FakeRayDashboard.create().start();
    ray = RayDashboardClient.builder().baseUrl(fake.url()).build();
    lists = new JobListPolls(changed::add, new OkHttpClient());
  }

  @AfterEach
  void stop() {
    lists.close();
    ray.close();
    fake.close();
  }

  private FollowNeed running(String id) {
    fake.script(id, JobScript.runsUntilStopped());
    ray.submitJob(JobSubmitRequest.builder("sleep 1000").submissionId(id).build());
    Eventually.await(Duration.ofSeconds(WAIT_SECONDS), id + " RUNNING",
        () -> ray.getJob(id).status() == JobStatus.RUNNING);
    return FollowNeed.follow(new LogTailTarget(id, DashboardEndpoint.of(fake.url())));
  }

  private int listReads() {
    return fake.requests("GET", "/api/jobs/").size();
  }

  @Test
  @DisplayName("one list read answers for every followed job; only the job that changed reconciles its RayJob")
  void oneListForManyJobs() throws Exception {
    lists.follow(A, running("job-a"), JobStatus.RUNNING);
    lists.follow(B, running("job-b"), JobStatus.RUNNING);
    lists.follow(C, running("job-c"), JobStatus.RUNNING);
    fake.clearRequests();
    assertThat(lists.relieves(A)).as("a new list is healthy until a read fails").isTrue();

    Eventually.await(Duration.ofSeconds(WAIT_SECONDS), "a list read", () -> listReads() >= 1);
    Eventually.await(Duration.ofSeconds(WAIT_SECONDS), "A relieved", () -> lists.relieves(A));
    ray.stopJob("job-b");
    assertThat(changed.poll(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(B);
    assertThat(lists.relieves(B)).as("B is no longer followed until its next reconcile").isFalse();
    assertThat(lists.relieves(A)).isTrue();
    assertThat(changed).isEmpty();
    assertThat(fake.requests("GET", "/api/jobs/job-a")).as("no per-job GET").isEmpty();
  }

  @Test
  @DisplayName("a job seen PENDING reconciles its RayJob when the list shows it RUNNING")
  void pendingToRunningIsPushed() throws Exception {
    FollowNeed need = running("job-a");
    lists.follow(A, need, JobStatus.PENDING);
    assertThat(changed.poll(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(A);
  }

  @Test
  @DisplayName("a changed job's details wait for its reconcile past the freshness bound: later reads refresh them")
  void changedDetailsStayFreshUntilTaken() throws Exception {
    FollowNeed a = running("job-a");
    lists.follow(A, a, JobStatus.RUNNING);
    lists.follow(B, running("job-b"), JobStatus.RUNNING);
    lists.follow(C, running("job-c"), JobStatus.RUNNING); // B and C keep the list read every 1.5 s
    fake.clearRequests();
    ray.stopJob("job-a");
    assertThat(changed.poll(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(A);
    long changedAt = System.nanoTime();
    int readsAtChange = listReads();
    // A reconcile that waits in a long queue: past the freshness bound since the change, after a later read.
    Eventually.await(Duration.ofSeconds(WAIT_SECONDS), "a later list read", () -> listReads() > readsAtChange);
    long waitMillis = JobListPolls.FRESH_MILLIS + 200 - (System.nanoTime() - changedAt) / 1_000_000;
    Thread.sleep(Math.max(200, waitMillis));

    Optional<JobDetails> taken = lists.take(a.target().endpoint(), "job-a");
    assertThat(taken).as("refreshed by the later read, so still fresh").isPresent();
    assertThat(taken.get().status()).isEqualTo(JobStatus.STOPPED);
    assertThat(lists.take(a.target().endpoint(), "job-a")).as("handed out once").isEmpty();
    assertThat(fake.requests("GET", "/api/jobs/job-a")).as("no per-job GET").isEmpty();
  }

  @Test
  @DisplayName("a failed read reconciles every follower at once and stops relieving their polls until a read succeeds")
  void failedReadHandsBackToThePolls() throws Exception {
    FollowNeed a = running("job-a");
    LogTailTarget elsewhere = new LogTailTarget("job-x", DashboardEndpoint.of("http://127.0.0.1:1"));
    assertThat(lists.wouldRelieve(a.target())).as("no list there yet: a new one is healthy").isTrue();
    lists.follow(A, a, JobStatus.RUNNING);
    Eventually.await(Duration.ofSeconds(WAIT_SECONDS), "A relieved", () -> lists.relieves(A));
    fake.injectFault("GET", "/api/jobs/", 1, Fault.status(500, "boom"));
    assertThat(changed.poll(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(A);
    assertThat(lists.relieves(A)).isFalse();
    assertThat(lists.wouldRelieve(a.target())).as("following again would not relieve either").isFalse();
    assertThat(lists.wouldRelieve(elsewhere)).as("another dashboard's list is not this one").isTrue();
    Eventually.await(Duration.ofSeconds(WAIT_SECONDS), "relieved again after a good read", () -> lists.relieves(A));
    assertThat(lists.wouldRelieve(a.target())).isTrue();
  }

  @Test
  @DisplayName("dropping and forgetting stop the reads; a RayJob that moves to another submission follows the new one")
  void dropForgetAndMove() throws Exception {
    FollowNeed first = running("job-a");
    lists.follow(A, first, JobStatus.RUNNING);
    lists.follow(A, running("job-a2"), JobStatus.RUNNING);
    ray.stopJob("job-a");
    Eventually.await(Duration.ofSeconds(WAIT_SECONDS), "A relieved", () -> lists.relieves(A));
    assertThat(changed).as("the old submission's end is not A's any more").isEmpty();
    lists.follow(A, FollowNeed.keepIfOpen(first.target()), null);
    assertThat(lists.relieves(A)).as("keep-if-open of another target drops").isFalse();

    lists.follow(B, running("job-b"), JobStatus.RUNNING);
    lists.forget(B);
    lists.follow(C, running("job-c"), JobStatus.RUNNING);
    lists.follow(C, FollowNeed.none(), null);
    fake.clearRequests();
    Thread.sleep(3500);
    assertThat(listReads()).as("nobody follows a job there").isZero();
    assertThat(changed).isEmpty();
  }
}
