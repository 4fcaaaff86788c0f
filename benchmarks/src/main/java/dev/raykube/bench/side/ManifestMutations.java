package dev.raykube.bench.side;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomGenerator;
import net.jqwik.api.Tuple;
import net.jqwik.api.sessions.JqwikSession;

/**
 * Fuzzed manifests for {@link ManifestFuzz}: a sample of {@code examples/manifests} (parsed to a tree of maps and
 * lists) with one to three mutations drawn by jqwik from a seeded {@link Random}, so a seed names a run. Mutations are
 * generic (any node of the spec: a value of the wrong type, removed, a huge or negative number, a unicode or
 * over-long string) or aimed at rules RayKube checks (names, conflicting submission modes, bad
 * {@code runtimeEnvYAML} and serve configs, replica bounds, quantities, group names).
 */
final class ManifestMutations implements AutoCloseable {

  /** One change to a manifest tree, described for the record. */
  record Mutation(String description, Consumer<Map<String, Object>> edit) {}

  /** A sample's kind, file and tree. */
  record Sample(String kind, String file, Map<String, Object> tree) {}

  /** One fuzzed manifest: the sample it came from (file and object name), what was changed, and the result. */
  record Manifest(String kind, String sample, String sampleName, List<String> mutations, Map<String, Object> tree) {}

  private static final List<Object> WRONG_TYPES = List.of("fuzz", 42, -1, true, 3.5, List.of(1, "two"),
      Map.of("unexpected", Map.of("deep", 1)), "");
  private static final List<Object> HUGE_OR_NEGATIVE = List.of(Long.MAX_VALUE, Long.MIN_VALUE, -1, -2147483649L,
      new BigInteger("9".repeat(40)), 1e300, -0.5, 0);
  private static final List<String> UNICODE = List.of("名前-🚀", "\u202eevil", "ｆｕｌｌｗｉｄｔｈ", "a\u0000b",
      "\uD83D\uDE00".repeat(40), "ünïcödé", "line\nbreak", "'; DROP TABLE jobs; --");
  private static final List<String> BAD_YAML = List.of("pip: [unclosed", ": :", "- just\n- a list", "key: {a: 1",
      "\t tab: indented", "working_dir: 3\n  nested: wrong", "!!python/object:os.system 'true'", "[1, 2");
  private static final List<String> BAD_SERVE = List.of("applications: 3", "applications:\n  - {}", "[]",
      "applications: [unclosed", "proxy_location: Everywhere", "applications:\n  - name: a\n    import_path: 7"
      + "\n    deployments: {}", "", "null");

  private final RandomGenerator<Manifest> generator;
  private final Random random;

  /** Starts a jqwik session on this thread (its generators need one outside a property); {@link #close} ends it. */
  ManifestMutations(List<Sample> samples, long seed) {
    JqwikSession.start(String.valueOf(seed)); // the seed of jqwik's own random too (flatMap draws from it)
    this.generator = Arbitraries.of(samples).flatMap(ManifestMutations::mutated).generator(1000);
    this.random = new Random(seed);
  }

  @Override
  public void close() {
    JqwikSession.finish();
  }

  /** The next fuzzed manifest of this seed's sequence (on the thread that made this). */
  Manifest next() {
    return generator.next(random).value();
  }

  private static Arbitrary<Manifest> mutated(Sample sample) {
    return mutation(sample).list().ofMinSize(1).ofMaxSize(3).map(mutations -> {
      Map<String, Object> tree = copy(sample.tree());
      mutations.forEach(m -> m.edit().accept(tree));
      @SuppressWarnings("unchecked")
      Object name = ((Map<String, Object>) sample.tree().get("metadata")).get("name");
      return new Manifest(sample.kind(), sample.file(), String.valueOf(name),
          mutations.stream().map(Mutation::description).toList(), tree);
    });
  }

  private static Arbitrary<Mutation> mutation(Sample sample) {
    List<List<Object>> paths = new ArrayList<>();
    collect(List.of("spec"), sample.tree().get("spec"), paths);
    Arbitrary<List<Object>> path = Arbitraries.of(paths);
    Arbitrary<Mutation> generic = Arbitraries.frequencyOf(
        Tuple.of(3, Combinators.combine(path, Arbitraries.of(WRONG_TYPES))
            .as((p, v) -> set(p, v, "wrong type"))),
        Tuple.of(2, path.map(p -> new Mutation("remove " + p, tree -> remove(tree, p)))),
        Tuple.of(2, Combinators.combine(path, Arbitraries.of(HUGE_OR_NEGATIVE))
            .as((p, v) -> set(p, v, "huge or negative"))),
        Tuple.of(1, Combinators.combine(path, Arbitraries.of(UNICODE)).as((p, v) -> set(p, v, "unicode"))),
        Tuple.of(1, Combinators.combine(path, Arbitraries.integers().between(254, 70_000))
            .as((p, n) -> set(p, "x".repeat(n), "over-long (" + n + " chars)"))));
    List<Tuple.Tuple2<Integer, Arbitrary<Mutation>>> kinds = new ArrayList<>();
    kinds.add(Tuple.of(5, generic));
    kinds.add(Tuple.of(1, names()));
    switch (sample.kind()) {
      case "RayJob" -> kinds.add(Tuple.of(3, rayJob()));
      case "RayService" -> kinds.add(Tuple.of(3, rayService()));
      default -> { }
    }
    kinds.add(Tuple.of(2, cluster(sample.kind())));
    return Arbitraries.frequencyOf(kinds);
  }

