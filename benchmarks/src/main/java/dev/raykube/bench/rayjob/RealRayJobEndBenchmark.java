package dev.raykube.bench.rayjob;

import ch.qos.logback.classic.Level;
import dev.raykube.bench.BenchClusters;
import dev.raykube.bench.MockApiServers;
import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.job.push.LogTailSettings;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.model.job.RayJob;
import dev.raykube.testing.PodSimulator;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.LoggerFactory;

/**
 * Ray job end → RayJob {@code status.jobStatus} terminal against a real Ray head: the operator runtime on the CRUD
 * mock (a pod simulator plays kubelet; every RayCluster's dashboard is the given head, {@code DashboardAccess.fixed}
 * style), HTTPMode RayJobs of random durations ({@code sleep} uniform 1–10 s, the same durations in every arm), and for
 * each the time from Ray's own {@code end_time} to the informer seeing the status terminal (one machine, one clock).
 * Arms run at the same time on the same head: {@code ours} (the production settings), {@code tail5-30s} (the previous
 * default: a followed RUNNING job polled every {@code clamp(0.25 × age, 5 s, 30 s)}, the tail carrying the latency)
 * and {@code fixed3s-model} (a model of KubeRay, not KubeRay: our controller with a fixed 3 s poll and no tails; the
 * real comparison is the lead's side-by-side suite).
 *
 * <pre>
 * benchmarks/run -Draykube.bench.rayUrl=http://127.0.0.1:8265 [-Draykube.bench.jobs=30]
 *     [-Draykube.bench.concurrency=3] [-Draykube.bench.arms=ours,tail5-30s,fixed3s-model] RealRayJobEndBenchmark
 * </pre>
 * The head must run with {@code RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0} on loopback (e2e/README.md, "Ray").
 */
public final class RealRayJobEndBenchmark {
  private static final String URL = System.getProperty("raykube.bench.rayUrl");
  private static final int JOBS = Integer.getInteger("raykube.bench.jobs", 30);
  private static final int CONCURRENCY = Integer.getInteger("raykube.bench.concurrency", 3);
  private static final List<String> ARMS =
      List.of(System.getProperty("raykube.bench.arms", "ours,tail5-30s,fixed3s-model").split(","));
  private static final String SCENARIO = "real";

  private RealRayJobEndBenchmark() {
  }

