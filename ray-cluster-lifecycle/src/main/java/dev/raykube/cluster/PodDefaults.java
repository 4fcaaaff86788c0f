package dev.raykube.cluster;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * What an operator adds to every Ray Pod it builds, whatever the cluster's templates say: KubeRay's operator-wide
 * {@code defaultPodLabels}, {@code defaultPodAnnotations}, {@code headSidecarContainers} and
 * {@code workerSidecarContainers}. A default label or annotation is added only where the Pod does not have the key
 * already, so the user's template, the group's {@code labels} and the operator's own {@code ray.io/*} labels win;
 * sidecars are appended after the Pod's own containers (head sidecars after the autoscaler). Applied to the head and
 * worker Pods of every RayCluster (also those of RayJobs and RayServices) and to the Redis clean-up Job's Pod, which is
 * built from the head Pod; not to RayJob submitter Pods or to any other object. Immutable and pure.
 *
 * @param labels labels for every Ray Pod, where absent
 * @param annotations annotations for every Ray Pod, where absent
 * @param headSidecars containers appended to every head Pod
 * @param workerSidecars containers appended to every worker Pod
 */
public record PodDefaults(
    Map<String, String> labels,
    Map<String, String> annotations,
    List<Container> headSidecars,
    List<Container> workerSidecars) {

  private static final PodDefaults NONE = new PodDefaults(Map.of(), Map.of(), List.of(), List.of());

  /**
   * Checks and copies the values.
   *
   * @throws IllegalArgumentException if a key or value is null, or a sidecar has no name or shares its name with
   *     another sidecar of the same kind of Pod
   */
  public PodDefaults {
    labels = copy(labels, "labels");
    annotations = copy(annotations, "annotations");
    headSidecars = copy(headSidecars, "headSidecars");
    workerSidecars = copy(workerSidecars, "workerSidecars");
  }

  /** Nothing added. */
  public static PodDefaults none() {
    return NONE;
  }

  /** Whether these defaults add nothing. */
  public boolean isEmpty() {
    return labels.isEmpty() && annotations.isEmpty() && headSidecars.isEmpty() && workerSidecars.isEmpty();
  }

  /**
   * Adds the defaults to a Pod being built: the labels and annotations whose keys {@code meta} lacks, and the sidecars
   * of {@code type} at the end of {@code spec}'s containers.
   *
   * @param type whether the Pod is a head or a worker
   * @param meta the Pod's metadata; its label and annotation maps are replaced by sorted copies
   * @param spec the Pod's spec; its container list is replaced by a longer copy
   */
  public void applyTo(RayNodeType type, ObjectMeta meta, PodSpec spec) {
    Objects.requireNonNull(type, "type");
    if (!labels.isEmpty()) {
      meta.setLabels(withDefaults(meta.getLabels(), labels));
    }
    if (!annotations.isEmpty()) {
      meta.setAnnotations(withDefaults(meta.getAnnotations(), annotations));
    }
    List<Container> sidecars = type == RayNodeType.HEAD ? headSidecars : workerSidecars;
    if (!sidecars.isEmpty()) {
      List<Container> containers = new ArrayList<>(spec.getContainers());
      sidecars.forEach(sidecar -> containers.add(new ContainerBuilder(sidecar).build()));
      spec.setContainers(containers);
    }
  }

  /** Returns fresh copies of the head sidecars (callers may modify them). */
  @Override
  public List<Container> headSidecars() {
    return headSidecars.stream().map(c -> new ContainerBuilder(c).build()).toList();
  }

  /** Returns fresh copies of the worker sidecars (callers may modify them). */
  @Override
  public List<Container> workerSidecars() {
    return workerSidecars.stream().map(c -> new ContainerBuilder(c).build()).toList();
  }

  private static Map<String, String> withDefaults(Map<String, String> own, Map<String, String> defaults) {
    Map<String, String> result = own == null ? new TreeMap<>() : new TreeMap<>(own);
    defaults.forEach(result::putIfAbsent);
    return result;
  }

  private static Map<String, String> copy(Map<String, String> values, String what) {
    Objects.requireNonNull(values, what);
    TreeMap<String, String> copy = new TreeMap<>();
    values.forEach((key, value) -> {
      if (key == null || key.isBlank() || value == null) {
        throw new IllegalArgumentException(what + ": every entry needs a key and a value (got " + key + "=" + value
            + ")");
      }
      copy.put(key, value);
    });
    return Collections.unmodifiableMap(copy);
  }

  private static List<Container> copy(List<Container> containers, String what) {
    Objects.requireNonNull(containers, what);
    Set<String> names = new HashSet<>();
    List<Container> copy = new ArrayList<>();
    for (Container container : containers) {
      if (container == null || container.getName() == null || container.getName().isBlank()) {
        throw new IllegalArgumentException(what + ": every container needs a name");
      }
      if (!names.add(container.getName())) {
        throw new IllegalArgumentException(what + ": two containers are named '" + container.getName() + "'");
      }
      copy.add(new ContainerBuilder(container).build());
    }
    return List.copyOf(copy);
  }
}
