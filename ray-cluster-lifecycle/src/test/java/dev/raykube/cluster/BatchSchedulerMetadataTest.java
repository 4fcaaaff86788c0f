package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BatchSchedulerMetadataTest {

  /**
   * Volcano: the parent's queue / priority labels ("-" absent), the child's own labels → the child's labels, its
   * annotations and its scheduler.
   */
  @ParameterizedTest(name = "queue={0} priority={1} group={2}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      q1 | high | headgroup      | {app=x, ray.io/priority-class-name=high, volcano.sh/queue-name=q1}
      q1 | -    | workers        | {app=x, volcano.sh/queue-name=q1}
      '' | ''   | workers        | {app=x}
      -  | -    | submittergroup | {app=x}
      """)
  void volcanoCopiesQueueAndPriorityLabelsAndNamesTheGroupAndTask(String queue, String priority, String group,
      String labels) {
    Map<String, String> parentLabels = new TreeMap<>();
    if (queue != null) {
      parentLabels.put(VolcanoPodGroup.QUEUE_LABEL, queue);
    }
    if (priority != null) {
      parentLabels.put(VolcanoPodGroup.PRIORITY_CLASS_LABEL, priority);
    }
    ObjectMeta parent = new ObjectMetaBuilder().withName("demo").withLabels(parentLabels).build();
    ObjectMeta child = new ObjectMetaBuilder().withLabels(Map.of("app", "x"))
        .withAnnotations(Map.of("keep", "me")).build();
    PodSpec spec = new PodSpec();
    spec.setSchedulerName("my-scheduler");
    spec.setPriorityClassName("own");

    BatchSchedulerMetadata.stamp(BatchScheduler.VOLCANO, parent, () -> "[]", child, spec, group);

    assertThat(new TreeMap<>(child.getLabels()).toString()).isEqualTo(labels);
    assertThat(child.getAnnotations()).containsExactlyInAnyOrderEntriesOf(Map.of("keep", "me",
        "scheduling.k8s.io/group-name", "ray-demo-pg", "volcano.sh/task-spec", group));
    assertThat(spec.getSchedulerName()).as("overwritten").isEqualTo("volcano");
    assertThat(spec.getPriorityClassName()).as("left alone").isEqualTo("own");
  }

  @Test
  void volcanoNamesTheRayJobsPodGroupOnTheClusterOfARayJobAndStampsAChildWithoutPodSpec() {
    ObjectMeta cluster = new ObjectMetaBuilder().withName("job-1-abcde").withLabels(Map.of(
        RayClusterLabels.ORIGINATED_FROM_CRD, "RayJob", RayClusterLabels.ORIGINATED_FROM_CR_NAME, "job-1")).build();
    ObjectMeta pod = new ObjectMeta();
    BatchSchedulerMetadata.stamp(BatchScheduler.VOLCANO, cluster, () -> "[]", pod, null, "headgroup");
    assertThat(pod.getAnnotations()).containsEntry("scheduling.k8s.io/group-name", "ray-job-1-pg");
    assertThat(pod.getLabels()).isNullOrEmpty();

    ObjectMeta job = new ObjectMetaBuilder().withName("job-1").build();
    ObjectMeta ownedCluster = new ObjectMeta();
    BatchSchedulerMetadata.stamp(BatchScheduler.VOLCANO, job, () -> "[]", ownedCluster, null, "");
    assertThat(ownedCluster.getAnnotations()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "scheduling.k8s.io/group-name", "ray-job-1-pg", "volcano.sh/task-spec", ""));
  }

  @Test
  void withoutABatchSchedulerNothingChanges() {
    ObjectMeta parent = new ObjectMetaBuilder().withName("demo")
        .withLabels(Map.of(VolcanoPodGroup.QUEUE_LABEL, "q")).build();
    ObjectMeta child = new ObjectMeta();
    PodSpec spec = new PodSpec();
    spec.setSchedulerName("mine");
    BatchSchedulerMetadata.stamp(BatchScheduler.NONE, parent, () -> "[]", child, spec, "headgroup");
    assertThat(child).isEqualTo(new ObjectMeta());
    assertThat(spec.getSchedulerName()).isEqualTo("mine");
  }

  @ParameterizedTest(name = "[{index}] gang={0}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      ''    | {app=x, scheduling.x-k8s.io/pod-group=demo}
      false | {app=x, scheduling.x-k8s.io/pod-group=demo}
      -     | {app=x}
      """)
  void schedulerPluginsLabelsAGangsChildrenWithTheParentsName(String gang, String labels) {
    Map<String, String> parentLabels = new TreeMap<>();
    put(parentLabels, BatchSchedulerMetadata.GANG_SCHEDULING_LABEL, gang);
    ObjectMeta child = new ObjectMetaBuilder().withLabels(Map.of("app", "x")).build();
    PodSpec spec = new PodSpec();

    BatchSchedulerMetadata.stamp(BatchScheduler.SCHEDULER_PLUGINS,
        new ObjectMetaBuilder().withName("demo").withLabels(parentLabels).build(), () -> "[]", child, spec, "workers");

    assertThat(new TreeMap<>(child.getLabels()).toString()).isEqualTo(labels);
    assertThat(spec.getSchedulerName()).isEqualTo("scheduler-plugins-scheduler");
  }

  /**
   * YuniKorn: the parent's labels ("-" absent) and own task groups, the child's group → the child's labels and
   * annotations.
   */
  @ParameterizedTest(name = "[{index}] app={0} queue={1} gang={2} own={3} group={4}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      app-1 | root.ml | -     | -           | headgroup | {applicationId=app-1, queue=root.ml, x=y} | {}
      app-1 | ''      | true  | -           | workers   | {applicationId=app-1, x=y}                | {yunikorn.apache.org/task-group-name=workers, yunikorn.apache.org/task-groups=COMPUTED}
      -     | -       | false | -           | headgroup | {x=y}                                     | {yunikorn.apache.org/task-group-name=headgroup, yunikorn.apache.org/task-groups=COMPUTED}
      -     | -       | ''    | '[{"own":1}]' | ''      | {x=y}                                     | {yunikorn.apache.org/task-groups=[{"own":1}]}
      -     | -       | true  | ''          | submittergroup | {x=y}                                | {yunikorn.apache.org/task-group-name=submittergroup, yunikorn.apache.org/task-groups=COMPUTED}
      """)
  void yuniKornCopiesAppAndQueueUnderItsOlderNamesAndAnnotatesAGang(String app, String queue, String gang,
      String own, String group, String labels, String annotations) {
    Map<String, String> parentLabels = new TreeMap<>();
    put(parentLabels, BatchSchedulerMetadata.YUNIKORN_APP_ID_LABEL, app);
    put(parentLabels, BatchSchedulerMetadata.YUNIKORN_QUEUE_LABEL, queue);
    put(parentLabels, BatchSchedulerMetadata.GANG_SCHEDULING_LABEL, gang);
    Map<String, String> parentAnnotations = new TreeMap<>();
    put(parentAnnotations, YuniKornTaskGroups.ANNOTATION, own);
    ObjectMeta parent = new ObjectMetaBuilder().withName("demo").withLabels(parentLabels)
        .withAnnotations(parentAnnotations).build();
    ObjectMeta child = new ObjectMetaBuilder().withLabels(Map.of("x", "y")).build();
    PodSpec spec = new PodSpec();

    BatchSchedulerMetadata.stamp(BatchScheduler.YUNIKORN, parent, () -> "COMPUTED", child, spec, group);

    assertThat(new TreeMap<>(child.getLabels()).toString()).isEqualTo(labels);
    assertThat(new TreeMap<>(child.getAnnotations() == null ? Map.of() : child.getAnnotations()).toString())
        .isEqualTo(annotations);
    assertThat(spec.getSchedulerName()).isEqualTo("yunikorn");
  }

  @ParameterizedTest(name = "[{index}] queue={0}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      team-a | {app=x, kai.scheduler/queue=team-a}
      ''     | {app=x}
      -      | {app=x}
      """)
  void kaiCopiesItsQueueLabel(String queue, String labels) {
    Map<String, String> parentLabels = new TreeMap<>();
    put(parentLabels, BatchSchedulerMetadata.KAI_QUEUE_LABEL, queue);
    ObjectMeta child = new ObjectMetaBuilder().withLabels(Map.of("app", "x")).build();
    PodSpec spec = new PodSpec();
    spec.setSchedulerName("default-scheduler");

    BatchSchedulerMetadata.stamp(BatchScheduler.KAI_SCHEDULER,
        new ObjectMetaBuilder().withName("demo").withLabels(parentLabels).build(), () -> "[]", child, spec, "workers");

    assertThat(new TreeMap<>(child.getLabels()).toString()).isEqualTo(labels);
    assertThat(child.getAnnotations()).isNullOrEmpty();
    assertThat(spec.getSchedulerName()).isEqualTo("kai-scheduler");
  }

  private static void put(Map<String, String> map, String key, String value) {
    if (value != null) {
      map.put(key, value);
    }
  }

  /** Every name --batch-scheduler takes, and what it is refused with otherwise. */
  @ParameterizedTest(name = "[{index}] {1}")
  @CsvSource(delimiter = '|', textBlock = """
      ''                | NONE              | -
      volcano           | VOLCANO           | volcano
      yunikorn          | YUNIKORN          | yunikorn
      kai-scheduler     | KAI_SCHEDULER     | kai-scheduler
      scheduler-plugins | SCHEDULER_PLUGINS | scheduler-plugins-scheduler
      """)
  void theSchedulersByName(String name, BatchScheduler scheduler, String podSchedulerName) {
    assertThat(BatchScheduler.named(name)).isEqualTo(scheduler);
    assertThat(scheduler.podSchedulerName()).isEqualTo(podSchedulerName.equals("-") ? null : podSchedulerName);
    assertThat(scheduler.flagValue()).isEqualTo(name);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"default", "Volcano", "' volcano'", "kueue", "kubernetes-was"})
  void anyOtherNameIsNotSupported(String name) {
    assertThatThrownBy(() -> BatchScheduler.named(name)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("scheduler is not supported, name=" + name
            + " (supported: volcano, yunikorn, kai-scheduler, scheduler-plugins)");
  }
}