  /** Runs the measurement; exits 1 without {@code -Draykube.bench.rayUrl}. */
  public static void main(String[] args) throws Exception {
    if (URL == null || URL.isBlank()) {
      System.err.println("usage: benchmarks/run -Draykube.bench.rayUrl=http://127.0.0.1:8265 RealRayJobEndBenchmark");
      System.exit(1);
    }
    ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).setLevel(Level.ERROR);
    PrintStream out = System.out;
    Random random = new Random(20261201L);
    double[] seconds = new double[JOBS];
    for (int i = 0; i < JOBS; i++) {
      seconds[i] = Math.round((1 + 9 * random.nextDouble()) * 100) / 100.0;
    }
    out.printf("Ray job end -> RayJob status.jobStatus terminal against the real Ray head at %s (Java %s, %d CPUs;"
        + " load average %s at start)%n  %d HTTPMode RayJobs per arm, sleep 1-10 s (uniform, seed 20261201), %d at a"
        + " time per arm, all arms at once%n", URL, System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(), BenchRayJobs.loadAverages(), JOBS, CONCURRENCY);
    KubernetesMockServer server = MockApiServers.start();
    Map<String, Long> terminalSeenMillis = new ConcurrentHashMap<>();
    try (KubernetesClient client = server.createClient();
        PodSimulator simulator = PodSimulator.start(client);
        RayDashboardClient ray = RayDashboardClient.builder().baseUrl(URL).build()) {
      SharedIndexInformer<RayJob> informer = client.resources(RayJob.class).inAnyNamespace()
          .inform(new ResourceEventHandler<>() {
            @Override
            public void onAdd(RayJob job) {
              seen(job);
            }

            @Override
            public void onUpdate(RayJob old, RayJob job) {
              seen(job);
            }

            @Override
            public void onDelete(RayJob job, boolean unknownFinalState) {
            }

            private void seen(RayJob job) {
              if (BenchRayJobs.jobStatusTerminal(job)) {
                terminalSeenMillis.putIfAbsent(job.getMetadata().getNamespace() + "/" + job.getMetadata().getName(),
                    System.currentTimeMillis());
              }
            }
          });
      List<OperatorArm> arms = new ArrayList<>();
      try {
        for (String name : ARMS) {
          arms.add(arm(name, client));
        }
        out.printf("  arms: %s%n", String.join("; ", ARMS.stream().map(RealRayJobEndBenchmark::describe).toList()));
        Map<String, List<Double>> latencies = run(client, ray, arms, seconds, terminalSeenMillis);
        out.printf("  %-16s %s%n", "arm", "Ray end_time -> status.jobStatus terminal (seen by an informer)");
        for (OperatorArm arm : arms) {
          Latencies l = Latencies.ofMillis(latencies.get(arm.name));
          out.printf("  %-16s %s, max %7.1f ms%n", arm.name, l.describe(), l.percentile(100));
        }
      } finally {
        arms.forEach(OperatorArm::close);
        informer.close();
      }
      out.printf("  (load average %s at the end; simulator marked %d Pods Running)%n", BenchRayJobs.loadAverages(),
          simulator.markedRunning());
    } finally {
      server.destroy();
    }
    System.exit(0);
  }

  private static OperatorArm arm(String name, KubernetesClient client) throws Exception {
    Map<String, String> dashboards = Map.of(SCENARIO, URL);
    RayJobSettings production = RayJobSettings.defaults();
    return switch (name) {
      case "ours" -> OperatorArm.start(name, production, client, dashboards);
      case "tail5-30s" -> OperatorArm.start(name, production, LogTailSettings.defaults()
          .withFollowedPoll(new AdaptivePoll(Duration.ofSeconds(5), Duration.ofSeconds(30), 0.25)), client, dashboards);
      case "fixed3s-model" -> OperatorArm.start(name, production.withPoll(
          new AdaptivePoll(Duration.ofSeconds(3), Duration.ofSeconds(3), 0)), client, dashboards,
          "--max-job-log-tails=0");
      default -> throw new IllegalArgumentException("unknown arm " + name + "; use ours, tail5-30s, fixed3s-model");
    };
  }

  private static String describe(String arm) {
    return switch (arm) {
      case "ours" -> "ours = production defaults (poll 1-10 s, log tails, followed RUNNING job every 3 s)";
      case "tail5-30s" -> "tail5-30s = the previous default (followed RUNNING job every clamp(0.25 x age, 5 s, 30 s))";
      default -> "fixed3s-model = a MODEL of KubeRay, not KubeRay (fixed 3 s poll, no tails)";
    };
  }

  private record Case(OperatorArm arm, String key, String submissionId) {
  }

  private static Map<String, List<Double>> run(KubernetesClient client, RayDashboardClient ray, List<OperatorArm> arms,
      double[] seconds, Map<String, Long> terminalSeenMillis) {
    Map<String, List<Double>> latencies = new ConcurrentHashMap<>();
    Map<String, Integer> next = new ConcurrentHashMap<>();
    Map<String, List<Case>> running = new ConcurrentHashMap<>();
    for (OperatorArm arm : arms) {
      latencies.put(arm.name, new ArrayList<>());
      next.put(arm.name, 0);
      running.put(arm.name, new ArrayList<>());
    }
    String run = Long.toString(System.currentTimeMillis() % 100_000, 36);
    long deadline = System.nanoTime() + Duration.ofMinutes(15).toNanos();
    while (arms.stream().anyMatch(a -> next.get(a.name) < seconds.length || !running.get(a.name).isEmpty())) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("did not finish within 15 minutes");
      }
      for (OperatorArm arm : arms) {
        running.get(arm.name).removeIf(c -> {
          Long seen = terminalSeenMillis.get(c.key);
          if (seen == null) {
            return false;
          }
          JobDetails details = ray.getJob(c.submissionId);
          latencies.get(arm.name).add((double) (seen - details.endTime().toEpochMilli()));
          String[] nsName = c.key.split("/");
          client.resources(RayJob.class).inNamespace(nsName[0]).withName(nsName[1]).delete();
          return true;
        });
        int i = next.get(arm.name);
        if (running.get(arm.name).size() < CONCURRENCY && i < seconds.length) {
          next.put(arm.name, i + 1);
          String namespace = arm.namespace(SCENARIO);
          String name = "end-" + i;
          String id = "bench-" + arm.name.replace("-", "") + "-" + run + "-" + i;
          client.resource(BenchRayJobs.httpModeJob(namespace, name, id, "sleep " + seconds[i])).create();
          running.get(arm.name).add(new Case(arm, namespace + "/" + name, id));
        }
      }
      BenchClusters.sleep(20);
    }
    return latencies;
  }
}
