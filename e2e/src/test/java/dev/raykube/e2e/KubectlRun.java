package dev.raykube.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One finished run of the cached kubectl ({@code ControlPlane.tool("kubectl")}) against the control plane of
 * {@code local/start-control-plane}, with {@code KUBECONFIG} set to its admin kubeconfig and the repository root as working directory,
 * so that paths read exactly as in the docs ({@code kubectl apply -k ray-operator/deploy}).
 *
 * @param args the arguments after {@code kubectl}
 * @param exitCode the exit code
 * @param stdout what kubectl printed on standard output
 * @param stderr what kubectl printed on standard error (errors and warnings)
 */
record KubectlRun(List<String> args, int exitCode, String stdout, String stderr) {

  private static final Duration TIMEOUT = Duration.ofMinutes(3);

  /** Runs {@code kubectl args...} without standard input. */
  static KubectlRun run(String... args) {
    return withInput(null, args);
  }

  /** Runs {@code kubectl args...} with {@code stdin} (for example a manifest for {@code -f -}); null for none. */
  static KubectlRun withInput(String stdin, String... args) {
    List<String> command = new ArrayList<>();
    command.add(ControlPlane.tool("kubectl").toString());
    command.addAll(List.of(args));
    try {
      Path out = Files.createTempFile("kubectl-", ".out");
      Path err = Files.createTempFile("kubectl-", ".err");
      try {
        ProcessBuilder builder = new ProcessBuilder(command).directory(ControlPlane.repositoryRoot().toFile())
            .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("KUBECONFIG", ControlPlane.kubeconfig().toString());
        if (stdin == null) {
          builder.redirectInput(ProcessBuilder.Redirect.from(Paths.get("/dev/null").toFile()));
        }
        Process process = builder.start();
        if (stdin != null) {
          try (var input = process.getOutputStream()) {
            input.write(stdin.getBytes(StandardCharsets.UTF_8));
          }
        }
        if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
          throw new IllegalStateException("kubectl " + String.join(" ", args) + " did not finish within " + TIMEOUT
              + "; stderr so far: " + Files.readString(err));
        }
        return new KubectlRun(List.of(args), process.exitValue(), Files.readString(out), Files.readString(err));
      } finally {
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot run kubectl " + String.join(" ", args), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running kubectl " + String.join(" ", args), e);
    }
  }

  /**
   * This run, if kubectl exited 0.
   *
   * @throws IllegalStateException otherwise, with everything kubectl printed ({@link #describe()})
   */
  KubectlRun requireSuccess() {
    if (exitCode != 0) {
      throw new IllegalStateException(describe());
    }
    return this;
  }

  /** The non-blank lines of standard error. */
  List<String> stderrLines() {
    return stderr.lines().filter(line -> !line.isBlank()).toList();
  }

  /** Everything kubectl printed, for assertion messages. */
  String describe() {
    return "kubectl " + String.join(" ", args) + " -> exit " + exitCode + "\n--- stdout:\n" + stdout
        + "--- stderr:\n" + stderr;
  }
}
