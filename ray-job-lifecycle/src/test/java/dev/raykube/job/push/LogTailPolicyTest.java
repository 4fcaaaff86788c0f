package dev.raykube.job.push;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.JobStatus;
import dev.raykube.dashboard.JobType;
import dev.raykube.job.decide.JobLookup;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.model.job.RayJobStatus;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link LogTailPolicy}: when a RayJob's log tail is opened, kept, closed, forgotten or retried — exhaustive tables. */
class LogTailPolicyTest {

  private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
  private static final String URL = "http://demo-head-svc.ns.svc.cluster.local:8265";
  private static final LogTailTarget T = new LogTailTarget("job-1", new DashboardEndpoint(URL, null));
  private static final LogTailTarget OTHER_ID = new LogTailTarget("job-2", new DashboardEndpoint(URL, null));
  private static final LogTailTarget OTHER_TOKEN = new LogTailTarget("job-1", new DashboardEndpoint(URL, "t2"));
  private static final LogTailSettings SETTINGS = LogTailSettings.defaults().withMaxOpen(3)
      .withRetry(Duration.ofSeconds(2), Duration.ofSeconds(60));
  private static final LogTailPolicy POLICY = new LogTailPolicy(SETTINGS);

  // --- memories
  private static final LogTailMemory OPEN = new LogTailMemory.Open(T, NOW.minusSeconds(30), 0);
  private static final LogTailMemory OPEN_OTHER = new LogTailMemory.Open(OTHER_ID, NOW.minusSeconds(30), 0);
  /** Ended 1 s ago after 1 end: retry after 2 s → not due. */
  private static final LogTailMemory ENDED_RECENTLY = new LogTailMemory.Ended(T, NOW.minusSeconds(1), 1);
  /** Ended 2 s ago after 1 end: due (the retry time is inclusive). */
  private static final LogTailMemory ENDED_DUE = new LogTailMemory.Ended(T, NOW.minusSeconds(2), 1);
  /** Ended 3 s ago after 2 ends: retry after 4 s → not due. */
  private static final LogTailMemory ENDED_TWICE = new LogTailMemory.Ended(T, NOW.minusSeconds(3), 2);
  private static final LogTailMemory ENDED_OTHER = new LogTailMemory.Ended(OTHER_ID, NOW.minusSeconds(1), 5);

  static Stream<Arguments> steps() {
    FollowNeed follow = FollowNeed.follow(T);
    FollowNeed keep = FollowNeed.keepIfOpen(T);
    FollowNeed none = FollowNeed.none();
    return Stream.of(
        // need NONE: close or forget whatever there is
        row(none, null, 0, LogTailStep.NONE),
        row(none, OPEN, 1, LogTailStep.CLOSE),
        row(none, OPEN_OTHER, 1, LogTailStep.CLOSE),
        row(none, ENDED_RECENTLY, 0, LogTailStep.FORGET),
        row(none, ENDED_OTHER, 0, LogTailStep.FORGET),
        // need KEEP_IF_OPEN: open nothing; keep the same target; drop other targets
        row(keep, null, 0, LogTailStep.NONE),
        row(keep, OPEN, 1, LogTailStep.KEEP),
        row(keep, OPEN_OTHER, 1, LogTailStep.CLOSE),
        row(keep, new LogTailMemory.Open(OTHER_TOKEN, NOW, 0), 1, LogTailStep.CLOSE),
        row(keep, ENDED_RECENTLY, 0, LogTailStep.WAIT),
        row(keep, ENDED_DUE, 0, LogTailStep.WAIT),
        row(keep, ENDED_OTHER, 0, LogTailStep.FORGET),
        // need FOLLOW
        row(follow, null, 0, LogTailStep.OPEN),
        row(follow, null, 2, LogTailStep.OPEN),
        row(follow, null, 3, LogTailStep.FULL),
        row(follow, null, 7, LogTailStep.FULL),
        row(follow, OPEN, 3, LogTailStep.KEEP),
        row(follow, OPEN_OTHER, 3, LogTailStep.REPLACE),
        row(follow, new LogTailMemory.Open(OTHER_TOKEN, NOW, 0), 1, LogTailStep.REPLACE),
        row(follow, ENDED_RECENTLY, 0, LogTailStep.WAIT),
        row(follow, ENDED_RECENTLY, 3, LogTailStep.WAIT),
        row(follow, ENDED_DUE, 0, LogTailStep.OPEN),
        row(follow, ENDED_DUE, 3, LogTailStep.FULL),
        row(follow, ENDED_TWICE, 0, LogTailStep.WAIT),
        row(follow, ENDED_OTHER, 0, LogTailStep.OPEN),
        row(follow, ENDED_OTHER, 3, LogTailStep.FULL));
  }

