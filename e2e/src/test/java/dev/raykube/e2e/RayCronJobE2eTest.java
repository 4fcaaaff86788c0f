package dev.raykube.e2e;

import static dev.raykube.e2e.RayJobE2eTest.JOB_END;
import static dev.raykube.e2e.RayJobE2eTest.TEARDOWN;
import static dev.raykube.e2e.RayJobE2eTest.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cronjob.ChildRayJob;
import dev.raykube.cronjob.ChildRayJobName;
import dev.raykube.e2e.support.E2eWaits;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.cronjob.RayCronJobSpec;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.sandbox.NodeSimulator;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A RayCronJob against the real peers: the operator (RayCluster, RayJob and RayCronJob controllers, on the system
 * clock) runs in this JVM against the real kube-apiserver, the node simulator runs each head Pod as a real
 * {@code ray start --head}. A {@code * * * * *} RayCronJob creates its first RayJob at the next minute; that RayJob runs
 * a short Ray job in HTTPMode on a head-only RayCluster of its own to {@code Complete}/{@code SUCCEEDED}; once
 * suspended, the RayCronJob creates no RayJob at the next minute; deleted, its RayJobs go with it through their owner
 * references (the real garbage collector, then each RayJob's own finalizer).
 *
 * <p>The RayCronJob is suspended as soon as its first RayJob exists, so that at most one more RayJob (one more Ray head
 * on the machine) is created meanwhile, instead of one each minute while the first one runs.
 */
class RayCronJobE2eTest {

  /** The control plane of e2e/run, this class's namespace, and the node sandbox with real Ray heads. */
  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withRealRay().namespacePrefix("e2e-raycronjob");

  private static final Logger log = LoggerFactory.getLogger(RayCronJobE2eTest.class);

  private static final String NAME = "every-minute";
  /** The next minute, plus the operator's own start. */
  private static final Duration FIRST_RUN = Duration.ofMinutes(3);
  /** How long after a minute boundary a RayJob of that minute would have been created at the latest. */
  private static final Duration TICK_MARGIN = Duration.ofSeconds(15);

  private static KubernetesClient client;
  private static String namespace;
  private static NodeSimulator nodes;
  private static InProcessOperator operator;
  private static RayJobNamespace jobs;
  /** Every RayCluster a RayJob of the RayCronJob used, so the clean-up can wait for its Ray processes. */
  private static final Set<String> clustersSeen = ConcurrentHashMap.newKeySet();

  @BeforeAll
  static void startPeers() throws Exception {
    client = kube.client();
    namespace = kube.namespace();
    jobs = new RayJobNamespace(client, namespace);
    nodes = kube.nodes();
    operator = InProcessOperator.withRayCronJobs(kube.config(), nodes.dashboardAccess(), "--namespaces=" + namespace);
  }

  /** Deletes what is left (the garbage collector takes the RayJobs) and waits until every Ray head has stopped. */
  @AfterAll
  static void stopPeers() {
    try {
      client.resources(RayCronJob.class).inNamespace(namespace).delete();
      await("clean-up: no RayJob", TEARDOWN, () -> jobs.all().isEmpty(), () -> names(jobs.all()).toString());
      jobs.deleteAllClusters();
      await("clean-up: no RayCluster, no Pod", TEARDOWN, () -> jobs.clusters().isEmpty() && jobs.allPods().isEmpty(),
          () -> "clusters " + jobs.clusters().size() + ", pods " + jobs.allPods().size());
      for (String cluster : clustersSeen) {
        await("clean-up: the Ray processes of " + cluster + " stopped", TEARDOWN,
            () -> nodes.rayProcessGroups(namespace, cluster).stream().noneMatch(NodeSimulator::processGroupAlive),
            () -> "process groups " + nodes.rayProcessGroups(namespace, cluster));
      }
    } finally {
      if (operator != null) {
        operator.close();
      }
    }
  }

  @Test
  @DisplayName("every minute: a RayJob per minute that runs on Ray to SUCCEEDED; suspended, none; deleted, its "
      + "RayJobs go")
  void runsSuspendsAndTakesItsRayJobsAlong() {
    RayCronJob created = client.resource(cronJob()).create();

    await("the first RayJob of " + NAME, FIRST_RUN, () -> !children().isEmpty(), () -> describe());
    suspend();
    RayJob first = children().get(0);
    String name = first.getMetadata().getName();
    String scheduled = first.getMetadata().getAnnotations().get(ChildRayJob.SCHEDULED_TIMESTAMP_ANNOTATION);
    Instant tick = StatusTimes.parse(scheduled).orElseThrow();
    assertThat(tick).as("a scheduled time is a whole minute").isEqualTo(tick.truncatedTo(ChronoUnit.MINUTES));
    assertThat(tick).as("the first minute after the creation")
        .isAfter(StatusTimes.parse(created.getMetadata().getCreationTimestamp()).orElseThrow());
    assertThat(name).isEqualTo(ChildRayJobName.of(NAME, tick)).isEqualTo(NAME + "-" + tick.getEpochSecond() / 60);
    assertThat(first.getMetadata().getLabels()).containsEntry(ChildRayJob.CRON_JOB_NAME_LABEL, NAME);
    OwnerReference owner = first.getMetadata().getOwnerReferences().get(0);
    assertThat(owner.getKind()).isEqualTo("RayCronJob");
    assertThat(owner.getName()).isEqualTo(NAME);
    assertThat(owner.getUid()).isEqualTo(created.getMetadata().getUid());
    assertThat(owner.getController()).isTrue();
    assertThat(owner.getBlockOwnerDeletion()).isTrue();
    assertThat(jobs.eventReasons(NAME)).contains("CreatedRayJob");

    await(name + " Complete", JOB_END, () -> {
      clusterOf(name);
      return jobs.deploymentStatus(name) == JobDeploymentStatus.COMPLETE;
    }, () -> jobs.describe(name));
    assertThat(jobs.jobStatus(name)).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(lastScheduleTime()).as("status.lastScheduleTime: the latest RayJob's scheduled time")
        .isEqualTo(children().stream().map(j -> j.getMetadata().getAnnotations()
            .get(ChildRayJob.SCHEDULED_TIMESTAMP_ANNOTATION)).max(String::compareTo).orElseThrow());

    // Suspended: the operator has seen it once its Event is there; no RayJob comes after that, the next minute neither.
    await("the suspension seen", Duration.ofMinutes(1),
        () -> jobs.eventReasons(NAME).contains("SuspendedRayCronJob"), () -> jobs.eventReasons(NAME).toString());
    Set<String> suspendedWith = names(children());
    Instant pastTheNextTick = Instant.now().truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(1))
        .plus(TICK_MARGIN);
    // Fails at the first new RayJob; passes once the next minute (and the margin) has passed without one.
    Eventually.await(Duration.ofMinutes(2), E2eWaits.POLL, "the next minute passed", () -> {
      assertThat(names(children())).as("the RayJobs of the suspended RayCronJob").isEqualTo(suspendedWith);
      return Instant.now().isAfter(pastTheNextTick);
    });
    children().forEach(job -> clusterOf(job.getMetadata().getName()));
    log.info("{}: RayJobs {}; suspended, none created at the next minute", NAME, suspendedWith);

    // Deleted: the garbage collector deletes its RayJobs (background propagation), each one goes after its finalizer.
    client.resources(RayCronJob.class).inNamespace(namespace).withName(NAME).delete();
    await("the RayCronJob and its RayJobs gone", TEARDOWN,
        () -> client.resources(RayCronJob.class).inNamespace(namespace).withName(NAME).get() == null
            && children().isEmpty(), () -> describe());
  }

  /** {@value #NAME}: {@code * * * * *}, an HTTPMode RayJob with a head-only cluster, deleted when the job ends. */
  private static RayCronJob cronJob() {
    RayJobSpec template = jobs.httpModeJob("template", "python -c \"import ray; ray.init(); "
        + "print('cron run', ray.get(ray.remote(num_cpus=0)(lambda: 6 * 7).remote()))\"").getSpec();
    template.setShutdownAfterJobFinishes(true);
    template.setTtlSecondsAfterFinished(0);
    RayCronJobSpec spec = new RayCronJobSpec();
    spec.setSchedule("* * * * *");
    spec.setJobTemplate(template);
    RayCronJob cronJob = new RayCronJob();
    cronJob.setMetadata(new ObjectMetaBuilder().withName(NAME).withNamespace(namespace).build());
    cronJob.setSpec(spec);
    return cronJob;
  }

  /** A merge patch of the spec alone: it cannot conflict with the operator's status writes. */
  private static void suspend() {
    client.resources(RayCronJob.class).inNamespace(namespace).withName(NAME)
        .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"spec\":{\"suspend\":true}}");
  }

  private static List<RayJob> children() {
    return client.resources(RayJob.class).inNamespace(namespace).withLabel(ChildRayJob.CRON_JOB_NAME_LABEL, NAME)
        .list().getItems();
  }

  private static Set<String> names(List<RayJob> rayJobs) {
    return rayJobs.stream().map(j -> j.getMetadata().getName()).collect(Collectors.toCollection(TreeSet::new));
  }

  private static String lastScheduleTime() {
    RayCronJob cronJob = client.resources(RayCronJob.class).inNamespace(namespace).withName(NAME).get();
    return cronJob == null || cronJob.getStatus() == null ? null : cronJob.getStatus().getLastScheduleTime();
  }

  /** Notes the RayCluster of a RayJob, for the clean-up's wait on its Ray processes. */
  private static void clusterOf(String rayJob) {
    RayJob job = jobs.get(rayJob);
    if (job != null && job.getStatus() != null && job.getStatus().getRayClusterName() != null) {
      clustersSeen.add(job.getStatus().getRayClusterName());
    }
  }

  private static String describe() {
    return NAME + ": lastScheduleTime=" + lastScheduleTime() + ", Events " + jobs.eventReasons(NAME) + ", RayJobs "
        + children().stream().map(j -> jobs.describe(j.getMetadata().getName())).toList();
  }
}
