package dev.raykube.cluster;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The batch scheduler every Ray Pod of the operator is handed to, chosen once for the whole operator (KubeRay's
 * {@code --batch-scheduler}; there is no per-object choice). With a scheduler, each Pod's {@code spec.schedulerName}
 * is overwritten with {@link #podSchedulerName()}, whatever its template says, and the scheduler's own labels,
 * annotations and objects are added ({@link BatchSchedulerMetadata}, {@link VolcanoPodGroup}).
 */
public enum BatchScheduler {

  /** No batch scheduler: Pods keep the scheduler their template names (the default). */
  NONE("", null),
  /** Volcano: one {@code scheduling.volcano.sh/v1beta1} PodGroup per RayCluster or RayJob ({@link VolcanoPodGroup}). */
  VOLCANO("volcano", "volcano"),
  /** Apache YuniKorn: application and task-group metadata on the Pods, no objects. */
  YUNIKORN("yunikorn", "yunikorn"),
  /** NVIDIA KAI scheduler: its queue label on the Pods; KAI's own pod grouper makes the groups. */
  KAI_SCHEDULER("kai-scheduler", "kai-scheduler"),
  /** The scheduler-plugins coscheduling plugin: a {@code scheduling.x-k8s.io/v1alpha1} PodGroup per opted-in cluster. */
  SCHEDULER_PLUGINS("scheduler-plugins", "scheduler-plugins-scheduler");

  private final String flagValue;
  private final String podSchedulerName;

  BatchScheduler(String flagValue, String podSchedulerName) {
    this.flagValue = flagValue;
    this.podSchedulerName = podSchedulerName;
  }

  /** The name {@code --batch-scheduler} takes ({@code volcano}, ...); empty for {@link #NONE}. */
  public String flagValue() {
    return flagValue;
  }

  /** The {@code spec.schedulerName} written on every Pod; {@code null} for {@link #NONE} (left as the template says). */
  public String podSchedulerName() {
    return podSchedulerName;
  }

  /** The names {@code --batch-scheduler} accepts, in KubeRay's order of support. */
  public static List<String> flagValues() {
    return Arrays.stream(values()).filter(s -> s != NONE).map(BatchScheduler::flagValue).toList();
  }

  /**
   * The scheduler a {@code --batch-scheduler} value names; blank is {@link #NONE}.
   *
   * @throws IllegalArgumentException for any other name, {@code default} included (KubeRay v1.7.0 refuses it too)
   */
  public static BatchScheduler named(String value) {
    Objects.requireNonNull(value, "value");
    if (value.isEmpty()) {
      return NONE;
    }
    return Arrays.stream(values()).filter(s -> s != NONE && s.flagValue.equals(value)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("scheduler is not supported, name=" + value + " (supported: "
            + String.join(", ", flagValues()) + ")"));
  }
}
