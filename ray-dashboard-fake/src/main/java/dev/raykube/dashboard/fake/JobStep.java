package dev.raykube.dashboard.fake;

import java.time.Duration;
import java.util.Objects;

/**
 * One step of a scripted job's driver run in {@link FakeRayDashboard}: print some output, sleep, or exit.
 *
 * <p>Steps run in order once the job is RUNNING. Printing takes no time; sleeping lets the job stay RUNNING (and
 * stoppable) for the given time, scaled by the fake's time scale; exiting ends the job with that exit code, as a shell
 * would.
 */
public sealed interface JobStep permits JobStep.Output, JobStep.Sleep, JobStep.Exit {

  /** Appends text to the job's driver log (include the trailing newline yourself). */
  record Output(String text) implements JobStep {
    /** @param text the text to append; not null */
    public Output {
      Objects.requireNonNull(text, "text");
    }
  }

  /** Keeps the driver running for a while. */
  record Sleep(Duration duration) implements JobStep {
    /** @param duration how long; not negative */
    public Sleep {
      Objects.requireNonNull(duration, "duration");
      if (duration.isNegative()) {
        throw new IllegalArgumentException("sleep duration must not be negative: " + duration);
      }
    }
  }

  /** Ends the driver with an exit code: 0 gives SUCCEEDED, anything else FAILED. */
  record Exit(int code) implements JobStep {
    /** @param code exit status 0..255, as a shell reports it */
    public Exit {
      if (code < 0 || code > 255) {
        throw new IllegalArgumentException("exit code must be 0..255: " + code);
      }
    }
  }
}
