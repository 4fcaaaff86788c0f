package dev.raykube.bench.side;

import dev.raykube.bench.BenchClusters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The side-by-side suite: RayKube against KubeRay v1.5.0 (built from the Go module proxy), one operator at a time on
 * the same real kube-apiserver + etcd + kube-controller-manager (local/start-control-plane on free loopback ports, audit log on, one
 * user per operator), with the harness as the node. Each scenario prints a table of both arms and the ratio
 * RayKube / KubeRay (lower is better on every row) and writes it as JSON to
 * {@code benchmarks/target/side-by-side/<scenario>.json}.
 *
 * <pre>
 * benchmarks/run SideBySideBenchmark [startup|memory|requests|service|latency|jobs|ci|all]...
 * </pre>
 *
 * Sizes: {@code -Draykube.bench.sizes=1,50,250,1000} (memory), {@code -Draykube.bench.starts=3} (startup),
 * {@code -Draykube.bench.lifecycles=5} (requests), {@code -Draykube.bench.services=5} and
 * {@code -Draykube.bench.serviceDeletionDelay=5} (service), {@code -Draykube.bench.latencyJobs=30} and
 * {@code -Draykube.bench.latencyConcurrency=4} (latency), {@code -Draykube.bench.jobs=1000} and
 * {@code -Draykube.bench.jobClusters=10} (jobs). {@code ci} (10 RayCluster and 3 clusterSelector RayJob lifecycles)
 * exits with 1 if RayKube needs more API requests per lifecycle than KubeRay in any of them.
 */
public final class SideBySideBenchmark {

  private SideBySideBenchmark() {}

  public static void main(String[] args) throws Exception {
    List<String> names = args.length == 0 ? List.of("all") : Arrays.asList(args);
    List<Scenario> scenarios = new ArrayList<>();
    for (String name : names) {
      switch (name) {
        case "all" -> scenarios.addAll(List.of(startup(), requests(), service(), latency(), jobs(), memory()));
        case "startup" -> scenarios.add(startup());
        case "memory" -> scenarios.add(memory());
        case "requests" -> scenarios.add(requests());
        case "service" -> scenarios.add(service());
        case "latency" -> scenarios.add(latency());
        case "jobs" -> scenarios.add(jobs());
        case "ci" -> scenarios.add(RequestsScenario.ci());
        default -> {
          System.err.println("unknown scenario '" + name
              + "': startup, memory, requests, service, latency, jobs, ci or all");
          System.exit(2);
        }
      }
    }
    Path root = BenchClusters.findUp(Path.of("local", "start-control-plane")).getParent().getParent();
    Path out = root.resolve("benchmarks/target/side-by-side");
    boolean behind = false;
    try (Arena arena = Arena.open(root)) {
      Map<String, Object> machine = machine(root);
      System.out.println("machine: " + machine);
      for (Scenario scenario : scenarios) {
        long t0 = System.nanoTime();
        System.out.println("-- " + scenario.name() + " ...");
        Comparison result = scenario.run(arena);
        Path file = result.write(out, machine);
        System.out.print(result.table());
        System.out.printf("(%s in %.0f s; %s)%n%n", scenario.name(), (System.nanoTime() - t0) / 1e9,
            root.relativize(file));
        if (scenario.name().equals("ci")) {
          behind = result.rows().stream().anyMatch(r -> r.raykube() > r.kuberay());
        }
      }
    } catch (Exception | Error e) {
      // A failed scenario must end the run: fake dashboards and relays of a scenario cut short keep threads alive.
      e.printStackTrace();
      System.exit(1);
    }
    if (behind) {
      System.err.println("ci: RayKube made more API requests per lifecycle than KubeRay (table above)");
      System.exit(1);
    }
    System.exit(0);
  }

  private static Scenario startup() {
    return new StartupScenario(Integer.getInteger("raykube.bench.starts", 3));
  }

  private static Scenario memory() {
    return new MemoryScenario(Arrays.stream(System.getProperty("raykube.bench.sizes", "1,50,250,1000").split(","))
        .map(String::strip).map(Integer::valueOf).toList());
  }

  private static Scenario requests() {
    int n = Integer.getInteger("raykube.bench.lifecycles", 5);
    return new RequestsScenario("requests", n, n, n);
  }

  private static Scenario service() {
    return new ServiceScenario(Integer.getInteger("raykube.bench.services", 5),
        Integer.getInteger("raykube.bench.serviceDeletionDelay", 5));
  }

  private static Scenario latency() {
    return new LatencyScenario(Integer.getInteger("raykube.bench.latencyJobs", 30),
        Integer.getInteger("raykube.bench.latencyConcurrency", 4));
  }

  private static Scenario jobs() {
    return new ManyJobsScenario(Integer.getInteger("raykube.bench.jobs", 1000),
        Integer.getInteger("raykube.bench.jobClusters", 10));
  }

  private static Map<String, Object> machine(Path root) {
    Map<String, Object> machine = new LinkedHashMap<>();
    machine.put("cores", Runtime.getRuntime().availableProcessors());
    machine.put("memTotal", firstLine(List.of("grep", "MemTotal", "/proc/meminfo"), root));
    machine.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    machine.put("go", firstLine(List.of("go", "version"), root));
    machine.put("kuberay", KubeRayContender.VERSION);
    machine.put("raykubeCommit", firstLine(List.of("git", "describe", "--always", "--dirty"), root));
    machine.put("kubernetes", "v1.36.3 (local/provision)");
    machine.put("load", firstLine(List.of("cat", "/proc/loadavg"), root));
    return machine;
  }

  private static String firstLine(List<String> command, Path dir) {
    try {
      Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
      String text = new String(p.getInputStream().readAllBytes()).strip();
      p.waitFor(10, TimeUnit.SECONDS);
      return text.lines().findFirst().orElse("");
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }
}
