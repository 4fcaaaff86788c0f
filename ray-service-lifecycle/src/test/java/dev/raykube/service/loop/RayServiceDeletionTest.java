package dev.raykube.service.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.kernel.finalizer.DeletionCleanup;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.kernel.finalizer.FinalizerPolicy;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.reconcile.CleanedUp;
import dev.raykube.reconcile.FinalizerEditor;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Deleting a RayService: every cluster goes, then the finalizer; through the code RayJob's deletion runs. */
@EnableKubernetesMockClient(crud = true)
class RayServiceDeletionTest {

  static KubernetesMockServer server;
  static KubernetesClient client;
  ServiceBed bed;

  @AfterEach
  void tearDown() {
    bed.close();
  }

  @Test
  @DisplayName("deleted while serving (best effort): every cluster deleted, a Normal Event, then the finalizer goes")
  void deletionRemovesEveryClusterThenTheFinalizer() {
    bed = new ServiceBed(client, server);
    bed.create(spec -> { });
    bed.untilReady();
    bed.edit(spec -> spec.getRayClusterConfig().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0)
        .setImage("rayproject/ray:2.61.0"));
    bed.step();
    assertThat(bed.clusterNames()).hasSize(2);

    client.resource(bed.stored()).delete();
    RayService deleting = bed.stored();
    assertThat(deleting.getMetadata().getDeletionTimestamp()).isNotNull();
    assertThat(bed.loop.reconcile(deleting).decision().actions()).as("deletion is not decided").isEmpty();

    CleanedUp cleaned = bed.loop.cleanup(deleting);

    assertThat(cleaned.removeFinalizer()).isTrue();
    assertThat(bed.clusters()).isEmpty();
    assertThat(bed.reasons()).contains("DeletingRayClusters");
    new FinalizerEditor().remove(client, deleting, FinalizerNames.RAYSERVICE);
    assertThat(bed.stored()).isNull();
  }

  @Test
  @DisplayName("until-confirmed (policy annotation): the finalizer stays while a cluster is terminating, and goes "
      + "once none remains; deleted while no operator ran, the first cleanup does the same")
  void untilConfirmedWaitsForTheClustersToGo() {
    bed = new ServiceBed(client, server, FinalizerSettings.defaults());
    RayService created = bed.create(spec -> { });
    bed.step();
    RayCluster cluster = bed.clusters().get(0);
    List<String> finalizers = new ArrayList<>(cluster.getMetadata().getFinalizers());
    finalizers.add("example.com/held");
    cluster.getMetadata().setFinalizers(finalizers);
    client.resource(cluster).update();
    RayService annotated = bed.stored();
    annotated.getMetadata().setAnnotations(new java.util.HashMap<>(java.util.Map.of(FinalizerPolicy.ANNOTATION,
        FinalizerPolicy.UNTIL_CONFIRMED.annotationValue())));
    client.resource(annotated).update();
    client.resource(created).delete(); // no reconcile ran since: as if the operator had been stopped

    CleanedUp first = bed.loop.cleanup(bed.stored());

    assertThat(first.removeFinalizer()).isFalse();
    assertThat(first.retryAfter()).isPresent();
    assertThat(bed.clusters()).singleElement().satisfies(c -> assertThat(c.isMarkedForDeletion()).isTrue());

    new FinalizerEditor().remove(client, bed.clusters().get(0), "example.com/held");
    bed.clock.advance(first.retryAfter().get().plus(Duration.ofMillis(1)));
    CleanedUp second = bed.loop.cleanup(bed.stored());

    assertThat(second.removeFinalizer()).isTrue();
    assertThat(bed.clusters()).isEmpty();
    assertThat(bed.reasons()).doesNotContain("CleanupFailed", "InvalidFinalizerPolicy");
  }

  @Test
  @DisplayName("an invalid policy annotation: a Warning, and the default policy applies")
  void invalidPolicyAnnotation() {
    bed = new ServiceBed(client, server);
    RayService created = bed.create(spec -> { });
    RayService annotated = bed.stored();
    annotated.getMetadata().setAnnotations(java.util.Map.of(FinalizerPolicy.ANNOTATION, "sometimes"));
    client.resource(annotated).update();
    client.resource(created).delete();

    assertThat(bed.loop.cleanup(bed.stored()).removeFinalizer()).isTrue();
    assertThat(bed.reasons()).contains("InvalidFinalizerPolicy");
  }

  @Test
  @DisplayName("the loop's cleanup is the kernel's DeletionCleanup — the very class RayJob's loop uses, not a copy — for "
      + FinalizerNames.RAYSERVICE)
  void cleanupIsTheKernelsDeletionCleanup() {
    bed = new ServiceBed(client, server);

    assertThat(bed.loop.deletionCleanup().getClass()).isSameAs(DeletionCleanup.class);
    assertThat(DeletionCleanup.class.getProtectionDomain().getCodeSource().getLocation().toString())
        .contains("ray-lifecycle-kernel");
    assertThat(bed.loop.deletionCleanup().finalizer()).isEqualTo(FinalizerNames.RAYSERVICE);
  }
}
