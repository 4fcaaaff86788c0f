package dev.raykube.bench.side;

import ch.qos.logback.classic.Level;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.raykube.bench.BenchClusters;
import dev.raykube.cronjob.ChildRayJob;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.slf4j.LoggerFactory;

/**
 * Fuzzed input (issue 15, deliverable 3): {@code N} manifests from {@link ManifestMutations} (seeded) applied to the
 * real kube-apiserver while the shipped operator runs (its own process; head Pods are played by {@link PodNode} with
 * {@code FakeRayDashboard}s). Each must be rejected at admission with a message, or, once admitted, either be marked
 * invalid (its status says so, and a Warning Event names it) or progress as a valid object does ({@link FuzzVerdict}).
 * Then: no hot loop (over a 30 s quiet window, no write of the operator to an invalid object; at most
 * {@value #WRITES_PER_INVALID} writes to one over the whole run), the operator process never exited, the valid
 * sentinel RayJobs created among the fuzzed ones completed, and deleting everything leaves the namespace empty.
 *
 * <pre>
 * benchmarks/run ManifestFuzz [--cases N] [--seed S]      # defaults 1000 and 1
 * benchmarks/run ManifestFuzz --cases 20 --seed 7 --print  # the cases of a seed, without running them
 * </pre>
 * Prints the figures, writes every case to {@code benchmarks/target/manifest-fuzz-<seed>.json}, exits 1 on a violation.
 */
public final class ManifestFuzz {

  private static final String NAMESPACE = "fuzz";
  /** Finalizer added, status written, one retry after a conflict. */
  static final int WRITES_PER_INVALID = 3;
  private static final Duration VERDICT = Duration.ofMinutes(3);
  private static final Duration QUIET = Duration.ofSeconds(30);
  private static final int SENTINELS = 3;
  /**
   * Sample files the fuzz does not mutate, with why: a valid case of the weekday RayCronJob shows nothing (no RayJob,
   * no {@code lastScheduleTime}, no Event) until 09:30 New York time, so {@link FuzzVerdict} could not tell it from an
   * unanswered one within {@link #VERDICT}. The every-minute RayCronJob sample is fuzzed.
   */
  private static final Map<String, String> LEFT_OUT = Map.of("raycronjob-timezone.yaml",
      "its schedule (09:30 New York time on weekdays) shows a valid case nothing within the verdict's 3 minutes");

  private ManifestFuzz() {}

