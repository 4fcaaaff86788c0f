package dev.raykube.bench.rayjob;

import ch.qos.logback.classic.Level;
import dev.raykube.bench.BenchClusters;
import dev.raykube.bench.MockApiServers;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.testing.PodSimulator;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.LoggerFactory;

/**
 * Measurements of the RayJob controller (issue 6, item 7), each against a baseline run in the same process at the
 * same time: two operator runtimes in this JVM on one CRUD mock API server (with a {@code PodSimulator} playing
 * kubelet) and in-process {@link FakeRayDashboard}s; {@code ours} has the production {@link RayJobSettings#defaults()}
 * (adaptive poll 1–10 s) and log tails that push the end of a job (a followed RUNNING job polled every 3 s),
 * {@code fixed3s-model} is a model of KubeRay, not KubeRay: our controller with a fixed 3 s poll (KubeRay's requeue)
 * and no log tails ({@code --max-job-log-tails=0}); the real comparison is the side-by-side suite. The dashboards are
 * {@link FakeRayDashboard}s, which close a log tail 2–4 s after its job ended, as Ray 2.60 does;
 * {@link RealRayJobEndBenchmark} measures the same against a real Ray head.
 * <ol>
 *   <li>{@code p1}: Ray job terminal on the dashboard → RayJob status says so, and dashboard GETs per running job
 *       ({@link TerminalLatencyBenchmark});</li>
 *   <li>{@code p2}: {@code delete} of a RUNNING RayJob → stop request at the dashboard
 *       ({@link StopLatencyBenchmark});</li>
 *   <li>{@code p3}: Kubernetes API requests (writes, reads, watches apart) per RayJob lifecycle, own cluster and
 *       {@code clusterSelector}, by verb and resource ({@link LifecycleRequestsBenchmark}).</li>
 * </ol>
 *
 * <pre>
 * benchmarks/run [-Draykube.bench.p1Runs=20 ...] RayJobBenchmark [p1|p2|p3 ...]
 * </pre>
 * Runs per part: {@code -Draykube.bench.p1Runs=} (per arm and age class, default 20) with
 * {@code p1Concurrency} of them at a time (default 4), {@code p2Runs} (per arm, default 10), {@code p3Runs} (per arm,
 * default 3). {@code -Draykube.bench.verbose=true} keeps the operators' INFO logs; otherwise only errors are logged
 * (JOSDK's warnings about retried reconciles, e.g. a RayCluster status write after the RayJob deleted the cluster,
 * would bury the figures). The whole run takes about three minutes.
 */
public final class RayJobBenchmark {

  private static final int P1_RUNS = Integer.getInteger("raykube.bench.p1Runs", 20);
  private static final int P1_CONCURRENCY = Integer.getInteger("raykube.bench.p1Concurrency", 4);
  private static final int P2_RUNS = Integer.getInteger("raykube.bench.p2Runs", 10);
  private static final int P3_RUNS = Integer.getInteger("raykube.bench.p3Runs", 3);

  private RayJobBenchmark() {
  }

  /** Runs the named parts ({@code p1}, {@code p2}, {@code p3}), all of them by default. */
  public static void main(String[] args) throws Exception {
    List<String> parts = args.length == 0 ? List.of("p1", "p2", "p3") : List.of(args);
    if (!Boolean.getBoolean("raykube.bench.verbose")) {
      ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME))
          .setLevel(Level.ERROR);
    }
    PrintStream out = System.out;
    out.printf("RayJob controller benchmark (Java %s, %d CPUs, max heap %.0f MB; load average %s at start)%n",
        System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
        BenchClusters.mb(Runtime.getRuntime().maxMemory()), BenchRayJobs.loadAverages());
    long start = System.nanoTime();
    KubernetesMockServer server = MockApiServers.start();
    List<FakeRayDashboard> dashboards = new ArrayList<>();
    try (KubernetesClient client = server.createClient();
        PodSimulator simulator = PodSimulator.start(client)) {
      FakeRayDashboard now = dashboard(dashboards, Duration.ZERO);
      List<TerminalLatencyBenchmark.AgeClass> ages = List.of(
          new TerminalLatencyBenchmark.AgeClass("fresh", "fresh (3-13 s)", Duration.ZERO, now),
          age(dashboards, 30, "age30", "30 s older (33-43 s)"),
          age(dashboards, 120, "age120", "120 s older (123-133 s)"));
      Map<String, String> byScenario = new LinkedHashMap<>();
      ages.forEach(a -> byScenario.put(a.scenario(), a.dashboard().url()));
      byScenario.put(StopLatencyBenchmark.SCENARIO, now.url());
      byScenario.put(LifecycleRequestsBenchmark.OWN, now.url());
      byScenario.put(LifecycleRequestsBenchmark.SELECTOR, now.url());
      RayJobSettings production = RayJobSettings.defaults();
      RayJobSettings fixed = production.withPoll(new AdaptivePoll(Duration.ofSeconds(3), Duration.ofSeconds(3), 0));
      try (OperatorArm ours = OperatorArm.start("ours", production, client, byScenario);
          OperatorArm base = OperatorArm.start("fixed3s-model", fixed, client, byScenario, "--max-job-log-tails=0")) {
        List<OperatorArm> arms = List.of(ours, base);
        for (String part : parts) {
          switch (part) {
            case "p1" -> TerminalLatencyBenchmark.run(client, arms, ages, P1_RUNS, P1_CONCURRENCY, out);
            case "p2" -> StopLatencyBenchmark.run(client, arms, now, P2_RUNS, out);
            case "p3" -> LifecycleRequestsBenchmark.run(server, client, arms, P3_RUNS, out);
            default -> throw new IllegalArgumentException("unknown part '" + part + "'; use p1, p2 or p3");
          }
          out.printf("  (load average %s)%n%n", BenchRayJobs.loadAverages());
        }
      }
      out.printf("Done in %.0f s; simulator marked %d Pods Running; load average %s at the end%n",
          (System.nanoTime() - start) / 1e9, simulator.markedRunning(), BenchRayJobs.loadAverages());
    } finally {
      dashboards.forEach(FakeRayDashboard::close);
      server.destroy();
    }
    System.exit(0);
  }

  private static TerminalLatencyBenchmark.AgeClass age(List<FakeRayDashboard> dashboards, int secondsBehind,
      String scenario, String label) {
    Duration behind = Duration.ofSeconds(secondsBehind);
    return new TerminalLatencyBenchmark.AgeClass(scenario, label, behind, dashboard(dashboards, behind));
  }

  /** A started fake dashboard whose clock is {@code behind} the system clock. */
  private static FakeRayDashboard dashboard(List<FakeRayDashboard> dashboards, Duration behind) {
    FakeRayDashboard fake = FakeRayDashboard.builder().clock(Clock.offset(Clock.systemUTC(), behind.negated()))
        .requestLogCapacity(200_000).build().start();
    dashboards.add(fake);
    return fake;
  }
}
