package dev.raykube.operator.testing;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterConditionType;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.operator.runtime.ClusterStateGauges;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.testing.MockApiRequests;
import dev.raykube.testing.MovableClock;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A controller's reconciler called directly, one reconcile at a time ({@link #step}), on the CRUD mock in one namespace
 * at a clock the test moves; a kind's bed extends it with its wiring and its accessors. The test plays the rest of the
 * world:
 * <ul>
 *   <li>JOSDK, as the reconciler's {@link ControllerConfiguration} asks: a {@link Cleaner} has the controller's
 *       finalizer from its creation on, and its {@code cleanup} is called while it is being deleted (the finalizer
 *       taken off when the cleanup says so); with {@code triggerReconcilerOnAllEvents}, {@code reconcile} is called
 *       then, and once more with the last copy when it is gone. An operator restart is a new reconciler;
 *   <li>the RayCluster controller, before each step ({@link #beforeStep}): the RayClusters become ready, unless
 *       {@linkplain #holdClustersPending held};
 *   <li>every head's Ray dashboard, if the controller calls one: a {@link FakeRayDashboard}, whose jobs take real
 *       time, so {@link #runUntil} pauses between reconciles.
 * </ul>
 *
 * @param <P> the primary resource
 */
public class DirectReconciles<P extends HasMetadata> implements AutoCloseable {

  /** How an operator start builds the reconciler from the controller's context and every head's dashboard. */
  @FunctionalInterface
  public interface Wiring<P extends HasMetadata>
      extends BiFunction<ControllerContext, FakeRayDashboard, Reconciler<P>> {
  }

  /** The namespace of the primary resources and of what they own. */
  public final String ns;
  /** The time of every decision: the real time at the start, then where the test moves it. */
  public final MovableClock clock = MovableClock.atNow();
  /** Every head's dashboard, or null. */
  public final FakeRayDashboard dashboard;
  /** What the runtime hands the controller: the client, the settings, the clock, the gauges. */
  public final ControllerContext context;
  /** The mock API requests made inside the reconciler's calls since {@link #recordRequests}, the bed's not. */
  public final List<MockApiRequests.Request> reconcilerRequests = new ArrayList<>();
  protected final KubernetesClient client;
  private final Class<P> kind;
  private final String finalizer;
  private final Wiring<P> wiring;
  private final Map<String, P> lastSeen = new HashMap<>();
  private Reconciler<P> reconciler;
  private KubernetesMockServer recording;
  private boolean clustersPending;

  /**
   * Builds the reconciler with {@code wiring}, at the operator's settings of {@code args}; {@code finalizer} is the one
   * JOSDK puts on (null: none), {@code dashboard} every head's dashboard (null: none).
   */
  public DirectReconciles(KubernetesClient client, Class<P> kind, String ns, String finalizer,
      FakeRayDashboard dashboard, Wiring<P> wiring, String... args) {
    this.client = client;
    this.kind = kind;
    this.ns = ns;
    this.finalizer = finalizer;
    this.dashboard = dashboard;
    this.wiring = wiring;
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    this.context = new ControllerContext(TestSettings.of(args), client, registry, new ClusterStateGauges(registry),
        clock);
    restart();
  }

  /** An operator restart: a new reconciler from the same wiring, remembering nothing of the old one. */
  public final void restart() {
    reconciler = wiring.apply(context, dashboard);
  }

  /** From now on, keeps the requests the reconciler makes on {@code server} in {@link #reconcilerRequests}. */
  public void recordRequests(KubernetesMockServer server) {
    MockApiRequests.drain(server);
    recording = server;
  }

  /** While {@code true} the RayClusters are not marked ready (their heads never start). */
  public void holdClustersPending(boolean hold) {
    clustersPending = hold;
  }

  /** Creates it in {@link #ns} as a user would, with the controller's finalizer as JOSDK puts it on first. */
  public P create(P resource) {
    resource.getMetadata().setNamespace(ns);
    if (finalizer != null) {
      resource.getMetadata().setFinalizers(new ArrayList<>(resource.getFinalizers()));
      resource.addFinalizer(finalizer);
    }
    return client.resource(resource).create();
  }

  /** As stored, or null. */
  public P get(String name) {
    return client.resources(kind).inNamespace(ns).withName(name).get();
  }

  /** Changes the stored one as a user would (again on a 409); returns it as written. */
  public P edit(String name, Consumer<P> change) {
    return ConflictRetryingEdit.edit(client, kind, ns, name, change);
  }

  /** Deletes it: a finalizer holds it until a step lets it go. */
  public void delete(String name) {
    client.resources(kind).inNamespace(ns).withName(name).delete();
  }

  /** The Events about it, of {@code reason} if one is given. */
  public List<Event> events(String name, String... reason) {
    return client.v1().events().inNamespace(ns).list().getItems().stream()
        .filter(e -> HasMetadata.getKind(kind).equals(e.getInvolvedObject().getKind())
            && name.equals(e.getInvolvedObject().getName()))
        .filter(e -> reason.length == 0 || reason[0].equals(e.getReason())).toList();
  }

  /** The reasons of the Events about it. */
  public List<String> eventReasons(String name) {
    return events(name).stream().map(Event::getReason).toList();
  }

  /**
   * The world's play ({@link #beforeStep}), then one reconcile of {@code name} as JOSDK would run it now.
   *
   * @return when the controller asked to be called again, if it did
   */
  public Optional<Duration> step(String name) {
    beforeStep(name);
    P current = get(name);
    if (current != null) {
      lastSeen.put(name, current);
      return reconcile(current);
    }
    P last = lastSeen.remove(name);
    return last == null || !onAllEvents() ? Optional.empty()
        : call(last, TestingContext.of(client, last).primaryDeleted());
  }

  /** One reconcile of this copy (as an informer might still hold it), the world left as it is. */
  public Optional<Duration> reconcile(P copy) {
    return call(copy, TestingContext.of(client, copy));
  }

  /**
   * Steps {@code name} until {@code done} holds for it (or for its absence: {@code null}), at most 20 times, or with a
   * dashboard 400 times 10 ms apart; the clock does not move.
   */
  public void runUntil(String name, String what, Predicate<P> done) {
    int steps = dashboard == null ? 20 : 400;
    for (int i = 0; i < steps && !done.test(get(name)); i++) {
      step(name);
      if (dashboard != null && !done.test(get(name))) {
        LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
      }
    }
    if (!done.test(get(name))) {
      throw new AssertionError("not reached in " + steps + " reconciles: " + what + "; "
          + client.getKubernetesSerialization().asYaml(get(name))
          + (dashboard == null ? "" : "dashboard requests " + dashboard.requests()));
    }
  }

  /**
   * Plays the RayCluster controller before each step: every RayCluster of {@link #ns} not being deleted is marked ready
   * with its head Pod ready, unless {@linkplain #holdClustersPending held}.
   */
  protected void beforeStep(String name) {
    for (RayCluster cluster : client.resources(RayCluster.class).inNamespace(ns).list().getItems()) {
      if (clustersPending || cluster.isMarkedForDeletion()
          || cluster.getStatus() != null && cluster.getStatus().getState() == ClusterState.READY) {
        continue;
      }
      RayClusterStatus status = new RayClusterStatus();
      status.setState(ClusterState.READY);
      status.setConditions(List.of(new ConditionBuilder().withType(RayClusterConditionType.HEAD_POD_READY.value())
          .withStatus("True").withReason("HeadPodRunningAndReady").withLastTransitionTime(clock.instant().toString())
          .build()));
      cluster.setStatus(status);
      client.resource(cluster).updateStatus();
    }
  }

  /** Stops the dashboard and removes the {@link MockLeftovers} of {@link #ns}. */
  @Override
  public void close() {
    if (dashboard != null) {
      dashboard.close();
    }
    MockLeftovers.remove(client, ns, List.of(kind));
  }

  private boolean onAllEvents() {
    ControllerConfiguration configuration = reconciler.getClass().getAnnotation(ControllerConfiguration.class);
    return configuration != null && configuration.triggerReconcilerOnAllEvents();
  }

  /** {@code cleanup} of a Cleaner being deleted (unless it is called on all events), {@code reconcile} otherwise. */
  @SuppressWarnings("unchecked")
  private Optional<Duration> call(P resource, TestingContext<P> call) {
    if (recording != null) {
      MockApiRequests.drain(recording);
    }
    boolean cleanup = resource.isMarkedForDeletion() && reconciler instanceof Cleaner && !onAllEvents();
    DeleteControl deleted;
    Optional<Long> again;
    try {
      deleted = cleanup ? ((Cleaner<P>) reconciler).cleanup(resource, call) : null;
      again = cleanup ? deleted.getScheduleDelay() : reconciler.reconcile(resource, call).getScheduleDelay();
    } catch (Exception e) {
      throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
    }
    if (recording != null) {
      reconcilerRequests.addAll(MockApiRequests.drain(recording));
    }
    if (cleanup && deleted.isRemoveFinalizer()) {
      edit(resource.getMetadata().getName(), r -> r.removeFinalizer(finalizer));
    }
    return again.map(Duration::ofMillis);
  }
}
