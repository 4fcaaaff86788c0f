package dev.raykube.cronjob;

import static dev.raykube.cronjob.CronJobs.cronJob;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cronjob.RayCronJob;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The package is pure: no I/O, no clock, no randomness, inputs never changed. */
class PurityTest {

  private static final List<String> FORBIDDEN_IMPORTS = List.of("java.io.", "java.net.", "java.nio.", "okhttp3.",
      "okio.", "io.fabric8.kubernetes.client.", "java.util.concurrent.", "org.slf4j.", "java.lang.Thread",
      "java.util.Random", "java.security.SecureRandom");

  private static final List<String> FORBIDDEN_CALLS = List.of("Instant.now(", "Clock.", "System.currentTimeMillis",
      "System.nanoTime", "LocalDateTime.now(", "ZonedDateTime.now(", "OffsetDateTime.now(", "LocalDate.now(",
      "ZoneId.systemDefault", "TimeZone.getDefault", "new Random(", "Math.random", "ThreadLocalRandom",
      "UUID.randomUUID", "SecureRandom", "System.out", "System.err", "System.exit", "Thread.sleep", "System.getenv",
      "System.getProperty");

  @Test
  @DisplayName("the package has no I/O imports, reads no clock, no default zone and no randomness")
  void noIoNoClockNoRandomness() throws IOException {
    Path dir = moduleDir().resolve("src/main/java/dev/raykube/cronjob");
    List<Path> files;
    try (Stream<Path> list = Files.list(dir)) {
      files = list.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    assertThat(files).hasSizeGreaterThanOrEqualTo(10);
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

  @Test
  @DisplayName("deciding and building a child never change the RayCronJob, and give the same answer twice")
  void inputsUnchangedAndAnswersRepeatable() throws Exception {
    KubernetesSerialization json = new KubernetesSerialization();
    RayCronJob cronJob = cronJob("*/5 * * * *", "Europe/Berlin", "2026-08-20T09:00:00Z", "2026-08-20T10:00:00Z",
        null);
    String before = json.asJson(cronJob);
    Instant now = Instant.parse("2026-08-20T11:02:00Z");

    ScheduleDecision first = RayCronJobSchedule.decide(cronJob, now);
    ScheduleDecision second = RayCronJobSchedule.decide(cronJob, now);
    ChildRayJob.forTick(cronJob, first.run().orElseThrow());

    assertThat(second).isEqualTo(first);
    assertThat(json.asJson(cronJob)).isEqualTo(before);
  }

  static String stripComments(String source) {
    return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("(?m)//.*$", "");
  }

  static Path moduleDir() {
    String basedir = System.getProperty("basedir");
    Path dir = basedir != null ? Path.of(basedir) : Path.of("").toAbsolutePath();
    if (Files.isDirectory(dir.resolve("src/main/java/dev/raykube/cronjob"))) {
      return dir;
    }
    return dir.resolve("ray-cronjob-lifecycle");
  }
}
