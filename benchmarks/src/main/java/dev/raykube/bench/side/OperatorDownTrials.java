package dev.raykube.bench.side;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import ch.qos.logback.classic.Level;
import dev.raykube.bench.BenchClusters;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.slf4j.LoggerFactory;

/**
 * Deletion while the operator is down, repeated (issue 15, deliverable 2). Each RayJob trial: a RayJob
 * ({@code sleep 600}, HTTPMode, on a shared RayCluster whose head is a real Ray 2.60 head) RUNNING on Ray → the
 * operator (the shipped jar, its own process) SIGKILLed → the RayJob deleted, and seen to stay (its finalizer) with Ray
 * still RUNNING for 2 s → the operator started again → the RayJob gone and Ray reporting the job STOPPED, with an end
 * time after the restart. Each RayService trial: a RayService Ready (heads are {@code FakeRayDashboard}s with a Serve
 * proxy: deleting a RayService does not talk to Ray) → SIGKILL → RayService deleted, seen to stay with its RayCluster
 * → restart → RayService, its RayClusters and their Pods gone. Figures: trials passed, time from the restart (process
 * start) to the object gone (median, max); the whole record in {@code benchmarks/target/operator-down-trials.json}.
 *
 * <pre>
 * benchmarks/run OperatorDownTrials [RAYJOB-TRIALS [RAYSERVICE-TRIALS]]     # default 50 50
 * </pre>
 * Exits 1 if any trial failed.
 */
public final class OperatorDownTrials {

  private static final String JOBS = "down-jobs";
  private static final String SERVICES = "down-services";
  private static final String CLUSTER = "real-head";
  private static final Duration START = Duration.ofMinutes(3);
  private static final Duration GONE = Duration.ofMinutes(2);
  private static final Duration RAY_STOP = Duration.ofMinutes(1);
  private static final Duration POLL = Duration.ofMillis(100);

  /** One trial's outcome; {@code failure} is null for a pass. */
  record Trial(String kind, String name, boolean passed, double restartToGoneSeconds, double restartToRayStoppedSeconds,
      String failure) {}

  private final Arena arena;
  private final RayKubeContender contender;
  private RunningOperator operator;

  private OperatorDownTrials(Arena arena, RayKubeContender contender) {
    this.arena = arena;
    this.contender = contender;
  }

