package dev.raykube.operator.raycronjob;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cronjob.ChildRayJob;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.cronjob.RayCronJobSpec;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.operator.testing.DirectReconciles;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The RayCronJob controller's reconciler as its controller definition builds it, called directly
 * ({@link DirectReconciles}) against the CRUD mock, on a clock the test moves: a scheduled time creates one RayJob,
 * another call in the same minute none, a reconciler started anew across schedule boundaries only the latest missed
 * one, and a RayCronJob being deleted nothing.
 */
@EnableKubernetesMockClient(crud = true)
class RayCronJobReconcilerTest {

  private static final String NS = "cron";

  static KubernetesClient client;

  private DirectReconciles<RayCronJob> cron;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void start() {
    cron = new DirectReconciles<>(client, RayCronJob.class, NS, null, null,
        (context, noDashboard) -> new RayCronJobController().reconciler(context));
  }

  @AfterEach
  void removeLeftovers() {
    cron.close();
    client.resources(RayJob.class).inNamespace(NS).delete();
  }

  /** Creates {@code name} with {@code * * * * *}; the clock is set to its creation (the mock's time). */
  private Instant create(String name) {
    RayCronJob cronJob = new RayCronJob();
    cronJob.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
    RayCronJobSpec spec = new RayCronJobSpec();
    spec.setSchedule("* * * * *");
    RayJobSpec template = new RayJobSpec();
    template.setEntrypoint("python job.py");
    template.setClusterSelector(Map.of("ray.io/cluster", "shared"));
    spec.setJobTemplate(template);
    cronJob.setSpec(spec);
    RayCronJob created = cron.create(cronJob);
    Instant creation = StatusTimes.parse(created.getMetadata().getCreationTimestamp()).orElseThrow();
    cron.clock.set(creation);
    return creation;
  }

  private static List<String> rayJobs(String cronJob) {
    return client.resources(RayJob.class).inNamespace(NS).withLabel(ChildRayJob.CRON_JOB_NAME_LABEL, cronJob).list()
        .getItems().stream().map(job -> job.getMetadata().getName()).sorted().toList();
  }

  private static String childName(String cronJob, Instant tick) {
    return cronJob + "-" + tick.getEpochSecond() / 60;
  }

  @Test
  @DisplayName("a scheduled time creates one RayJob and records it; another call in the same minute creates none")
  void aTickCreatesOneRayJob() {
    Instant created = create("tick");
    Instant firstTick = created.truncatedTo(ChronoUnit.MINUTES).plus(1, ChronoUnit.MINUTES);

    Optional<Duration> early = cron.reconcile(cron.get("tick"));
    assertThat(rayJobs("tick")).as("nothing is due at the creation").isEmpty();
    assertThat(early).as("called again at the first scheduled time")
        .contains(Duration.between(created, firstTick));

    cron.clock.set(firstTick.plusSeconds(1));
    RayCronJob beforeTheRun = cron.get("tick");
    Optional<Duration> run = cron.reconcile(beforeTheRun);
    String child = childName("tick", firstTick);
    assertThat(rayJobs("tick")).containsExactly(child);
    assertThat(cron.get("tick").getStatus().getLastScheduleTime()).isEqualTo(StatusTimes.format(firstTick));
    assertThat(run).as("called again at the next minute").contains(Duration.ofSeconds(59));
    RayJob job = client.resources(RayJob.class).inNamespace(NS).withName(child).get();
    assertThat(job.getMetadata().getAnnotations())
        .containsEntry(ChildRayJob.SCHEDULED_TIMESTAMP_ANNOTATION, StatusTimes.format(firstTick));
    OwnerReference owner = job.getMetadata().getOwnerReferences().get(0);
    assertThat(owner.getKind()).isEqualTo("RayCronJob");
    assertThat(owner.getUid()).isEqualTo(cron.get("tick").getMetadata().getUid());
    assertThat(owner.getController()).isTrue();
    assertThat(owner.getBlockOwnerDeletion()).isTrue();

    cron.clock.advance(Duration.ofSeconds(30));
    cron.reconcile(cron.get("tick"));
    cron.reconcile(beforeTheRun); // a stale copy decides the same time again: its RayJob exists
    assertThat(rayJobs("tick")).as("RayJobs after two more calls in the same minute").containsExactly(child);
    assertThat(cron.events("tick", "CreatedRayJob")).hasSize(1);
  }

  @Test
  @DisplayName("a reconciler started anew after three boundaries creates exactly the latest missed RayJob")
  void aRestartAcrossBoundariesCreatesTheLatestMissedOne() {
    Instant created = create("restart");
    Instant firstTick = created.truncatedTo(ChronoUnit.MINUTES).plus(1, ChronoUnit.MINUTES);
    cron.clock.set(firstTick);
    cron.reconcile(cron.get("restart"));
    assertThat(rayJobs("restart")).containsExactly(childName("restart", firstTick));

    cron.clock.set(firstTick.plus(Duration.ofMinutes(3)).plusSeconds(5));
    cron.restart();
    cron.reconcile(cron.get("restart"));
    cron.reconcile(cron.get("restart"));

    Instant latest = firstTick.plus(Duration.ofMinutes(3));
    assertThat(rayJobs("restart")).containsExactly(childName("restart", firstTick), childName("restart", latest));
    assertThat(cron.get("restart").getStatus().getLastScheduleTime()).isEqualTo(StatusTimes.format(latest));
    assertThat(cron.events("restart", "MissedSchedules")).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains("skipped 2 missed scheduled times"));
  }

  @Test
  @DisplayName("a RayCronJob being deleted creates nothing and is not called again")
  void markedForDeletionCreatesNothing() {
    Instant created = create("going");
    cron.clock.set(created.plus(Duration.ofMinutes(5)));
    RayCronJob going = cron.get("going");
    going.getMetadata().setDeletionTimestamp(StatusTimes.format(cron.clock.instant()));

    Optional<Duration> again = cron.reconcile(going);

    assertThat(rayJobs("going")).isEmpty();
    assertThat(again).isEmpty();
    assertThat(cron.get("going").getStatus()).satisfiesAnyOf(
        status -> assertThat(status).isNull(),
        status -> assertThat(status.getLastScheduleTime()).isNull());
  }

  @Test
  @DisplayName("JOSDK adds no finalizer (no Cleaner) and calls the reconciler on every event, deletion included")
  void noFinalizerAndEveryEvent() {
    Reconciler<RayCronJob> reconciler = new RayCronJobController().reconciler(cron.context);
    assertThat(reconciler).isNotInstanceOf(Cleaner.class);
    assertThat(reconciler.getClass().getAnnotation(ControllerConfiguration.class).triggerReconcilerOnAllEvents())
        .isTrue();
  }
}
