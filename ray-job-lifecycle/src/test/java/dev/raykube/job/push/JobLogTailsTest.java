package dev.raykube.job.push;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.Fault;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.testing.Eventually;
import dev.raykube.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@link JobLogTails} against a {@link FakeRayDashboard}: real WebSockets, a clock the test moves. */
class JobLogTailsTest {

  /** Generous: the machine is shared; a passing wait returns at once. */
  private static final long WAIT_SECONDS = 45;
  private static final RayJobKey A = new RayJobKey("ns", "a");
  private static final RayJobKey B = new RayJobKey("ns", "b");
  private static final RayJobKey C = new RayJobKey("ns", "c");

  private final BlockingQueue<RayJobKey> ended = new LinkedBlockingQueue<>();
  private final MovableClock clock = new MovableClock(Instant.parse("2026-11-30T12:00:00Z"));
  private FakeRayDashboard fake;
  private RayDashboardClient ray;
  private JobLogTails tails;

  @BeforeEach
  void start() {
    fake = FakeRayDashboard.create().start();
    ray = RayDashboardClient.builder().baseUrl(fake.url()).build();
    tails = tails(LogTailSettings.defaults().withRetry(Duration.ofSeconds(10), Duration.ofMinutes(5)));
  }

  @AfterEach
  void stop() {
    tails.close();
    ray.close();
    fake.close();
  }

  private JobLogTails tails(LogTailSettings settings) {
    return new JobLogTails(new LogTailPolicy(settings), ended::add, clock);
  }

  private LogTailTarget running(String id) {
    fake.script(id, JobScript.runsUntilStopped());
    ray.submitJob(JobSubmitRequest.builder("sleep 1000").submissionId(id).build());
    return new LogTailTarget(id, DashboardEndpoint.of(fake.url()));
  }

  private int tailRequests(String id) {
    return fake.requests("GET", "/api/jobs/" + id + "/logs/tail").size();
  }

  private RayJobKey nextEnded() throws InterruptedException {
    return ended.poll(WAIT_SECONDS, TimeUnit.SECONDS);
  }

  @Test
  @DisplayName("a followed job's end reconciles its RayJob; the ended tail is not reopened before the retry delay")
  void endOfJobIsPushed() throws Exception {
    LogTailTarget target = running("job-1");
    assertThat(tails.follow(A, FollowNeed.follow(target))).isEqualTo(LogTailStep.OPEN);
    assertThat(tails.follow(A, FollowNeed.follow(target))).isEqualTo(LogTailStep.KEEP);
    assertThat(tails.follow(A, FollowNeed.keepIfOpen(target))).isEqualTo(LogTailStep.KEEP);
    assertThat(tails.openCount()).isEqualTo(1);
    assertThat(tails.following(A)).isEqualTo("job-1");
    assertThat(ended).isEmpty();

    ray.stopJob("job-1");
    assertThat(nextEnded()).isEqualTo(A);
    assertThat(tails.openCount()).isZero();
    assertThat(tails.following(A)).isNull();
    assertThat(tails.follow(A, FollowNeed.follow(target))).as("ended 0 s ago").isEqualTo(LogTailStep.WAIT);
    assertThat(tailRequests("job-1")).isEqualTo(1);
    assertThat(tails.follow(A, FollowNeed.none())).isEqualTo(LogTailStep.FORGET);
    assertThat(tails.follow(A, FollowNeed.none())).isEqualTo(LogTailStep.NONE);
  }

