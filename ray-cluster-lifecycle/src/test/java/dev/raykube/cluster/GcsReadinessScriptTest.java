package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the {@code wait-gcs-ready} init container's command for real with {@code bash}, exactly as the container would
 * (its command, its single argument, its environment with {@code FQ_RAY_IP=127.0.0.1}), against a fake {@code ray}
 * placed first on the {@code PATH} that fails a given number of times and then passes.
 */
class GcsReadinessScriptTest {

  private static final String FAKE_RAY = """
      #!/bin/bash
      n=$(cat "$FAKE_RAY_STATE/count" 2>/dev/null || echo 0)
      n=$((n + 1))
      echo "$n" > "$FAKE_RAY_STATE/count"
      echo "$*" >> "$FAKE_RAY_STATE/calls"
      if [ "$n" -le "$FAKE_RAY_FAILURES" ]; then
        echo "fake ray: cannot reach $3 (attempt $n)" >&2
        exit 1
      fi
      echo "fake ray: healthy"
      """;

  @TempDir
  Path dir;

  @Test
  void exitsZeroAsSoonAsTheCheckPassesAndReportsTheWait() throws Exception {
    Result result = run(3, Map.of(GcsReadinessInitContainer.PERIOD_ENV, "0.1"), true);

    assertThat(result.exitCode).isZero();
    assertThat(calls()).hasSize(4).allMatch(call -> call.equals("health-check --address 127.0.0.1:6379"));
    assertThat(result.output)
        .contains("Waiting for the GCS of the Ray head at 127.0.0.1:6379; checking every 0.1s.")
        .containsPattern("GCS at 127\\.0\\.0\\.1:6379 is not ready yet; waited \\d+s\\.")
        .containsPattern("GCS at 127\\.0\\.0\\.1:6379 is ready after \\d+s\\.\n")
        .doesNotContain("fake ray:");
    assertThat(result.output.lines().filter(l -> l.contains("is not ready yet")).count()).isEqualTo(3);
  }

  @Test
  void checksAtOnceWithoutWaitingAPeriodFirst() throws Exception {
    long start = System.nanoTime();
    Result result = run(0, Map.of(), true);
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);

    assertThat(result.exitCode).isZero();
    assertThat(calls()).hasSize(1);
    // The production period is 5 s; finishing sooner proves no sleep preceded the first check.
    assertThat(seconds).isLessThan(GcsReadinessInitContainer.PERIOD_SECONDS);
  }

  @Test
  void afterTheQuietTimeShowsTheChecksOwnOutputAndAHint() throws Exception {
    Result result = run(2, Map.of(GcsReadinessInitContainer.PERIOD_ENV, "0.1",
        GcsReadinessInitContainer.QUIET_ENV, "-1"), true);

    assertThat(result.exitCode).isZero();
    assertThat(result.output)
        .contains("fake ray: cannot reach 127.0.0.1:6379 (attempt 1)")
        .contains("fake ray: cannot reach 127.0.0.1:6379 (attempt 2)")
        .containsPattern("is still not ready after \\d+s\\. Check that the head Pod is Running and Ready")
        .contains(GcsReadinessInitContainer.TROUBLESHOOTING_URL)
        .contains("fake ray: healthy")
        .containsPattern("is ready after \\d+s; the errors above no longer matter\\.");
  }

  @Test
  void portCanBeOverriddenFromTheEnvironment() throws Exception {
    Result result = run(0, Map.of(GcsReadinessInitContainer.PORT_ENV, "16379"), true);

    assertThat(result.exitCode).isZero();
    assertThat(calls()).containsExactly("health-check --address 127.0.0.1:16379");
  }

  @Test
  void failsClearlyWithoutARayExecutable() throws Exception {
    Result result = run(0, Map.of(), false);

    assertThat(result.exitCode).isEqualTo(1);
    assertThat(result.output).contains("wait-gcs-ready: no 'ray' executable on PATH");
  }

  @Test
  void failsClearlyWithoutFqRayIp() throws Exception {
    Map<String, String> env = new java.util.HashMap<>();
    env.put("FQ_RAY_IP", null);
    Result result = run(0, env, true);

    assertThat(result.exitCode).isNotZero();
    assertThat(result.output).contains("FQ_RAY_IP must be set to the host name of the Ray head");
    assertThat(Files.exists(dir.resolve("state/calls"))).isFalse();
  }

  private record Result(int exitCode, String output) {
  }

  private Result run(int failures, Map<String, String> extraEnv, boolean withRay) throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path state = Files.createDirectories(dir.resolve("state"));
    if (withRay) {
      Path ray = bin.resolve("ray");
      Files.writeString(ray, FAKE_RAY, StandardCharsets.UTF_8);
      Files.setPosixFilePermissions(ray, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    Container rayContainer = new ContainerBuilder().withName("ray-worker").withImage("rayproject/ray:2.60.0").build();
    HeadAddress head = new HeadAddress("c-head-svc", "ns", "cluster.local", 6379);
    Container init = GcsReadinessInitContainer.build(rayContainer, head, ClusterBuildSettings.defaults());

    List<String> command = new ArrayList<>(init.getCommand());
    command.addAll(init.getArgs());
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    Map<String, String> env = builder.environment();
    init.getEnv().forEach(e -> env.put(e.getName(), e.getValue()));
    env.put("FQ_RAY_IP", "127.0.0.1");
    String systemPath = withRay ? System.getenv("PATH") : "";
    env.put("PATH", bin + (systemPath.isEmpty() ? "" : ":" + systemPath));
    env.put("FAKE_RAY_STATE", state.toString());
    env.put("FAKE_RAY_FAILURES", Integer.toString(failures));
    extraEnv.forEach((k, v) -> {
      if (v == null) {
        env.remove(k);
      } else {
        env.put(k, v);
      }
    });
    Process process = builder.start();
    boolean done = process.waitFor(60, TimeUnit.SECONDS);
    if (!done) {
      process.destroyForcibly();
    }
    assertThat(done).as("the script finished").isTrue();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Result(process.exitValue(), output);
  }

  private List<String> calls() throws IOException {
    Path calls = dir.resolve("state/calls");
    return Files.exists(calls) ? Files.readAllLines(calls) : List.of();
  }
}
