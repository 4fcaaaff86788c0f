package dev.raykube.bench.raycluster;

import dev.raykube.bench.BenchClusters;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Measurements of the RayCluster controller (issue 5, item 8), printed with a baseline from the same run:
 * <ol>
 *   <li>{@code heap}: used heap of the operator after reconciling {@code CLUSTERS} RayClusters × 4 Pods on the CRUD
 *       mock (mock in a child JVM) vs the idle operator ({@link HeapBenchmark}); runs first, in a fresh JVM;</li>
 *   <li>{@code startup}: {@code java -jar ray-operator.jar} to the first completed reconcile vs
 *       {@code java -jar ray-operator.jar --version} ({@link StartupBenchmark}); needs the packaged jar;</li>
 *   <li>{@code writes}: Kubernetes API writes per RayCluster creation until ready ({@link WritesBenchmark}).</li>
 * </ol>
 *
 * <pre>
 * benchmarks/run [-Draykube.bench.clusters=200] RayClusterBenchmark [heap|startup|writes ...]
 * </pre>
 * {@code benchmarks/run} builds {@code ray-operator/target/ray-operator.jar} and runs this in a JVM of its own, as it
 * must: the benchmark starts child JVMs with this JVM's class path and measures this JVM's heap.
 */
public final class RayClusterBenchmark {

  private static final int CLUSTERS = Integer.getInteger("raykube.bench.clusters", 200);
  private static final int WORKERS = 3;
  private static final int STARTUP_RUNS = 3;

  private RayClusterBenchmark() {
  }

  /** Runs the named parts ({@code heap}, {@code startup}, {@code writes}), all of them by default. */
  public static void main(String[] args) throws Exception {
    List<String> parts = args.length == 0 ? List.of("heap", "startup", "writes") : List.of(args);
    PrintStream out = System.out;
    out.printf("RayCluster controller benchmark (Java %s, %d CPUs, max heap %.0f MB)%n",
        System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
        BenchClusters.mb(Runtime.getRuntime().maxMemory()));
    for (String part : parts) {
      switch (part) {
        case "heap" -> HeapBenchmark.run(CLUSTERS, WORKERS, out);
        case "startup" -> StartupBenchmark.run(operatorJar(), STARTUP_RUNS, out);
        case "writes" -> WritesBenchmark.run(out);
        default -> throw new IllegalArgumentException("unknown part '" + part + "'; use heap, startup or writes");
      }
      out.println();
    }
    System.exit(0);
  }

  private static Path operatorJar() {
    Path jar = BenchClusters.findUp(Path.of("ray-operator", "target", "ray-operator.jar"));
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(jar + " is missing; run this benchmark with benchmarks/run, which builds it");
    }
    return jar;
  }
}