  public static void main(String[] args) throws Exception {
    // The trials' own lines are the record; the harness's clients need not log the operator's absences.
    ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).setLevel(Level.ERROR);
    int jobTrials = args.length > 0 ? Integer.parseInt(args[0]) : 50;
    int serviceTrials = args.length > 1 ? Integer.parseInt(args[1]) : 50;
    Path root = BenchClusters.findUp(Path.of("local", "start-control-plane")).getParent().getParent();
    RayKubeContender contender = RayKubeContender.shipped(root);
    List<Trial> trials = new ArrayList<>();
    long t0 = System.nanoTime();
    try (Arena arena = Arena.open(root, List.of(contender))) {
      OperatorDownTrials run = new OperatorDownTrials(arena, contender);
      try {
        if (jobTrials > 0) {
          trials.addAll(run.rayJobTrials(jobTrials));
        }
        if (serviceTrials > 0) {
          trials.addAll(run.rayServiceTrials(serviceTrials));
        }
      } finally {
        run.stopOperator();
      }
    } catch (Exception | Error e) {
      e.printStackTrace();
      System.exit(1);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    Map<String, Object> summary = new LinkedHashMap<>();
    for (String kind : List.of("RayJob", "RayService")) {
      List<Trial> ofKind = trials.stream().filter(t -> t.kind().equals(kind)).toList();
      if (ofKind.isEmpty()) {
        continue;
      }
      double[] gone = ofKind.stream().filter(Trial::passed).mapToDouble(Trial::restartToGoneSeconds).toArray();
      long passed = ofKind.stream().filter(Trial::passed).count();
      System.out.printf("%s: %d/%d trials passed; restart -> gone median %.2f s, max %.2f s%n", kind, passed,
          ofKind.size(), gone.length == 0 ? 0 : LatencyScenario.percentile(gone, 0.5),
          gone.length == 0 ? 0 : LatencyScenario.percentile(gone, 1.0));
      if (kind.equals("RayJob")) {
        double[] stopped = ofKind.stream().filter(Trial::passed).mapToDouble(Trial::restartToRayStoppedSeconds)
            .toArray();
        System.out.printf("  restart -> Ray job STOPPED median %.2f s, max %.2f s%n",
            stopped.length == 0 ? 0 : LatencyScenario.percentile(stopped, 0.5),
            stopped.length == 0 ? 0 : LatencyScenario.percentile(stopped, 1.0));
      }
      summary.put(kind, Map.of("trials", ofKind.size(), "passed", passed));
    }
    Path out = root.resolve("benchmarks/target/operator-down-trials.json");
    Files.createDirectories(out.getParent());
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.toFile(),
        Map.of("summary", summary, "seconds", Math.round(seconds), "trials", trials));
    System.out.printf("(%.0f s; %s)%n", seconds, root.relativize(out));
    List<Trial> failed = trials.stream().filter(t -> !t.passed()).toList();
    failed.forEach(t -> System.err.println("FAILED " + t.kind() + " " + t.name() + ": " + t.failure()));
    System.exit(failed.isEmpty() ? 0 : 1);
  }

  private List<Trial> rayJobTrials(int count) throws Exception {
    List<Trial> trials = new ArrayList<>();
    try (RealRayHead head = RealRayHead.start();
        PodNode node = arena.node(HeadDashboards.real(Map.of(JOBS + "/" + CLUSTER, head.dashboard())))) {
      arena.createNamespace(JOBS);
      startOperator(true);
      arena.admin().resource(Workloads.cluster(JOBS, CLUSTER)).create();
      await(START, CLUSTER + " ready", () -> Workloads.isReady(cluster(CLUSTER)));
      for (int i = 1; i <= count; i++) {
        String name = String.format("job-%02d", i);
        Trial trial;
        try {
          trial = rayJobTrial(head, name);
        } catch (RuntimeException e) {
          trial = new Trial("RayJob", name, false, 0, 0, e.getMessage());
        }
        recover();
        trials.add(trial);
        System.out.printf("RayJob %s: %s%n", name, describe(trial));
      }
      List<JsonNode> rayJobs = head.jobs();
      long notStopped = rayJobs.stream().filter(j -> !"STOPPED".equals(j.path("status").asText())).count();
      if (rayJobs.size() != count || notStopped > 0) {
        trials.add(new Trial("RayJob", "the head's job list", false, 0, 0, "the head knows " + rayJobs.size()
            + " jobs for " + count + " RayJobs (one submission each expected), " + notStopped + " not STOPPED"));
      }
      arena.clean(JOBS);
      stopOperator(); // each kind of trial starts its own
    }
    return trials;
  }

  private Trial rayJobTrial(RealRayHead head, String name) {
    arena.admin().resource(Workloads.onCluster(JOBS, name, CLUSTER, 600)).create();
    await(START, name + " RUNNING", () -> "RUNNING".equals(jobStatus(name)));
    String submissionId = rayJob(name).getStatus().getJobId();
    String ray = head.job(submissionId).map(j -> j.path("status").asText()).orElse("unknown");
    if (!"RUNNING".equals(ray)) {
      return new Trial("RayJob", name, false, 0, 0, "the RayJob says RUNNING, Ray says " + ray);
    }
    kill();
    arena.admin().resources(RayJob.class).inNamespace(JOBS).withName(name).delete();
    Instant until = Instant.now().plusSeconds(2);
    while (Instant.now().isBefore(until)) {
      RayJob held = rayJob(name);
      if (held == null || held.getMetadata().getDeletionTimestamp() == null) {
        return new Trial("RayJob", name, false, 0, 0, "without an operator the RayJob is " + (held == null
            ? "gone" : "not marked deleted") + ": no finalizer kept it");
      }
      String now = head.job(submissionId).map(j -> j.path("status").asText()).orElse("unknown");
      if (!"RUNNING".equals(now)) {
        return new Trial("RayJob", name, false, 0, 0, "without an operator Ray says " + now);
      }
      BenchClusters.sleep(250);
    }
    Instant restart = Instant.now();
    startOperator(false);
    await(GONE, name + " gone", () -> rayJob(name) == null);
    double gone = since(restart);
    await(RAY_STOP, "Ray reporting " + submissionId + " STOPPED", () -> "STOPPED".equals(
        head.job(submissionId).map(j -> j.path("status").asText()).orElse("")));
    double stopped = since(restart);
    long end = head.job(submissionId).orElseThrow().path("end_time").asLong();
    if (end < restart.toEpochMilli() - 1000) {
      return new Trial("RayJob", name, false, gone, stopped, "Ray's end time " + Instant.ofEpochMilli(end)
          + " is before the restart " + restart);
    }
    return new Trial("RayJob", name, true, gone, stopped, null);
  }

  private List<Trial> rayServiceTrials(int count) {
    List<Trial> trials = new ArrayList<>();
    try (PodNode node = arena.boundNode(HeadDashboards.servingFakes())) {
      arena.createNamespace(SERVICES);
      startOperator(true);
      for (int i = 1; i <= count; i++) {
        String name = String.format("svc-%02d", i);
        Trial trial;
        try {
          trial = rayServiceTrial(name);
        } catch (RuntimeException e) {
          trial = new Trial("RayService", name, false, 0, 0, e.getMessage());
        }
        recover();
        trials.add(trial);
        System.out.printf("RayService %s: %s%n", name, describe(trial));
      }
      arena.clean(SERVICES);
      stopOperator();
    }
    return trials;
  }

  private Trial rayServiceTrial(String name) {
    arena.admin().resource(Workloads.service(SERVICES, name, 0)).create();
    await(START, name + " Ready", () -> {
      RayService s = rayService(name);
      return s != null && RayServiceStates.ready(s);
    });
    List<String> finalizers = rayService(name).getMetadata().getFinalizers();
    kill();
    arena.admin().resources(RayService.class).inNamespace(SERVICES).withName(name).delete();
    BenchClusters.sleep(2000);
    RayService held = rayService(name);
    if (held == null || held.getMetadata().getDeletionTimestamp() == null) {
      return new Trial("RayService", name, false, 0, 0, "without an operator the RayService is "
          + (held == null ? "gone" : "not marked deleted") + ": no finalizer kept it (finalizers while Ready: "
          + finalizers + ")");
    }
    if (clustersOf(name).isEmpty()) {
      return new Trial("RayService", name, false, 0, 0, "without an operator its RayClusters are gone already");
    }
    Instant restart = Instant.now();
    startOperator(false);
    await(GONE, name + " gone", () -> rayService(name) == null);
    double gone = since(restart);
    await(GONE, "the RayClusters and Pods of " + name + " gone", () -> clustersOf(name).isEmpty()
        && arena.admin().pods().inNamespace(SERVICES).list().getItems().isEmpty());
    return new Trial("RayService", name, true, gone, 0, null);
  }

  private static String describe(Trial t) {
    return t.passed() ? String.format("passed, restart -> gone %.2f s%s", t.restartToGoneSeconds(),
        t.kind().equals("RayJob") ? String.format(", -> Ray STOPPED %.2f s", t.restartToRayStoppedSeconds()) : "")
        : "FAILED: " + t.failure();
  }

  /** SIGKILL, as a node failure or an OOM kill would end it; nothing of its shutdown runs. */
  private void kill() {
    operator.kill();
    operator = null;
  }

  /** {@code watching}: wait until it watches (the first start); else return at once, as a restart is timed. */
  private void startOperator(boolean watching) {
    operator = watching ? arena.start(contender) : arena.startNoWait(contender);
  }

  private void stopOperator() {
    if (operator != null) {
      operator.close();
      operator = null;
    }
  }

  /** After a failed trial: an operator runs again, so that the next trial starts as the others did. */
  private void recover() {
    if (operator == null) {
      startOperator(true);
    }
  }

  private String jobStatus(String name) {
    RayJob job = rayJob(name);
    return job == null || job.getStatus() == null ? null : job.getStatus().getJobStatusValue();
  }

  private RayJob rayJob(String name) {
    return arena.admin().resources(RayJob.class).inNamespace(JOBS).withName(name).get();
  }

  private RayService rayService(String name) {
    return arena.admin().resources(RayService.class).inNamespace(SERVICES).withName(name).get();
  }

  private RayCluster cluster(String name) {
    RayCluster c = arena.admin().resources(RayCluster.class).inNamespace(JOBS).withName(name).get();
    return c == null ? new RayCluster() : c;
  }

  private List<RayCluster> clustersOf(String service) {
    return arena.admin().resources(RayCluster.class).inNamespace(SERVICES)
        .withLabel("ray.io/originated-from-cr-name", service).list().getItems();
  }

  private static double since(Instant start) {
    return Duration.between(start, Instant.now()).toMillis() / 1000.0;
  }

  private static void await(Duration timeout, String what, BooleanSupplier condition) {
    BenchClusters.await(timeout, POLL, what, condition);
  }
}
