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
import org.junit.jupiter.params.provider.EnumSource;

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

    BatchSchedulerMetadata.stamp(BatchScheduler.VOLCANO, parent, child, spec, group);

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
    BatchSchedulerMetadata.stamp(BatchScheduler.VOLCANO, cluster, pod, null, "headgroup");
    assertThat(pod.getAnnotations()).containsEntry("scheduling.k8s.io/group-name", "ray-job-1-pg");
    assertThat(pod.getLabels()).isNullOrEmpty();

    ObjectMeta job = new ObjectMetaBuilder().withName("job-1").build();
    ObjectMeta ownedCluster = new ObjectMeta();
    BatchSchedulerMetadata.stamp(BatchScheduler.VOLCANO, job, ownedCluster, null, "");
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
    BatchSchedulerMetadata.stamp(BatchScheduler.NONE, parent, child, spec, "headgroup");
    assertThat(child).isEqualTo(new ObjectMeta());
    assertThat(spec.getSchedulerName()).isEqualTo("mine");
  }

  @ParameterizedTest
  @EnumSource(value = BatchScheduler.class, names = {"YUNIKORN", "KAI_SCHEDULER", "SCHEDULER_PLUGINS"})
  void aSchedulerNotBuiltYetIsAnError(BatchScheduler scheduler) {
    assertThatThrownBy(() -> BatchSchedulerMetadata.stamp(scheduler, new ObjectMeta(), new ObjectMeta(),
        new PodSpec(), "headgroup")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(scheduler.flagValue());
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
