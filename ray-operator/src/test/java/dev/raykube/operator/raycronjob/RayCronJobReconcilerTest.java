package dev.raykube.operator.raycronjob;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cronjob.ChildRayJob;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.cronjob.RayCronJobSpec;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.operator.runtime.ClusterStateGauges;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.operator.testing.TestingContext;
import dev.raykube.testing.MovableClock;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The RayCronJob controller's reconciler as its controller definition builds it, called directly with a
 * {@link TestingContext} against the CRUD mock, on a clock the test moves (the context's): a scheduled time creates one
 * RayJob, another call in the same minute none, a reconciler started anew across schedule boundaries only the latest
 * missed one, and a RayCronJob being deleted nothing.
 */
@EnableKubernetesMockClient(crud = true)
class RayCronJobReconcilerTest {

  private static final String NS = "cron";

  static KubernetesClient client;

  private final MovableClock clock = new MovableClock(Instant.parse("2026-06-01T08:00:00Z"));

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void clean() {
    client.resources(RayCronJob.class).inNamespace(NS).delete();
    client.resources(RayJob.class).inNamespace(NS).delete();
    client.v1().events().inNamespace(NS).delete();
  }

  /** A reconciler as the operator builds it: a new one is a restarted operator (no memory of the old one). */
  private Reconciler<RayCronJob> reconciler() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    return new RayCronJobController().reconciler(new ControllerContext(TestSettings.of(), client, registry,
        new ClusterStateGauges(registry), clock));
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
    RayCronJob created = client.resource(cronJob).create();
    Instant creation = StatusTimes.parse(created.getMetadata().getCreationTimestamp()).orElseThrow();
    clock.set(creation);
    return creation;
  }

  private static RayCronJob stored(String name) {
    return client.resources(RayCronJob.class).inNamespace(NS).withName(name).get();
  }

  private static UpdateControl<RayCronJob> reconcile(Reconciler<RayCronJob> reconciler, RayCronJob cronJob)
      throws Exception {
    return reconciler.reconcile(cronJob, TestingContext.of(client, cronJob));
  }

  private static List<String> rayJobs(String cronJob) {
    return client.resources(RayJob.class).inNamespace(NS).withLabel(ChildRayJob.CRON_JOB_NAME_LABEL, cronJob).list()
        .getItems().stream().map(job -> job.getMetadata().getName()).sorted().toList();
  }

  private static String childName(String cronJob, Instant tick) {
    return cronJob + "-" + tick.getEpochSecond() / 60;
  }

  private static List<Event> events(String cronJob, String reason) {
    return client.v1().events().inNamespace(NS).list().getItems().stream()
        .filter(e -> cronJob.equals(e.getInvolvedObject().getName()) && reason.equals(e.getReason())).toList();
  }

  private static Duration delay(UpdateControl<RayCronJob> control) {
    return Duration.ofMillis(control.getScheduleDelay().orElseThrow());
  }

  @Test
  @DisplayName("a scheduled time creates one RayJob and records it; another call in the same minute creates none")
  void aTickCreatesOneRayJob() throws Exception {
    Instant created = create("tick");
    Instant firstTick = created.truncatedTo(ChronoUnit.MINUTES).plus(1, ChronoUnit.MINUTES);
    Reconciler<RayCronJob> reconciler = reconciler();

    UpdateControl<RayCronJob> early = reconcile(reconciler, stored("tick"));
    assertThat(rayJobs("tick")).as("nothing is due at the creation").isEmpty();
    assertThat(delay(early)).as("called again at the first scheduled time")
        .isEqualTo(Duration.between(created, firstTick));

    clock.set(firstTick.plusSeconds(1));
    RayCronJob beforeTheRun = stored("tick");
    UpdateControl<RayCronJob> run = reconcile(reconciler, beforeTheRun);
    String child = childName("tick", firstTick);
    assertThat(rayJobs("tick")).containsExactly(child);
    assertThat(stored("tick").getStatus().getLastScheduleTime()).isEqualTo(StatusTimes.format(firstTick));
    assertThat(delay(run)).as("called again at the next minute").isEqualTo(Duration.ofSeconds(59));
    RayJob job = client.resources(RayJob.class).inNamespace(NS).withName(child).get();
    assertThat(job.getMetadata().getAnnotations())
        .containsEntry(ChildRayJob.SCHEDULED_TIMESTAMP_ANNOTATION, StatusTimes.format(firstTick));
    OwnerReference owner = job.getMetadata().getOwnerReferences().get(0);
    assertThat(owner.getKind()).isEqualTo("RayCronJob");
    assertThat(owner.getUid()).isEqualTo(stored("tick").getMetadata().getUid());
    assertThat(owner.getController()).isTrue();
    assertThat(owner.getBlockOwnerDeletion()).isTrue();

    clock.advance(Duration.ofSeconds(30));
    reconcile(reconciler, stored("tick"));
    reconcile(reconciler, beforeTheRun); // a stale copy decides the same time again: its RayJob exists
    assertThat(rayJobs("tick")).as("RayJobs after two more calls in the same minute").containsExactly(child);
    assertThat(events("tick", "CreatedRayJob")).hasSize(1);
  }

  @Test
  @DisplayName("a reconciler started anew after three boundaries creates exactly the latest missed RayJob")
  void aRestartAcrossBoundariesCreatesTheLatestMissedOne() throws Exception {
    Instant created = create("restart");
    Instant firstTick = created.truncatedTo(ChronoUnit.MINUTES).plus(1, ChronoUnit.MINUTES);
    clock.set(firstTick);
    reconcile(reconciler(), stored("restart"));
    assertThat(rayJobs("restart")).containsExactly(childName("restart", firstTick));

    clock.set(firstTick.plus(Duration.ofMinutes(3)).plusSeconds(5));
    Reconciler<RayCronJob> restarted = reconciler();
    reconcile(restarted, stored("restart"));
    reconcile(restarted, stored("restart"));

    Instant latest = firstTick.plus(Duration.ofMinutes(3));
    assertThat(rayJobs("restart")).containsExactly(childName("restart", firstTick), childName("restart", latest));
    assertThat(stored("restart").getStatus().getLastScheduleTime()).isEqualTo(StatusTimes.format(latest));
    assertThat(events("restart", "MissedSchedules")).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains("skipped 2 missed scheduled times"));
  }

  @Test
  @DisplayName("a RayCronJob being deleted creates nothing and is not called again")
  void markedForDeletionCreatesNothing() throws Exception {
    Instant created = create("going");
    clock.set(created.plus(Duration.ofMinutes(5)));
    RayCronJob going = stored("going");
    going.getMetadata().setDeletionTimestamp(StatusTimes.format(clock.instant()));

    UpdateControl<RayCronJob> control = reconcile(reconciler(), going);

    assertThat(rayJobs("going")).isEmpty();
    assertThat(control.getScheduleDelay()).isEmpty();
    assertThat(stored("going").getStatus()).satisfiesAnyOf(
        status -> assertThat(status).isNull(),
        status -> assertThat(status.getLastScheduleTime()).isNull());
  }

  @Test
  @DisplayName("JOSDK adds no finalizer (no Cleaner) and calls the reconciler on every event, deletion included")
  void noFinalizerAndEveryEvent() {
    Reconciler<RayCronJob> reconciler = reconciler();
    assertThat(reconciler).isNotInstanceOf(Cleaner.class);
    assertThat(reconciler.getClass().getAnnotation(ControllerConfiguration.class).triggerReconcilerOnAllEvents())
        .isTrue();
  }
}
