package dev.raykube.e2e.support;

import dev.raykube.e2e.ControlPlane;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The generated CRDs of {@code ray-operator/deploy/crds} on the real API server: applied with
 * {@code kubectl apply --server-side} (the cached kubectl of {@code local/provision}) and waited for until Established.
 * Idempotent; every test class may call {@link #install()}.
 */
public final class Crds {

  private static final Logger log = LoggerFactory.getLogger(Crds.class);

  private Crds() {
  }

  /** The repository's root: the first directory upwards from the working directory holding ray-operator/deploy. */
  public static Path repositoryRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("ray-operator/deploy/crds"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("no ray-operator/deploy/crds above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }

  /** The generated CRD files ({@code *.yml}; the kustomization is left out). */
  public static List<Path> files() {
    try (Stream<Path> files = Files.list(repositoryRoot().resolve("ray-operator/deploy/crds"))) {
      return files.filter(f -> f.getFileName().toString().endsWith(".yml")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Applies every CRD server-side and waits until each is Established. */
  public static void install() {
    List<String> apply = new ArrayList<>(List.of("apply", "--server-side", "--force-conflicts"));
    List<String> wait = new ArrayList<>(List.of("wait", "--for=condition=Established", "--timeout=60s"));
    for (Path file : files()) {
      apply.add("-f");
      apply.add(file.toString());
      wait.add("-f");
      wait.add(file.toString());
    }
    log.info("installing CRDs: {}", kubectl(apply.toArray(String[]::new)).strip().replace('\n', ';'));
    kubectl(wait.toArray(String[]::new));
  }

  /**
   * Runs the cached kubectl with the control plane's kubeconfig; returns its output.
   *
   * @throws IllegalStateException if it exits non-zero (with its output)
   */
  public static String kubectl(String... args) {
    List<String> command = new ArrayList<>();
    command.add(ControlPlane.tool("kubectl").toString());
    command.add("--kubeconfig=" + ControlPlane.kubeconfig());
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      byte[] out = process.getInputStream().readAllBytes();
      if (!process.waitFor(120, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("kubectl timed out: " + String.join(" ", args));
      }
      String text = new String(out, StandardCharsets.UTF_8);
      if (process.exitValue() != 0) {
        throw new IllegalStateException("kubectl " + String.join(" ", args) + " exited with " + process.exitValue()
            + ":\n" + text);
      }
      return text;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted running kubectl", e);
    }
  }
}
