package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The install commands of docs/configuration.md ("Deploying"), run verbatim against the real API server:
 * {@code kubectl apply -k ray-operator/deploy} (all namespaces) and {@code kubectl apply -k
 * ray-operator/deploy/namespaced} (only {@code ray-workloads}). Each must succeed without an error or warning, create
 * every object of its kustomization, converge (a second apply is clean and {@code kubectl diff} finds nothing), get
 * its operator Pod past the {@code restricted} Pod Security admission of {@code raykube-system}, and grant the
 * service account what its variant promises, and no more.
 */
class DeployManifestsE2eTest {

  private static final String OPERATOR_NAMESPACE = "raykube-system";
  private static final String WATCHED_NAMESPACE = "ray-workloads";
  private static final String OPERATOR = "system:serviceaccount:raykube-system:raykube-operator";
  private static final String MISSING_ANNOTATION = " is missing the kubectl.kubernetes.io/last-applied-configuration"
      + " annotation";
  private static final Duration WAIT = Duration.ofMinutes(2);

  @BeforeEach
  @AfterEach
  void removeTheOperatorInstall() {
    // Everything of the kustomizations but the CRDs, which other test classes share (deleting them would also
    // delete their custom resources).
    KubectlRun.run("delete", "clusterrolebinding,clusterrole", "raykube-operator", "--ignore-not-found");
    for (String namespace : List.of(OPERATOR_NAMESPACE, WATCHED_NAMESPACE)) {
      KubectlRun delete = KubectlRun.run("delete", "namespace", namespace, "--ignore-not-found", "--timeout=120s");
      assertThat(delete.exitCode()).as(delete.describe()).isZero();
    }
  }

  @Test
  void theClusterWideInstallAppliesCleanly() {
    String kustomization = "ray-operator/deploy";

    applyCleanly(kustomization);

    assertEveryObjectExists(kustomization);
    assertTheOperatorPodIsAdmitted();
    assertCan("create", "pods", "default", true);
    assertCan("create", "pods", WATCHED_NAMESPACE, true);
    assertCan("update", "rayjobs.ray.io", "default", true, "--subresource=status");
    assertCan("get", "leases/raykube-operator-leader", OPERATOR_NAMESPACE, true);
    assertCan("get", "leases/someone-elses-lease", OPERATOR_NAMESPACE, false);
    assertCan("update", "rayservices.ray.io", "default", true, "--subresource=status");
    assertCan("delete", "services", "default", true); // a suspended RayService's head and serve Services
    assertCan("delete", "configmaps", "default", false);
    assertCan("update", "secrets", "default", false);
    assertConverged(kustomization);
  }

  @Test
  void theNamespacedInstallAppliesCleanlyAndGrantsOnlyTheWatchedNamespace() {
    String kustomization = "ray-operator/deploy/namespaced";
    // On a fresh cluster: the variant creates its watched namespace itself.
    applyCleanly(kustomization);

    assertEveryObjectExists(kustomization);
    assertTheOperatorPodIsAdmitted();
    KubectlRun env = KubectlRun.run("get", "deployment", "raykube-operator", "-n", OPERATOR_NAMESPACE, "-o",
        "jsonpath={.spec.template.spec.containers[0].env[?(@.name==\"WATCH_NAMESPACE\")].value}");
    assertThat(env.stdout()).as(env.describe()).isEqualTo(WATCHED_NAMESPACE);
    KubectlRun clusterRole = KubectlRun.run("get", "clusterrolebinding", "raykube-operator", "--ignore-not-found",
        "-o", "name");
    assertThat(clusterRole.stdout()).as("no ClusterRoleBinding in the namespaced variant").isEmpty();
    assertCan("create", "pods", WATCHED_NAMESPACE, true);
    assertCan("update", "rayclusters.ray.io", WATCHED_NAMESPACE, true, "--subresource=status");
    assertCan("create", "pods", "default", false);
    assertCan("list", "rayjobs.ray.io", "default", false);
    assertCan("get", "leases/raykube-operator-leader", OPERATOR_NAMESPACE, true);
    assertConverged(kustomization);
  }

