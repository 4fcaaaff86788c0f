package dev.raykube.e2e;

import dev.raykube.testkit.LocalControlPlane;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The real control plane started by {@code local/start-control-plane}: kube-apiserver + etcd + kube-controller-manager on loopback.
 * {@code e2e/run} sources the state dir's {@code env} file before Maven, so its variables are in the environment. A
 * missing control plane is an error, never a skip: the suite exists to run against the real thing. The test kit's
 * {@link LocalControlPlane} attaches to it, as {@code RayKubeExtension} does.
 */
public final class ControlPlane {

  private static LocalControlPlane attached;

  private ControlPlane() {
  }

  /** The admin kubeconfig written by {@code local/start-control-plane} ({@code RAYKUBE_E2E_KUBECONFIG}). */
  public static Path kubeconfig() {
    String value = System.getenv("RAYKUBE_E2E_KUBECONFIG");
    if (value == null || value.isBlank()) {
      throw new IllegalStateException("RAYKUBE_E2E_KUBECONFIG is not set: run the suite with e2e/run, or source "
          + "the env file of local/start-control-plane (" + System.getenv().getOrDefault("TMPDIR", "/tmp") + "/raykube-e2e/env)");
    }
    Path path = Paths.get(value);
    if (!Files.isReadable(path)) {
      throw new IllegalStateException("kubeconfig " + path + " is not readable: is the control plane of local/start-control-plane up?");
    }
    return path;
  }

  /** A fabric8 configuration for the admin user of the control plane. */
  public static Config config() {
    return attached().config();
  }

  /** A new client for the admin user; the caller closes it. */
  public static KubernetesClient client() {
    return attached().newClient();
  }

  /** The test kit's handle on the control plane of {@link #kubeconfig()}; closing it would leave it running. */
  private static synchronized LocalControlPlane attached() {
    if (attached == null) {
      attached = LocalControlPlane.reuse(kubeconfig());
    }
    return attached;
  }

  /**
   * The API server's audit log ({@code logs/audit.log} in the state directory; {@code e2e/run} starts the control
   * plane with it on).
   */
  public static Path auditLog() {
    return attached().auditLog();
  }

  /** An executable from the cached tool set ({@code RAYKUBE_BIN_DIR}: kubectl, etcd, ...). */
  public static Path tool(String name) {
    return binDir("RAYKUBE_BIN_DIR").resolve(name);
  }

  /** An executable of the Ray virtual environment ({@code RAYKUBE_RAY_VENV}/bin: ray, python). */
  public static Path rayTool(String name) {
    return binDir("RAYKUBE_RAY_VENV").resolve("bin").resolve(name);
  }

  private static Path binDir(String variable) {
    String value = System.getenv(variable);
    if (value == null || value.isBlank()) {
      throw new IllegalStateException(variable + " is not set: run the suite with e2e/run");
    }
    return Paths.get(value);
  }

  /** The repository root: the nearest directory above the working directory that holds {@code mvnw} and {@code e2e/}. */
  public static Path repositoryRoot() {
    Path dir = Paths.get("").toAbsolutePath();
    for (Path candidate = dir; candidate != null; candidate = candidate.getParent()) {
      if (Files.isRegularFile(candidate.resolve("mvnw")) && Files.isDirectory(candidate.resolve("e2e"))) {
        return candidate;
      }
    }
    throw new IllegalStateException("no repository root (with mvnw and e2e/) above " + dir);
  }
}
