package dev.raykube.testkit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scripts of the repository's {@code local/} directory ({@code provision}, {@code start-control-plane},
 * {@code stop-control-plane}), packed into the kit's jar at build time and copied out into a directory of their own
 * to run: the same scripts {@code raykube local} and the end-to-end suite run. Their output goes to the log, one line
 * per line, and the last lines are kept for the error message when one fails.
 */
final class ControlPlaneScripts {

  private static final Logger log = LoggerFactory.getLogger(ControlPlaneScripts.class);
  /** Where the build put them in the jar. */
  private static final String RESOURCE_ROOT = "/dev/raykube/testkit/local/";
  /** Every file the scripts need, relative to {@code local/}; the kit's pom copies exactly these. */
  static final List<String> FILES = List.of("provision", "start-control-plane", "stop-control-plane",
      "lib/common.sh", "tools/k8s/go.mod", "tools/k8s/go.sum");
  private static final int KEPT_LINES = 40;

  private final Path localDir;

  private ControlPlaneScripts(Path localDir) {
    this.localDir = localDir;
  }

  /** Copies the scripts into {@code dir/local} (created), executable. */
  static ControlPlaneScripts extractTo(Path dir) {
    Path local = dir.resolve("local");
    try {
      for (String file : FILES) {
        Path target = local.resolve(file);
        Files.createDirectories(target.getParent());
        try (InputStream in = ControlPlaneScripts.class.getResourceAsStream(RESOURCE_ROOT + file)) {
          if (in == null) {
            throw new ControlPlaneException("the test kit's jar lacks " + RESOURCE_ROOT + file
                + " (a build of raykube-test-kit without its control-plane scripts)");
          }
          Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        if (!file.contains("/") || file.endsWith(".sh")) {
          Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwx------"));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy the control-plane scripts to " + local, e);
    }
    return new ControlPlaneScripts(local);
  }

  /**
   * Runs {@code local/<script> args...} with the environment of this JVM plus {@code env}, and waits at most
   * {@code timeoutMinutes}.
   *
   * @throws ControlPlaneException if it exits non-zero or times out, with its last lines of output
   */
  void run(String script, Map<String, String> env, long timeoutMinutes, String... args) {
    List<String> command = new ArrayList<>(List.of("bash", localDir.resolve(script).toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(env);
    List<String> last = new ArrayList<>();
    try {
      Process process = builder.start();
      process.getOutputStream().close();
      Thread reader = new Thread(() -> forward(process.getInputStream(), script, last), "raykube-kit-" + script);
      reader.setDaemon(true);
      reader.start();
      if (!process.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        throw new ControlPlaneException("local/" + script + " did not finish within " + timeoutMinutes + " min; "
            + "its last lines:\n" + String.join("\n", snapshot(last)));
      }
      reader.join(5_000);
      if (process.exitValue() != 0) {
        throw new ControlPlaneException("local/" + script + " " + String.join(" ", args) + " exited with "
            + process.exitValue() + "; its last lines:\n" + String.join("\n", snapshot(last)));
      }
    } catch (IOException e) {
      throw new ControlPlaneException("cannot run local/" + script + " (bash is required): " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ControlPlaneException("interrupted while running local/" + script, e);
    }
  }

  /** Prints a value the scripts' settings compute ({@code lib/common.sh}), e.g. {@code RAYKUBE_RAY_VENV}. */
  String setting(String variable, Map<String, String> env) {
    ProcessBuilder builder = new ProcessBuilder("bash", "-c",
        "source \"$0\" && printf '%s' \"${" + variable + "}\"", localDir.resolve("lib/common.sh").toString());
    builder.environment().putAll(env);
    try {
      Process process = builder.redirectErrorStream(true).start();
      String value = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new ControlPlaneException("cannot read " + variable + " from local/lib/common.sh: " + value);
      }
      return value;
    } catch (IOException e) {
      throw new ControlPlaneException("cannot run bash: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ControlPlaneException("interrupted while reading " + variable, e);
    }
  }

  private static void forward(InputStream output, String script, List<String> last) {
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        log.info("{}: {}", script, line);
        synchronized (last) {
          last.add(line);
          if (last.size() > KEPT_LINES) {
            last.remove(0);
          }
        }
      }
    } catch (IOException e) {
      log.debug("{}: output closed: {}", script, e.getMessage());
    }
  }

  private static List<String> snapshot(List<String> last) {
    synchronized (last) {
      return List.copyOf(last);
    }
  }
}
