package dev.raykube.service.decide;

import dev.raykube.kernel.AdaptivePoll;
import java.time.Duration;
import java.util.Objects;

/**
 * Operator-wide settings of the RayService lifecycle. Immutable; start from {@link #defaults()} and change single
 * values with the {@code with…} methods.
 *
 * @param defaultDeletionDelay how long a cluster that stopped serving is kept when
 *     {@code spec.rayClusterDeletionDelaySeconds} is unset; KubeRay's 60 s
 * @param deployingPoll how often to look at Serve while a cluster is coming up or its applications are deploying;
 *     grows with the age of the cluster ({@link AdaptivePoll}), default 1 s to 5 s
 * @param steadyPoll how often to look at Serve while every application runs, or after a serve config failed (the
 *     decision waits for a spec change and only mirrors statuses); default 30 s. Watches of RayClusters, Pods and
 *     EndpointSlices bring everything else sooner
 * @param teardownPoll how often to look while clusters and Services are being deleted (suspend); default 2 s
 */
public record RayServiceSettings(Duration defaultDeletionDelay, AdaptivePoll deployingPoll, Duration steadyPoll,
    Duration teardownPoll) {

  /** Validates. */
  public RayServiceSettings {
    requireNotNegative("defaultDeletionDelay", defaultDeletionDelay);
    Objects.requireNonNull(deployingPoll, "deployingPoll");
    requirePositive("steadyPoll", steadyPoll);
    requirePositive("teardownPoll", teardownPoll);
  }

  /** 60 s deletion delay, deploying poll 1 s to 5 s, steady poll 30 s, teardown poll 2 s. */
  public static RayServiceSettings defaults() {
    return new RayServiceSettings(Duration.ofSeconds(60),
        new AdaptivePoll(Duration.ofSeconds(1), Duration.ofSeconds(5), 0.05), Duration.ofSeconds(30),
        Duration.ofSeconds(2));
  }

  /** Returns a copy with another {@link #defaultDeletionDelay()}. */
  public RayServiceSettings withDefaultDeletionDelay(Duration value) {
    return new RayServiceSettings(value, deployingPoll, steadyPoll, teardownPoll);
  }

  /** Returns a copy with another {@link #deployingPoll()}. */
  public RayServiceSettings withDeployingPoll(AdaptivePoll value) {
    return new RayServiceSettings(defaultDeletionDelay, value, steadyPoll, teardownPoll);
  }

  /** Returns a copy with another {@link #steadyPoll()}. */
  public RayServiceSettings withSteadyPoll(Duration value) {
    return new RayServiceSettings(defaultDeletionDelay, deployingPoll, value, teardownPoll);
  }

  /** Returns a copy with another {@link #teardownPoll()}. */
  public RayServiceSettings withTeardownPoll(Duration value) {
    return new RayServiceSettings(defaultDeletionDelay, deployingPoll, steadyPoll, value);
  }

  private static void requireNotNegative(String name, Duration value) {
    Objects.requireNonNull(value, name);
    if (value.isNegative()) {
      throw new IllegalArgumentException(name + " must not be negative: " + value);
    }
  }

  private static void requirePositive(String name, Duration value) {
    Objects.requireNonNull(value, name);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be positive: " + value);
    }
  }
}
