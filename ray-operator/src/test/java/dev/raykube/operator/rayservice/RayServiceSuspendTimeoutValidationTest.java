package dev.raykube.operator.rayservice;

import static dev.raykube.operator.rayservice.DirectRayServices.condition;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.operator.testing.GreeterRayService;
import dev.raykube.operator.testing.ServeEndpointSlice;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
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
 * The RayService controller's suspend / resume, initializing timeout and validation, its reconciler called one
 * reconcile at a time on the CRUD mock with a fake dashboard ({@link DirectRayServices}): that the glue carries out
 * what the state machine decides — the clusters and Services really go and come back, the timeout's requeue is asked
 * for and the timeout fires at the clock's time, an invalid RayService is left alone — while the decision tables of
 * {@code ray-service-lifecycle} ({@code SuspendTest}, {@code InitializingTimeoutTest}, {@code ValidationTest}) cover
 * every rule. The mock has no EndpointSlice controller: the test writes the serve Service's slice as it would.
 */
@EnableKubernetesMockClient(crud = true)
class RayServiceSuspendTimeoutValidationTest {

  static KubernetesClient client;

  private static final String NS = "serving-states";

  private DirectRayServices services;

  @BeforeAll
  static void crds() {
    RayCrds.install(client);
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .create();
  }

  @BeforeEach
  void start() {
    services = new DirectRayServices(client, NS);
  }

  @AfterEach
  void stop() {
    services.close();
  }

  private static RayService manifest(String name) {
    return GreeterRayService.named(name);
  }

  /** Reconciles until the serve Service exists, writes its EndpointSlice, and reconciles until Ready. */
  private void ready(String name) {
    services.runUntil(name, "the serve Service of " + name, r -> services.serveService(name) != null);
    ServeEndpointSlice.create(client, services.serveService(name), "10.0.0.1");
    services.runUntil(name, name + " Ready", condition("Ready", "True", "NonZeroServeEndpoints"));
  }

  @Test
  @DisplayName("spec.suspend deletes the clusters and both Services (Suspended); clearing it resumes on a new cluster")
  void suspendAndResume() {
    String name = "paused";
    services.create(manifest(name));
    ready(name);
    String first = services.activeCluster(name);

    services.edit(name, rayService -> rayService.getSpec().setSuspend(true));
    services.runUntil(name, name + " Suspended", condition("Suspended", "True", "RayServiceSuspended"));
    assertThat(services.clusters(name)).as("no cluster is left").isEmpty();
    assertThat(services.headService(name)).as("head Service deleted").isNull();
    assertThat(services.serveService(name)).as("serve Service deleted").isNull();
    RayService suspended = services.get(name);
    assertThat(services.hasCondition(name, "Ready", "False", "RayServiceSuspended")).isTrue();
    assertThat(suspended.getStatus().getActiveServiceStatus()).isNull();
    assertThat(suspended.getStatus().getNumServeEndpoints()).isZero();
    assertThat(services.events(name, "Suspending")).singleElement().extracting(Event::getType).isEqualTo("Normal");
    assertThat(services.events(name, "Suspended")).singleElement().extracting(Event::getType).isEqualTo("Normal");
    // The EndpointSlice controller removes the slice of a deleted Service.
    client.discovery().v1().endpointSlices().inNamespace(NS).withName(name + "-serve-svc-abcde").delete();

    services.edit(name, rayService -> rayService.getSpec().setSuspend(false));
    services.runUntil(name, name + " resumed", condition("Suspended", "False", "RayServiceResumed"));
    assertThat(services.events(name, "Resumed")).hasSize(1);
    ready(name);
    String second = services.activeCluster(name);
    assertThat(second).as("a new cluster").isNotNull().isNotEqualTo(first);
    assertThat(services.clusters(name)).extracting(c -> c.getMetadata().getName()).containsExactly(second);
    assertThat(services.serveService(name).getSpec().getSelector()).containsEntry("ray.io/cluster", second);
  }

  @Test
  @DisplayName("ray.io/initializing-timeout: a RayService whose head never gets ready fails for good, its clusters go")
  void initializingTimeout() {
    String name = "never-ready";
    services.holdClustersPending(true);
    RayService rayService = manifest(name);
    rayService.getMetadata().setAnnotations(Map.of("ray.io/initializing-timeout", "3s"));
    services.create(rayService);
    services.runUntil(name, "a cluster of " + name, r -> !services.clusters(name).isEmpty());
    assertThat(services.hasCondition(name, "Ready", "False", "Initializing")).isTrue();
    assertThat(services.step(name)).as("a requeue no later than the timeout")
        .hasValueSatisfying(requeue -> assertThat(requeue).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(3)));

