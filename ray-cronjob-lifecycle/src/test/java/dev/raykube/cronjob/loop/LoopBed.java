package dev.raykube.cronjob.loop;

import dev.raykube.cronjob.ChildRayJob;
import dev.raykube.cronjob.CreateRayJob;
import dev.raykube.cronjob.RayCronJobDecision;
import dev.raykube.kernel.ActionOutcome;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.cronjob.RayCronJobSpec;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.Reconciled;
import dev.raykube.testing.MovableClock;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A RayCronJob on the fabric8 CRUD mock (with the generated CRDs, so status is a subresource), a clock the test moves,
 * and loops built as a controller builds them. The mock stamps {@code creationTimestamp} with its own clock, so the
 * test's clock starts there, and {@link #firstTick()} is the first scheduled time of {@code * * * * *} after it.
 */
final class LoopBed {

  static final String NAME = "nightly";

  private static final AtomicInteger NAMESPACES = new AtomicInteger();

  final KubernetesClient client;
  /** A namespace of the bed's own: the mock server lives as long as the test class. */
  final String ns;
  final MovableClock clock;
  final Instant created;
  private final RayCronJob stored;

  private LoopBed(KubernetesClient client, String ns, RayCronJob stored) {
    this.client = client;
    this.ns = ns;
    this.stored = stored;
    this.created = StatusTimes.parse(stored.getMetadata().getCreationTimestamp()).orElseThrow();
    this.clock = new MovableClock(created);
  }

  /** Installs the RayCronJob and RayJob CRDs and creates RayCronJob {@value #NAME} in a namespace of its own. */
  static LoopBed create(KubernetesClient client, String schedule, Boolean suspend) {
    RayCrds.install(client, "raycronjobs", "rayjobs");
    RayCronJob cronJob = new RayCronJob();
    String ns = "team-" + NAMESPACES.incrementAndGet();
    cronJob.setMetadata(new ObjectMetaBuilder().withName(NAME).withNamespace(ns).build());
    RayCronJobSpec spec = new RayCronJobSpec();
    spec.setSchedule(schedule);
    spec.setSuspend(suspend);
    spec.setJobTemplate(template());
    cronJob.setSpec(spec);
    return new LoopBed(client, ns, client.resource(cronJob).create());
  }

  /** The job template: {@code python job.py} on the RayCluster {@code shared}. */
  static RayJobSpec template() {
    RayJobSpec template = new RayJobSpec();
    template.setEntrypoint("python job.py");
    template.setClusterSelector(new HashMap<>(Map.of("ray.io/cluster", "shared")));
    return template;
  }

  /** A loop as a freshly started operator builds it: its own Event recorder (with its own memory) on the clock. */
  RayCronJobLoop newLoop() {
    return RayCronJobLoop.builder(client)
        .events(new EventRecorder(client, "raykube-operator", null, clock))
        .clock(clock)
        .build();
  }

  /** The first scheduled time of {@code * * * * *} after the creation. */
  Instant firstTick() {
    return created.truncatedTo(ChronoUnit.MINUTES).plus(1, ChronoUnit.MINUTES);
  }

  /** The RayCronJob as created (an old copy once the loop has written). */
  RayCronJob asCreated() {
    return stored;
  }

  /** The RayCronJob as stored now. */
  RayCronJob stored() {
    return client.resources(RayCronJob.class).inNamespace(ns).withName(NAME).get();
  }

  /** Reconciles the RayCronJob as stored now. */
  Reconciled<RayCronJob, ObservedRayCronJob, RayCronJobDecision, ActionOutcome<CreateRayJob>> reconcile(
      RayCronJobLoop loop) {
    return loop.reconcile(stored());
  }

  /** Changes the stored spec, as a user would. */
  void editSpec(java.util.function.Consumer<RayCronJobSpec> change) {
    client.resources(RayCronJob.class).inNamespace(ns).withName(NAME).edit(c -> {
      change.accept(c.getSpec());
      return c;
    });
  }

  /** The RayJobs in the namespace, by name. */
  List<RayJob> rayJobs() {
    return client.resources(RayJob.class).inNamespace(ns).list().getItems().stream()
        .sorted(Comparator.comparing(j -> j.getMetadata().getName())).toList();
  }

  /** The name of the RayJob of a scheduled time. */
  static String childName(Instant tick) {
    return NAME + "-" + tick.getEpochSecond() / 60;
  }

  /** Creates the RayJob of a tick as the loop would, without the loop: an act whose record never happened. */
  void createChildOutsideTheLoop(Instant tick) {
    client.resource(ChildRayJob.forTick(stored(), tick)).create();
  }

  /** The Events about the RayCronJob with {@code reason}, oldest first. */
  List<Event> events(String reason) {
    return client.v1().events().inNamespace(ns).list().getItems().stream()
        .filter(e -> NAME.equals(e.getInvolvedObject().getName()) && reason.equals(e.getReason()))
        .sorted(Comparator.comparing(e -> e.getMetadata().getName())).toList();
  }

  /** The reasons of every Event about the RayCronJob. */
  List<String> reasons() {
    return client.v1().events().inNamespace(ns).list().getItems().stream()
        .filter(e -> NAME.equals(e.getInvolvedObject().getName())).map(Event::getReason).sorted().toList();
  }
}
