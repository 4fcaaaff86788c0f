package dev.raykube.operator.rayservice;

import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.operator.testing.ServeEndpointSlice;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The RayService controller's suspend / resume, initializing timeout and validation in the real operator runtime
 * ({@link RayServiceRuntime}: JOSDK, informers, finalizer, the RayCluster controller, the CRUD mock, a fake dashboard):
 * that the glue carries out what the state machine decides — the clusters and Services really go and come back, the
 * timeout's requeue really fires, an invalid RayService is really left alone — while the decision tables of
 * {@code ray-service-lifecycle} ({@code SuspendTest}, {@code InitializingTimeoutTest}, {@code ValidationTest}) cover
 * every rule. The mock has no EndpointSlice controller: the test writes the serve Service's slice as it would.
 */
@EnableKubernetesMockClient(crud = true)
class RayServiceSuspendTimeoutValidationTest {

  static KubernetesClient client;

  private static final String NS = "serving-states";
  /** Generous for a slow 2-core machine; a passing wait returns as soon as its condition holds. */
  private static final Duration LONG = Duration.ofSeconds(90);

  private RayServiceRuntime runtime;

  @BeforeAll
  static void crds() {
    RayServiceRuntime.prepare(client, NS);
  }

  @BeforeEach
  void start() throws Exception {
    runtime = RayServiceRuntime.start(client, NS);
  }

  @AfterEach
  void stop() {
    runtime.close();
  }

  private static RayService manifest(String name) {
    return RayServiceRuntime.greeter(name);
  }

  /** Waits until the serve Service exists, writes its EndpointSlice, and waits for Ready. */
  private void ready(String name) {
    await(LONG, "the serve Service of " + name, () -> runtime.serveService(name) != null);
    ServeEndpointSlice.create(client, runtime.serveService(name), "10.0.0.1");
    await(LONG, name + " Ready", () -> runtime.hasCondition(name, "Ready", "True", "NonZeroServeEndpoints"));
  }

  @Test
  @DisplayName("spec.suspend deletes the clusters and both Services (Suspended); clearing it resumes on a new cluster")
  void suspendAndResume() {
    String name = "paused";
    runtime.create(manifest(name));
    ready(name);
    String first = runtime.activeCluster(name);

    runtime.edit(name, rayService -> rayService.getSpec().setSuspend(true));
    await(LONG, name + " Suspended", () -> runtime.hasCondition(name, "Suspended", "True", "RayServiceSuspended"));
    assertThat(runtime.clusters(name)).as("no cluster is left").isEmpty();
    assertThat(runtime.headService(name)).as("head Service deleted").isNull();
    assertThat(runtime.serveService(name)).as("serve Service deleted").isNull();
    RayService suspended = runtime.rayService(name);
    assertThat(runtime.hasCondition(name, "Ready", "False", "RayServiceSuspended")).isTrue();
    assertThat(suspended.getStatus().getActiveServiceStatus()).isNull();
    assertThat(suspended.getStatus().getNumServeEndpoints()).isZero();
    await(LONG, "the Events Suspending and Suspended", () -> runtime.events(name, "Suspending").size() == 1
        && runtime.events(name, "Suspended").size() == 1);
    assertThat(runtime.events(name, "Suspending")).singleElement().extracting(Event::getType).isEqualTo("Normal");
    assertThat(runtime.events(name, "Suspended")).singleElement().extracting(Event::getType).isEqualTo("Normal");
    // The EndpointSlice controller removes the slice of a deleted Service.
    client.discovery().v1().endpointSlices().inNamespace(NS).withName(name + "-serve-svc-abcde").delete();

    runtime.edit(name, rayService -> rayService.getSpec().setSuspend(false));
    await(LONG, name + " resumed", () -> runtime.hasCondition(name, "Suspended", "False", "RayServiceResumed"));
    await(LONG, "the Event Resumed", () -> runtime.events(name, "Resumed").size() == 1);
    ready(name);
    String second = runtime.activeCluster(name);
    assertThat(second).as("a new cluster").isNotNull().isNotEqualTo(first);
    assertThat(runtime.clusters(name)).extracting(c -> c.getMetadata().getName()).containsExactly(second);
    assertThat(runtime.serveService(name).getSpec().getSelector()).containsEntry("ray.io/cluster", second);
  }

