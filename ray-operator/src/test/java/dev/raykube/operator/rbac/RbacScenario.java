package dev.raykube.operator.rbac;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.GcsFaultToleranceOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.ScaleStrategy;
import dev.raykube.operator.RayControllers;
import dev.raykube.operator.runtime.ControllerDefinition;
import dev.raykube.operator.runtime.RuntimeOptions;
import dev.raykube.operator.testing.ConflictRetryingEdit;
import dev.raykube.operator.testing.RunningOperator;
import dev.raykube.testing.Eventually;
import dev.raykube.testing.MovableClock;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Drives the production operator ({@link RayControllers#all()}, leader election on) through what its controllers do,
 * on a CRUD mock server, and records every Kubernetes API call it makes. Every sample in {@code examples/manifests}
 * whose kind has a registered controller is created and later deleted, so a newly registered controller is exercised
 * without changes here; RayCluster-specific steps reach the calls the samples alone do not (auth token Secret,
 * {@code workersToDelete}, suspend, a repeated Warning), and so do the RayJob steps ({@link RayJobSteps}: both
 * submission modes, every kind of clean-up, deletion with the finalizer) and the RayService steps
 * ({@link RayServiceSteps}: Ready, in-place changes, a cluster-changing upgrade, suspend, deletion with the finalizer),
 * for which the RayJob and RayService controllers' dashboards are a {@link FakeRayDashboard}, and the RayCronJob steps
 * ({@link RayCronJobSteps}: runs, a conflicting status write, a repeated Warning, suspend, deletion), whose controller
 * reads a clock ahead of the real one, so that every sample RayCronJob runs when it is created.
 */
final class RbacScenario {

  /**
   * The components whose every documented call the scenario reaches. A controller registered without an exercise
   * here is still checked call by call (its samples run), but its unreached grants are only reported: give it an
   * exercise (as {@link #rayClusterSteps()} for the RayCluster controller) and add it here.
   */
  static final Set<String> EXERCISED = Set.of(PermissionTable.RAYCLUSTER, PermissionTable.RAYJOB,
      PermissionTable.RAYSERVICE, PermissionTable.RAYCRONJOB, PermissionTable.LEADER_ELECTION);

  /** Namespace of the workloads (the namespaced Role's namespace). */
  static final String NAMESPACE = "ray-workloads";
  /** Namespace of the leader-election Lease (the operator's namespace). */
  static final String LEASE_NAMESPACE = "raykube-system";

  private static final Path SAMPLES = Path.of("..", "examples", "manifests");
  private static final Duration QUIET = Duration.ofMillis(1500);
  private static final Duration SETTLE = Duration.ofSeconds(10);

  private final KubernetesMockServer server;
  private final KubernetesClient client;
  private final ApiCallRecorder recorder = new ApiCallRecorder();
  private final HeldRequest held = new HeldRequest();

  private RbacScenario(KubernetesMockServer server, KubernetesClient client) {
    this.server = server;
    this.client = client;
  }

  /**
   * Runs the scenario and returns the operator's API calls.
   *
   * @param server the CRUD mock server (a step answers one request with a conflict)
   * @param client a client of the mock server (the ray.io CRDs and both namespaces must exist)
   * @param settingsArgs extra operator flags, e.g. {@code --namespaces=ray-workloads}
   */
  static List<ApiCall> run(KubernetesMockServer server, KubernetesClient client, String... settingsArgs)
      throws Exception {
    return new RbacScenario(server, client).run(settingsArgs);
  }

  private List<ApiCall> run(String... settingsArgs) throws Exception {
    List<String> args = new ArrayList<>(List.of("--leader-election", "--leader-election-namespace=" + LEASE_NAMESPACE));
    args.addAll(List.of(settingsArgs));
    try (FakeRayDashboard dashboard = FakeRayDashboard.builder().startDelay(Duration.ofMillis(20))
        .stopDelay(Duration.ofMillis(50)).build().start()) {
      return run(dashboard, args);
    }
  }

  private List<ApiCall> run(FakeRayDashboard dashboard, List<String> args) throws Exception {
    MovableClock cronClock = RayCronJobSteps.clockAhead();
    List<ControllerDefinition<?>> controllers = RayCronJobSteps.withClock(RayServiceSteps.withFakeDashboard(
        RayJobSteps.withFakeDashboard(RayControllers.all(), dashboard), dashboard), cronClock);
    RayJobSteps rayJobSteps = new RayJobSteps(client, NAMESPACE, dashboard);
    RayServiceSteps rayServiceSteps = new RayServiceSteps(client, NAMESPACE, dashboard, held);
    RayCronJobSteps rayCronJobSteps = new RayCronJobSteps(server, client, NAMESPACE, cronClock);
    RuntimeOptions options = RuntimeOptions.production()
        .withLeaderElectionTimings(Duration.ofSeconds(3), Duration.ofSeconds(2), Duration.ofMillis(400))
        .withInterceptor(ApiCallRecorder.NAME, recorder)
        .withInterceptor(HeldRequest.NAME, held);
    try (RunningOperator operator = RunningOperator.start(client, controllers, options,
        args.toArray(String[]::new))) {
      Eventually.await("leadership", operator.runtime()::isLeading);
      List<HasMetadata> created = createSamples(controllers);
      for (HasMetadata object : created) {
        Eventually.await("status of " + object.getKind() + " " + object.getMetadata().getName(),
            () -> hasStatus(object));
      }
      settle();
      rayClusterSteps();
      settle();
      rayJobSteps.run();
      settle();
      rayServiceSteps.run();
      settle();
      rayCronJobSteps.run();
      settle();
      created.forEach(object -> client.resource(object).inNamespace(NAMESPACE).delete());
      settle();
    }
    return recorder.calls();
  }

  private List<HasMetadata> createSamples(List<ControllerDefinition<?>> controllers) throws IOException {
    Map<String, Class<? extends HasMetadata>> kinds = controllers.stream()
        .collect(Collectors.toMap(c -> HasMetadata.getKind(c.resourceClass()), ControllerDefinition::resourceClass));
    List<HasMetadata> created = new ArrayList<>();
    try (Stream<Path> files = Files.list(SAMPLES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
        // A sample may hold ConfigMaps it needs before its ray.io object (the RayService sample's Serve app).
        for (String yaml : Files.readString(file).split("(?m)^---\\s*$")) {
          String kind = client.getKubernetesSerialization().unmarshal(yaml, GenericKubernetesResource.class).getKind();
          Class<? extends HasMetadata> type = kinds.get(kind);
          if (type != null) {
            HasMetadata object = client.getKubernetesSerialization().unmarshal(yaml, type);
            created.add(client.resource(object).inNamespace(NAMESPACE).create());
          }
        }
      }
    }
    return created;
  }

  /** The RayCluster calls the samples do not reach. */
  private void rayClusterSteps() throws IOException {
    RayCluster minimal = client.getKubernetesSerialization()
        .unmarshal(Files.readString(SAMPLES.resolve("raycluster-minimal.yaml")), RayCluster.class);

    RayCluster withToken = copy(minimal, "rbac-token");
    withToken.getSpec().setRayVersion("2.52.0");
    AuthOptions auth = new AuthOptions();
    auth.setMode("token");
    withToken.getSpec().setAuthOptions(auth);
    create(withToken);

    RayCluster invalid = copy(minimal, "rbac-invalid");
    invalid.getSpec().getWorkerGroupSpecs().get(0).setMinReplicas(3);
    create(invalid);
    Eventually.await("a Warning about rbac-invalid", () -> !warnings("rbac-invalid").isEmpty());
    edit("rbac-invalid", cluster -> cluster.getSpec().setRayVersion("2.46.1"));
    Eventually.await("the Warning about rbac-invalid repeated", () -> warnings("rbac-invalid").stream()
        .anyMatch(event -> event.getCount() != null && event.getCount() > 1));

    RayCluster scaled = create(copy(minimal, "rbac-scaled"));
    Eventually.await("a worker of rbac-scaled", () -> !workers("rbac-scaled").isEmpty());
    String worker = workers("rbac-scaled").get(0).getMetadata().getName();
    edit(scaled.getMetadata().getName(), cluster -> {
      ScaleStrategy strategy = new ScaleStrategy();
      strategy.setWorkersToDelete(List.of(worker));
      cluster.getSpec().getWorkerGroupSpecs().get(0).setScaleStrategy(strategy);
    });
    Eventually.await("worker " + worker + " deleted", () -> client.pods().inNamespace(NAMESPACE)
        .withName(worker).get() == null);

    edit("rbac-token", cluster -> cluster.getSpec().setSuspend(true));
    Eventually.await("rbac-token suspended (no Pods)", () -> pods("rbac-token").isEmpty());

    for (String name : List.of("rbac-token", "rbac-invalid", "rbac-scaled")) {
      client.resources(RayCluster.class).inNamespace(NAMESPACE).withName(name).delete();
    }

    // Redis fault tolerance: the clean-up finalizer, and on deletion the clean-up Job (completed here by hand: the
    // mock runs no Job controller).
    RayCluster redis = copy(minimal, "rbac-redis");
    GcsFaultToleranceOptions options = new GcsFaultToleranceOptions();
    options.setRedisAddress("redis:6379");
    redis.getSpec().setGcsFaultToleranceOptions(options);
    create(redis);
    Eventually.await("the Redis clean-up finalizer on rbac-redis", () -> {
      RayCluster current = client.resources(RayCluster.class).inNamespace(NAMESPACE).withName("rbac-redis").get();
      return current.getMetadata().getFinalizers() != null && !current.getMetadata().getFinalizers().isEmpty();
    });
    client.resources(RayCluster.class).inNamespace(NAMESPACE).withName("rbac-redis").delete();
    Eventually.await("the Redis clean-up Job of rbac-redis", () -> client.batch().v1().jobs().inNamespace(NAMESPACE)
        .withName("rbac-redis-redis-cleanup").get() != null);
    Job cleanup = client.batch().v1().jobs().inNamespace(NAMESPACE).withName("rbac-redis-redis-cleanup").get();
    client.resource(new JobBuilder(cleanup).editOrNewStatus().addNewCondition().withType("Complete")
        .withStatus("True").endCondition().endStatus().build()).updateStatus();
    Eventually.await("rbac-redis gone after its clean-up", () -> client.resources(RayCluster.class)
        .inNamespace(NAMESPACE).withName("rbac-redis").get() == null);
    client.resource(cleanup).delete();
  }

  private RayCluster copy(RayCluster source, String name) {
    RayCluster copy = client.getKubernetesSerialization().clone(source);
    copy.getMetadata().setName(name);
    copy.getMetadata().setNamespace(NAMESPACE);
    return copy;
  }

  private RayCluster create(RayCluster cluster) {
    return client.resource(cluster).inNamespace(NAMESPACE).create();
  }

  /** Changes a RayCluster, retrying when the operator's status write got in between (409). */
  private void edit(String name, java.util.function.Consumer<RayCluster> change) {
    ConflictRetryingEdit.edit(client, RayCluster.class, NAMESPACE, name, change);
  }

  private List<Pod> pods(String cluster) {
    return client.pods().inNamespace(NAMESPACE).withLabel("ray.io/cluster", cluster).list().getItems();
  }

  private List<Pod> workers(String cluster) {
    return pods(cluster).stream().filter(p -> "worker".equals(p.getMetadata().getLabels().get("ray.io/node-type")))
        .filter(p -> p.getMetadata().getDeletionTimestamp() == null).toList();
  }

  private List<Event> warnings(String cluster) {
    return client.v1().events().inNamespace(NAMESPACE).list().getItems().stream()
        .filter(e -> "Warning".equals(e.getType()) && cluster.equals(e.getInvolvedObject().getName())).toList();
  }

  /** Whether the object's status has been written (the end of its first reconcile). */
  private boolean hasStatus(HasMetadata object) {
    GenericKubernetesResource current = client.genericKubernetesResources(object.getApiVersion(), object.getKind())
        .inNamespace(NAMESPACE).withName(object.getMetadata().getName()).get();
    return current != null && current.getAdditionalProperties().get("status") != null;
  }

  /**
   * Lets the operator finish what it started: waits until it has made no call except Lease renewals for
   * {@link #QUIET}, or at most {@link #SETTLE} (controllers that poll never go quiet; their calls are recorded anyway).
   */
  private void settle() {
    long deadline = System.nanoTime() + SETTLE.toNanos();
    long count = busyCalls();
    long since = System.nanoTime();
    while (System.nanoTime() - since < QUIET.toNanos() && System.nanoTime() < deadline) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
      long now = busyCalls();
      if (now != count) {
        count = now;
        since = System.nanoTime();
      }
    }
  }

  private long busyCalls() {
    return recorder.calls().stream().filter(call -> call.isNonResource() || !call.resource().equals("leases")).count();
  }
}
