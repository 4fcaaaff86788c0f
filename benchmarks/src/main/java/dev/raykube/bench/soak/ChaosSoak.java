package dev.raykube.bench.soak;

import dev.raykube.bench.BenchClusters;
import dev.raykube.bench.side.BenchControlPlane;
import dev.raykube.bench.side.BenchNode;
import dev.raykube.bench.side.DashboardProxy;
import dev.raykube.bench.side.PodAddresses;
import dev.raykube.bench.side.PodNode;
import dev.raykube.bench.side.RayKubeContender;
import dev.raykube.bench.side.ServiceHosts;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.testkit.LocalControlPlane;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The chaos soak (issue 15): two replicas of the shipped operator with leader election, on a real control plane,
 * running the shipped least-privilege RBAC; N RayJobs of a seeded mix (succeeding, failing, long-running, suspended
 * and resumed, deleted while running, some {@code until-confirmed}; HTTPMode and K8sJobMode; own clusters and shared
 * ones) and M RayServices (kept serving, upgraded to a new cluster, or deleted; {@link ServicePlan}) while faults are
 * injected on a seeded schedule; at the end the invariants of {@link Invariants}, then the clean-up check (nothing
 * left: no RayJob, RayService, RayCluster, Pod, Service or submitter Job, hence no finalizer), and the search of the
 * whole record for the clusters' auth tokens ({@link TokenLeaks}). The heads are {@code FakeRayDashboard}s (one per
 * head Pod incarnation, with a Serve proxy); real Ray would need a head per few jobs.
 *
 * <pre>benchmarks/run ChaosSoak --jobs 200 --minutes 20 --seed 7 [--services M] [--faults N]</pre>
 *
 * {@code --services} defaults to a tenth of {@code --jobs} (at least 1).
 *
 * Prints the figures and writes them to {@code benchmarks/target/chaos-soak-<seed>.json}; exits 1 on any violation.
 */
public final class ChaosSoak {

  private static final List<String> NAMESPACES = List.of("soak-a", "soak-b");
  private static final String[] POOLS = {"pool-1"};