  @Test
  @DisplayName("ray.io/initializing-timeout: a RayService whose head never gets ready fails for good, its clusters go")
  void initializingTimeout() {
    String name = "never-ready";
    runtime.pods().holdPending(true);
    RayService rayService = manifest(name);
    rayService.getMetadata().setAnnotations(Map.of("ray.io/initializing-timeout", "3s"));
    runtime.create(rayService);
    await(LONG, "a cluster of " + name, () -> !runtime.clusters(name).isEmpty());
    assertThat(runtime.hasCondition(name, "Ready", "False", "Initializing")).isTrue();

    await(LONG, name + " timed out", () -> runtime.hasCondition(name, "Ready", "False", "InitializingTimeout"));
    assertThat(runtime.condition(name, "Ready").orElseThrow().getMessage()).contains("3s");
    await(LONG, "the Warning InitializingTimeout", () -> !runtime.events(name, "InitializingTimeout").isEmpty());
    assertThat(runtime.events(name, "InitializingTimeout")).singleElement().extracting(Event::getType)
        .isEqualTo("Warning");
    await(LONG, "the clusters of " + name + " deleted", () -> runtime.clusters(name).isEmpty());
    assertThat(runtime.serveService(name)).isNull();
    assertThat(runtime.headService(name)).isNull();

    // Failed for good: with Pods that could run now and a spec change, no cluster is created again.
    runtime.pods().holdPending(false);
    int before = runtime.reconciles(name);
    runtime.edit(name, changed -> changed.getSpec().getRayClusterConfig().getWorkerGroupSpecs().get(0).setReplicas(2));
    await(LONG, "a reconcile of the changed " + name, () -> runtime.reconciles(name) > before);
    assertThat(runtime.clusters(name)).isEmpty();
    assertThat(runtime.hasCondition(name, "Ready", "False", "InitializingTimeout")).isTrue();
    assertThat(runtime.events(name, "InitializingTimeout")).hasSize(1);
  }

  @Test
  @DisplayName("invalid RayServices get ValidationFailed and one Warning each and are left alone; a valid one is Ready")
  void invalidSpecsAreLeftAloneNextToAValidOne() {
    String longName = "a-name-that-is-too-long-for-the-clusters-of-a-rayservice";
    runtime.create(manifest(longName));
    RayService badSpec = manifest("bad-spec");
    badSpec.getSpec().setRayClusterDeletionDelaySeconds(-1);
    badSpec.getSpec().setServeConfigV2("routes: []\n");
    runtime.create(badSpec);
    runtime.create(manifest("fine"));

    await(LONG, "ValidationFailed for " + longName,
        () -> runtime.hasCondition(longName, "Ready", "False", "ValidationFailed"));
    await(LONG, "ValidationFailed for bad-spec",
        () -> runtime.hasCondition("bad-spec", "Ready", "False", "ValidationFailed"));
    assertThat(runtime.condition(longName, "Ready").orElseThrow().getMessage()).contains("metadata.name");
    assertThat(runtime.condition("bad-spec", "Ready").orElseThrow().getMessage())
        .contains("spec.rayClusterDeletionDelaySeconds must not be negative", "spec.serveConfigV2 is invalid");
    await(LONG, "the Warnings", () -> runtime.events(longName, "InvalidRayServiceMetadata").size() == 1
        && runtime.events("bad-spec", "InvalidRayServiceSpec").size() == 1);
    ready("fine");

    // Left alone: while the valid one is reconciled twice more (its steady poll), the invalid ones are not reconciled
    // in a loop, their status is not written again, their Warnings are not repeated, and nothing is created for them.
    int fineReconciles = runtime.reconciles("fine");
    int longNameReconciles = runtime.reconciles(longName);
    int badSpecReconciles = runtime.reconciles("bad-spec");
    String longNameVersion = runtime.rayService(longName).getMetadata().getResourceVersion();
    String badSpecVersion = runtime.rayService("bad-spec").getMetadata().getResourceVersion();
    await(LONG, "two more reconciles of fine", () -> runtime.reconciles("fine") >= fineReconciles + 2);
    assertThat(runtime.reconciles(longName) - longNameReconciles).as("reconciles of " + longName)
        .isLessThanOrEqualTo(2);
    assertThat(runtime.reconciles("bad-spec") - badSpecReconciles).as("reconciles of bad-spec")
        .isLessThanOrEqualTo(2);
    assertThat(runtime.rayService(longName).getMetadata().getResourceVersion()).isEqualTo(longNameVersion);
    assertThat(runtime.rayService("bad-spec").getMetadata().getResourceVersion()).isEqualTo(badSpecVersion);
    assertThat(runtime.events(longName, "InvalidRayServiceMetadata")).singleElement().satisfies(warning -> {
      assertThat(warning.getType()).isEqualTo("Warning");
      assertThat(warning.getCount()).isEqualTo(1);
    });
    assertThat(runtime.events("bad-spec", "InvalidRayServiceSpec")).singleElement().satisfies(warning -> {
      assertThat(warning.getType()).isEqualTo("Warning");
      assertThat(warning.getCount()).isEqualTo(1);
      assertThat(warning.getMessage()).contains("spec.rayClusterDeletionDelaySeconds");
    });
    for (String invalid : new String[] {longName, "bad-spec"}) {
      assertThat(runtime.clusters(invalid)).as("clusters of " + invalid).isEmpty();
      assertThat(runtime.serveService(invalid)).as("serve Service of " + invalid).isNull();
    }

    // Fixed, it starts at once: the spec change is what it waited for.
    runtime.edit("bad-spec", rayService -> {
      rayService.getSpec().setRayClusterDeletionDelaySeconds(5);
      rayService.getSpec().setServeConfigV2(manifest("fine").getSpec().getServeConfigV2());
    });
    await(LONG, "a cluster of the fixed bad-spec", () -> !runtime.clusters("bad-spec").isEmpty());
    assertThat(runtime.clusters("bad-spec")).extracting(RayCluster::getMetadata)
        .allSatisfy(meta -> assertThat(meta.getName()).startsWith("bad-spec-"));
  }
}
