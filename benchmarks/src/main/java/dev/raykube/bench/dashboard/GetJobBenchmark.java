package dev.raykube.bench.dashboard;

import ch.qos.logback.classic.Level;
import dev.raykube.dashboard.JobStatus;
import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RetryPolicy;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.JobScript;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;
import org.slf4j.LoggerFactory;

/**
 * {@code getJob} throughput against {@link FakeRayDashboard} on loopback, all in one process:
 * <ol>
 *   <li>baseline: sequential calls on a new connection each time (no keep-alive);
 *   <li>sequential calls reusing one pooled connection (the client's default);
 *   <li>concurrent calls from several threads sharing one client.
 * </ol>
 * Prints calls per second, latency percentiles and the ratios against the baseline. Run with
 * <pre>
 * benchmarks/run GetJobBenchmark [SECONDS [THREADS]]
 * </pre>
 * {@code SECONDS} per measured run (default 5), {@code THREADS} for the concurrent one (default 4).
 */
public final class GetJobBenchmark {
  private GetJobBenchmark() {}

  record Result(String name, long calls, double seconds, long[] latenciesNanos) {
    double perSecond() {
      return calls / seconds;
    }

    String percentile(double p) {
      if (latenciesNanos.length == 0) {
        return "-";
      }
      long[] sorted = latenciesNanos.clone();
      Arrays.sort(sorted);
      return String.format("%.3f", sorted[(int) Math.min(sorted.length - 1, p * sorted.length)] / 1e6);
    }
  }

  /** Runs the three measurements; {@code args}: seconds per run, threads of the concurrent run. */
  public static void main(String[] args) throws Exception {
    // The client logs every call at DEBUG; per-call logging is not measured here.
    ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger("dev.raykube.dashboard")).setLevel(Level.WARN);
    double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
    int threads = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    try (FakeRayDashboard fake = FakeRayDashboard.builder().requestLogCapacity(1000).build().start()) {
      fake.script("bench-job", JobScript.runsUntilStopped());
      OkHttpClient noKeepAlive = new OkHttpClient.Builder()
          .connectionPool(new ConnectionPool(0, 1, TimeUnit.MILLISECONDS)).build();
      try (RayDashboardClient pooled = client(fake, null);
          RayDashboardClient fresh = client(fake, noKeepAlive)) {
        pooled.submitJob(JobSubmitRequest.builder("python serve.py").submissionId("bench-job").build());
        check(pooled);
        System.out.printf("getJob against FakeRayDashboard at %s, %.0f s per run, %d threads, Java %s, %d cores%n",
            fake.url(), seconds, threads, System.getProperty("java.version"),
            Runtime.getRuntime().availableProcessors());
        run("warm-up (pooled)", pooled, Math.min(seconds, 3), 1);
        run("warm-up (fresh)", fresh, Math.min(seconds, 2), 1);
        Result baseline = run("sequential, new connection per call", fresh, seconds, 1);
        Result sequential = run("sequential, pooled connection", pooled, seconds, 1);
        Result concurrent = run("concurrent x" + threads + ", pooled connections", pooled, seconds, threads);
        System.out.println();
        System.out.printf("%-40s %12s %10s %10s %10s%n", "run", "calls/s", "p50 ms", "p99 ms", "max ms");
        for (Result r : List.of(baseline, sequential, concurrent)) {
          System.out.printf("%-40s %12.0f %10s %10s %10s%n", r.name(), r.perSecond(), r.percentile(0.5),
              r.percentile(0.99), r.percentile(1.0));
        }
        System.out.printf("ratio pooled / new-connection (sequential): %.2fx%n",
            sequential.perSecond() / baseline.perSecond());
        System.out.printf("ratio concurrent / sequential (pooled):     %.2fx%n",
            concurrent.perSecond() / sequential.perSecond());
      }
      noKeepAlive.dispatcher().executorService().shutdown();
    }
  }

  private static RayDashboardClient client(FakeRayDashboard fake, OkHttpClient shared) {
    var b = RayDashboardClient.builder().baseUrl(fake.url()).retryPolicy(RetryPolicy.none());
    if (shared != null) {
      b.okHttpClient(shared);
    }
    return b.build();
  }

  private static void check(RayDashboardClient client) {
    JobStatus status = client.getJob("bench-job").status();
    if (status != JobStatus.PENDING && status != JobStatus.RUNNING) {
      throw new IllegalStateException("bench job is " + status);
    }
  }

  private static Result run(String name, RayDashboardClient client, double seconds, int threads) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    long deadline = System.nanoTime() + (long) (seconds * 1e9);
    long start = System.nanoTime();
    List<Future<long[]>> futures = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      futures.add(pool.submit(() -> {
        long[] lat = new long[1 << 16];
        int n = 0;
        while (System.nanoTime() < deadline) {
          long t0 = System.nanoTime();
          client.getJob("bench-job");
          long d = System.nanoTime() - t0;
          if (n == lat.length) {
            lat = Arrays.copyOf(lat, n * 2);
          }
          lat[n++] = d;
        }
        return Arrays.copyOf(lat, n);
      }));
    }
    long[] all = new long[0];
    for (Future<long[]> f : futures) {
      long[] part = f.get();
      long[] merged = Arrays.copyOf(all, all.length + part.length);
      System.arraycopy(part, 0, merged, all.length, part.length);
      all = merged;
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    pool.shutdown();
    return new Result(name, all.length, elapsed, all);
  }
}
