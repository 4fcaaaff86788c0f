package dev.raykube.job.testing;

import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Kubernetes-side fixtures of the observe/act tests on the fabric8 CRUD mock (whose CRDs
 * {@code dev.raykube.testing.RayCrds} installs).
 */
public final class KubeFixtures {

  /** The namespace of every test object. */
  public static final String NS = "ml";

  private KubeFixtures() {
  }

  /** A RayCluster spec with a head ({@code rayproject/ray:2.60.0}) and one worker group. */
  public static RayClusterSpec clusterSpec() {
    RayClusterSpec spec = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-head")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    spec.setHeadGroupSpec(head);
    WorkerGroupSpec workers = new WorkerGroupSpec();
    workers.setGroupName("small");
    workers.setReplicas(1);
    workers.setMinReplicas(0);
    workers.setMaxReplicas(2);
    workers.setRayStartParams(Map.of());
    workers.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-worker")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    spec.setWorkerGroupSpecs(new ArrayList<>(List.of(workers)));
    return spec;
  }

  /** A RayJob {@code name} in {@link #NS} with its own cluster, entrypoint {@code echo hello}, the given mode. */
  public static RayJob rayJob(String name, JobSubmissionMode mode) {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).withLabels(Map.of("team", "ml"))
        .build());
    RayJobSpec spec = new RayJobSpec();
    spec.setEntrypoint("echo hello");
    spec.setSubmissionMode(mode);
    spec.setRayClusterSpec(clusterSpec());
    job.setSpec(spec);
    return job;
  }

  /** A RayCluster {@code name} in {@link #NS} with {@link #clusterSpec()} and no status. */
  public static RayCluster cluster(String name) {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
    cluster.setSpec(clusterSpec());
    return cluster;
  }

  /** Writes {@code status.state: ready} on a RayCluster, as a RayCluster controller would. */
  public static RayCluster markReady(KubernetesClient client, String clusterName) {
    RayCluster cluster = client.resources(RayCluster.class).inNamespace(NS).withName(clusterName).require();
    RayClusterStatus status = new RayClusterStatus();
    status.setState(ClusterState.READY);
    cluster.setStatus(status);
    return client.resource(cluster).updateStatus();
  }
}
