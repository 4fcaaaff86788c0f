package dev.raykube.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.DeleteResult;
import dev.raykube.dashboard.JobStatus;
import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.job.testing.FakeDashboards;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code ray-dashboard-fake} keeps its own notion of an ended job ({@code FakeJob.isTerminal()}, as Ray's server does;
 * by the module rules the fake cannot call this module). This test catches a drift between that notion and {@link
 * TerminalStates}: it brings a fake job into every status Ray reports and asks the fake to delete it, which the fake,
 * like Ray, does for ended jobs only.
 */
class FakeDashboardTerminalStatesTest {
  private FakeRayDashboard fake;
  private RayDashboardClient client;

  @BeforeEach
  void start() {
    fake = FakeRayDashboard.builder().startDelay(Duration.ofMillis(20)).stopDelay(Duration.ofMillis(20)).build()
        .start();
    client = FakeDashboards.client(fake);
  }

  @AfterEach
  void stop() {
    client.close();
    fake.close();
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(value = JobStatus.class, mode = EnumSource.Mode.EXCLUDE, names = "UNKNOWN")
  void theFakeDeletesAJobExactlyWhenTerminalStatesCallsItsStatusTerminal(JobStatus status) {
    String id = "job-" + status.name().toLowerCase(Locale.ROOT);
    bringTo(id, status);
    assertThat(client.getJob(id).status()).as("the client reads the fake's status").isEqualTo(status);

    DeleteResult deleted = client.deleteJob(id);

    assertThat(deleted).as("the fake's delete of a %s job", status)
        .isEqualTo(TerminalStates.isTerminal(status) ? DeleteResult.DELETED : DeleteResult.NOT_TERMINAL);
  }

  /** Submits job {@code id} with a script that holds it in {@code status} (or ends it so), and waits until it is. */
  private void bringTo(String id, JobStatus status) {
    JobScript script = switch (status) {
      case PENDING -> JobScript.builder().pendingFor(Duration.ofDays(1)).output("never").build();
      case RUNNING, STOPPED -> JobScript.runsUntilStopped();
      case SUCCEEDED -> JobScript.succeeds("done");
      case FAILED -> JobScript.fails(1, "boom");
      case UNKNOWN -> throw new IllegalArgumentException("Ray never reports UNKNOWN; it is the client's fallback");
    };
    fake.script(id, script);
    client.submitJob(JobSubmitRequest.builder("python train.py").submissionId(id).build());
    if (status == JobStatus.STOPPED) {
      FakeDashboards.awaitStatus(fake, id, JobStatus.RUNNING.name());
      client.stopJob(id);
    }
    FakeDashboards.awaitStatus(fake, id, status.name());
  }
}
