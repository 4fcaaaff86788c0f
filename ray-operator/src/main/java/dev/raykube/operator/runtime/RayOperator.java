package dev.raykube.operator.runtime;

import dev.raykube.operator.OperatorSettings;
import dev.raykube.operator.OperatorVersion;
import dev.raykube.operator.metrics.KubeRayMetrics;
import dev.raykube.reconcile.BackgroundEventWrites;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.VersionInfo;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.javaoperatorsdk.operator.Operator;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running operator: one Kubernetes client, the Java Operator SDK {@link Operator} with the registered
 * controllers, the health and metrics endpoints, and leader election. Production ({@code RayOperatorMain}) and tests
 * start it the same way, through {@link #start}.
 *
 * <p>Start-up order: ask the API server for {@code /version} (fail fast with one sentence), open the health and
 * metrics ports ({@code /healthz} answers from now on, {@code /readyz} does not yet), check that the custom resources of
 * the controllers are served, start the controllers (JOSDK waits until the informer caches are synced), then report
 * ready. With leader election, every replica syncs its caches and is ready; only the leader reconciles. Every
 * controller's cache of its primary resource keeps the objects {@linkplain WithoutManagedFields without managed
 * fields}.
 *
 * <p>{@link #close()} stops the controllers (waiting a bounded time for running reconciliations), the leader
 * election, the Event writer (waiting a bounded time for queued Events), the endpoints and the client, in that order. It is idempotent and safe in a shutdown hook.
 */
public final class RayOperator implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(RayOperator.class);
  private static final String PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
  /** How long stopping waits for Events still being written. */
  private static final Duration EVENT_DRAIN = Duration.ofSeconds(5);

  private final OperatorSettings settings;
  private final KubernetesClient client;
  private final PrometheusMeterRegistry registry;
  private final ProcessMeters meters;
  private final ClusterStateGauges clusterStates;
  private final Leadership leadership;
  private final CompletableFuture<Termination> termination = new CompletableFuture<>();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final List<HttpEndpoint> endpoints = new ArrayList<>();
  private final BackgroundEventWrites eventWrites = new BackgroundEventWrites(BackgroundEventWrites.DEFAULT_CAPACITY,
      EVENT_DRAIN);
  private volatile Operator operator;
  private volatile boolean ready;
  private int healthPort = -1;
  private int metricsPort = -1;

  private RayOperator(OperatorSettings settings, KubernetesClient client, PrometheusMeterRegistry registry,
      ProcessMeters meters) {
    this.settings = settings;
    this.client = client;
    this.registry = registry;
    this.meters = meters;
    this.clusterStates = new ClusterStateGauges(registry);
    this.leadership = new Leadership(registry, () -> termination.complete(Termination.LEADERSHIP_LOST));
  }

  /**
   * Connects, checks and starts the operator; returns once it is ready.
   *
   * @param settings the operator's settings
   * @param config where and how to connect (see {@link ClientConfigs}); the runtime sets its user agent on it
   * @param controllers the controllers to register, e.g. {@code RayControllers.all()}
   * @param options runtime behaviour, {@link RuntimeOptions#production()} outside tests
   * @throws StartupFailure with a one-sentence message if the operator cannot start; nothing is left running
   */
  public static RayOperator start(OperatorSettings settings, Config config,
      List<? extends ControllerDefinition<?>> controllers, RuntimeOptions options) throws StartupFailure {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(controllers, "controllers");
    Objects.requireNonNull(options, "options");
    long startNanos = System.nanoTime();
    ApiServerTarget target = ApiServerTarget.of(config, Config.getKubeconfigFilenames());
    config.setUserAgent(OperatorVersion.userAgent());
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    ProcessMeters meters = ProcessMeters.bind(registry);
    Consumer<HttpClient.Builder> interceptors = builder -> {
      builder.addOrReplaceInterceptor(RequestRateLimiter.NAME,
          new RequestRateLimiter(settings.kubeQps(), settings.kubeBurst()));
      builder.addOrReplaceInterceptor(ApiRequestMetrics.NAME, new ApiRequestMetrics(registry));
      options.extraInterceptors().forEach(builder::addOrReplaceInterceptor);
    };
    VersionInfo version;
    try {
      version = ApiServerCheck.verifyReachable(config, interceptors);
      if (settings.featureGates().sidecarSubmitterRestart()) {
        // The submitter's container restartPolicy is refused by older API servers (container restart rules, 1.35).
        ApiServerCheck.verifyVersionAtLeast(version, 1, 35, "The feature gate SidecarSubmitterRestart");
      }
    } catch (StartupFailure e) {
      meters.close();
      registry.close();
      throw e;
    }
    log.info("RayKube operator {} connected to Kubernetes {} at {}", OperatorVersion.current(),
        version.getGitVersion() != null ? version.getGitVersion() : version.getMajor() + "." + version.getMinor(),
        target.describe());
    KubernetesClient client = new KubernetesClientBuilder().withConfig(config)
        .withHttpClientBuilderConsumer(interceptors).build();
    RayOperator running = new RayOperator(settings, client, registry, meters);
    try {
      running.startEndpoints();
      List<Class<? extends HasMetadata>> types = new ArrayList<>();
      controllers.forEach(definition -> types.add(definition.resourceClass()));
      ApiServerCheck.verifyResourcesServed(client, types);
      running.startControllers(controllers, options, config);
    } catch (StartupFailure | RuntimeException e) {
      running.close();
      if (e instanceof StartupFailure failure) {
        throw failure;
      }
      throw new StartupFailure("The operator could not start its controllers: " + ClientConfigs.describe(e) + ".", e);
    }
    running.ready = true;
    log.info("RayKube operator ready in {} ms: {} controller(s), namespaces {}, leader election {}",
        Duration.ofNanos(System.nanoTime() - startNanos).toMillis(), controllers.size(),
        settings.watchesAllNamespaces() ? "all" : String.join(",", settings.namespaces()),
        settings.leaderElection() ? "on (lease " + settings.leaseName() + ")" : "off");
    return running;
  }

  private void startEndpoints() throws StartupFailure {
    Map<String, Supplier<HttpEndpoint.Response>> health = new LinkedHashMap<>();
    health.put("/healthz", this::healthz);
    health.put("/readyz", this::readyz);
    HttpEndpoint healthEndpoint = HttpEndpoint.start("health", settings.healthPort(), health);
    endpoints.add(healthEndpoint);
    healthPort = healthEndpoint.port();
    HttpEndpoint metricsEndpoint = HttpEndpoint.start("metrics", settings.metricsPort(), Map.of("/metrics",
        () -> new HttpEndpoint.Response(200, PROMETHEUS_CONTENT_TYPE, registry.scrape())));
    endpoints.add(metricsEndpoint);
    metricsPort = metricsEndpoint.port();
    log.info("Serving /healthz and /readyz on port {}, Prometheus /metrics on port {}", healthPort, metricsPort);
  }

  private void startControllers(List<? extends ControllerDefinition<?>> controllers, RuntimeOptions options,
      Config config) throws StartupFailure {
    if (controllers.isEmpty()) {
      log.warn("No controllers are registered in this build: the operator serves health and metrics but reconciles"
          + " nothing");
      return;
    }
    Optional<String> leaseNamespace = settings.leaderElection()
        ? Optional.of(LeaseNamespace.resolve(settings.leaseNamespace(), options.serviceAccountNamespaceFile(),
            config.getNamespace()))
        : Optional.empty();
    Operator josdk = new Operator(OperatorConfiguration.of(settings, client, registry, options, leaseNamespace,
        leadership.callbacks()));
    KubeRayMetrics kubeRay = new KubeRayMetrics(Clock.systemUTC());
    if (settings.kubeRayMetrics()) {
      kubeRay.register(registry.getPrometheusRegistry());
    }
    ControllerContext context = new ControllerContext(settings, client, registry, clusterStates, kubeRay,
        Clock.systemUTC(), new HeadServiceCache(), eventWrites);
    for (ControllerDefinition<?> definition : controllers) {
      register(josdk, definition, context);
    }
    operator = josdk;
    leaseNamespace.ifPresent(ns -> log.info("Leader election on: Lease {}/{}", ns, settings.leaseName()));
    josdk.start();
    if (leaseNamespace.isEmpty()) {
      leadership.leadWithoutElection();
    }
  }

  private <P extends HasMetadata> void register(Operator josdk, ControllerDefinition<P> definition,
      ControllerContext context) {
    josdk.register(definition.reconciler(context), configuration -> {
      configuration.withName(definition.name());
      configuration.withItemStore(WithoutManagedFields.itemStore());
      if (settings.watchesAllNamespaces()) {
        configuration.watchingAllNamespaces();
      } else {
        configuration.settingNamespaces(settings.namespaces());
      }
      definition.configure(configuration, context);
    });
  }

  private HttpEndpoint.Response healthz() {
    if (termination.isDone()) {
      return HttpEndpoint.Response.text(503, "stopped: " + termination.join() + "\n");
    }
    Operator josdk = operator;
    if (ready && josdk != null && !josdk.getRuntimeInfo().allEventSourcesAreHealthy()) {
      return HttpEndpoint.Response.text(503, "unhealthy event sources: "
          + josdk.getRuntimeInfo().unhealthyEventSources().keySet() + "\n");
    }
    return HttpEndpoint.Response.text(200, "ok\n");
  }

  private HttpEndpoint.Response readyz() {
    if (termination.isDone()) {
      return HttpEndpoint.Response.text(503, "stopped: " + termination.join() + "\n");
    }
    return ready ? HttpEndpoint.Response.text(200, "ok\n") : HttpEndpoint.Response.text(503, "starting\n");
  }

  /** Whether start-up completed and the operator has not stopped. */
  public boolean isReady() {
    return ready && !termination.isDone();
  }

  /** Whether this replica reconciles: it holds the Lease, or leader election is off and controllers run. */
  public boolean isLeading() {
    return leadership.isLeading();
  }

  /** The bound port of {@code /healthz} and {@code /readyz}. */
  public int healthPort() {
    return healthPort;
  }

  /** The bound port of {@code /metrics}. */
  public int metricsPort() {
    return metricsPort;
  }

  /** The settings the operator runs with. */
  public OperatorSettings settings() {
    return settings;
  }

  /** The operator's Kubernetes client (owned by the operator; closed by {@link #close()}). */
  public KubernetesClient client() {
    return client;
  }

  /** The registry behind {@code /metrics}. */
  public PrometheusMeterRegistry meterRegistry() {
    return registry;
  }

  /** The RayCluster state gauges. */
  public ClusterStateGauges clusterStates() {
    return clusterStates;
  }

  /** Completes when the operator ends, with the reason. */
  public CompletableFuture<Termination> termination() {
    return termination.copy();
  }

  /** Blocks until the operator ends and returns why. */
  public Termination awaitTermination() {
    return termination.join();
  }

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    ready = false;
    leadership.stopping();
    Operator josdk = operator;
    if (josdk != null) {
      try {
        josdk.stop();
      } catch (RuntimeException e) {
        log.warn("Stopping the controllers failed", e);
      }
    }
    eventWrites.close();
    endpoints.forEach(HttpEndpoint::close);
    client.close();
    meters.close();
    registry.close();
    termination.complete(Termination.STOPPED);
    log.info("RayKube operator stopped");
  }
}
