package dev.raykube.dashboard.fake;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How one job submitted to {@link FakeRayDashboard} lives: how long it stays PENDING, what its driver prints, how long
 * it runs and how it ends, how long a stop takes.
 *
 * <p>A job whose entrypoint was not given a script with {@link FakeRayDashboard#script(String, JobScript)} or
 * {@link FakeRayDashboard#scriptEntrypoints(java.util.regex.Pattern, JobScript)} gets the script that the fake's shell
 * subset derives from its entrypoint (see {@link FakeRayDashboard}). Durations are scaled by the fake's time scale.
 * Instances are immutable.
 *
 * @param pendingFor how long the job stays PENDING before RUNNING (or before failing to start); null means the fake's
 *     default start delay
 * @param steps what the driver does once RUNNING; running off the end exits with code 0
 * @param startFailureMessage if not null, the job never runs: it goes PENDING → FAILED with this message
 * @param startFailureErrorType the {@code error_type} reported with {@code startFailureMessage} (may be null)
 * @param stopTakes how long after a stop request the job becomes STOPPED; null means the fake's default stop delay
 * @param rayDriver whether the driver calls {@code ray.init()}: if so the job gets a Ray job id ({@code 0N000000})
 *     and {@code driver_info} when it starts running, and can be looked up by that id too
 */
public record JobScript(
    Duration pendingFor,
    List<JobStep> steps,
    String startFailureMessage,
    String startFailureErrorType,
    Duration stopTakes,
    boolean rayDriver) {

  /** Validates and copies the steps. */
  public JobScript {
    steps = List.copyOf(Objects.requireNonNull(steps, "steps"));
    requireNotNegative(pendingFor, "pendingFor");
    requireNotNegative(stopTakes, "stopTakes");
  }

  private static void requireNotNegative(Duration d, String name) {
    if (d != null && d.isNegative()) {
      throw new IllegalArgumentException(name + " must not be negative: " + d);
    }
  }

  /** This script with other driver steps. */
  public JobScript withSteps(List<JobStep> newSteps) {
    return new JobScript(pendingFor, newSteps, startFailureMessage, startFailureErrorType, stopTakes, rayDriver);
  }

  /** A driver that prints {@code output} and exits 0 at once. */
  public static JobScript succeeds(String output) {
    return builder().output(output).exit(0).build();
  }

  /** A driver that prints {@code output}, runs for {@code duration}, then exits 0. */
  public static JobScript runsFor(Duration duration, String output) {
    return builder().output(output).sleep(duration).exit(0).build();
  }

  /** A driver that prints {@code output} and exits with {@code exitCode}. */
  public static JobScript fails(int exitCode, String output) {
    return builder().output(output).exit(exitCode).build();
  }

  /** A driver that runs (practically) forever, until stopped. */
  public static JobScript runsUntilStopped() {
    return builder().sleep(Duration.ofDays(365)).build();
  }

  /** A job whose supervisor never starts the driver: PENDING, then FAILED with this message and error type. */
  public static JobScript failsToStart(String message, String errorType) {
    return builder().failsToStart(message, errorType).build();
  }

  /** Starts an empty script. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link JobScript}. Not thread-safe. */
  public static final class Builder {
    private Duration pendingFor;
    private final List<JobStep> steps = new ArrayList<>();
    private String startFailureMessage;
    private String startFailureErrorType;
    private Duration stopTakes;
    private boolean rayDriver;

    private Builder() {}

    /** How long the job stays PENDING. */
    public Builder pendingFor(Duration duration) {
      this.pendingFor = Objects.requireNonNull(duration, "duration");
      return this;
    }

    /** Appends output to the driver log. */
    public Builder output(String text) {
      steps.add(new JobStep.Output(text));
      return this;
    }

    /** Keeps the driver running for a while. */
    public Builder sleep(Duration duration) {
      steps.add(new JobStep.Sleep(duration));
      return this;
    }

    /** Ends the driver with an exit code; later steps never run. */
    public Builder exit(int code) {
      steps.add(new JobStep.Exit(code));
      return this;
    }

    /** Appends a step. */
    public Builder step(JobStep step) {
      steps.add(Objects.requireNonNull(step, "step"));
      return this;
    }

    /** The job never runs: after the pending time it is FAILED with this message and error type. */
    public Builder failsToStart(String message, String errorType) {
      this.startFailureMessage = Objects.requireNonNull(message, "message");
      this.startFailureErrorType = errorType;
      return this;
    }

    /** How long a stop takes to reach STOPPED (Ray waits up to {@code RAY_JOB_STOP_WAIT_TIME_S}, default 3 s). */
    public Builder stopTakes(Duration duration) {
      this.stopTakes = Objects.requireNonNull(duration, "duration");
      return this;
    }

    /** The driver calls {@code ray.init()}, so the job gets a Ray job id and {@code driver_info}. */
    public Builder rayDriver() {
      this.rayDriver = true;
      return this;
    }

    /** Builds the immutable script. */
    public JobScript build() {
      return new JobScript(pendingFor, steps, startFailureMessage, startFailureErrorType, stopTakes, rayDriver);
    }
  }
}