  public static void main(String[] args) throws Exception {
    ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).setLevel(Level.ERROR);
    int cases = 1000;
    long seed = 1;
    boolean print = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--cases" -> cases = Integer.parseInt(value(args, ++i));
        case "--seed" -> seed = Long.parseLong(value(args, ++i));
        case "--print" -> print = true;
        default -> usage("unknown argument '" + args[i] + "'");
      }
    }
    Path root = BenchClusters.findUp(Path.of("local", "start-control-plane")).getParent().getParent();
    List<Map<String, Object>> companions = new ArrayList<>();
    List<ManifestMutations.Sample> samples = samples(root.resolve("examples/manifests"), companions);
    try (ManifestMutations mutations = new ManifestMutations(samples, seed)) {
      if (print) {
        ObjectMapper json = new ObjectMapper();
        for (int i = 0; i < cases; i++) {
          ManifestMutations.Manifest m = mutations.next();
          System.out.println(json.writeValueAsString(new TreeMap<>(Map.of("case", i, "sample", m.sample(), "mutations",
              m.mutations()))));
        }
        return;
      }
      System.exit(run(root, mutations, companions, cases, seed));
    }
  }

  /** Runs the cases; returns the exit code (1 on a violation). */
  private static int run(Path root, ManifestMutations mutations, List<Map<String, Object>> companions, int cases,
      long seed) throws IOException {
    System.out.printf("manifest fuzz: %d cases, seed %d%n", cases, seed);
    LEFT_OUT.forEach((file, why) -> System.out.printf("manifest fuzz: sample %s left out: %s%n", file, why));
    long t0 = System.nanoTime();
    List<String> violations = new ArrayList<>();
    Map<String, Object> record = new LinkedHashMap<>();
    try (Arena arena = Arena.open(root, List.of(RayKubeContender.shipped(root)));
        PodNode node = arena.node(HeadDashboards.servingFakes())) {
      arena.createNamespace(NAMESPACE);
      for (Map<String, Object> companion : companions) { // the samples' ConfigMaps, e.g. a RayService's code
        GenericKubernetesResource object = arena.admin().getKubernetesSerialization()
            .convertValue(companion, GenericKubernetesResource.class);
        object.getMetadata().setNamespace(NAMESPACE);
        arena.admin().resource(object).create();
      }
      long start = arena.audit().mark();
      RayKubeContender contender = (RayKubeContender) arena.contenders().get(0);
      try (RunningOperator operator = arena.start(contender)) {
        List<FuzzVerdict.Case> applied = apply(arena, mutations, cases);
        Map<String, FuzzVerdict> verdicts = awaitVerdicts(arena, applied);
        long quietFrom = arena.audit().mark();
        BenchClusters.sleep(QUIET.toMillis());
        operator.requireAlive();
        Map<String, Integer> writesAll = writesByName(arena, start, arena.audit().mark());
        Map<String, Integer> writesQuiet = writesByName(arena, quietFrom, arena.audit().mark());
        for (FuzzVerdict.Case c : applied) {
          FuzzVerdict v = verdicts.get(c.key());
          if (v != null && v.isViolation()) {
            violations.add(c.key() + " (" + String.join("; ", c.mutations()) + "): " + v.detail());
          }
          if (v != null && v.outcome() == FuzzVerdict.Outcome.INVALID) {
            int all = writesAll.getOrDefault(c.name(), 0);
            int quiet = writesQuiet.getOrDefault(c.name(), 0);
            if (all > WRITES_PER_INVALID || quiet > 0) {
              violations.add(c.key() + ": hot loop? " + all + " operator writes to the invalid object, " + quiet
                  + " in the quiet window");
            }
          }
        }
        for (int i = 0; i < SENTINELS; i++) {
          String s = sentinelName(i);
          RayJob job = arena.admin().resources(RayJob.class).inNamespace(NAMESPACE).withName(s).get();
          if (job == null || !Workloads.isFinished(job) || !"SUCCEEDED".equals(job.getStatus().getJobStatusValue())) {
            violations.add("sentinel " + s + " did not complete next to the fuzzed objects: "
                + (job == null ? "gone" : job.getStatus()));
          }
        }
        record.putAll(figures(applied, verdicts, writesAll));
        record.put("cases", applied.stream().map(c -> c.toRecord(verdicts.get(c.key()))).toList());
        arena.clean(NAMESPACE);
        operator.requireAlive();
      }
    } catch (Exception | Error e) {
      e.printStackTrace();
      violations.add("the run failed: " + e);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    record.put("seconds", Math.round(seconds));
    record.put("violations", violations);
    Path out = root.resolve("benchmarks/target/manifest-fuzz-" + seed + ".json");
    Files.createDirectories(out.getParent());
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.toFile(), record);
    violations.forEach(v -> System.err.println("VIOLATION " + v));
    System.out.printf("manifest fuzz: %d violations (%.0f s; %s)%n", violations.size(), seconds,
        root.relativize(out));
    return violations.isEmpty() ? 0 : 1;
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      usage(args[i - 1] + " without a value");
    }
    return args[i];
  }

  private static void usage(String problem) {
    System.err.println(problem + "; usage: ManifestFuzz [--cases N] [--seed S] [--print]");
    System.exit(2);
  }

  /**
   * The Ray objects of the sample manifests (a file may hold several documents; others are {@code companions}), but
   * those of a file in {@link #LEFT_OUT}.
   */
  private static List<ManifestMutations.Sample> samples(Path dir, List<Map<String, Object>> companions)
      throws IOException {
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    List<ManifestMutations.Sample> samples = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
        if (LEFT_OUT.containsKey(file.getFileName().toString())) {
          continue;
        }
        try (MappingIterator<Map<String, Object>> documents = yaml.readerFor(Map.class).readValues(file.toFile())) {
          for (Map<String, Object> tree : documents.readAll()) {
            if (String.valueOf(tree.get("apiVersion")).startsWith("ray.io/")) {
              samples.add(new ManifestMutations.Sample((String) tree.get("kind"), file.getFileName().toString(),
                  tree));
            } else {
              companions.add(tree);
            }
          }
        }
      }
    }
    return samples;
  }

  /**
   * Creates every case, and a valid sentinel RayJob ({@code sleep 3}, a cluster of its own) before the first, before
   * the middle one and after the last; returns the cases with the API server's answers.
   */
  private static List<FuzzVerdict.Case> apply(Arena arena, ManifestMutations mutations, int cases) {
    List<FuzzVerdict.Case> out = new ArrayList<>();
    for (int i = 0; i < cases; i++) {
      if (i == 0 || i == cases / 2) {
        sentinel(arena, i == 0 ? 0 : 1);
      }
      ManifestMutations.Manifest m = mutations.next();
      Map<String, Object> tree = m.tree();
      String name = name(tree, m, i);
      FuzzVerdict.Case c = new FuzzVerdict.Case(i, m.kind(), name, m.sample(), m.mutations());
      try {
        GenericKubernetesResource resource = arena.admin().getKubernetesSerialization()
            .convertValue(tree, GenericKubernetesResource.class);
        arena.admin().genericKubernetesResources("ray.io/v1", m.kind()).inNamespace(NAMESPACE).resource(resource)
            .create();
      } catch (KubernetesClientException e) {
        c.rejected(e.getCode(), e.getStatus() != null && e.getStatus().getMessage() != null
            ? e.getStatus().getMessage() : String.valueOf(e.getMessage()));
      } catch (IllegalArgumentException e) {
        c.rejected(0, "refused by the client: " + e.getMessage());
      }
      out.add(c);
    }
    sentinel(arena, SENTINELS - 1);
    return out;
  }

  private static void sentinel(Arena arena, int index) {
    arena.admin().resource(Workloads.withOwnCluster(NAMESPACE, sentinelName(index), 3)).create();
  }

  private static String sentinelName(int index) {
    return "sentinel-" + index;
  }

  /**
   * The case's name: the sample's name becomes {@code f<case>-<kind>}; a mutated name stays, except that an over-long
   * one ({@code fnnn…}) gets the case number in front, so that two of the same length do not collide.
   */
  @SuppressWarnings("unchecked")
  private static String name(Map<String, Object> tree, ManifestMutations.Manifest m, int index) {
    Map<String, Object> metadata = (Map<String, Object>) tree.get("metadata");
    String name = String.valueOf(metadata.get("name"));
    String id = String.format("f%04d", index);
    if (name.equals(m.sampleName())) {
      name = id + "-" + m.kind().toLowerCase();
    } else if (name.startsWith("fnnnnn")) {
      name = id + name.substring(id.length());
    }
    metadata.put("name", name);
    metadata.put("namespace", NAMESPACE);
    return name;
  }

  /**
   * Polls until every admitted case has a verdict other than {@code PENDING}, or the time is up. A RayCronJob found
   * valid is suspended, so that it creates no RayJob (and RayCluster) each minute for the rest of the run.
   */
  private static Map<String, FuzzVerdict> awaitVerdicts(Arena arena, List<FuzzVerdict.Case> applied) {
    Map<String, FuzzVerdict> verdicts = new HashMap<>();
    Set<String> suspended = new HashSet<>();
    long deadline = System.nanoTime() + VERDICT.toNanos();
    while (true) {
      Map<String, GenericKubernetesResource> objects = new HashMap<>();
      for (String kind : List.of("RayCluster", "RayJob", "RayService", "RayCronJob")) {
        arena.admin().genericKubernetesResources("ray.io/v1", kind).inNamespace(NAMESPACE).list().getItems()
            .forEach(o -> objects.put(kind + "/" + o.getMetadata().getName(), o));
      }
      Set<String> cronJobsWithRayJobs = new HashSet<>(); // by the label each RayJob of a RayCronJob carries
      objects.values().stream().map(o -> o.getMetadata().getLabels()).filter(Objects::nonNull)
          .map(labels -> labels.get(ChildRayJob.CRON_JOB_NAME_LABEL)).filter(Objects::nonNull)
          .forEach(cronJobsWithRayJobs::add);
      Map<String, List<Event>> events = new HashMap<>();
      for (Event e : arena.admin().v1().events().inNamespace(NAMESPACE).list().getItems()) {
        events.computeIfAbsent(e.getInvolvedObject().getKind() + "/" + e.getInvolvedObject().getName(),
            k -> new ArrayList<>()).add(e);
      }
      boolean late = System.nanoTime() > deadline;
      boolean pending = false;
      for (FuzzVerdict.Case c : applied) {
        FuzzVerdict v = FuzzVerdict.of(c, objects.get(c.key()), events.getOrDefault(c.key(), List.of()),
            cronJobsWithRayJobs.contains(c.name()), late);
        verdicts.put(c.key(), v);
        if (v.outcome() == FuzzVerdict.Outcome.VALID && c.kind().equals("RayCronJob") && suspended.add(c.name())) {
          arena.admin().genericKubernetesResources("ray.io/v1", "RayCronJob").inNamespace(NAMESPACE)
              .withName(c.name()).patch(PatchContext.of(PatchType.JSON_MERGE), "{\"spec\":{\"suspend\":true}}");
        }
        pending |= v.outcome() == FuzzVerdict.Outcome.PENDING;
      }
      if (!pending) {
        return verdicts;
      }
      BenchClusters.sleep(2000);
    }
  }

  private static Map<String, Integer> writesByName(Arena arena, long from, long to) {
    Map<String, Integer> writes = new HashMap<>();
    for (AuditLog.Request r : arena.audit().requests(RayKubeContender.USER, from, to)) {
      if (r.isWrite() && r.resource().startsWith("ray")) {
        writes.merge(r.name(), 1, Integer::sum);
      }
    }
    return writes;
  }

  private static Map<String, Object> figures(List<FuzzVerdict.Case> applied, Map<String, FuzzVerdict> verdicts,
      Map<String, Integer> writes) {
    Map<String, Map<String, Integer>> byKind = new TreeMap<>();
    Map<String, Integer> rejectionCodes = new TreeMap<>();
    int maxWrites = 0;
    for (FuzzVerdict.Case c : applied) {
      FuzzVerdict v = verdicts.get(c.key());
      byKind.computeIfAbsent(c.kind(), k -> new TreeMap<>()).merge(v.outcome().name(), 1, Integer::sum);
      if (!c.admitted()) {
        rejectionCodes.merge(String.valueOf(c.code()), 1, Integer::sum);
      } else if (v.outcome() == FuzzVerdict.Outcome.INVALID) {
        maxWrites = Math.max(maxWrites, writes.getOrDefault(c.name(), 0));
      }
    }
    System.out.println("cases by kind and outcome: " + byKind);
    System.out.println("rejections by HTTP status: " + rejectionCodes);
    System.out.println("most operator writes to one invalid object: " + maxWrites);
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("byKindAndOutcome", byKind);
    figures.put("rejectionsByStatus", rejectionCodes);
    figures.put("mostWritesToOneInvalidObject", maxWrites);
    figures.put("admitted", applied.stream().filter(FuzzVerdict.Case::admitted).count());
    return figures;
  }
}
