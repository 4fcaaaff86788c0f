package dev.raykube.service.decide;

import static dev.raykube.service.decide.Fixtures.ACTIVE;
import static dev.raykube.service.decide.Fixtures.PENDING;
import static dev.raykube.service.decide.Fixtures.allRunning;
import static dev.raykube.service.decide.Fixtures.at;
import static dev.raykube.service.decide.Fixtures.cluster;
import static dev.raykube.service.decide.Fixtures.machine;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.raykube.model.service.RayService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The state machine is a pure function: no I/O, no clock, no hidden randomness, inputs never changed. */
class PurityTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  static Stream<Arguments> scenarios() {
    RayService upgrading = Fixtures.upgrading(s -> s.getRayClusterConfig().setRayVersion("2.61.0"));
    return Stream.of(
        Arguments.of("new", Fixtures.service(), RayServiceObservation.nothing()),
        Arguments.of("serving", Fixtures.serving(s -> { }), RayServiceObservation.of(allRunning(cluster(ACTIVE)))),
        Arguments.of("switching", upgrading, RayServiceObservation.of(allRunning(cluster(ACTIVE)),
            allRunning(cluster(PENDING, upgrading.getSpec().getRayClusterConfig())))),
        Arguments.of("suspending", Fixtures.serving(s -> s.setSuspend(true)),
            RayServiceObservation.of(allRunning(cluster(ACTIVE)))),
        Arguments.of("invalid", Fixtures.service(s -> s.setRayClusterDeletionDelaySeconds(-1)),
            RayServiceObservation.nothing()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  @DisplayName("decide never changes the RayService or the observed clusters, and returns a new status object; the "
      + "same inputs give the same decision")
  void inputsUnchanged(String name, RayService service, RayServiceObservation observed) throws IOException {
    String serviceBefore = JSON.writeValueAsString(service);
    String clustersBefore = JSON.writeValueAsString(observed.clusters().stream().map(ObservedCluster::cluster)
        .toList());
    RayServiceDecision decision = machine().decide(service, observed, at(400));
    assertThat(JSON.writeValueAsString(service)).isEqualTo(serviceBefore);
    assertThat(JSON.writeValueAsString(observed.clusters().stream().map(ObservedCluster::cluster).toList()))
        .isEqualTo(clustersBefore);
    assertThat(decision.status()).isNotSameAs(service.getStatus());
    assertThat(machine().decide(service, observed, at(400))).isEqualTo(decision);
    decision.actionsOf(RayServiceAction.CreateCluster.class).forEach(c ->
        assertThat(c.spec()).isNotSameAs(service.getSpec().getRayClusterConfig()));
    decision.status().setServiceStatus("changed by the caller");
    assertThat(JSON.writeValueAsString(service)).isEqualTo(serviceBefore);
  }

  private static final List<String> FORBIDDEN_IMPORTS = List.of("java.io.", "java.net.", "java.nio.file.", "okhttp3.",
      "okio.", "io.fabric8.kubernetes.client.", "java.util.concurrent.", "org.slf4j.", "java.lang.Thread",
      "io.javaoperatorsdk.", "dev.raykube.dashboard.RayDashboardClient", "dev.raykube.reconcile.EventRecorder",
      "dev.raykube.reconcile.StatusRecorder", "dev.raykube.reconcile.OwnedObjects");

  private static final List<String> FORBIDDEN_CALLS = List.of("Instant.now(", "Clock.", "System.currentTimeMillis",
      "System.nanoTime", "LocalDateTime.now(", "new Random(", "Math.random", "ThreadLocalRandom", "UUID.randomUUID",
      "SecureRandom", "System.out", "System.err", "System.exit", "Thread.sleep");

  @Test
  @DisplayName("the decide package has no I/O imports, reads no clock and draws no randomness")
  void noIoNoClock() throws IOException {
    Path dir = moduleDir().resolve("src/main/java/dev/raykube/service/decide");
    List<Path> files;
    try (Stream<Path> list = Files.list(dir)) {
      files = list.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    assertThat(files).hasSizeGreaterThan(20);
    List<String> problems = new ArrayList<>();
    Pattern importLine = Pattern.compile("(?m)^import\\s+(static\\s+)?([\\w.]+)");
    for (Path file : files) {
      String code = stripComments(Files.readString(file));
      Matcher m = importLine.matcher(code);
      while (m.find()) {
        for (String forbidden : FORBIDDEN_IMPORTS) {
          if (m.group(2).startsWith(forbidden)) {
            problems.add(file.getFileName() + " imports " + m.group(2));
          }
        }
      }
      for (String call : FORBIDDEN_CALLS) {
        if (code.contains(call)) {
          problems.add(file.getFileName() + " uses " + call);
        }
      }
      if (code.lines().count() > 400) {
        problems.add(file.getFileName() + " has more than 400 lines");
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  @DisplayName("the purity check itself catches a planted clock read and a planted I/O import")
  void checkCatchesPlantedProblems() {
    String planted = "package x;\nimport java.net.URI;\n// Instant.now( in a comment is fine\nclass A { Object t = "
        + "java.time.Instant.now(); }";
    String code = stripComments(planted);
    assertThat(code).contains("Instant.now(").doesNotContain("in a comment");
    assertThat(Pattern.compile("(?m)^import\\s+java\\.net\\.").matcher(code).find()).isTrue();
  }

  static String stripComments(String source) {
    return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("(?m)//.*$", "");
  }

  static Path moduleDir() {
    String basedir = System.getProperty("basedir");
    Path dir = basedir != null ? Path.of(basedir) : Path.of("").toAbsolutePath();
    if (Files.isDirectory(dir.resolve("src/main/java/dev/raykube/service"))) {
      return dir;
    }
    return dir.resolve("ray-service-lifecycle");
  }
}
