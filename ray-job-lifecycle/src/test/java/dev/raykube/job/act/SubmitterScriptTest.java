package dev.raykube.job.act;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the submitter container's command for real with bash, against a fake {@code ray} CLI (and a no-op
 * {@code sleep}) on the PATH that records its arguments: the idempotency check, the submit arguments (entrypoint as
 * one argument), the wait loop and the log-follow retries.
 */
class SubmitterScriptTest {

  @TempDir
  Path dir;
  private Path state;
  private Container container;

  @BeforeEach
  void setUp() throws IOException {
    assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs /bin/bash");
    state = Files.createDirectories(dir.resolve("state"));
    Path bin = Files.createDirectories(dir.resolve("bin"));
    executable(bin.resolve("ray"), String.join("\n",
        "#!/bin/bash",
        "printf '%s\\037' \"$@\" >> \"$STATE/calls\"; echo >> \"$STATE/calls\"",
        "count() { local n=0; [ -f \"$STATE/$1\" ] && n=$(cat \"$STATE/$1\"); n=$((n + 1)); echo $n > \"$STATE/$1\"; "
            + "echo $n; }",
        "case \"$1 $2\" in",
        "  'job list') n=$(count list); [ \"$n\" -gt \"${LIST_FAILURES:-0}\" ] ;;",
        "  'job status') [ -f \"$STATE/submitted\" ] ;;",
        "  'job submit') [ -z \"$SUBMIT_FAILS\" ] && touch \"$STATE/submitted\" ;;",
        "  'job logs') n=$(count logs); if [ \"$n\" -gt \"${LOG_FAILURES:-0}\" ]; then echo 'job log'; "
            + "else exit 1; fi ;;",
        "  *) exit 2 ;;",
        "esac",
        ""));
    executable(bin.resolve("sleep"), "#!/bin/bash\nexit 0\n");
    container = SubmitterJob.build(SubmitterJobTest.sample(), SubmitterJobTest.action(SubmitterJobTest.sample(), 2),
        null).getSpec().getTemplate().getSpec().getContainers().get(0);
  }

  @Test
  @DisplayName("first run: waits for the dashboard, checks, submits once with every flag, follows the logs")
  void firstRunSubmits() throws Exception {
    Run run = run("LIST_FAILURES=2");
    assertThat(run.exit).isZero();
    assertThat(run.stdout).contains("Waiting for the Ray dashboard at http://train-ccccc-head-svc.ml.svc.cluster"
        + ".local:8265").contains("job log");
    List<List<String>> calls = calls();
    assertThat(calls).extracting(c -> c.get(1)).containsExactly("list", "list", "list", "status", "submit", "logs");
    assertThat(calls.get(4)).containsExactly("job", "submit", "--address",
        "http://train-ccccc-head-svc.ml.svc.cluster.local:8265", "--no-wait", "--submission-id", "train-bbbbb",
        "--runtime-env-json", "{\"env_vars\":{\"COUNTER_NAME\":\"sample\"},\"pip\":[\"requests==2.32.3\"]}",
        "--metadata-json", "{\"owner\":\"data-team\"}", "--entrypoint-num-cpus", "1", "--entrypoint-num-gpus", "0.5",
        "--entrypoint-resources", "{\"accelerator\":2.0}", "--", "/bin/sh", "-c",
        "python train.py --epochs 3 && echo 'done'");
    assertThat(calls.get(3)).containsExactly("job", "status", "--address",
        "http://train-ccccc-head-svc.ml.svc.cluster.local:8265", "train-bbbbb");
  }

  @Test
  @DisplayName("a retried Pod finds the job and never submits it again")
  void retriedPodDoesNotSubmit() throws Exception {
    Files.writeString(state.resolve("submitted"), "");
    Run run = run();
    assertThat(run.exit).isZero();
    assertThat(calls()).extracting(c -> c.get(1)).containsExactly("list", "status", "logs");
  }

  @Test
  @DisplayName("a broken log stream is followed again, up to 10 times, then the Pod fails")
  void logRetries() throws Exception {
    assertThat(run("LOG_FAILURES=3").exit).isZero();
    assertThat(calls()).extracting(c -> c.get(1)).containsExactly("list", "status", "submit", "logs", "logs", "logs",
        "logs");

    Files.delete(state.resolve("calls"));
    Files.delete(state.resolve("logs"));
    Run failing = run("LOG_FAILURES=100");
    assertThat(failing.exit).isEqualTo(1);
    assertThat(failing.stderr).contains("failed 10 times");
    assertThat(calls()).extracting(c -> c.get(1)).filteredOn("logs"::equals).hasSize(10);
  }

  @Test
  @DisplayName("a failed submit fails the Pod (bash -e): the Job's backoffLimit retries it")
  void failedSubmitFailsThePod() throws Exception {
    Run run = run("SUBMIT_FAILS=1");
    assertThat(run.exit).isNotZero();
    assertThat(calls()).extracting(c -> c.get(1)).containsExactly("list", "status", "submit");
  }

  private record Run(int exit, String stdout, String stderr) {
  }

  private Run run(String... extraEnv) throws Exception {
    List<String> command = new ArrayList<>(container.getCommand());
    command.addAll(container.getArgs());
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    builder.environment().clear();
    builder.environment().put("PATH", dir.resolve("bin") + ":/usr/bin:/bin");
    builder.environment().put("STATE", state.toString());
    for (EnvVar env : container.getEnv()) {
      builder.environment().put(env.getName(), env.getValue());
    }
    for (String pair : extraEnv) {
      builder.environment().put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
    }
    builder.redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile());
    Process process = builder.start();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the script ends").isTrue();
    return new Run(process.exitValue(), Files.readString(dir.resolve("stdout")), Files.readString(dir.resolve(
        "stderr")));
  }

  private List<List<String>> calls() throws IOException {
    List<List<String>> calls = new ArrayList<>();
    for (String line : Files.readAllLines(state.resolve("calls"), StandardCharsets.UTF_8)) {
      if (!line.isEmpty()) {
        calls.add(List.of(line.substring(0, line.length() - 1).split("\u001f", -1)));
      }
    }
    return calls;
  }

  private static void executable(Path file, String content) throws IOException {
    Files.writeString(file, content);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