  private static Arbitrary<Mutation> names() {
    return Arbitraries.oneOf(
        Arbitraries.integers().between(48, 300).map(n -> name("over-long name (" + n + ")", "f" + "n".repeat(n - 1))),
        Arbitraries.of(UNICODE).map(u -> name("unicode name", "ray-" + u)),
        Arbitraries.of("UPPER-case", "-leading-dash", "trailing.", "a_b", "").map(n -> name("name '" + n + "'", n)));
  }

  private static Arbitrary<Mutation> rayJob() {
    return Arbitraries.oneOf(
        Arbitraries.just(new Mutation("clusterSelector and rayClusterSpec both", tree ->
            spec(tree).put("clusterSelector", new LinkedHashMap<>(Map.of("ray.io/cluster", "elsewhere"))))),
        Arbitraries.of("InteractiveMode", "SidecarMode", "httpmode", "Bogus", "")
            .map(m -> put(List.of("spec", "submissionMode"), m, "submissionMode")),
        Arbitraries.of(BAD_YAML).map(y -> put(List.of("spec", "runtimeEnvYAML"), y, "bad runtimeEnvYAML")),
        Arbitraries.of("", " ", "\n").map(e -> put(List.of("spec", "entrypoint"), e, "blank entrypoint")),
        Arbitraries.of(-1, -100, Integer.MIN_VALUE).map(n -> put(List.of("spec", "backoffLimit"), n, "backoffLimit")),
        Arbitraries.of(0, -1, Integer.MIN_VALUE)
            .map(n -> put(List.of("spec", "activeDeadlineSeconds"), n, "activeDeadlineSeconds")),
        Arbitraries.of(-1, Integer.MIN_VALUE)
            .map(n -> put(List.of("spec", "ttlSecondsAfterFinished"), n, "ttlSecondsAfterFinished")),
        Arbitraries.just(new Mutation("suspend with clusterSelector", tree -> {
          spec(tree).put("suspend", true);
          spec(tree).put("clusterSelector", new LinkedHashMap<>(Map.of("ray.io/cluster", "elsewhere")));
          spec(tree).remove("rayClusterSpec");
        })));
  }

  private static Arbitrary<Mutation> rayService() {
    return Arbitraries.oneOf(
        Arbitraries.of(BAD_SERVE).map(y -> put(List.of("spec", "serveConfigV2"), y, "bad serveConfigV2")),
        Arbitraries.of("Rolling", "newcluster", "", "None ")
            .map(t -> put(List.of("spec", "upgradeStrategy", "type"), t, "upgradeStrategy.type")),
        Arbitraries.of(-1, Integer.MIN_VALUE)
            .map(n -> put(List.of("spec", "rayClusterDeletionDelaySeconds"), n, "rayClusterDeletionDelaySeconds")));
  }

  /** Mutations of the RayCluster spec, wherever the kind keeps it. */
  private static Arbitrary<Mutation> cluster(String kind) {
    List<Object> at = switch (kind) {
      case "RayJob" -> List.of("spec", "rayClusterSpec");
      case "RayService" -> List.of("spec", "rayClusterConfig");
      default -> List.of("spec");
    };
    List<Object> worker = concat(at, "workerGroupSpecs", 0);
    return Arbitraries.oneOf(
        Arbitraries.of(-1, -1000, Integer.MIN_VALUE).map(n -> put(concat(worker, "replicas"), n, "replicas")),
        Arbitraries.just(new Mutation("minReplicas > maxReplicas", tree -> {
          put(concat(worker, "minReplicas"), 5, "").edit().accept(tree);
          put(concat(worker, "maxReplicas"), 2, "").edit().accept(tree);
        })),
        Arbitraries.of("12xyz", "-1", "1.5.5", "∞", "")
            .map(q -> put(concat(at, "headGroupSpec", "template", "spec", "containers", 0, "resources", "limits",
                "memory"), q, "memory quantity")),
        Arbitraries.of("Bad_Group", "", "g".repeat(80), "small-group")
            .map(g -> put(concat(at, "workerGroupSpecs", 1), ordered("groupName", g, "template", Map.of("spec",
                Map.of("containers", List.of(ordered("name", "w", "image", "rayproject/ray:2.46.0"))))),
                "a second worker group '" + g + "'")),
        Arbitraries.just(put(concat(at, "headGroupSpec", "template", "spec", "containers"), List.of(),
            "no head container")),
        Arbitraries.of("dashboard-host", "num-cpus", "block")
            .map(p -> put(concat(at, "headGroupSpec", "rayStartParams", p), List.of(1), "rayStartParams." + p)),
        Arbitraries.of("ClusterIP ", "Nodeport", "External")
            .map(t -> put(concat(at, "headGroupSpec", "serviceType"), t, "serviceType")));
  }

