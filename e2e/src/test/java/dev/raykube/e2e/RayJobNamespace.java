package dev.raykube.e2e;

import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The RayJobs of one namespace of the real API server, and what they own: the manifests the RayJob end-to-end tests
 * create, and the queries they ask (status, owned RayClusters, their pods, Events). Every query reads the API server
 * afresh.
 *
 * <p>{@link #holdCluster} puts the test's own finalizer {@value #HOLD} on a RayCluster: a RayCluster with a finalizer
 * outlives its owner's deletion (the garbage collector marks it, the RayCluster controller leaves marked clusters
 * alone, and the pods stay until it is really removed), so the test can still ask the head whether Ray stopped the job
 * after the RayJob itself is gone. {@link #releaseCluster} removes it again.
 */
final class RayJobNamespace {

  /** The test's finalizer that keeps a RayCluster (and so its pods and its Ray head) for inspection. */
  static final String HOLD = "e2e.raykube.dev/keep-for-inspection";

  /** The Ray release of the venv that runs the heads ({@code local/provision}). */
  static final String RAY_VERSION = "2.60.0";

  private final KubernetesClient client;
  private final String namespace;

  RayJobNamespace(KubernetesClient client, String namespace) {
    this.client = client;
    this.namespace = namespace;
  }

  String name() {
    return namespace;
  }

  /**
   * An HTTPMode RayJob with its own head-only RayCluster (the node simulator runs the head as a local
   * {@code ray start --head}).
   */
  RayJob httpModeJob(String name, String entrypoint) {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(namespace).build());
    RayJobSpec spec = new RayJobSpec();
    spec.setEntrypoint(entrypoint);
    spec.setSubmissionMode(JobSubmissionMode.HTTP_MODE);
    RayClusterSpec cluster = new RayClusterSpec();
    cluster.setRayVersion(RAY_VERSION);
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-head")
        .withImage("rayproject/ray:" + RAY_VERSION).endContainer().endSpec().build());
    cluster.setHeadGroupSpec(head);
    spec.setRayClusterSpec(cluster);
    job.setSpec(spec);
    return job;
  }

  RayJob create(RayJob job) {
    return client.resource(job).create();
  }

  RayJob get(String name) {
    return client.resources(RayJob.class).inNamespace(namespace).withName(name).get();
  }

  boolean gone(String name) {
    return get(name) == null;
  }

  /** Deletes a RayJob as {@code kubectl delete} does (background propagation); the finalizer may keep it a while. */
  void delete(String name) {
    client.resources(RayJob.class).inNamespace(namespace).withName(name).delete();
  }

  List<RayJob> all() {
    return client.resources(RayJob.class).inNamespace(namespace).list().getItems();
  }

  /** Last resort of a clean-up: removes every finalizer of every RayJob left, so they can go. */
  void stripFinalizers() {
    for (RayJob job : all()) {
      client.resources(RayJob.class).inNamespace(namespace).withName(job.getMetadata().getName())
          .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"metadata\":{\"finalizers\":null}}");
    }
  }

  JobDeploymentStatus deploymentStatus(String name) {
    RayJob job = get(name);
    return job == null || job.getStatus() == null ? null : job.getStatus().getJobDeploymentStatus();
  }

  JobStatus jobStatus(String name) {
    RayJob job = get(name);
    return job == null || job.getStatus() == null ? null : job.getStatus().getJobStatus();
  }

  /** One line on a RayJob's state for wait failures: statuses, reason, message, finalizers, deletion mark. */
  String describe(String name) {
    RayJob job = get(name);
    if (job == null) {
      return name + ": gone";
    }
    StringBuilder line = new StringBuilder(name).append(": finalizers=").append(job.getMetadata().getFinalizers());
    if (job.getMetadata().getDeletionTimestamp() != null) {
      line.append(" deletionTimestamp=").append(job.getMetadata().getDeletionTimestamp());
    }
    if (job.getStatus() != null) {
      line.append(" jobDeploymentStatus=").append(job.getStatus().getJobDeploymentStatusValue())
          .append(" jobStatus=").append(job.getStatus().getJobStatusValue())
          .append(" reason=").append(job.getStatus().getReasonValue())
          .append(" message=").append(job.getStatus().getMessage());
    }
    return line.toString();
  }

  RayCluster cluster(String name) {
    return client.resources(RayCluster.class).inNamespace(namespace).withName(name).get();
  }

  List<RayCluster> clusters() {
    return client.resources(RayCluster.class).inNamespace(namespace).list().getItems();
  }

  void deleteAllClusters() {
    client.resources(RayCluster.class).inNamespace(namespace).delete();
  }

  /** The pods of a RayCluster (label {@code ray.io/cluster}). */
  List<Pod> pods(String cluster) {
    return client.pods().inNamespace(namespace).withLabel("ray.io/cluster", cluster).list().getItems();
  }

  List<Pod> allPods() {
    return client.pods().inNamespace(namespace).list().getItems();
  }

  List<Event> events(String involvedObject) {
    return client.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> involvedObject.equals(e.getInvolvedObject().getName())).toList();
  }

  List<String> eventReasons(String involvedObject) {
    return events(involvedObject).stream().map(Event::getReason).toList();
  }

  /** Adds {@link #HOLD} to a RayCluster's finalizers, keeping the others. */
  void holdCluster(String cluster) {
    editFinalizers(cluster, true);
  }

  /** Removes {@link #HOLD} from a RayCluster, if it still exists and holds it. */
  void releaseCluster(String cluster) {
    editFinalizers(cluster, false);
  }

  /** Removes {@link #HOLD} from every RayCluster of the namespace. */
  void releaseAllClusters() {
    for (RayCluster cluster : clusters()) {
      releaseCluster(cluster.getMetadata().getName());
    }
  }

  private void editFinalizers(String name, boolean hold) {
    for (int attempt = 1; ; attempt++) {
      RayCluster current = cluster(name);
      if (current == null) {
        if (hold) {
          throw new IllegalStateException("RayCluster " + namespace + "/" + name + " does not exist");
        }
        return;
      }
      List<String> finalizers = new ArrayList<>(current.getMetadata().getFinalizers());
      if (finalizers.contains(HOLD) == hold) {
        return;
      }
      if (hold) {
        finalizers.add(HOLD);
      } else {
        finalizers.remove(HOLD);
      }
      try {
        patchFinalizers(current, finalizers);
        return;
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409 || attempt >= 10) {
          throw e;
        }
      }
    }
  }

  private void patchFinalizers(RayCluster cluster, List<String> finalizers) {
    // The resourceVersion makes the merge patch a compare-and-swap on the list: a concurrent change fails (409)
    // instead of being lost; the callers read again and retry.
    String body = "{\"metadata\":{\"resourceVersion\":\"" + cluster.getMetadata().getResourceVersion()
        + "\",\"finalizers\":[" + String.join(",", finalizers.stream().map(f -> "\"" + f + "\"").toList())
        + "]}}";
    client.resources(RayCluster.class).inNamespace(namespace).withName(cluster.getMetadata().getName())
        .patch(PatchContext.of(PatchType.JSON_MERGE), body);
  }
}