  /** Runs the documented command; only kubectl's one-time notice for CRDs first created by server-side apply is allowed. */
  private static void applyCleanly(String kustomization) {
    List<String> expectedNotices = crdsWithoutLastAppliedAnnotation();

    KubectlRun apply = KubectlRun.run("apply", "-k", kustomization);

    assertThat(apply.exitCode()).as(apply.describe()).isZero();
    List<String> unexpected = new ArrayList<>(apply.stderrLines());
    unexpected.removeIf(line -> expectedNotices.stream().anyMatch(crd -> line.startsWith(
        "Warning: resource customresourcedefinitions/" + crd + MISSING_ANNOTATION)));
    assertThat(unexpected).as("errors or warnings of " + apply.describe()).isEmpty();
  }

  /**
   * CRDs installed by {@code kubectl apply --server-side} (as other test classes do) carry no last-applied annotation;
   * kubectl then prints a one-time notice and adds it. That notice is about the install history, not the manifests.
   */
  private static List<String> crdsWithoutLastAppliedAnnotation() {
    List<String> names = new ArrayList<>();
    try (KubernetesClient client = ControlPlane.client()) {
      for (String name : AdmissionE2eTest.CRDS) {
        CustomResourceDefinition crd = client.apiextensions().v1().customResourceDefinitions().withName(name).get();
        if (crd != null && (crd.getMetadata().getAnnotations() == null || !crd.getMetadata().getAnnotations()
            .containsKey("kubectl.kubernetes.io/last-applied-configuration"))) {
          names.add(name);
        }
      }
    }
    return names;
  }

  private static void assertEveryObjectExists(String kustomization) {
    KubectlRun built = KubectlRun.run("kustomize", kustomization);
    assertThat(built.exitCode()).as(built.describe()).isZero();
    long objects = built.stdout().lines().filter(line -> line.startsWith("kind: ")).count();
    assertThat(objects).as(built.describe()).isGreaterThanOrEqualTo(10);

    KubectlRun get = KubectlRun.run("get", "-k", kustomization, "-o", "name");

    assertThat(get.exitCode()).as(get.describe()).isZero();
    assertThat(get.stdout().lines()).as(get.describe()).hasSize((int) objects);
  }

  /** The ReplicaSet's Pod passes the namespace's restricted Pod Security admission (it then stays Pending: no node). */
  private static void assertTheOperatorPodIsAdmitted() {
    Instant deadline = Instant.now().plus(WAIT);
    KubectlRun pods;
    do {
      pods = KubectlRun.run("get", "pods", "-n", OPERATOR_NAMESPACE, "-l", "app.kubernetes.io/name=raykube-operator",
          "-o", "name");
      if (!pods.stdout().isBlank()) {
        return;
      }
      sleep(Duration.ofSeconds(1));
    } while (Instant.now().isBefore(deadline));
    KubectlRun events = KubectlRun.run("get", "events", "-n", OPERATOR_NAMESPACE);
    throw new AssertionError("no operator Pod was admitted within " + WAIT + "; events:\n" + events.stdout()
        + events.stderr());
  }

  /** The documented command is idempotent: nothing left to change, and applying again is clean. */
  private static void assertConverged(String kustomization) {
    KubectlRun diff = KubectlRun.run("diff", "-k", kustomization);
    assertThat(diff.exitCode()).as("live objects equal the manifests: " + diff.describe()).isZero();
    KubectlRun again = KubectlRun.run("apply", "-k", kustomization);
    assertThat(again.exitCode()).as(again.describe()).isZero();
    assertThat(again.stderrLines()).as(again.describe()).isEmpty();
  }

  /**
   * {@code kubectl auth can-i} as the operator's service account answers {@code expected}. The API server's RBAC
   * authorizer follows roles and bindings through an informer, so the answer is polled until it holds.
   */
  private static void assertCan(String verb, String resource, String namespace, boolean expected,
      String... flags) {
    Instant deadline = Instant.now().plus(WAIT);
    KubectlRun run;
    do {
      List<String> args = new ArrayList<>(List.of("auth", "can-i", verb, resource, "-n", namespace, "--as=" + OPERATOR));
      args.addAll(List.of(flags));
      run = KubectlRun.run(args.toArray(String[]::new));
      String answer = run.stdout().strip();
      assertThat(answer).as(run.describe()).isIn("yes", "no");
      if (answer.equals(expected ? "yes" : "no")) {
        return;
      }
      sleep(Duration.ofSeconds(1));
    } while (Instant.now().isBefore(deadline));
    throw new AssertionError("the operator " + (expected ? "cannot " : "can ") + verb + " " + resource + " in "
        + namespace + " " + String.join(" ", flags) + " (still after " + WAIT + "): " + run.describe());
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}
