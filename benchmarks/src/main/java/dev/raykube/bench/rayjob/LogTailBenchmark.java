package dev.raykube.bench.rayjob;

import ch.qos.logback.classic.Level;
import dev.raykube.job.push.FollowNeed;
import dev.raykube.job.push.JobLogTails;
import dev.raykube.job.push.LogTailPolicy;
import dev.raykube.job.push.LogTailSettings;
import dev.raykube.job.push.LogTailStep;
import dev.raykube.job.push.LogTailTarget;
import dev.raykube.job.push.RayJobKey;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.management.JMException;
import javax.management.ObjectName;
import org.slf4j.LoggerFactory;

/**
 * What open log tails cost the operator: {@code N} tails opened through {@link JobLogTails#follow} (the controller's
 * path, one RayJob and submission id each) to a dashboard stand-in whose WebSockets stay open and silent
 * ({@link SilentTailDashboard}, in a child JVM so that its memory is not counted). Measured in this JVM, after full
 * collections: used heap, live Java threads, OS threads, resident set (VmRSS) and open file descriptors, at
 * <ol>
 *   <li>baseline: the {@link JobLogTails} created, no tail open;</li>
 *   <li>warm: one tail open (pays the one-time costs: OkHttp's WebSocket classes, the first threads);</li>
 *   <li>loaded: {@code N} tails open, all upgraded at the server, held past the 20 s read timeout of the tails;</li>
 *   <li>closed: every tail forgotten ({@link JobLogTails#forget}), at once and after OkHttp's idle threads ended.</li>
 * </ol>
 * The cost per tail is {@code (loaded - warm) / (open - 1)}, {@code open} being the tails open at the server when
 * loaded: {@code N} unless some failed. The limits that bound {@code N} (open files, processes) are printed first,
 * with a warning when {@code N} exceeds them. Exits 0 when all {@code N} tails opened, stayed open and closed; 1 when
 * not (a {@code FAILED} line says how far it got).
 *
 * <pre>
 * benchmarks/run [-Draykube.bench.tails=2000 ...] LogTailBenchmark
 * </pre>
 * {@code -Draykube.bench.tails=N} (default 2000, eight times the default bound, to see the cost at scale),
 * {@code -Draykube.bench.holdSeconds=} (default 25), {@code -Draykube.bench.idleSeconds=} (default 65: OkHttp ends
 * idle threads after 60 s), {@code -Draykube.bench.verbose=true} (logs why tails failed): JVM options, before the
 * benchmark's name. With {@code -XX:NativeMemoryTracking=summary} there too, the native memory per tail is also
 * printed by category (NMT costs some memory itself: measure the totals without it).
 */
public final class LogTailBenchmark {

  private static final int TAILS = Integer.getInteger("raykube.bench.tails", 2000);
  private static final int HOLD_SECONDS = Integer.getInteger("raykube.bench.holdSeconds", 25);
  private static final int IDLE_SECONDS = Integer.getInteger("raykube.bench.idleSeconds", 65);
  private static final long OPEN_TIMEOUT_MILLIS = 300_000;
  private static final String NAMESPACE = "bench";
  private static final Pattern NMT_CATEGORY = Pattern.compile(
      "(?m)^-\\s+(.+?) \\(reserved=\\d+KB, committed=(\\d+)KB\\)");
  private static final Pattern NMT_STACKS = Pattern.compile("\\(stack: reserved=\\d+KB, committed=(\\d+)KB\\)");

  private LogTailBenchmark() {
  }

  /** One measurement of this JVM. */
  private record Sample(String label, long heap, long committed, int javaThreads, int osThreads, long rssKb, int fds,
      int serverOpen, Map<String, Long> nativeKb) {
  }

