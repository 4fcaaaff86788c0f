package dev.raykube.cluster;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Supplier;

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
 *
 * <p>YuniKorn: the parent's {@value #YUNIKORN_APP_ID_LABEL} as the label {@code applicationId} and its
 * {@value #YUNIKORN_QUEUE_LABEL} as {@code queue} (YuniKorn's older label names), when not empty;
 * {@code schedulerName} {@code yunikorn}. With gang scheduling (the parent carries the label
 * {@value #GANG_SCHEDULING_LABEL}, whatever its value, {@code "false"} included, as in KubeRay): the annotation
 * {@value YuniKornTaskGroups#ANNOTATION}, the parent's own if it has a non-empty one, else the task groups given, and,
 * for a child of a group, {@value #YUNIKORN_TASK_GROUP_ANNOTATION} naming it.
 *
 * <p>KAI scheduler: {@code schedulerName} {@code kai-scheduler} and the parent's {@value #KAI_QUEUE_LABEL} when not
 * empty (without it KAI leaves the Pod pending).
 *
 * <p>scheduler-plugins: {@code schedulerName} {@code scheduler-plugins-scheduler} and, when the parent carries
 * {@value #GANG_SCHEDULING_LABEL}, the label {@value SchedulerPluginsPodGroup#POD_GROUP_LABEL} naming the parent.
 */
public final class BatchSchedulerMetadata {

  /** The group name of a head Pod. */
  public static final String HEAD_GROUP = "headgroup";
  /** The group name of a RayJob's submitter Pod. */
  public static final String SUBMITTER_GROUP = "submittergroup";
  /** Parent label: gang scheduling wanted (YuniKorn, scheduler-plugins); its value is not read. */
  public static final String GANG_SCHEDULING_LABEL = "ray.io/gang-scheduling-enabled";
  /** Parent label: YuniKorn's application id, written on the children as {@code applicationId}. */
  public static final String YUNIKORN_APP_ID_LABEL = "yunikorn.apache.org/app-id";
  /** Parent label: YuniKorn's queue, written on the children as {@code queue}. */
  public static final String YUNIKORN_QUEUE_LABEL = "yunikorn.apache.org/queue";
  /** Child annotation: the YuniKorn task group of a Pod. */
  public static final String YUNIKORN_TASK_GROUP_ANNOTATION = "yunikorn.apache.org/task-group-name";
  /** Parent and child label: the KAI scheduler's queue. */
  public static final String KAI_QUEUE_LABEL = "kai.scheduler/queue";

  private BatchSchedulerMetadata() {
  }

  /**
   * Adds the scheduler's labels, annotations and scheduler name to a child of {@code parent}.
   *
   * @param scheduler the operator's batch scheduler; {@link BatchScheduler#NONE} changes nothing
   * @param parent the metadata of the RayCluster or RayJob the child belongs to
   * @param taskGroups the parent's YuniKorn task groups ({@link YuniKornTaskGroups}), asked only for a YuniKorn gang
   *     whose parent has none of its own
   * @param child the child's metadata, changed in place
   * @param podSpec the child's Pod spec, changed in place; {@code null} for a child that is not a Pod (a RayCluster)
   * @param group the Ray group of the child ({@value #HEAD_GROUP}, a worker group, {@value #SUBMITTER_GROUP}, or empty)
   */
  public static void stamp(BatchScheduler scheduler, ObjectMeta parent, Supplier<String> taskGroups, ObjectMeta child,
      PodSpec podSpec, String group) {
    Objects.requireNonNull(scheduler, "scheduler");
    Objects.requireNonNull(parent, "parent");
    Objects.requireNonNull(child, "child");
    Objects.requireNonNull(group, "group");
    switch (scheduler) {
      case NONE -> {
        return;
      }
      case VOLCANO -> {
        copyLabel(parent, VolcanoPodGroup.QUEUE_LABEL, child, VolcanoPodGroup.QUEUE_LABEL);
        copyLabel(parent, VolcanoPodGroup.PRIORITY_CLASS_LABEL, child, VolcanoPodGroup.PRIORITY_CLASS_LABEL);
        Map<String, String> annotations = child.getAnnotations() == null ? new TreeMap<>()
            : new TreeMap<>(child.getAnnotations());
        annotations.put(VolcanoPodGroup.GROUP_NAME_ANNOTATION, VolcanoPodGroup.name(parent));
        annotations.put(VolcanoPodGroup.TASK_SPEC_ANNOTATION, group);
        child.setAnnotations(annotations);
      }
      case YUNIKORN -> {
        copyLabel(parent, YUNIKORN_APP_ID_LABEL, child, "applicationId");
        copyLabel(parent, YUNIKORN_QUEUE_LABEL, child, "queue");
        if (parent.getLabels() != null && parent.getLabels().containsKey(GANG_SCHEDULING_LABEL)) {
          String own = parent.getAnnotations() == null ? null
              : parent.getAnnotations().get(YuniKornTaskGroups.ANNOTATION);
          Map<String, String> annotations = child.getAnnotations() == null ? new TreeMap<>()
              : new TreeMap<>(child.getAnnotations());
          annotations.put(YuniKornTaskGroups.ANNOTATION, own != null && !own.isEmpty() ? own
              : Objects.requireNonNull(taskGroups, "taskGroups").get());
          if (!group.isEmpty()) {
            annotations.put(YUNIKORN_TASK_GROUP_ANNOTATION, group);
          }
          child.setAnnotations(annotations);
        }
      }
      case KAI_SCHEDULER -> copyLabel(parent, KAI_QUEUE_LABEL, child, KAI_QUEUE_LABEL);
      case SCHEDULER_PLUGINS -> {
        if (SchedulerPluginsPodGroup.wantedFor(parent)) {
          Map<String, String> labels = child.getLabels() == null ? new TreeMap<>() : new TreeMap<>(child.getLabels());
          labels.put(SchedulerPluginsPodGroup.POD_GROUP_LABEL, parent.getName());
          child.setLabels(labels);
        }
      }
    }
    if (podSpec != null) {
      podSpec.setSchedulerName(scheduler.podSchedulerName());
    }
  }

  private static void copyLabel(ObjectMeta parent, String key, ObjectMeta child, String childKey) {
    String value = parent.getLabels() == null ? null : parent.getLabels().get(key);
    if (value == null || value.isEmpty()) {
      return;
    }
    Map<String, String> labels = child.getLabels() == null ? new TreeMap<>() : new TreeMap<>(child.getLabels());
    labels.put(childKey, value);
    child.setLabels(labels);
  }
}
