package dev.raykube.dashboard.fake;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Map.Entry;
import okhttp3.WebSocket;

/**
 * The open log tails of one job and when each closes: Ray 2.60's tail loop, timed on the fake's timeline. All its
 * state is guarded by the job's lock: the job calls in holding it, and each step of a loop takes it.
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
  private final Timeline timeline;
  private final Duration sleep;
  /** The open tails, each with whether output came since its loop last looked at the status. */
  private final Map<WebSocket, Boolean> tails = new LinkedHashMap<>();

  LogTailFollower(FakeJob job, Timeline timeline, Duration sleep) {
    this.job = job;
    this.timeline = timeline;
    this.sleep = sleep;
  }

  /**
   * Attaches a tail WebSocket, under the job's lock: sends {@code log} (what the job has written so far, empty before
   * its driver started), then every new chunk; with a zero sleep it closes the tail at once if the job has ended.
   * Otherwise Ray's head waits for the driver, then follows.
   */
  void attach(WebSocket socket, String log, boolean terminal) {
    if (!log.isEmpty()) {
      socket.send(log);
    }
    if (sleep.isZero()) {
      if (terminal) {
        socket.close(1000, null);
      } else {
        tails.put(socket, false);
      }
      return;
    }
    tails.put(socket, false);
    timeline.schedule(() -> waitForDriver(socket), Duration.ZERO);
  }

  /** Forgets a tail its client closed or lost, under the job's lock. */
  void detach(WebSocket socket) {
    tails.remove(socket);
  }

  /** Sends a chunk of output to every open tail, under the job's lock. */
  void send(String text) {
    for (Entry<WebSocket, Boolean> tail : tails.entrySet()) {
      tail.getKey().send(text);
      tail.setValue(true);
    }
  }

  /** The job has ended, under its lock: with a zero sleep every tail closes now, else each loop closes its own. */
  void jobEnded() {
    if (sleep.isZero()) {
      for (WebSocket tail : tails.keySet()) {
        tail.close(1000, null);
      }
      tails.clear();
    }
  }

  private void waitForDriver(WebSocket socket) {
    synchronized (job) {
      if (!tails.containsKey(socket)) {
        return;
      }
      if (job.driverStarted()) {
        takeOutputSinceLastLook(socket);
        timeline.schedule(() -> look(socket), job.logs().isEmpty() ? sleep : sleep.multipliedBy(2));
      } else if (job.isTerminal()) {
        close(socket); // ended before its driver started: Ray's head returns at once
      } else {
        timeline.schedule(() -> waitForDriver(socket), sleep);
      }
    }
  }

  /** The manager's look at the job's status, after a yield without new lines. */
  private void look(WebSocket socket) {
    synchronized (job) {
      if (!tails.containsKey(socket)) {
        return;
      }
      if (job.isTerminal()) {
        // sleep, read what is left (one more sleep at its end if there was some), sleep at the end of the file, return
        Duration left = takeOutputSinceLastLook(socket) ? sleep.multipliedBy(3) : sleep.multipliedBy(2);
        timeline.schedule(() -> closeLater(socket), left);
        return;
      }
      boolean readOutput = takeOutputSinceLastLook(socket);
      timeline.schedule(() -> look(socket), readOutput ? sleep.multipliedBy(3) : sleep.multipliedBy(2));
    }
  }

  /** Whether output came for this tail since the last call (and forgets it). */
  private boolean takeOutputSinceLastLook(WebSocket socket) {
    Boolean came = tails.replace(socket, false);
    return came != null && came;
  }

  private void closeLater(WebSocket socket) {
    synchronized (job) {
      close(socket);
    }
  }

  /** Ends one tail: Ray's tail loop has returned. */
  private void close(WebSocket socket) {
    if (tails.remove(socket) != null) {
      socket.close(1000, null);
    }
  }
}
