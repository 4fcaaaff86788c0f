package dev.raykube.job.decide;

import static dev.raykube.job.decide.Fixtures.at;
import static dev.raykube.job.decide.Fixtures.found;
import static dev.raykube.job.decide.Fixtures.in;
import static dev.raykube.job.decide.Fixtures.job;
import static dev.raykube.job.decide.Fixtures.machine;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.raykube.kernel.RandomNameSuffixes;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
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
    return Stream.of(
        Arguments.of("New", job(), RayJobObservation.nothing()),
        Arguments.of("Initializing, create cluster", in(job(), JobDeploymentStatus.INITIALIZING),
            RayJobObservation.nothing()),
        Arguments.of("Initializing, cluster ready", in(job(), JobDeploymentStatus.INITIALIZING),
            Fixtures.observe(Fixtures.ready(Fixtures.CLUSTER))),
        Arguments.of("Running, job succeeded", in(job(), JobDeploymentStatus.RUNNING, s -> s.setJobStatus(
            JobStatus.RUNNING)), Fixtures.running(found(dev.raykube.dashboard.JobStatus.SUCCEEDED),
            SubmitterObservation.complete(at(60)))),
        Arguments.of("Running, dashboard down", in(job(), JobDeploymentStatus.RUNNING),
            Fixtures.running(JobLookup.failed("down"), SubmitterObservation.active())),
        Arguments.of("Retrying", in(job(spec -> spec.setBackoffLimit(1)), JobDeploymentStatus.RETRYING),
            Fixtures.observe(Fixtures.ready(Fixtures.CLUSTER))),
        Arguments.of("Complete, TTL due", in(job(spec -> spec.setShutdownAfterJobFinishes(true)),
            JobDeploymentStatus.COMPLETE, s -> s.setEndTime(Fixtures.time(1))),
            Fixtures.observe(Fixtures.ready(Fixtures.CLUSTER))),
        Arguments.of("ValidationFailed", job(spec -> spec.setBackoffLimit(-1)), RayJobObservation.nothing()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  @DisplayName("decide never changes the RayJob or the observed RayCluster, and returns a new status object")
  void inputsUnchanged(String name, RayJob job, RayJobObservation observed) throws IOException {
    String jobBefore = JSON.writeValueAsString(job);
    RayCluster cluster = observed.cluster() instanceof ClusterObservation.Present
        ? ((ClusterObservation.Present) observed.cluster()).cluster() : null;
    String clusterBefore = JSON.writeValueAsString(cluster);
    Decision decision = machine().decide(job, observed, at(400));
    assertThat(JSON.writeValueAsString(job)).isEqualTo(jobBefore);
    assertThat(JSON.writeValueAsString(cluster)).isEqualTo(clusterBefore);
    assertThat(decision.status()).isNotSameAs(job.getStatus());
    if (job.getStatus() != null && job.getStatus().getRayJobInfo() != null) {
      assertThat(decision.status().getRayJobInfo()).isNotSameAs(job.getStatus().getRayJobInfo());
    }
    // Changing the decision afterwards does not reach the input either.
    decision.status().setMessage("changed by the caller");
    assertThat(JSON.writeValueAsString(job)).isEqualTo(jobBefore);
  }

  private static final List<String> FORBIDDEN_IMPORTS = List.of("java.io.", "java.net.", "java.nio.", "okhttp3.",
      "okio.", "io.fabric8.kubernetes.client.", "java.util.concurrent.", "org.slf4j.", "java.lang.Thread",
      "dev.raykube.dashboard.RayDashboardClient");

  private static final List<String> FORBIDDEN_CALLS = List.of("Instant.now(", "Clock.", "System.currentTimeMillis",
      "System.nanoTime", "LocalDateTime.now(", "new Random(", "Math.random", "ThreadLocalRandom", "UUID.randomUUID",
      "System.out", "System.err", "System.exit", "Thread.sleep");

  @Test
  @DisplayName("the decide package has no I/O imports, reads no clock and draws no randomness")
  void noIoNoClock() throws IOException {
    Path dir = moduleDir().resolve("src/main/java/dev/raykube/job/decide");
    List<String> problems = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> list = Files.list(dir)) {
      files = list.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    assertThat(files).hasSizeGreaterThan(20);
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
      if (code.contains("SecureRandom") && !file.getFileName().toString().equals("RandomNameSuffixes.java")) {
        problems.add(file.getFileName() + " uses SecureRandom");
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
    if (Files.isDirectory(dir.resolve("src/main/java/dev/raykube/job"))) {
      return dir;
    }
    return dir.resolve("ray-job-lifecycle");
  }
}
