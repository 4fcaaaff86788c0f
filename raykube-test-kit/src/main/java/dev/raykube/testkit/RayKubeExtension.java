package dev.raykube.testkit;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.FakeRayDashboardBuilder;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.sandbox.NodeSimulator;
import dev.raykube.sandbox.NodeSimulatorBuilder;
import dev.raykube.service.observe.ServeProxyProbe;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension that gives a test class real Kubernetes to test its own Ray controller against: a real
 * kube-apiserver + etcd + kube-controller-manager ({@link LocalControlPlane}, one per test run, shared by every class
 * that uses the extension), the RayKube CRDs installed ({@link RayCrds}), a namespace of the class's own
 * ({@link TestNamespace}), and the node sandbox ({@link NodeSimulator}) playing scheduler and kubelet for the Pods of
 * that namespace. Each RayCluster's head is real Ray ({@link #withRealRay()}) or a {@link FakeRayDashboard}
 * ({@link #withFakeDashboards()}), chosen per cluster ({@link #realRayFor}).
 *
 * <pre>{@code
 * class MyControllerTest {
 *   @RegisterExtension
 *   static final RayKubeExtension kube = RayKubeExtension.withFakeDashboards()
 *       .onFakeDashboard((cluster, fake) -> fake.scriptEntrypoints(Pattern.compile("python .*"),
 *           JobScript.runsFor(Duration.ofSeconds(1), "done\n")));
 *
 *   @Test
 *   void runsARayJob() {
 *     try (MyController controller = new MyController(kube.client(), kube.dashboardAccess())) {
 *       kube.client().resource(myRayJob(kube.namespace())).create();
 *       ...
 *     }
 *   }
 * }
 * }</pre>
 *
 * <p>What runs the RayClusters' Pods is the test's business: its own controller, RayKube's operator, or
 * {@code ray-cluster-lifecycle}'s {@code RayClusterLoop}; the sandbox runs whatever Pods appear. Register the extension
 * in a {@code static} field: it starts in {@code beforeAll} and stops in {@code afterAll} (namespace deleted, sandbox
 * stopped); the control plane stops when the test run ends. Configuration methods must be called before the class
 * starts.
 */
public final class RayKubeExtension implements BeforeAllCallback, AfterAllCallback {

  private static final ExtensionContext.Namespace STORE = ExtensionContext.Namespace.create(RayKubeExtension.class);

  private final boolean fakeByDefault;
  private Predicate<RayCluster> realRay;
  /** Whether {@link #realRayFor} was called: some clusters may need real Ray. */
  private boolean realRayChosen;
  private BiConsumer<RayCluster, FakeRayDashboardBuilder> configureFake = (cluster, builder) -> {
  };
  private BiConsumer<RayCluster, FakeRayDashboard> onFake = (cluster, fake) -> {
  };
  private String namespacePrefix;
  private Duration startTimeout = NodeSimulator.START_TIMEOUT;
  private Duration stopTimeout = NodeSimulator.STOP_TIMEOUT;

  private volatile Running running;

  /** What runs while the class runs. */
  private record Running(LocalControlPlane controlPlane, KubernetesClient client, TestNamespace namespace,
      NodeSimulator nodes, FakeHeads fakes) {
  }

  private RayKubeExtension(boolean fakeByDefault) {
    this.fakeByDefault = fakeByDefault;
    this.realRay = cluster -> !fakeByDefault;
  }

  /**
   * Every RayCluster's head is a {@link FakeRayDashboard} (with a Serve proxy) and its workers run no process; no
   * Python or Ray is needed. Fast, and scriptable per job ({@link #onFakeDashboard}). The Pods of K8sJobMode submitter
   * Jobs run {@code ray job submit} and so need a Ray virtual environment: {@value LocalControlPlane#RAY_VENV_VARIABLE}
   * if set, or the one provisioned when {@link #realRayFor} is used; without one they fail, saying so.
   */
  public static RayKubeExtension withFakeDashboards() {
    return new RayKubeExtension(true);
  }

  /**
   * Every RayCluster runs real Ray: its head a real {@code ray start --head} and its workers real
   * {@code ray start --address} on loopback, from the virtual environment {@link LocalControlPlane#rayVenv()} gives
   * (provisioned on first use). A head takes 10–30 s to come up on 2 cores.
   */
  public static RayKubeExtension withRealRay() {
    return new RayKubeExtension(false);
  }

  /**
   * Of a {@link #withFakeDashboards()} extension: the clusters that run real Ray instead (for example those with a
   * label of the test's). Decided when the sandbox first sees a Pod of the cluster.
   */
  public RayKubeExtension realRayFor(Predicate<RayCluster> clusters) {
    requireFake("realRayFor");
    this.realRay = Objects.requireNonNull(clusters, "clusters");
    this.realRayChosen = true;
    return this;
  }

  /** Of a {@link #withFakeDashboards()} extension: how each cluster's fake is built (delays, Ray version...). */
  public RayKubeExtension configureFakeDashboards(BiConsumer<RayCluster, FakeRayDashboardBuilder> configure) {
    requireFake("configureFakeDashboards");
    this.configureFake = Objects.requireNonNull(configure, "configure");
    return this;
  }

  /**
   * Of a {@link #withFakeDashboards()} extension: called with each new fake once it listens and before its head Pod
   * is Running, so that nothing can have submitted to it yet (script entrypoints, inject faults).
   */
  public RayKubeExtension onFakeDashboard(BiConsumer<RayCluster, FakeRayDashboard> started) {
    requireFake("onFakeDashboard");
    this.onFake = Objects.requireNonNull(started, "started");
    return this;
  }

  /** The prefix of the class's namespace; default the test class's simple name, lower-cased (at most 40 chars). */
  public RayKubeExtension namespacePrefix(String prefix) {
    requireNotStarted();
    this.namespacePrefix = Objects.requireNonNull(prefix, "prefix");
    return this;
  }

  /** How long a real Ray head or worker may take to come up, and how long a stop may take before SIGKILL. */
  public RayKubeExtension nodeTimeouts(Duration start, Duration stop) {
    requireNotStarted();
    this.startTimeout = Objects.requireNonNull(start, "start");
    this.stopTimeout = Objects.requireNonNull(stop, "stop");
    return this;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    requireNotStarted();
    // One control plane for the whole run: the root context's store closes it (AutoCloseable) when the run ends.
    LocalControlPlane plane = context.getRoot().getStore(STORE).getOrComputeIfAbsent(LocalControlPlane.class,
        key -> LocalControlPlane.startOrReuse(), LocalControlPlane.class);
    KubernetesClient client = plane.newClient();
    TestNamespace namespace = null;
    NodeSimulator nodes = null;
    try {
      RayCrds.install(client);
      namespace = TestNamespace.create(client, prefix(context));
      NodeSimulatorBuilder builder = NodeSimulator.builder(client).namespace(namespace.name())
          .timeouts(startTimeout, stopTimeout);
      FakeHeads fakes = null;
      if (fakeByDefault) {
        fakes = new FakeHeads(realRay, configureFake, onFake);
        builder.headStandIns(fakes);
      }
      if (!fakeByDefault || realRayChosen || System.getenv(LocalControlPlane.RAY_VENV_VARIABLE) != null) {
        builder.ray(plane.rayVenv());
      }
      nodes = builder.start();
      running = new Running(plane, client, namespace, nodes, fakes);
    } catch (RuntimeException e) {
      if (nodes != null) {
        nodes.close();
      }
      if (namespace != null) {
        namespace.close();
      }
      client.close();
      throw e;
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    Running done = running;
    running = null;
    if (done == null) {
      return;
    }
    try {
      done.nodes().close();
    } finally {
      try {
        done.namespace().close();
      } finally {
        done.client().close();
      }
    }
  }

  /** A client for the admin user, shared by the class; closed after the class. */
  public KubernetesClient client() {
    return started().client();
  }

  /** The admin user's configuration, for a controller under test that builds its own client. */
  public Config config() {
    return started().controlPlane().config();
  }

  /** The admin kubeconfig file, for {@code kubectl} or a controller started as a process. */
  public Path kubeconfig() {
    return started().controlPlane().kubeconfig();
  }

  /** The name of the class's namespace. */
  public String namespace() {
    return started().namespace().name();
  }

  /** The node sandbox of the class's namespace (Service routes, dashboard URLs, process groups of real heads). */
  public NodeSimulator nodes() {
    return started().nodes();
  }

  /**
   * Where each RayCluster's dashboard is (real or fake), for the controller under test: {@code http://127.0.0.1:<port>}
   * once the cluster's head is up, empty before.
   */
  public DashboardAccess dashboardAccess() {
    return started().nodes().dashboardAccess();
  }

  /** How a RayService controller under test asks a simulated Pod's Serve proxy for its health. */
  public ServeProxyProbe serveProxyProbe() {
    return started().nodes().serveProxyProbe();
  }

  /** The fake dashboard of the current head of RayCluster {@code cluster} of the class's namespace, if it has one. */
  public Optional<FakeRayDashboard> fakeDashboard(String cluster) {
    Running now = started();
    return now.fakes() == null ? Optional.empty() : now.fakes().of(now.namespace().name(), cluster);
  }

  private Running started() {
    Running now = running;
    if (now == null) {
      throw new IllegalStateException("RayKubeExtension is not running: register it with @RegisterExtension in a "
          + "static field, and use it from tests or @BeforeAll methods of its class");
    }
    return now;
  }

  private void requireNotStarted() {
    if (running != null) {
      throw new IllegalStateException("RayKubeExtension is running already; configure it before its class starts");
    }
  }

  private void requireFake(String method) {
    requireNotStarted();
    if (!fakeByDefault) {
      throw new IllegalStateException(method + " applies to withFakeDashboards(); withRealRay() has no fakes");
    }
  }

  private String prefix(ExtensionContext context) {
    String prefix = namespacePrefix != null ? namespacePrefix
        : context.getRequiredTestClass().getSimpleName().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9-]",
            "-");
    prefix = prefix.replaceAll("^-+", "");
    return prefix.isEmpty() ? "raykube-test" : prefix.substring(0, Math.min(40, prefix.length()));
  }
}
