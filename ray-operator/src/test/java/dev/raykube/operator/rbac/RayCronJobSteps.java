package dev.raykube.operator.rbac;

import static dev.raykube.testing.Eventually.await;

import dev.raykube.cronjob.ChildRayJob;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.raycronjob.RayCronJobController;
import dev.raykube.operator.runtime.ControllerDefinition;
import dev.raykube.operator.testing.ConflictRetryingEdit;
import dev.raykube.testing.MovableClock;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What the RayCronJob controller does beyond the samples, driven for {@link RbacScenario}. Its loop reads
 * {@link #CLOCK_AHEAD} ahead of the real time on a clock the steps move, so a schedule falls due at once instead of at
 * the next real minute: every sample RayCronJob runs when it is created (the weekday one too), and each move of the
 * clock brings another run. The steps: the first run of {@code * * * * *} (the RayJob created, the status written); the
 * next minute with a status write that conflicts (the RayCronJob read again, its status written on the new version);
 * an invalid spec whose Warning repeats (the Event read and patched); suspension; deletion (nothing to clean up).
 */
final class RayCronJobSteps {

  /** How far the RayCronJob controller's clock starts ahead of the real one: past every sample's next time. */
  static final Duration CLOCK_AHEAD = Duration.ofDays(8);

  private static final Path SAMPLE = Path.of("..", "examples", "manifests", "raycronjob.yaml");
  private static final String NAME = "rbac-cron";

  private final KubernetesMockServer server;
  private final KubernetesClient client;
  private final String namespace;
  private final MovableClock clock;

  RayCronJobSteps(KubernetesMockServer server, KubernetesClient client, String namespace, MovableClock clock) {
    this.server = server;
    this.client = client;
    this.namespace = namespace;
    this.clock = clock;
  }

  /** A clock for {@link #withClock}: {@link #CLOCK_AHEAD} ahead of now, moved by the steps. */
  static MovableClock clockAhead() {
    return new MovableClock(Instant.now().plus(CLOCK_AHEAD));
  }

  /** The production controllers with the RayCronJob controller's loop on {@code clock}. */
  static List<ControllerDefinition<?>> withClock(List<ControllerDefinition<?>> controllers, MovableClock clock) {
    RayCronJobController cronJobs = new RayCronJobController(context -> clock);
    return controllers.stream().map(c -> c instanceof RayCronJobController ? cronJobs : c).toList();
  }

  /** Runs every step; each waits until the controller has done what it should. */
  void run() throws IOException {
    RayCronJob sample = client.getKubernetesSerialization().unmarshal(Files.readString(SAMPLE), RayCronJob.class);
    RayCronJob cronJob = client.getKubernetesSerialization().clone(sample);
    cronJob.getMetadata().setName(NAME);
    cronJob.getMetadata().setNamespace(namespace);
    client.resource(cronJob).create();
    await(NAME + " ran once", () -> children().size() == 1 && lastScheduleTime() != null);

    // The next minute; the API server answers the status write with a conflict once (the CRUD mock never does by
    // itself), so the loop reads the RayCronJob again and writes the status on that version.
    String first = lastScheduleTime();
    server.expect().put().withPath("/apis/ray.io/v1/namespaces/" + namespace + "/raycronjobs/" + NAME + "/status")
        .andReturn(409, new StatusBuilder().withStatus("Failure").withCode(409).withReason("Conflict")
            .withMessage("the object has been modified; please apply your changes to the latest version").build())
        .once();
    clock.advance(Duration.ofMinutes(1));
    edit(job -> job.getSpec().getJobTemplate().setTtlSecondsAfterFinished(20)); // a spec change reconciles at once
    await(NAME + " ran again, its status written after the conflict",
        () -> children().size() == 2 && !Objects.equals(first, lastScheduleTime()));

    // Invalid, then changed and still invalid in the same way: the Warning repeats.
    edit(job -> job.getSpec().setTimeZone("Mars/Olympus"));
    await("a Warning about " + NAME, () -> !warnings().isEmpty());
    edit(job -> job.getSpec().getJobTemplate().setTtlSecondsAfterFinished(10));
    await("the Warning about " + NAME + " repeated", () -> warnings().stream()
        .anyMatch(event -> event.getCount() != null && event.getCount() > 1));

    edit(job -> {
      job.getSpec().setTimeZone(null);
      job.getSpec().setSuspend(true);
    });
    await(NAME + " suspended", () -> events().stream().anyMatch(e -> "SuspendedRayCronJob".equals(e.getReason())));

    client.resources(RayCronJob.class).inNamespace(namespace).withName(NAME).delete();
    await(NAME + " gone", () -> client.resources(RayCronJob.class).inNamespace(namespace).withName(NAME).get() == null);
    // The mock has no garbage collector: its RayJobs go as the owner reference would take them.
    children().forEach(job -> client.resource(job).delete());
  }

  /** Changes the RayCronJob, retrying when the operator's status write got in between (409). */
  private void edit(Consumer<RayCronJob> change) {
    ConflictRetryingEdit.edit(client, RayCronJob.class, namespace, NAME, change);
  }

  private List<RayJob> children() {
    return client.resources(RayJob.class).inNamespace(namespace).withLabel(ChildRayJob.CRON_JOB_NAME_LABEL, NAME)
        .list().getItems();
  }

  private String lastScheduleTime() {
    RayCronJob stored = client.resources(RayCronJob.class).inNamespace(namespace).withName(NAME).get();
    return stored == null || stored.getStatus() == null ? null : stored.getStatus().getLastScheduleTime();
  }

  private List<Event> events() {
    return client.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> NAME.equals(e.getInvolvedObject().getName())
            && "RayCronJob".equals(e.getInvolvedObject().getKind())).toList();
  }

  private List<Event> warnings() {
    return events().stream().filter(e -> "Warning".equals(e.getType())
        && "InvalidRayCronJobSpec".equals(e.getReason())).toList();
  }
}