  private ChaosSoak() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options = options(args);
    int jobs = Integer.parseInt(options.getOrDefault("jobs", "30"));
    int services = Integer.parseInt(options.getOrDefault("services", String.valueOf(Math.max(1, jobs / 10))));
    Duration minutes = Duration.ofSeconds((long) (60 * Double.parseDouble(options.getOrDefault("minutes", "4"))));
    long seed = Long.parseLong(options.getOrDefault("seed", "1"));
    int faultCount = Integer.parseInt(options.getOrDefault("faults",
        String.valueOf(Math.max(1, (int) (minutes.toSeconds() / 40)))));
    Path root = Path.of("").toAbsolutePath();
    System.out.printf("chaos soak: %d RayJobs, %d RayServices, %d faults, %s, seed %d%n", jobs, services, faultCount,
        minutes, seed);
    SoakFigures figures = run(root, jobs, services, minutes, faultCount, seed);
    figures.print();
    Path out = root.resolve("benchmarks/target/chaos-soak-" + seed + ".json");
    Files.createDirectories(out.getParent());
    Files.writeString(out, figures.json());
    System.out.println("written: " + out);
    System.exit(figures.violations().isEmpty() ? 0 : 1);
  }

  private static SoakFigures run(Path root, int jobCount, int serviceCount, Duration minutes, int faultCount,
      long seed) throws Exception {
    Random random = new Random(seed);
    List<JobPlan> plans = new ArrayList<>();
    Duration createWindow = minutes.multipliedBy(4).dividedBy(5);
    for (int i = 0; i < jobCount; i++) {
      plans.add(JobPlan.draw(i, random, createWindow, POOLS));
    }
    List<FaultPlan> faults = FaultPlan.draw(faultCount, minutes, random);
    Random serviceRandom = new Random(seed + 2); // its own: the RayJobs and faults of a seed stay what they were
    List<ServicePlan> servicePlans = ServicePlan.draw(serviceCount, serviceRandom, createWindow);
    RayKubeContender shipped = RayKubeContender.shipped(root);
    System.out.println("starting the control plane (local/start-control-plane) ...");
    try (LocalControlPlane plane = BenchControlPlane.start();
        KubernetesClient admin = plane.newClient(BenchControlPlane.ADMIN_REQUEST_TIMEOUT)) {
      Path kubeconfig = operatorKubeconfig(root, plane, admin);
      NAMESPACES.forEach(n -> admin.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(n)
          .endMetadata().build()).create());
      ServiceHosts hosts = new ServiceHosts(plane.state().resolve("service-hosts"));
      PodAddresses podAddresses = new PodAddresses();
      try (SoakDashboards dashboards = new SoakDashboards(admin);
          DashboardProxy podProxy = new DashboardProxy(name -> hosts.address(name).or(() -> podAddresses.route(name)));
          PodNode node = new PodNode(admin, hosts, podAddresses, dashboards, BenchNode.register(admin));
          SubmitterPods submitters = new SubmitterPods(admin, hosts);
          OperatorReplicas replicas = new OperatorReplicas(shipped, root.resolve("ray-operator/target/ray-operator.jar"),
              kubeconfig, hosts.file(), podProxy.url(), plane.state().resolve("operators"), admin)) {
        replicas.start("raykube-operator-a", "raykube-operator-b");
        BenchClusters.await(Duration.ofMinutes(2), Duration.ofMillis(500), "a leading replica",
            () -> replicas.leading().isPresent());
        for (String namespace : NAMESPACES) {
          for (String pool : POOLS) {
            admin.resource(SoakClusters.pool(namespace, pool)).create();
          }
        }
        BenchClusters.await(Duration.ofMinutes(2), Duration.ofMillis(500), "the pools ready", () -> NAMESPACES.stream()
            .allMatch(n -> admin.resources(RayCluster.class).inNamespace(n).list().getItems().stream()
                .filter(BenchClusters::isReady).count() == POOLS.length));
        FaultInjector injector = new FaultInjector(replicas, new ControlPlaneFaults(plane.state(), admin), dashboards,
            admin, new Random(seed + 1));
        SoakServices services = new SoakServices(admin, NAMESPACES, servicePlans);
        SoakSchedule schedule = new SoakSchedule(admin, NAMESPACES, plans, services, faults, injector);
        Instant start = Instant.now();
        schedule.run(start, minutes, minutes.plus(Duration.ofMinutes(5)));
        Duration ran = Duration.between(start, Instant.now());
        System.out.printf("  %6.1f s  every RayJob and RayService ended; checking%n", ran.toMillis() / 1000.0);

        Invariants invariants = new Invariants();
        schedule.problems().forEach(invariants::add);
        invariants.checkJobs(plans, schedule, dashboards.ledger(), rayJobEventReasons(admin));
        invariants.checkServices(servicePlans, services, dashboards);
        QuietCheck quiet = QuietCheck.run(replicas, Duration.ofSeconds(30));
        if (quiet.failedReconciles() > 0) {
          invariants.add(quiet.failedReconciles() + " reconciles failed in the last 30 s, after every fault had "
              + "ended: an error loop");
        }
        TokenLeaks.Result tokens = TokenLeaks.find(dashboards.tokens(), plane.state().resolve("operators"), admin,
            NAMESPACES, schedule.lastSeen().values(), services.lastSeen().values(), replicas.metricsTexts());
        tokens.leaks().forEach(invariants::add);
        if (dashboards.tokens().isEmpty()) {
          invariants.add("no head's dashboard required a token: token authentication was not exercised");
        }
        Leftovers.check(admin, NAMESPACES, Duration.ofMinutes(3)).forEach(invariants::add);
        SoakFigures figures = new SoakFigures(seed, plans, injector, replicas, dashboards, submitters.submissions(),
            ran, invariants.bestEffortStopsFailed(), invariants.violations());
        figures.putServices(servicePlans, injector);
        figures.put("suspendedAfterTheyEnded", invariants.suspendedTooLate());
        figures.put("tokensSearchedFor", dashboards.tokens().size());
        figures.put("tokenSearchIn", tokens.searched());
        return figures;
      }
    }
  }

  /** The reasons of the Events about each RayJob (by name; the soak's names are unique across its namespaces). */
  private static Map<String, Set<String>> rayJobEventReasons(KubernetesClient admin) {
    Map<String, Set<String>> reasons = new HashMap<>();
    for (String namespace : NAMESPACES) {
      for (Event e : admin.v1().events().inNamespace(namespace).list().getItems()) {
        if ("RayJob".equals(e.getInvolvedObject().getKind())) {
          reasons.computeIfAbsent(e.getInvolvedObject().getName(), k -> new HashSet<>()).add(e.getReason());
        }
      }
    }
    return reasons;
  }

  /** The operator's ServiceAccount with the shipped RBAC; its kubeconfig holds a 2 h token of that account. */
  private static Path operatorKubeconfig(Path root, LocalControlPlane plane, KubernetesClient admin)
      throws IOException {
    for (String dir : List.of("namespace", "operator-account", "cluster-rbac")) {
      try (var files = Files.list(root.resolve("ray-operator/deploy").resolve(dir))) {
        for (Path file : files.filter(f -> f.toString().endsWith(".yaml") && !f.endsWith("kustomization.yaml"))
            .sorted().toList()) {
          try (InputStream in = Files.newInputStream(file)) {
            admin.load(in).create();
          }
        }
      }
    }
    String token = admin.serviceAccounts().inNamespace(OperatorReplicas.NAMESPACE).withName("raykube-operator")
        .tokenRequest(new TokenRequestBuilder().withNewSpec().withExpirationSeconds(7200L).endSpec().build())
        .getStatus().getToken();
    Path file = plane.state().resolve("operator.kubeconfig");
    Files.writeString(file, """
        apiVersion: v1
        kind: Config
        clusters:
          - name: soak
            cluster:
              server: %s
              certificate-authority: %s
        users:
          - name: raykube-operator
            user:
              token: %s
        contexts:
          - name: soak
            context: {cluster: soak, user: raykube-operator, namespace: raykube-system}
        current-context: soak
        """.formatted(admin.getConfiguration().getMasterUrl(), plane.state().resolve("pki/ca.crt"), token));
    return file;
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (!arg.startsWith("--") || i + 1 >= args.length
          || !List.of("--jobs", "--services", "--minutes", "--seed", "--faults").contains(arg)) {
        throw new IllegalArgumentException("usage: ChaosSoak [--jobs N] [--services N] [--minutes M] [--seed S] "
            + "[--faults F]; got "
            + String.join(" ", args));
      }
      options.put(arg.substring(2), args[++i]);
    }
    return options;
  }
}
