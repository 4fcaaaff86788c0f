package dev.raykube.cluster;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What the operator-wide {@link BatchScheduler} adds to an object it hands to the scheduler, as KubeRay v1.7.0 adds it
 * when it creates the object: a head Pod (group {@value #HEAD_GROUP}), a worker Pod (the worker group's name), a
 * RayJob's submitter Pod template ({@value #SUBMITTER_GROUP}) or the RayCluster a K8sJobMode RayJob creates (group
 * empty, no Pod spec). Pure: changes only the child's metadata and spec given.
 *
 * <p>Volcano: the parent's {@value VolcanoPodGroup#QUEUE_LABEL} and {@value VolcanoPodGroup#PRIORITY_CLASS_LABEL}
 * labels, when not empty; the annotations {@value VolcanoPodGroup#GROUP_NAME_ANNOTATION} (the parent's PodGroup,
 * {@link VolcanoPodGroup#name}) and {@value VolcanoPodGroup#TASK_SPEC_ANNOTATION} (the group); {@code schedulerName}
 * {@code volcano}. The Pod's {@code priorityClassName} is left as it is.
 */
public final class BatchSchedulerMetadata {

  /** The group name of a head Pod. */
  public static final String HEAD_GROUP = "headgroup";
  /** The group name of a RayJob's submitter Pod. */
  public static final String SUBMITTER_GROUP = "submittergroup";

  private BatchSchedulerMetadata() {
  }

  /**
   * Adds the scheduler's labels, annotations and scheduler name to a child of {@code parent}.
   *
   * @param scheduler the operator's batch scheduler; {@link BatchScheduler#NONE} changes nothing
   * @param parent the metadata of the RayCluster or RayJob the child belongs to
   * @param child the child's metadata, changed in place
   * @param podSpec the child's Pod spec, changed in place; {@code null} for a child that is not a Pod (a RayCluster)
   * @param group the Ray group of the child ({@value #HEAD_GROUP}, a worker group, {@value #SUBMITTER_GROUP}, or empty)
   */
  public static void stamp(BatchScheduler scheduler, ObjectMeta parent, ObjectMeta child, PodSpec podSpec,
      String group) {
    Objects.requireNonNull(scheduler, "scheduler");
    Objects.requireNonNull(parent, "parent");
    Objects.requireNonNull(child, "child");
    Objects.requireNonNull(group, "group");
    switch (scheduler) {
      case NONE -> {
        return;
      }
      case VOLCANO -> {
        copyLabel(parent, child, VolcanoPodGroup.QUEUE_LABEL);
        copyLabel(parent, child, VolcanoPodGroup.PRIORITY_CLASS_LABEL);
        Map<String, String> annotations = child.getAnnotations() == null ? new TreeMap<>()
            : new TreeMap<>(child.getAnnotations());
        annotations.put(VolcanoPodGroup.GROUP_NAME_ANNOTATION, VolcanoPodGroup.name(parent));
        annotations.put(VolcanoPodGroup.TASK_SPEC_ANNOTATION, group);
        child.setAnnotations(annotations);
      }
      default -> throw new IllegalArgumentException("batch scheduler " + scheduler.flagValue()
          + " is not built in this version");
    }
    if (podSpec != null) {
      podSpec.setSchedulerName(scheduler.podSchedulerName());
    }
  }

  private static void copyLabel(ObjectMeta parent, ObjectMeta child, String key) {
    String value = parent.getLabels() == null ? null : parent.getLabels().get(key);
    if (value == null || value.isEmpty()) {
      return;
    }
    Map<String, String> labels = child.getLabels() == null ? new TreeMap<>() : new TreeMap<>(child.getLabels());
    labels.put(key, value);
    child.setLabels(labels);
  }
}
