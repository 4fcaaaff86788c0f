package dev.raykube.bench.side;

import dev.raykube.testing.RayCrds;
import dev.raykube.testkit.LocalControlPlane;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The real control plane the operators of the side-by-side runs and the soak run against: the test kit's
 * {@link LocalControlPlane} (etcd, kube-apiserver, kube-controller-manager on loopback, free ports) with its state in
 * {@code ${java.io.tmpdir}/raykube-side-by-side-<pid>}, the API server's audit log on, one static-token user per
 * operator (so that the audit log tells their requests apart) and the RayKube CRDs installed (both operators run
 * against them). With {@code -Draykube.bench.keepAuditLog=FILE} the audit log is copied to FILE before the control
 * plane stops (for a look at every request of a run, e.g. the server's time per request).
 */
public final class BenchControlPlane {

  /** The request timeout of the harness's admin client: lists of a thousand objects take their time. */
  public static final Duration ADMIN_REQUEST_TIMEOUT = Duration.ofSeconds(60);

  private BenchControlPlane() {
  }

  /**
   * Starts a control plane (about 10 s) with the given operators' users and installs the CRDs.
   *
   * @param users the users the operators run as, e.g. {@link RayKubeContender#USER}
   */
  public static LocalControlPlane start(String... users) {
    LocalControlPlane.Builder builder = LocalControlPlane.builder()
        .stateDirectory(Path.of(System.getProperty("java.io.tmpdir"),
            "raykube-side-by-side-" + ProcessHandle.current().pid()))
        .auditLog()
        .users(users);
    String keep = System.getProperty("raykube.bench.keepAuditLog");
    if (keep != null && !keep.isBlank()) {
      builder.keepAuditLogAt(Path.of(keep));
    }
    LocalControlPlane plane = builder.start();
    try (KubernetesClient admin = plane.newClient(ADMIN_REQUEST_TIMEOUT)) {
      RayCrds.install(admin);
    } catch (RuntimeException e) {
      plane.close(); // nothing may be left running
      throw e;
    }
    return plane;
  }
}