    services.clock.advance(Duration.ofSeconds(2));
    services.step(name);
    assertThat(services.hasCondition(name, "Ready", "False", "Initializing")).as("before the timeout").isTrue();
    services.clock.advance(Duration.ofMillis(1100));
    services.step(name);
    assertThat(services.hasCondition(name, "Ready", "False", "InitializingTimeout")).as("past it").isTrue();
    assertThat(services.condition(name, "Ready").orElseThrow().getMessage()).contains("3s");
    assertThat(services.events(name, "InitializingTimeout")).singleElement().extracting(Event::getType)
        .isEqualTo("Warning");
    services.runUntil(name, "the clusters of " + name + " deleted", r -> services.clusters(name).isEmpty());
    assertThat(services.serveService(name)).isNull();
    assertThat(services.headService(name)).isNull();

    // Failed for good: with heads that could get ready now and a spec change, no cluster is created again.
    services.holdClustersPending(false);
    services.edit(name, changed -> changed.getSpec().getRayClusterConfig().getWorkerGroupSpecs().get(0)
        .setReplicas(2));
    services.step(name);
    services.step(name);
    assertThat(services.clusters(name)).isEmpty();
    assertThat(services.hasCondition(name, "Ready", "False", "InitializingTimeout")).isTrue();
    assertThat(services.events(name, "InitializingTimeout")).hasSize(1);
  }

  @Test
  @DisplayName("invalid RayServices get ValidationFailed and one Warning each and are left alone; a valid one is Ready")
  void invalidSpecsAreLeftAloneNextToAValidOne() {
    String longName = "a-name-that-is-too-long-for-the-clusters-of-a-rayservice";
    services.create(manifest(longName));
    RayService badSpec = manifest("bad-spec");
    badSpec.getSpec().setRayClusterDeletionDelaySeconds(-1);
    badSpec.getSpec().setServeConfigV2("routes: []\n");
    services.create(badSpec);
    services.create(manifest("fine"));

    services.runUntil(longName, "ValidationFailed for " + longName, condition("Ready", "False", "ValidationFailed"));
    services.runUntil("bad-spec", "ValidationFailed for bad-spec", condition("Ready", "False", "ValidationFailed"));
    assertThat(services.condition(longName, "Ready").orElseThrow().getMessage()).contains("metadata.name");
    assertThat(services.condition("bad-spec", "Ready").orElseThrow().getMessage())
        .contains("spec.rayClusterDeletionDelaySeconds must not be negative", "spec.serveConfigV2 is invalid");
    ready("fine");

    // Left alone: the reconciles of the invalid ones ask for no other (no loop), and one more each (an informer
    // resync) writes no status, repeats no Warning and creates nothing.
    for (String invalid : new String[] {longName, "bad-spec"}) {
      String version = services.get(invalid).getMetadata().getResourceVersion();
      assertThat(services.step(invalid)).as("requeue of " + invalid).isEmpty();
      assertThat(services.get(invalid).getMetadata().getResourceVersion()).as("status of " + invalid)
          .isEqualTo(version);
      assertThat(services.clusters(invalid)).as("clusters of " + invalid).isEmpty();
      assertThat(services.serveService(invalid)).as("serve Service of " + invalid).isNull();
    }
    assertThat(services.events(longName, "InvalidRayServiceMetadata")).singleElement().satisfies(warning -> {
      assertThat(warning.getType()).isEqualTo("Warning");
      assertThat(warning.getCount()).isEqualTo(1);
    });
    assertThat(services.events("bad-spec", "InvalidRayServiceSpec")).singleElement().satisfies(warning -> {
      assertThat(warning.getType()).isEqualTo("Warning");
      assertThat(warning.getCount()).isEqualTo(1);
      assertThat(warning.getMessage()).contains("spec.rayClusterDeletionDelaySeconds");
    });

    // Fixed, it starts at once: the spec change is what it waited for.
    services.edit("bad-spec", rayService -> {
      rayService.getSpec().setRayClusterDeletionDelaySeconds(5);
      rayService.getSpec().setServeConfigV2(manifest("fine").getSpec().getServeConfigV2());
    });
    services.step("bad-spec");
    assertThat(services.clusters("bad-spec")).isNotEmpty().extracting(RayCluster::getMetadata)
        .allSatisfy(meta -> assertThat(meta.getName()).startsWith("bad-spec-"));
  }
}
