package dev.raykube.sandbox;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.KeyToPath;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ConfigMap volumes a container mounts, materialised as kubelet would, but under the Pod's temp dir instead of at
 * the mount path: each key (or each {@code items} entry, at its {@code path}) becomes a file under
 * {@code <pod dir>/volumes/<volume name>/}, read once when the Pod starts. As the container's processes run on this
 * machine, not in the image, the mount path does not exist for them; so {@link #localPath(String)} rewrites any
 * value that starts with a mount path (e.g. {@code PYTHONPATH=/home/ray/serve-apps}) to the local directory. Other
 * volume kinds (Secret, emptyDir, PVC, ...), {@code subPath}, {@code defaultMode} and later ConfigMap updates are not
 * modelled; a missing ConfigMap is an error unless the volume is optional, as for kubelet.
 */
final class PodVolumes {

  private static final Logger log = LoggerFactory.getLogger(PodVolumes.class);

  private final Map<String, Path> byMountPath;

  private PodVolumes(Map<String, Path> byMountPath) {
    this.byMountPath = byMountPath;
  }

  /** Writes the ConfigMap volumes {@code container} mounts under {@code podDir/volumes}. */
  static PodVolumes materialise(KubernetesClient client, Pod pod, Container container, Path podDir) {
    Map<String, Path> mounts = new LinkedHashMap<>();
    List<VolumeMount> volumeMounts = container.getVolumeMounts() == null ? List.of() : container.getVolumeMounts();
    List<Volume> volumes = pod.getSpec().getVolumes() == null ? List.of() : pod.getSpec().getVolumes();
    for (VolumeMount mount : volumeMounts) {
      Volume volume = volumes.stream().filter(v -> v.getName().equals(mount.getName())).findFirst().orElse(null);
      if (volume == null || volume.getConfigMap() == null) {
        continue;
      }
      var source = volume.getConfigMap();
      ConfigMap map = client.configMaps().inNamespace(pod.getMetadata().getNamespace()).withName(source.getName())
          .get();
      if (map == null) {
        if (Boolean.TRUE.equals(source.getOptional())) {
          continue;
        }
        throw new IllegalStateException("volume " + volume.getName() + " needs ConfigMap " + source.getName()
            + ", which does not exist");
      }
      Path dir = podDir.resolve("volumes").resolve(volume.getName());
      Map<String, String> data = map.getData() == null ? Map.of() : map.getData();
      try {
        Files.createDirectories(dir);
        if (source.getItems() == null || source.getItems().isEmpty()) {
          for (var entry : data.entrySet()) {
            Files.writeString(dir.resolve(entry.getKey()), entry.getValue());
          }
        } else {
          for (KeyToPath item : source.getItems()) {
            Path file = dir.resolve(item.getPath());
            Files.createDirectories(file.getParent());
            Files.writeString(file, data.getOrDefault(item.getKey(), ""));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write volume " + volume.getName() + " to " + dir, e);
      }
      mounts.put(trimmed(mount.getMountPath()), dir);
      log.info("{}/{}: ConfigMap {} (volume {}, mounted at {}) written to {}", pod.getMetadata().getNamespace(),
          pod.getMetadata().getName(), source.getName(), volume.getName(), mount.getMountPath(), dir);
    }
    return new PodVolumes(mounts);
  }

  /**
   * {@code value} with every path in it (entries of a {@code :}-separated list) that lies at or under a mount path
   * rewritten to the local directory of that volume; other entries unchanged.
   */
  String localPath(String value) {
    StringBuilder out = new StringBuilder();
    for (String entry : value.split(":", -1)) {
      if (out.length() > 0) {
        out.append(':');
      }
      out.append(local(entry));
    }
    return out.toString();
  }

  private String local(String entry) {
    for (var mount : byMountPath.entrySet()) {
      String path = mount.getKey();
      if (entry.equals(path) || entry.startsWith(path + "/")) {
        return mount.getValue() + entry.substring(path.length());
      }
    }
    return entry;
  }

  private static String trimmed(String mountPath) {
    return mountPath.length() > 1 && mountPath.endsWith("/") ? mountPath.substring(0, mountPath.length() - 1)
        : mountPath;
  }
}