  /** A map in the order given (Map.of iterates in an order that changes from run to run). */
  private static Map<String, Object> ordered(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }

  private static Mutation name(String description, String name) {
    return put(List.of("metadata", "name"), name, description);
  }

  private static Mutation set(List<Object> path, Object value, String what) {
    return new Mutation(what + " at " + path + ": " + abbreviate(value), tree -> put(path, value, what).edit()
        .accept(tree));
  }

  /** Sets {@code path} to {@code value}, creating maps (and growing lists) on the way; a non-container is replaced. */
  @SuppressWarnings("unchecked")
  private static Mutation put(List<Object> path, Object value, String what) {
    return new Mutation(what + " = " + abbreviate(value) + " at " + path, tree -> {
      Object node = tree;
      for (int i = 0; i < path.size() - 1; i++) {
        Object key = path.get(i);
        Object next = child(node, key);
        if (!(next instanceof Map) && !(next instanceof List)) {
          next = path.get(i + 1) instanceof Integer ? new ArrayList<>() : new LinkedHashMap<String, Object>();
          if (!assign(node, key, next)) {
            return;
          }
        }
        node = next;
      }
      assign(node, path.get(path.size() - 1), value);
    });
  }

  private static void remove(Map<String, Object> tree, List<Object> path) {
    Object node = tree;
    for (int i = 0; i < path.size() - 1 && node != null; i++) {
      node = child(node, path.get(i));
    }
    Object last = path.get(path.size() - 1);
    if (node instanceof Map<?, ?> map) {
      map.remove(last);
    } else if (node instanceof List<?> list && last instanceof Integer index && index < list.size()) {
      list.remove((int) index);
    }
  }

  private static Object child(Object node, Object key) {
    if (node instanceof Map<?, ?> map) {
      return map.get(key);
    }
    if (node instanceof List<?> list && key instanceof Integer index && index < list.size()) {
      return list.get(index);
    }
    return null;
  }

  @SuppressWarnings("unchecked")
  private static boolean assign(Object node, Object key, Object value) {
    Object copy = copyNode(value); // mutable, so that a later mutation can change inside it
    if (node instanceof Map<?, ?> map && key instanceof String name) {
      ((Map<String, Object>) map).put(name, copy);
      return true;
    }
    if (node instanceof List<?> list && key instanceof Integer index) {
      List<Object> items = (List<Object>) list;
      if (index < items.size()) {
        items.set(index, copy);
      } else {
        items.add(copy);
      }
      return true;
    }
    return false;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(Map<String, Object> tree) {
    Object spec = tree.get("spec");
    if (!(spec instanceof Map)) {
      spec = new LinkedHashMap<String, Object>();
      tree.put("spec", spec);
    }
    return (Map<String, Object>) spec;
  }

  /** Every path below {@code node}, maps and lists included. */
  private static void collect(List<Object> at, Object node, List<List<Object>> out) {
    if (node instanceof Map<?, ?> map) {
      map.forEach((k, v) -> {
        List<Object> path = concat(at, k);
        out.add(path);
        collect(path, v, out);
      });
    } else if (node instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        List<Object> path = concat(at, i);
        out.add(path);
        collect(path, list.get(i), out);
      }
    }
  }

  private static List<Object> concat(List<Object> path, Object... more) {
    List<Object> out = new ArrayList<>(path);
    out.addAll(List.of(more));
    return out;
  }

  /** A deep copy of a tree of maps and lists (leaves are immutable). */
  @SuppressWarnings("unchecked")
  static Map<String, Object> copy(Map<String, Object> tree) {
    return (Map<String, Object>) copyNode(tree);
  }

  private static Object copyNode(Object node) {
    if (node instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      map.forEach((k, v) -> out.put(String.valueOf(k), copyNode(v)));
      return out;
    }
    if (node instanceof List<?> list) {
      List<Object> out = new ArrayList<>();
      list.forEach(v -> out.add(copyNode(v)));
      return out;
    }
    return node;
  }

  private static String abbreviate(Object value) {
    String text = String.valueOf(value).replace("\n", "\\n");
    return text.length() > 40 ? text.substring(0, 40) + "…(" + text.length() + ")" : text;
  }
}
