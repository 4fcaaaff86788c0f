package dev.raykube.job.observe;

import static dev.raykube.job.testing.KubeFixtures.NS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.job.decide.ClusterObservation;
import dev.raykube.job.testing.KubeFixtures;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.testing.MockApiRequests;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Where the observer reads a RayJob's cluster and submitter: the API server, or a cache with the API as fallback. */
@EnableKubernetesMockClient(crud = true)
class RayJobReadsTest {

  static KubernetesClient client;
  static KubernetesMockServer server;

  @BeforeEach
  void reset() {
    server.reset();
    RayCrds.install(client, "rayjobs", "rayclusters");
  }

  /** A cache holding fixed objects that records what it was asked. */
  private static final class FixedReads implements RayJobReads {
    final Map<String, RayCluster> clusters;
    final Map<String, Job> jobs;
    final List<String> asked = new ArrayList<>();

    FixedReads(Map<String, RayCluster> clusters, Map<String, Job> jobs) {
      this.clusters = clusters;
      this.jobs = jobs;
    }

    @Override
    public RayCluster rayCluster(String namespace, String name) {
      asked.add("cluster " + namespace + "/" + name);
      return clusters.get(namespace + "/" + name);
    }

    @Override
    public Job submitter(String namespace, String name) {
      asked.add("job " + namespace + "/" + name);
      return jobs.get(namespace + "/" + name);
    }
  }

  private static Job job(String name) {
    return new JobBuilder().withNewMetadata().withName(name).withNamespace(NS).endMetadata()
        .withNewSpec().withNewTemplate().withNewSpec().addNewContainer().withName("c").withImage("busybox")
        .endContainer().withRestartPolicy("Never").endSpec().endTemplate().endSpec().build();
  }

  @Test
  void fromApiReadsTheApiServerAndAnswersNullForWhatIsMissing() {
    client.resource(KubeFixtures.cluster("c1")).create();
    client.resource(job("j1")).create();
    RayJobReads api = RayJobReads.fromApi(client);

    assertThat(api.rayCluster(NS, "c1").getMetadata().getName()).isEqualTo("c1");
    assertThat(api.rayCluster(NS, "nope")).isNull();
    assertThat(api.rayCluster("other", "c1")).isNull();
    assertThat(api.submitter(NS, "j1").getMetadata().getName()).isEqualTo("j1");
    assertThat(api.submitter(NS, "nope")).isNull();
  }

  @Test
  void theCacheAnswersFirstAndTheFallbackOnlyForWhatTheCacheLacks() {
    RayCluster cached = KubeFixtures.cluster("cached");
    Job cachedJob = job("cached-job");
    FixedReads cache = new FixedReads(Map.of(NS + "/cached", cached), Map.of(NS + "/cached-job", cachedJob));
    RayCluster fresh = KubeFixtures.cluster("fresh");
    Job freshJob = job("fresh-job");
    FixedReads api = new FixedReads(Map.of(NS + "/fresh", fresh, NS + "/cached", KubeFixtures.cluster("cached")),
        Map.of(NS + "/fresh-job", freshJob));
    RayJobReads reads = cache.orElse(api);

    assertThat(reads.rayCluster(NS, "cached")).isSameAs(cached);
    assertThat(reads.submitter(NS, "cached-job")).isSameAs(cachedJob);
    assertThat(api.asked).as("nothing asked of the fallback for what the cache holds").isEmpty();

    assertThat(reads.rayCluster(NS, "fresh")).isSameAs(fresh);
    assertThat(reads.submitter(NS, "fresh-job")).isSameAs(freshJob);
    assertThat(reads.rayCluster(NS, "gone")).isNull();
    assertThat(reads.submitter(NS, "gone")).isNull();
    assertThat(cache.asked).containsExactly("cluster ml/cached", "job ml/cached-job", "cluster ml/fresh",
        "job ml/fresh-job", "cluster ml/gone", "job ml/gone");
    assertThat(api.asked).containsExactly("cluster ml/fresh", "job ml/fresh-job", "cluster ml/gone", "job ml/gone");
  }

  @Test
  void theObserverReadsThroughTheGivenReads() {
    RayCluster cached = KubeFixtures.cluster("only-in-cache");
    FixedReads cache = new FixedReads(Map.of(NS + "/only-in-cache", cached), Map.of());
    RayJobObserver observer = new RayJobObserver(cache, DashboardAccess.fixed("http://127.0.0.1:1"),
        new DashboardClients());
    var rayJob = KubeFixtures.rayJob("reads", dev.raykube.model.job.JobSubmissionMode.HTTP_MODE);
    rayJob.setStatus(new dev.raykube.model.job.RayJobStatus());
    rayJob.getStatus().setRayClusterName("only-in-cache");

    MockApiRequests.drain(server); // the CRD registration
    ObservedRayJob observed = observer.observe(rayJob);

    assertThat(observed.observation().cluster()).isInstanceOfSatisfying(ClusterObservation.Present.class,
        present -> assertThat(present.cluster()).isSameAs(cached));
    assertThat(cache.asked).contains("cluster ml/only-in-cache");
    assertThat(MockApiRequests.drain(server)).as("no API call").isEmpty();
  }
}