  @Test
  @DisplayName("a tail refused at once (no tail endpoint, bad token) is retried only after a doubling delay")
  void refusedTailBacksOff() throws Exception {
    LogTailTarget target = running("job-1");
    fake.injectFault("GET", "/api/jobs/job-1/logs/tail", 2, Fault.status(404, "Not Found"));
    assertThat(tails.follow(A, FollowNeed.follow(target))).isEqualTo(LogTailStep.OPEN);
    assertThat(nextEnded()).isEqualTo(A);
    for (int i = 0; i < 20; i++) { // every reconcile in a tight loop would reopen it
      assertThat(tails.follow(A, FollowNeed.follow(target))).isEqualTo(LogTailStep.WAIT);
    }
    assertThat(tailRequests("job-1")).isEqualTo(1);

    clock.advance(Duration.ofSeconds(10));
    assertThat(tails.follow(A, FollowNeed.follow(target))).isEqualTo(LogTailStep.OPEN);
    assertThat(nextEnded()).isEqualTo(A);
    clock.advance(Duration.ofSeconds(10));
    assertThat(tails.follow(A, FollowNeed.follow(target))).as("second end in a row: 20 s").isEqualTo(
        LogTailStep.WAIT);
    clock.advance(Duration.ofSeconds(10));
    assertThat(tails.follow(A, FollowNeed.follow(target))).isEqualTo(LogTailStep.OPEN);
    Eventually.await(Duration.ofSeconds(WAIT_SECONDS), "the third tail's upgrade", () -> tailRequests("job-1") == 3);
    assertThat(tails.openCount()).isEqualTo(1);
    assertThat(ended).isEmpty();
  }

  @Test
  @DisplayName("closing (job ended, RayJob gone, new submission id, operator stops) reports no end")
  void closedTailsReportNothing() throws Exception {
    LogTailTarget first = running("job-1");
    LogTailTarget retry = running("job-2");
    tails.follow(A, FollowNeed.follow(first));
    assertThat(tails.follow(A, FollowNeed.follow(retry))).as("a retry's new id").isEqualTo(LogTailStep.REPLACE);
    assertThat(tails.following(A)).isEqualTo("job-2");
    assertThat(tails.openCount()).isEqualTo(1);
    assertThat(tails.follow(A, FollowNeed.none())).isEqualTo(LogTailStep.CLOSE);
    assertThat(tails.openCount()).isZero();

    tails.follow(A, FollowNeed.follow(first));
    tails.follow(B, FollowNeed.follow(retry));
    tails.forget(A);
    assertThat(tails.openCount()).isEqualTo(1);
    tails.close();
    assertThat(tails.openCount()).isZero();
    assertThat(tails.following(B)).isNull();

    // The jobs end now; none of the closed tails may report it. A tail opened afterwards does, and comes first.
    LogTailTarget third = running("job-3");
    JobLogTails fresh = tails(LogTailSettings.defaults());
    try {
      fresh.follow(C, FollowNeed.follow(third));
      ray.stopJob("job-1");
      ray.stopJob("job-2");
      ray.stopJob("job-3");
      assertThat(nextEnded()).isEqualTo(C);
      assertThat(ended).isEmpty();
    } finally {
      fresh.close();
    }
  }

  @Test
  @DisplayName("at most maxOpen tails; beyond it polling only, and room made by a close is used again")
  void bounded() {
    JobLogTails one = tails(LogTailSettings.defaults().withMaxOpen(1));
    try {
      assertThat(one.follow(A, FollowNeed.follow(running("job-1")))).isEqualTo(LogTailStep.OPEN);
      LogTailTarget second = running("job-2");
      assertThat(one.follow(B, FollowNeed.follow(second))).isEqualTo(LogTailStep.FULL);
      assertThat(tailRequests("job-2")).isZero();
      one.forget(A);
      assertThat(one.follow(B, FollowNeed.follow(second))).isEqualTo(LogTailStep.OPEN);
      assertThat(one.openCount()).isEqualTo(1);
    } finally {
      one.close();
    }
    JobLogTails off = tails(LogTailSettings.defaults().withMaxOpen(0));
    try {
      assertThat(off.follow(A, FollowNeed.follow(running("job-3")))).isEqualTo(LogTailStep.NONE);
      assertThat(tailRequests("job-3")).isZero();
    } finally {
      off.close();
    }
  }
}
