package dev.raykube.bench.side;

import dev.raykube.bench.BenchClusters;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import dev.raykube.testkit.LocalControlPlane;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Everything both arms share in one run: the control plane and its audit log, the Service names of head Pods and
 * KubeRay's route to them, the operators. One arm runs at a time; each scenario gives each arm namespaces of its own
 * and deletes them before the other arm starts.
 */
final class Arena implements AutoCloseable {

  private final Path root;
  private final LocalControlPlane plane;
  private final KubernetesClient admin;
  private final AuditLog audit;
  private final ServiceHosts hosts;
  private final PodAddresses podAddresses = new PodAddresses();
  private final DashboardProxy proxy;
  private final List<Contender> contenders;
  private int started;

  private Arena(Path root, LocalControlPlane plane, List<Contender> contenders) {
    this.root = root;
    this.plane = plane;
    this.admin = plane.newClient(BenchControlPlane.ADMIN_REQUEST_TIMEOUT);
    this.audit = new AuditLog(plane.auditLog());
    this.hosts = new ServiceHosts(plane.state().resolve("service-hosts"));
    this.proxy = new DashboardProxy(name -> hosts.address(name).or(() -> podAddresses.route(name)));
    this.contenders = contenders;
  }

  /** Builds KubeRay if needed, reads RayKube's shipped settings, starts a control plane. */
  static Arena open(Path root) {
    return open(root, List.of(KubeRayContender.build(root), RayKubeContender.shipped(root)));
  }

  /** A control plane for the given operators only (KubeRay is not built). */
  static Arena open(Path root, List<Contender> contenders) {
    System.out.println("starting the control plane (local/start-control-plane, audit log on) ...");
    return new Arena(root, BenchControlPlane.start(contenders.stream().map(Contender::user).toArray(String[]::new)),
        contenders);
  }

  /** KubeRay first, then RayKube (as {@link #open(Path)} opened it). */
  List<Contender> contenders() {
    return contenders;
  }

  KubernetesClient admin() {
    return admin;
  }

  AuditLog audit() {
    return audit;
  }

  Path root() {
    return root;
  }

  /** A node for the Pods of both arms, with the given dashboards behind head Services; Pods left unbound. */
  PodNode node(HeadDashboards heads) {
    return new PodNode(admin, hosts, podAddresses, heads, null);
  }

  /**
   * As {@link #node}, the Pods bound to a {@link BenchNode} first, so that the kube-controller-manager writes the
   * endpoints of the Services that select them.
   */
  PodNode boundNode(HeadDashboards heads) {
    return new PodNode(admin, hosts, podAddresses, heads, BenchNode.register(admin));
  }

  ServiceHosts hosts() {
    return hosts;
  }

  /**
   * Starts an arm's operator and waits until it watches RayClusters, RayJobs, RayServices and Pods (from the audit
   * log), then one more second for its caches.
   */
  RunningOperator start(Contender contender) {
    long mark = audit.mark();
    RunningOperator operator = startNoWait(contender);
    BenchClusters.await(Duration.ofMinutes(2), Duration.ofMillis(100), contender.name() + " watching", () -> {
      operator.requireAlive();
      Set<String> kinds = audit.requests(contender.user(), mark, audit.mark()).stream()
          .map(AuditLog.Request::kind).collect(Collectors.toSet());
      return kinds.containsAll(Set.of("watch rayclusters", "watch rayjobs", "watch rayservices", "watch pods"));
    });
    BenchClusters.sleep(1000);
    return operator;
  }

  /** Starts an arm's operator and returns at once. */
  RunningOperator startNoWait(Contender contender) {
    Path logs = plane.state().resolve("operators");
    try {
      Files.createDirectories(logs);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Path log = logs.resolve(String.format("%02d-%s.log", ++started, contender.user()));
    return contender.start(plane.kubeconfig(contender.user()),
        new Contender.DashboardRoutes(hosts.file(), proxy.url()), log);
  }

  /** Creates a namespace. */
  void createNamespace(String name) {
    admin().namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
        .create();
  }

  /**
   * Deletes a namespace's RayServices, RayJobs and RayClusters while the operator still runs (so it can remove its
   * finalizers), waits until their Pods are gone, then deletes the namespace and waits until it is gone.
   */
  void clean(String namespace) {
    admin().resources(RayCronJob.class).inNamespace(namespace).delete(); // before the RayJobs it would create
    BenchClusters.await(Duration.ofMinutes(5), Duration.ofMillis(500), "RayCronJobs of " + namespace + " gone",
        () -> admin().resources(RayCronJob.class).inNamespace(namespace).list().getItems().isEmpty());
    admin().resources(RayService.class).inNamespace(namespace).delete();
    BenchClusters.await(Duration.ofMinutes(5), Duration.ofMillis(500), "RayServices of " + namespace + " gone",
        () -> admin().resources(RayService.class).inNamespace(namespace).list().getItems().isEmpty());
    admin().resources(RayJob.class).inNamespace(namespace).delete();
    BenchClusters.await(Duration.ofMinutes(5), Duration.ofMillis(500), "RayJobs of " + namespace + " gone",
        () -> admin().resources(RayJob.class).inNamespace(namespace).list().getItems().isEmpty());
    admin().resources(RayCluster.class).inNamespace(namespace).delete();
    BenchClusters.await(Duration.ofMinutes(10), Duration.ofSeconds(1), "Pods of " + namespace + " gone",
        () -> admin().resources(RayCluster.class).inNamespace(namespace).list().getItems().isEmpty()
            && admin().pods().inNamespace(namespace).list().getItems().isEmpty());
    admin().namespaces().withName(namespace).delete();
    BenchClusters.await(Duration.ofMinutes(5), Duration.ofSeconds(1), "namespace " + namespace + " gone",
        () -> admin().namespaces().withName(namespace).get() == null);
  }

  @Override
  public void close() {
    proxy.close();
    admin.close();
    plane.close();
  }
}