  /** Runs the benchmark; exits 0 when all tails opened and closed, 1 otherwise. */
  public static void main(String[] args) throws Exception {
    if (TAILS < 2) {
      throw new IllegalArgumentException("raykube.bench.tails must be at least 2, not " + TAILS);
    }
    ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME))
        .setLevel(Boolean.getBoolean("raykube.bench.verbose") ? Level.DEBUG : Level.WARN);
    PrintStream out = System.out;
    out.printf("Log tail benchmark: what %d open JobLogTails cost (Java %s, %d CPUs, max heap %.0f MB; load average"
        + " %s at start)%n", TAILS, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
        mb(Runtime.getRuntime().maxMemory()), loadAverages());
    out.printf("  JVM options %s%n", ManagementFactory.getRuntimeMXBean().getInputArguments());
    out.printf("  limits: open files %s (ulimit -n, soft; each tail takes 1 here and 1 in the stand-in's JVM),"
        + " processes %s (ulimit -u), kernel threads-max %s%n", limit("Max open files"), limit("Max processes"),
        read("/proc/sys/kernel/threads-max"));
    String files = limit("Max open files");
    if (files.matches("\\d+") && TAILS + openFds() + 100 > Long.parseLong(files)) {
      out.printf("  WARNING: %d tails need more file descriptors than the limit %s: raise ulimit -n%n", TAILS, files);
    }
    String processes = limit("Max processes");
    if (processes.matches("\\d+") && 2 * TAILS + 200 > Long.parseLong(processes)) {
      out.printf("  WARNING: %d tails need about %d threads in both JVMs, more than ulimit -u %s allows the user%n",
          TAILS, 2 * TAILS + 200, processes);
    }
    boolean ok;
    Path log = Files.createTempFile("raykube-tail-dashboard", ".log");
    try (SilentTailDashboard dashboard = SilentTailDashboard.start(List.of("-Xmx512m"), log)) {
      out.printf("  dashboard stand-in in a child JVM at %s (silent WebSockets; not counted; its log: %s)%n",
          dashboard.url(), log);
      ok = run(dashboard, out);
    }
    System.exit(ok ? 0 : 1);
  }

  private static boolean run(SilentTailDashboard dashboard, PrintStream out) {
    AtomicInteger endedByItself = new AtomicInteger();
    JobLogTails tails = new JobLogTails(new LogTailPolicy(LogTailSettings.defaults().withMaxOpen(TAILS)),
        id -> endedByItself.incrementAndGet(), Clock.systemUTC());
    DashboardEndpoint endpoint = DashboardEndpoint.of(dashboard.url());
    Sample baseline = sample("baseline  JobLogTails, no tail open", dashboard);

    open(tails, endpoint, 0);
    if (!await(() -> dashboard.sockets().open() == 1 || endedByItself.get() > 0, OPEN_TIMEOUT_MILLIS)
        || endedByItself.get() > 0) {
      out.printf("  FAILED: the first tail did not open (%s); rerun with -Draykube.bench.verbose=true%n",
          dashboard.sockets());
      tails.close();
      return false;
    }
    Sample warm = sample("warm      1 tail open", dashboard);

    long[] calls = new long[TAILS - 1];
    long start = System.nanoTime();
    for (int i = 1; i < TAILS; i++) {
      long before = System.nanoTime();
      open(tails, endpoint, i);
      calls[i - 1] = System.nanoTime() - before;
    }
    long called = System.nanoTime() - start;
    boolean all = await(() -> dashboard.sockets().upgrades() + endedByItself.get() >= TAILS, OPEN_TIMEOUT_MILLIS);
    long upgraded = System.nanoTime() - start;
    SilentTailDashboard.Sockets opened = dashboard.sockets();
    if (!all || opened.upgrades() < TAILS) {
      out.printf("  FAILED: %d of %d tails upgraded after %.1f s, %d ended by themselves, server %s, open here %d;"
          + " rerun with -Draykube.bench.verbose=true%n", opened.upgrades(), TAILS, upgraded / 1e9,
          endedByItself.get(), opened, tails.openCount());
    }
    sleep(HOLD_SECONDS * 1000L);
    Sample loaded = sample("loaded    " + TAILS + " tails open, held " + HOLD_SECONDS + " s", dashboard);
    SilentTailDashboard.Sockets held = dashboard.sockets();
    int stillOpenHere = tails.openCount();

    long closeStart = System.nanoTime();
    for (int i = 0; i < TAILS; i++) {
      tails.forget(id(i));
    }
    long forgotten = System.nanoTime() - closeStart;
    boolean closed = await(() -> dashboard.sockets().open() == 0, OPEN_TIMEOUT_MILLIS);
    long serverSawClose = System.nanoTime() - closeStart;
    Sample justClosed = sample("closed    all forgotten, at once", dashboard);
    sleep(IDLE_SECONDS * 1000L);
    Sample idle = sample("closed    +" + IDLE_SECONDS + " s (idle threads ended)", dashboard);
    tails.close();

    printTable(out, List.of(baseline, warm, loaded, justClosed, idle));
    int n = TAILS - 1;
    Arrays.sort(calls);
    out.printf("  opening the other %d: follow() calls took %.0f ms (each: median %.2f ms, p90 %.2f ms, max %.1f ms);"
        + " %d of %d upgraded at the server %.1f s after the first call (%.0f tails/s)%n", n, called / 1e6,
        calls[n / 2] / 1e6, calls[n * 9 / 10] / 1e6, calls[n - 1] / 1e6, opened.upgrades(), TAILS, upgraded / 1e9,
        n / (upgraded / 1e9));
    out.printf("  held %d s: %d of %d still open at the server, %d open here, %d ended by themselves%n",
        HOLD_SECONDS, held.open(), TAILS, stillOpenHere, endedByItself.get());
    printCosts(out, baseline, warm, loaded);
    out.printf("  closing: %d forget() calls took %.0f ms; the server saw all closed after %.1f s%s%n", TAILS,
        forgotten / 1e6, serverSawClose / 1e9, closed ? "" : " (NOT all: " + dashboard.sockets() + ")");
    out.printf("  after closing, vs baseline: at once heap %+.1f MB, Java threads %+d, fds %+d; after %d s heap %+.1f"
        + " MB, Java threads %+d, OS threads %+d, RSS %+.1f MB, fds %+d%n", mb(justClosed.heap() - baseline.heap()),
        justClosed.javaThreads() - baseline.javaThreads(), justClosed.fds() - baseline.fds(), IDLE_SECONDS,
        mb(idle.heap() - baseline.heap()), idle.javaThreads() - baseline.javaThreads(),
        idle.osThreads() - baseline.osThreads(), (idle.rssKb() - baseline.rssKb()) / 1024.0,
        idle.fds() - baseline.fds());
    if (!idle.nativeKb().isEmpty()) {
      printNative(out, "native memory after closing (+" + IDLE_SECONDS + " s - baseline)", baseline, idle, 1);
    }
    out.printf("  load average %s at the end%n", loadAverages());
    return all && opened.upgrades() >= TAILS && held.open() == TAILS && closed;
  }

  private static void printTable(PrintStream out, List<Sample> samples) {
    out.println();
    out.printf("  %-44s %10s %10s %8s %7s %10s %6s %7s%n", "state", "used heap", "committed", "Java thr", "OS thr",
        "RSS", "fds", "server");
    for (Sample s : samples) {
      String rss = s.rssKb() < 0 ? "n/a" : "%.1f MB".formatted(s.rssKb() / 1024.0);
      out.printf("  %-44s %7.1f MB %7.1f MB %8d %7s %10s %6s %7d%n", s.label(), mb(s.heap()), mb(s.committed()),
          s.javaThreads(), known(s.osThreads()), rss, known(s.fds()), s.serverOpen());
    }
    out.println("  (heap after 4 x System.gc(), used and committed; Java thr: ThreadMXBean live threads; OS thr, RSS:"
        + " /proc/self/status Threads, VmRSS; fds: /proc/self/fd (n/a: unreadable, e.g. no descriptor left);"
        + " server: WebSockets open at the stand-in)");
    out.println();
  }

  /** Per tail over the tails open at the server when loaded (all of them, unless some failed), and in all. */
  private static void printCosts(PrintStream out, Sample baseline, Sample warm, Sample loaded) {
    int n = loaded.serverOpen() - 1;
    if (n < 1) {
      out.println("  no cost per tail: fewer than 2 tails were open");
      return;
    }
    out.printf("  per tail ((loaded - warm) / %d): heap %.1f KB, Java threads %.2f, OS threads %.2f, RSS %.1f KB,"
        + " fds %.2f%n", n, (loaded.heap() - warm.heap()) / 1024.0 / n,
        (double) (loaded.javaThreads() - warm.javaThreads()) / n, (double) (loaded.osThreads() - warm.osThreads()) / n,
        (double) (loaded.rssKb() - warm.rssKb()) / n, (double) (loaded.fds() - warm.fds()) / n);
    if (!loaded.nativeKb().isEmpty()) {
      printNative(out, "native memory per tail ((loaded - warm) / " + n + ")", warm, loaded, n);
    }
    out.printf("  all %d (loaded - baseline): heap +%.1f MB (%.2fx baseline), Java threads %+d, RSS +%.1f MB"
        + " (%.2fx baseline), fds %+d%n", loaded.serverOpen(), mb(loaded.heap() - baseline.heap()),
        (double) loaded.heap() / baseline.heap(), loaded.javaThreads() - baseline.javaThreads(),
        (loaded.rssKb() - baseline.rssKb()) / 1024.0, (double) loaded.rssKb() / baseline.rssKb(),
        loaded.fds() - baseline.fds());
  }

  /** The NMT categories whose committed memory changed by 1 KB or more from {@code from} to {@code to}, divided. */
  private static void printNative(PrintStream out, String what, Sample from, Sample to, int divisor) {
    out.printf("  %s, NMT committed:", what);
    to.nativeKb().forEach((name, kb) -> {
      double change = (double) (kb - from.nativeKb().getOrDefault(name, 0L)) / divisor;
      if (Math.abs(change) >= 1) {
        out.printf(" %s %+.1f KB;", name, change);
      }
    });
    out.println();
  }

  private static RayJobKey id(int i) {
    return new RayJobKey(NAMESPACE, "rayjob-" + i);
  }

  private static void open(JobLogTails tails, DashboardEndpoint endpoint, int i) {
    LogTailStep step = tails.follow(id(i), FollowNeed.follow(new LogTailTarget("raysubmit_bench" + i, endpoint)));
    if (step != LogTailStep.OPEN) {
      throw new IllegalStateException("tail " + i + ": " + step + " instead of OPEN");
    }
  }

  private static Sample sample(String label, SilentTailDashboard dashboard) {
    for (int i = 0; i < 4; i++) {
      System.gc();
      sleep(250);
    }
    MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    int javaThreads = ManagementFactory.getThreadMXBean().getThreadCount();
    return new Sample(label, heap.getUsed(), heap.getCommitted(), javaThreads, (int) status("Threads"),
        status("VmRSS"), openFds(), dashboard.sockets().open(), nativeMemory());
  }

  /**
   * Committed KB by category of Native Memory Tracking's summary (thread stacks as "Thread stacks"), or nothing when
   * the JVM runs without {@code -XX:NativeMemoryTracking=summary}.
   */
  private static Map<String, Long> nativeMemory() {
    String summary;
    try {
      summary = String.valueOf(ManagementFactory.getPlatformMBeanServer().invoke(
          new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
          new Object[] {new String[] {"summary"}}, new String[] {String[].class.getName()}));
    } catch (JMException | RuntimeException e) {
      return Map.of();
    }
    Map<String, Long> committed = new TreeMap<>();
    Matcher category = NMT_CATEGORY.matcher(summary);
    while (category.find()) {
      committed.put(category.group(1), Long.parseLong(category.group(2)));
    }
    Matcher stacks = NMT_STACKS.matcher(summary);
    if (stacks.find()) {
      committed.put("Thread stacks", Long.parseLong(stacks.group(1)));
    }
    return committed;
  }

  /** A number field of {@code /proc/self/status} (kB for sizes), or -1. */
  private static long status(String field) {
    try (Stream<String> lines = Files.lines(Path.of("/proc/self/status"))) {
      return lines.filter(l -> l.startsWith(field + ":")).findFirst()
          .map(l -> Long.parseLong(l.substring(field.length() + 1).trim().split("\\s+")[0])).orElse(-1L);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  private static int openFds() {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return (int) fds.count();
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** The soft limit of a row of {@code /proc/self/limits}, e.g. "Max open files", or "unknown". */
  private static String limit(String row) {
    try (Stream<String> lines = Files.lines(Path.of("/proc/self/limits"))) {
      return lines.filter(l -> l.startsWith(row)).findFirst()
          .map(l -> l.substring(row.length()).trim().split("\\s+")[0]).orElse("unknown");
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /** A small file, read to its end (not by its size: files of /proc/sys claim a size they do not have). */
  private static String read(String file) {
    try (InputStream in = Files.newInputStream(Path.of(file))) {
      return new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim();
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /** The machine's load averages ({@code /proc/loadavg}, as {@code uptime} prints them: 1, 5 and 15 minutes). */
  private static String loadAverages() {
    String[] parts = read("/proc/loadavg").split("\\s+");
    return parts.length < 3 ? "unknown" : parts[0] + ", " + parts[1] + ", " + parts[2];
  }

  private static boolean await(BooleanSupplier condition, long timeoutMillis) {
    long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      sleep(20);
    }
    return true;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String known(long value) {
    return value < 0 ? "n/a" : String.valueOf(value);
  }

  private static double mb(long bytes) {
    return bytes / (1024.0 * 1024.0);
  }
}
