package dev.raykube.testing;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The RayKube CRDs ({@code RayCluster}, {@code RayJob}, {@code RayService}, {@code RayCronJob}; {@code ray.io/v1}) on
 * an API server, a real one or the fabric8 CRUD mock: the one installer of the tests of every module, the test kit,
 * the end-to-end suite and the benchmarks.
 *
 * <p>The CRDs are those the CRD generator wrote into {@code ray-api-model}'s jar, read from the class path as
 * {@code META-INF/fabric8/<plural>.ray.io-v1.yml}: the caller has {@code ray-api-model} on it. Each is created, or
 * updated if it exists (its spec replaced, so that a long-lived control plane gets a changed model). Idempotent.
 *
 * <p>When to wait until a CRD is Established is told by the server's answer to that create or update. A real API
 * server answers with a {@code status} (its apiextensions strategy always fills {@code acceptedNames} and
 * {@code storedVersions}) and establishes the CRD a moment later: {@link #install} then waits, for all of them at
 * most {@link #ESTABLISHED_TIMEOUT}, until the {@code Established} condition of each is {@code True}. The fabric8
 * CRUD mock stores what it is sent, and the CRDs are sent without a status, so it answers without one: nothing ever
 * establishes a CRD there, and nothing is waited for (the mock serves the kind, status as a subresource, at once).
 */
public final class RayCrds {

  /** The plural of each kind, in the order {@link #install(KubernetesClient)} installs them. */
  public static final List<String> PLURALS = List.of("rayclusters", "rayjobs", "rayservices", "raycronjobs");
  /** How long {@link #install} waits on a real API server until every CRD it installed is Established. */
  public static final Duration ESTABLISHED_TIMEOUT = Duration.ofSeconds(60);

  private RayCrds() {
  }

  /**
   * Creates or updates the four CRDs ({@link #PLURALS}) and, on a real API server, waits until they are Established.
   *
   * @throws IllegalStateException if a CRD file is not on the class path, or a CRD is not Established in time
   */
  public static void install(KubernetesClient client) {
    install(client, PLURALS);
  }

  /**
   * Creates or updates the CRDs of the given kinds, by plural ({@code "rayjobs", "rayclusters"}), and, on a real API
   * server, waits until they are Established.
   *
   * @throws IllegalStateException if a CRD file is not on the class path (an unknown plural included), or a CRD is
   *     not Established in time
   */
  public static void install(KubernetesClient client, String... plurals) {
    install(client, List.of(plurals));
  }

  /**
   * As {@link #install(KubernetesClient, String...)}.
   *
   * @throws IllegalStateException if a CRD file is not on the class path (an unknown plural included), or a CRD is
   *     not Established in time
   */
  public static void install(KubernetesClient client, Collection<String> plurals) {
    List<CustomResourceDefinition> crds = plurals.stream().map(plural -> load(client, plural)).toList();
    List<String> toEstablish = new ArrayList<>();
    for (CustomResourceDefinition crd : crds) {
      CustomResourceDefinition stored = client.resource(crd).createOr(NonDeletingOperation::update);
      if (stored.getStatus() != null) {
        toEstablish.add(crd.getMetadata().getName());
      }
    }
    long deadline = System.nanoTime() + ESTABLISHED_TIMEOUT.toNanos();
    for (String name : toEstablish) {
      try {
        client.apiextensions().v1().customResourceDefinitions().withName(name).waitUntilCondition(
            RayCrds::established, Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (KubernetesClientException e) {
        throw new IllegalStateException("CRD " + name + " is not Established after "
            + ESTABLISHED_TIMEOUT.toSeconds() + " s", e);
      }
    }
  }

  /** Where the CRD of {@code plural} is on the class path (no leading slash). */
  static String resource(String plural) {
    return "META-INF/fabric8/" + plural + ".ray.io-v1.yml";
  }

  private static CustomResourceDefinition load(KubernetesClient client, String plural) {
    String resource = resource(plural);
    try (InputStream in = RayCrds.class.getResourceAsStream("/" + resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is not on the class path: ray-api-model's jar carries the CRDs "
            + "of " + String.join(", ", PLURALS));
      }
      CustomResourceDefinition crd = client.getKubernetesSerialization().unmarshal(in, CustomResourceDefinition.class);
      crd.getMetadata().setResourceVersion(null);
      crd.setStatus(null);
      return crd;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }

  private static boolean established(CustomResourceDefinition crd) {
    return crd != null && crd.getStatus() != null && crd.getStatus().getConditions() != null
        && crd.getStatus().getConditions().stream()
            .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
  }
}