  private static Arguments row(FollowNeed need, LogTailMemory memory, int open, LogTailStep expected) {
    return Arguments.of(need.kind() + " / " + describe(memory) + " / " + open + " open → " + expected, need, memory,
        open, expected);
  }

  private static String describe(LogTailMemory memory) {
    if (memory == null) {
      return "nothing";
    }
    String target = memory.target().equals(T) ? "same" : "other";
    return memory instanceof LogTailMemory.Open ? "open " + target
        : "ended " + target + " " + Duration.between(((LogTailMemory.Ended) memory).endedAt(), NOW).toSeconds()
            + " s ago, " + ((LogTailMemory.Ended) memory).ends() + " end(s)";
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("steps")
  void step(String name, FollowNeed need, LogTailMemory memory, int open, LogTailStep expected) {
    assertThat(POLICY.step(need, memory, open, NOW)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "off (maxOpen 0): {0} → nothing opened, everything closed")
  @MethodSource("steps")
  void offOpensNothing(String name, FollowNeed need, LogTailMemory memory, int open, LogTailStep ignored) {
    LogTailStep step = new LogTailPolicy(SETTINGS.withMaxOpen(0)).step(need, memory, open, NOW);
    LogTailStep expected = memory == null ? LogTailStep.NONE
        : memory instanceof LogTailMemory.Open ? LogTailStep.CLOSE : LogTailStep.FORGET;
    assertThat(step).isEqualTo(expected);
  }

  static Stream<Arguments> needs() {
    Consumer<RayJob> nothing = j -> { };
    return Stream.of(
        needRow("RUNNING on the dashboard → follow", nothing, found(JobStatus.RUNNING), FollowNeed.Kind.FOLLOW),
        needRow("PENDING on the dashboard → follow", nothing, found(JobStatus.PENDING), FollowNeed.Kind.FOLLOW),
        needRow("SUCCEEDED → none", nothing, found(JobStatus.SUCCEEDED), FollowNeed.Kind.NONE),
        needRow("FAILED → none", nothing, found(JobStatus.FAILED), FollowNeed.Kind.NONE),
        needRow("STOPPED → none", nothing, found(JobStatus.STOPPED), FollowNeed.Kind.NONE),
        needRow("unknown status → keep if open", nothing, found(null), FollowNeed.Kind.KEEP_IF_OPEN),
        needRow("not found → keep if open", nothing, JobLookup.notFound(), FollowNeed.Kind.KEEP_IF_OPEN),
        needRow("query failed → keep if open", nothing, JobLookup.failed("down"), FollowNeed.Kind.KEEP_IF_OPEN),
        needRow("not queried → keep if open", nothing, JobLookup.notQueried(), FollowNeed.Kind.KEEP_IF_OPEN),
        needRow("RayJob Complete → none", j -> j.getStatus().setJobDeploymentStatus(JobDeploymentStatus.COMPLETE),
            found(JobStatus.RUNNING), FollowNeed.Kind.NONE),
        needRow("RayJob Initializing → none", j -> j.getStatus()
            .setJobDeploymentStatus(JobDeploymentStatus.INITIALIZING), found(JobStatus.RUNNING),
            FollowNeed.Kind.NONE),
        needRow("RayJob Retrying → none", j -> j.getStatus().setJobDeploymentStatus(JobDeploymentStatus.RETRYING),
            found(JobStatus.RUNNING), FollowNeed.Kind.NONE),
        needRow("RayJob Suspending → none", j -> j.getStatus()
            .setJobDeploymentStatus(JobDeploymentStatus.SUSPENDING), found(JobStatus.RUNNING), FollowNeed.Kind.NONE),
        needRow("no status → none", j -> j.setStatus(null), found(JobStatus.RUNNING), FollowNeed.Kind.NONE),
        needRow("no submission id → none", j -> j.getStatus().setJobId(null), found(JobStatus.RUNNING),
            FollowNeed.Kind.NONE),
        needRow("no dashboard URL → none", j -> j.getStatus().setDashboardURL(null), found(JobStatus.RUNNING),
            FollowNeed.Kind.NONE),
        needRow("unaddressable dashboard URL → none", j -> j.getStatus().setDashboardURL("http://[bad"),
            found(JobStatus.RUNNING), FollowNeed.Kind.NONE),
        needRow("not an http URL → none", j -> j.getStatus().setDashboardURL("ftp://host:8265"),
            found(JobStatus.RUNNING), FollowNeed.Kind.NONE),
        needRow("being deleted → none", j -> j.getMetadata().setDeletionTimestamp("2026-11-30T12:00:00Z"),
            found(JobStatus.RUNNING), FollowNeed.Kind.NONE),
        needRow("managed by another controller → none", j -> j.getSpec().setManagedBy("example.com/other"),
            found(JobStatus.RUNNING), FollowNeed.Kind.NONE),
        needRow("managed by ray.io/kuberay-operator → follow", j -> j.getSpec().setManagedBy("ray.io/kuberay-operator"),
            found(JobStatus.RUNNING), FollowNeed.Kind.FOLLOW));
  }

  private static Arguments needRow(String name, Consumer<RayJob> change, JobLookup lookup, FollowNeed.Kind kind) {
    return Arguments.of(name, change, lookup, kind);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("needs")
  void need(String name, Consumer<RayJob> change, JobLookup lookup, FollowNeed.Kind expected) {
    RayJob job = runningJob();
    change.accept(job);
    FollowNeed need = LogTailPolicy.need(job, lookup, "tok");
    assertThat(need.kind()).isEqualTo(expected);
    if (expected != FollowNeed.Kind.NONE) {
      assertThat(need.target()).isEqualTo(new LogTailTarget("job-1", new DashboardEndpoint(URL, "tok")));
    }
  }

  @Test
  @DisplayName("a status address without a scheme is a dashboard URL too (as KubeRay writes it)")
  void bareAddress() {
    RayJob job = runningJob();
    job.getStatus().setDashboardURL("demo-head-svc.ns.svc.cluster.local:8265");
    assertThat(LogTailPolicy.need(job, found(JobStatus.RUNNING), null).target())
        .isEqualTo(new LogTailTarget("job-1", new DashboardEndpoint(URL, null)));
  }

  @Test
  @DisplayName("retry delay: 2 s doubling per end in a row, at most maxRetry")
  void retryDelays() {
    assertThat(Stream.of(1, 2, 3, 4, 5, 6, 7, 100, Integer.MAX_VALUE).map(POLICY::retryDelay).toList())
        .containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(4), Duration.ofSeconds(8), Duration.ofSeconds(16),
            Duration.ofSeconds(32), Duration.ofSeconds(60), Duration.ofSeconds(60), Duration.ofSeconds(60),
            Duration.ofSeconds(60));
  }

  @Test
  @DisplayName("ends in a row count up; a tail that stayed open maxRetry or longer starts over")
  void endsInARow() {
    LogTailMemory.Open failedAtOnce = LogTailPolicy.opened(T, ENDED_TWICE, NOW);
    assertThat(failedAtOnce.earlierEnds()).isEqualTo(2);
    assertThat(POLICY.ended(failedAtOnce, NOW.plusMillis(20))).isEqualTo(new LogTailMemory.Ended(T,
        NOW.plusMillis(20), 3));
    assertThat(POLICY.ended(failedAtOnce, NOW.plusSeconds(60)).ends()).isEqualTo(1);
    assertThat(POLICY.ended(failedAtOnce, NOW.plusSeconds(59)).ends()).isEqualTo(3);
    assertThat(LogTailPolicy.opened(T, ENDED_OTHER, NOW).earlierEnds()).as("another target starts over").isZero();
    assertThat(LogTailPolicy.opened(T, null, NOW).earlierEnds()).isZero();
    assertThat(POLICY.retryAt((LogTailMemory.Ended) ENDED_TWICE)).isEqualTo(NOW.plusSeconds(1));
  }

  static Stream<Arguments> relaxations() {
    FollowNeed follow = FollowNeed.follow(T);
    return Stream.of(
        Arguments.of("RUNNING, tail about to open", follow, found(JobStatus.RUNNING), LogTailStep.OPEN, true),
        Arguments.of("RUNNING, tail open", follow, found(JobStatus.RUNNING), LogTailStep.KEEP, true),
        Arguments.of("RUNNING, tail of a new id", follow, found(JobStatus.RUNNING), LogTailStep.REPLACE, true),
        Arguments.of("RUNNING, retry not due", follow, found(JobStatus.RUNNING), LogTailStep.WAIT, false),
        Arguments.of("RUNNING, bound reached", follow, found(JobStatus.RUNNING), LogTailStep.FULL, false),
        Arguments.of("RUNNING, tails off", follow, found(JobStatus.RUNNING), LogTailStep.NONE, false),
        Arguments.of("PENDING keeps the normal poll", follow, found(JobStatus.PENDING), LogTailStep.KEEP, false),
        Arguments.of("not seen live", FollowNeed.keepIfOpen(T), JobLookup.failed("down"), LogTailStep.KEEP, false),
        Arguments.of("not followed", FollowNeed.none(), found(JobStatus.RUNNING), LogTailStep.CLOSE, false));
  }

  @ParameterizedTest(name = "{0} → relaxed: {4}")
  @MethodSource("relaxations")
  void relaxedPoll(String name, FollowNeed need, JobLookup lookup, LogTailStep step, boolean relaxed) {
    assertThat(LogTailPolicy.relaxesPoll(need, lookup, step)).isEqualTo(relaxed);
  }

  @Test
  void settingsAreChecked() {
    assertThatThrownBy(() -> SETTINGS.withMaxOpen(-1)).hasMessageContaining("maxOpen");
    assertThatThrownBy(() -> SETTINGS.withRetry(Duration.ZERO, Duration.ofSeconds(1)))
        .hasMessageContaining("firstRetry");
    assertThatThrownBy(() -> SETTINGS.withRetry(Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .hasMessageContaining("maxRetry");
    assertThat(LogTailSettings.defaults().maxOpen()).isEqualTo(LogTailSettings.DEFAULT_MAX_OPEN).isEqualTo(250);
    assertThat(LogTailSettings.defaults().enabled()).isTrue();
    assertThat(SETTINGS.withMaxOpen(0).enabled()).isFalse();
    assertThatThrownBy(() -> FollowNeed.follow(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> new FollowNeed(FollowNeed.Kind.NONE, T)).hasMessageContaining("takes no target");
    assertThatThrownBy(() -> new LogTailTarget(" ", T.endpoint())).hasMessageContaining("blank");
  }

  private static RayJob runningJob() {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName("demo").withNamespace("ns").build());
    job.setSpec(new RayJobSpec());
    RayJobStatus status = new RayJobStatus();
    status.setJobDeploymentStatus(JobDeploymentStatus.RUNNING);
    status.setJobId("job-1");
    status.setDashboardURL(URL);
    job.setStatus(status);
    return job;
  }

  private static JobLookup found(JobStatus status) {
    return JobLookup.found(new JobDetails(JobType.SUBMISSION, null, "job-1", null, status,
        status == null ? "WEIRD" : status.name(), "sleep 1", null, null, null, null, null, null, null, null, null));
  }
}
