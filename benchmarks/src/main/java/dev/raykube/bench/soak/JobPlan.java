package dev.raykube.bench.soak;

import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Duration;
import java.util.Locale;
import java.util.Random;

/**
 * What one RayJob of the soak does and how it must end: its script (the entrypoint the fake dashboard runs), its
 * submission mode, where it runs, when it is created, and whether the soak suspends and resumes it or deletes it while
 * it runs. Drawn from the soak's seeded random, so a seed names a run.
 *
 * @param name the RayJob's name ({@code j-0007}; fixed width, so a submission id {@code <name>-<5 chars>} names it)
 * @param kind what it does
 * @param k8sJobMode K8sJobMode (a submitter Job) rather than HTTPMode
 * @param pool the shared RayCluster it runs on ({@code clusterSelector}), or null for a cluster of its own
 * @param createAt when the soak creates it, from the start
 * @param seconds how long its entrypoint sleeps
 * @param actAfter for deleted and suspended ones: how long after it is seen Running the soak acts
 */
record JobPlan(String name, Kind kind, boolean k8sJobMode, String pool, Duration createAt, double seconds,
    Duration actAfter) {

  /** What a RayJob of the soak does. */
  enum Kind {
    /** Sleeps a few seconds and exits 0: Complete, SUCCEEDED. */
    SUCCEEDS,
    /** Sleeps a few seconds and exits 3: Failed, FAILED. */
    FAILS,
    /** Sleeps 1 to 2 minutes, through faults: Complete, SUCCEEDED. */
    LONG,
    /** Sleeps an hour; deleted while running: gone, its Ray job STOPPED. */
    DELETED_WHILE_RUNNING,
    /** As {@link #DELETED_WHILE_RUNNING}, with the finalizer policy {@code until-confirmed}. */
    DELETED_UNTIL_CONFIRMED,
    /** Suspended while running (its Ray job stopped, its cluster deleted), resumed: Complete, SUCCEEDED. */
    SUSPENDED_AND_RESUMED;

    boolean deleted() {
      return this == DELETED_WHILE_RUNNING || this == DELETED_UNTIL_CONFIRMED;
    }
  }

  private static final KubernetesSerialization YAML = new KubernetesSerialization();

  /** Draws the plan of RayJob number {@code index}, created within {@code window}, on one of {@code pools}. */
  static JobPlan draw(int index, Random random, Duration window, String[] pools) {
    double p = random.nextDouble();
    Kind kind = p < 0.35 ? Kind.SUCCEEDS : p < 0.50 ? Kind.FAILS : p < 0.60 ? Kind.LONG
        : p < 0.78 ? Kind.DELETED_WHILE_RUNNING : p < 0.88 ? Kind.DELETED_UNTIL_CONFIRMED : Kind.SUSPENDED_AND_RESUMED;
    boolean k8sJobMode = random.nextBoolean();
    // suspend needs a cluster of its own (KubeRay's rule); the others half and half
    String pool = kind == Kind.SUSPENDED_AND_RESUMED || random.nextBoolean() ? null
        : pools[random.nextInt(pools.length)];
    double seconds = switch (kind) {
      case SUCCEEDS -> 3 + 12 * random.nextDouble();
      case FAILS -> 2 + 6 * random.nextDouble();
      case LONG -> 60 + 60 * random.nextDouble();
      case DELETED_WHILE_RUNNING, DELETED_UNTIL_CONFIRMED -> 3600;
      case SUSPENDED_AND_RESUMED -> 20 + 20 * random.nextDouble();
    };
    Duration createAt = Duration.ofMillis((long) (window.toMillis() * random.nextDouble()));
    Duration actAfter = Duration.ofMillis(2000 + (long) (13_000 * random.nextDouble()));
    return new JobPlan(String.format(Locale.ROOT, "j-%04d", index), kind, k8sJobMode, pool, createAt, seconds,
        actAfter);
  }

  /** The entrypoint: {@code sleep N}, and {@code exit 3} after it for {@link Kind#FAILS}. */
  String entrypoint() {
    String sleep = String.format(Locale.ROOT, "sleep %.1f", seconds);
    return kind == Kind.FAILS ? sleep + " && exit 3" : sleep;
  }

  /** Whether its end is {@code Complete} with the Ray job {@code SUCCEEDED} (else Failed/FAILED, or gone). */
  boolean succeeds() {
    return kind == Kind.SUCCEEDS || kind == Kind.LONG || kind == Kind.SUSPENDED_AND_RESUMED;
  }

  /** The RayJob object. */
  RayJob rayJob(String namespace) {
    String annotations = kind == Kind.DELETED_UNTIL_CONFIRMED
        ? "\n  annotations:\n    ray.io/finalizer-policy: until-confirmed" : "";
    String placement = pool != null ? """
          clusterSelector:
            ray.io/cluster: %s
        """.formatted(pool) : """
          shutdownAfterJobFinishes: true
          rayClusterSpec:
        %s""".formatted(SoakClusters.SPEC.indent(4));
    return YAML.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayJob
        metadata:
          name: %s
          namespace: %s%s
        spec:
          submissionMode: %s
          entrypoint: %s
        %s""".formatted(name, namespace, annotations, k8sJobMode ? "K8sJobMode" : "HTTPMode", entrypoint(),
        placement), RayJob.class);
  }
}
