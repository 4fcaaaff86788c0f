package dev.raykube.dashboard.fake;

import java.time.Duration;
import okhttp3.WebSocket;

/**
 * When one log tail of a job closes: Ray 2.60's tail loop, timed on the fake's timeline.
 *
 * <p>Ray's head first waits for the job's driver to start ({@code driver_agent_http_address}), looking every
 * {@code WAIT_FOR_SUPERVISOR_ACTOR_INTERVAL_S} (1 s), and closes at once if the job ended before it started. Then the
 * agent follows the log file ({@code JobManager.tail_job_logs} over {@code file_tail_iterator}): at the end of the file
 * the iterator sleeps 1 s and yields; a yield without new lines makes the manager read the job's status and sleep
 * {@code LOG_TAIL_SLEEP_S} (1 s). So the status is looked at once per 2 s (3 s in a cycle that read new output), and
 * when a look finds the job ended the manager sleeps, reads to the end of the file once more, sleeps at the end of the
 * file and only then returns, which closes the socket: the close comes 2 s after the look that saw the end, 2–4 s after
 * the end itself. The first look comes 1 s after the driver started when the log is empty, 2 s when the existing log
 * had to be sent first.
 *
 * <p>Output is sent as soon as the job writes it (Ray batches it into the same cycle); only the close is timed. With a
 * sleep of zero the tail closes the instant the job ends (a test's deliberate shortcut).
 */
final class LogTailFollower {
  private final FakeJob job;
  private final WebSocket socket;
  private final Timeline timeline;
  private final Duration sleep;
  private boolean following;

  LogTailFollower(FakeJob job, WebSocket socket, Timeline timeline, Duration sleep) {
    this.job = job;
    this.socket = socket;
    this.timeline = timeline;
    this.sleep = sleep;
  }

  /** Ray's head: wait for the driver, then follow; called once, right after the socket was attached. */
  void start() {
    timeline.schedule(this::waitForDriver, Duration.ZERO);
  }

  private void waitForDriver() {
    FakeJob.TailView view = job.tailView(socket);
    if (!view.attached()) {
      return;
    }
    if (view.driverStarted()) {
      following = true;
      job.takeOutputSinceLastLook(socket);
      timeline.schedule(this::look, view.hasLog() ? sleep.multipliedBy(2) : sleep);
    } else if (view.terminal()) {
      job.closeTail(socket); // ended before its driver started: Ray's head returns at once
    } else {
      timeline.schedule(this::waitForDriver, sleep);
    }
  }

  /** The manager's look at the job's status, after a yield without new lines. */
  private void look() {
    FakeJob.TailView view = job.tailView(socket);
    if (!view.attached() || !following) {
      return;
    }
    if (view.terminal()) {
      // sleep, read what is left (one more sleep at its end if there was some), sleep at the end of the file, return
      Duration left = job.takeOutputSinceLastLook(socket) ? sleep.multipliedBy(3) : sleep.multipliedBy(2);
      timeline.schedule(() -> job.closeTail(socket), left);
      return;
    }
    boolean readOutput = job.takeOutputSinceLastLook(socket);
    timeline.schedule(this::look, readOutput ? sleep.multipliedBy(3) : sleep.multipliedBy(2));
  }
}
