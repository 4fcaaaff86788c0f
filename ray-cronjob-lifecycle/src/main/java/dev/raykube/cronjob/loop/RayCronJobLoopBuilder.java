package dev.raykube.cronjob.loop;

import dev.raykube.cronjob.RayCronJobValidator;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.PrimaryCache;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Builds a {@link RayCronJobLoop}: {@link RayCronJobLoop#builder(KubernetesClient)}. One collaborator is required,
 * the Event recorder ({@link #events}), because its component name and its writer thread are the caller's choice;
 * {@link #build()} checks it. Everything else has a default:
 *
 * <ul>
 *   <li>{@link #validator}: {@link RayCronJobValidator#of(RayJobSettings)} with {@link RayJobSettings#defaults()}
 *       (job templates may use every submission mode); an operator that offers fewer modes passes its own;</li>
 *   <li>{@link #primaryCache}: none; {@link #clock}: {@link Clock#systemUTC()};
 *       {@link #actionRetryDelay}: {@link RayCronJobLoop#DEFAULT_ACTION_RETRY_DELAY}.</li>
 * </ul>
 *
 * The status is written by a {@code StatusRecorder} on the client and the primary cache.
 */
public final class RayCronJobLoopBuilder {
  final KubernetesClient client;
  EventRecorder events;
  RayCronJobValidator validator = RayCronJobValidator.of(RayJobSettings.defaults());
  PrimaryCache<RayCronJob> cache = PrimaryCache.none();
  Clock clock = Clock.systemUTC();
  Duration actionRetryDelay = RayCronJobLoop.DEFAULT_ACTION_RETRY_DELAY;

  RayCronJobLoopBuilder(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  /** Records the loop's Events. Required. */
  public RayCronJobLoopBuilder events(EventRecorder value) {
    this.events = Objects.requireNonNull(value, "events");
    return this;
  }

  /** Checks each RayCronJob before it is scheduled (its job template with the operator's RayJob rules). */
  public RayCronJobLoopBuilder validator(RayCronJobValidator value) {
    this.validator = Objects.requireNonNull(value, "validator");
    return this;
  }

  /** Told of every status write (e.g. Java Operator SDK's cache of RayCronJobs). */
  public RayCronJobLoopBuilder primaryCache(PrimaryCache<RayCronJob> value) {
    this.cache = Objects.requireNonNull(value, "primaryCache");
    return this;
  }

  /** The time every decision is made at. */
  public RayCronJobLoopBuilder clock(Clock value) {
    this.clock = Objects.requireNonNull(value, "clock");
    return this;
  }

  /** The wait before the next reconcile after a failed create; not negative. */
  public RayCronJobLoopBuilder actionRetryDelay(Duration value) {
    Objects.requireNonNull(value, "actionRetryDelay");
    if (value.isNegative()) {
      throw new IllegalArgumentException("actionRetryDelay must not be negative: " + value);
    }
    this.actionRetryDelay = value;
    return this;
  }

  /**
   * Builds the loop.
   *
   * @return the loop
   * @throws IllegalStateException if the Event recorder is missing
   */
  public RayCronJobLoop build() {
    if (events == null) {
      throw new IllegalStateException("RayCronJobLoop needs events(...) before build()");
    }
    return new RayCronJobLoop(this);
  }
}
