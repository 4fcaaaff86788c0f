package dev.raykube.sandbox;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.KeyToPath;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ConfigMap and Secret volumes a container mounts, materialised as kubelet would, but under the Pod's temp dir
 * instead of at the mount path: each key (or each {@code items} entry, at its {@code path}) becomes a file under
 * {@code <pod dir>/volumes/<volume name>/}, read once when the Pod starts. As the container's processes run on this
 * machine, not in the image, the mount path does not exist for them; so {@link #localPath(String)} rewrites any
 * value that starts with a mount path (e.g. {@code PYTHONPATH=/home/ray/serve-apps}) to the local directory. Other
 * volume kinds (emptyDir, PVC, projected, ...), {@code subPath}, {@code defaultMode} and later updates are not
 * modelled; a missing ConfigMap or Secret is an error unless the volume is optional, as for kubelet.
 */
final class PodVolumes {

  private static final Logger log = LoggerFactory.getLogger(PodVolumes.class);

  private final Map<String, Path> byMountPath;

  private PodVolumes(Map<String, Path> byMountPath) {
    this.byMountPath = byMountPath;
  }

  /** Writes the ConfigMap and Secret volumes {@code container} mounts under {@code podDir/volumes}. */
  static PodVolumes materialise(KubernetesClient client, Pod pod, Container container, Path podDir) {
    Map<String, Path> mounts = new LinkedHashMap<>();
    List<VolumeMount> volumeMounts = container.getVolumeMounts() == null ? List.of() : container.getVolumeMounts();
    List<Volume> volumes = pod.getSpec().getVolumes() == null ? List.of() : pod.getSpec().getVolumes();
    for (VolumeMount mount : volumeMounts) {
      Volume volume = volumes.stream().filter(v -> v.getName().equals(mount.getName())).findFirst().orElse(null);
      Source source = volume == null ? null : source(client, pod, volume);
      if (source == null) {
        continue;
      }
      Path dir = podDir.resolve("volumes").resolve(volume.getName());
      try {
        Files.createDirectories(dir);
        if (source.items() == null || source.items().isEmpty()) {
          for (var entry : source.data().entrySet()) {
            Files.write(dir.resolve(entry.getKey()), entry.getValue());
          }
        } else {
          for (KeyToPath item : source.items()) {
            Path file = dir.resolve(item.getPath());
            Files.createDirectories(file.getParent());
            Files.write(file, source.data().getOrDefault(item.getKey(), new byte[0]));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write volume " + volume.getName() + " to " + dir, e);
      }
      mounts.put(trimmed(mount.getMountPath()), dir);
      log.info("{}/{}: {} (volume {}, mounted at {}) written to {}", pod.getMetadata().getNamespace(),
          pod.getMetadata().getName(), source.what(), volume.getName(), mount.getMountPath(), dir);
    }
    return new PodVolumes(mounts);
  }

  /** What a ConfigMap or Secret volume holds: its keys' bytes, the items to project, and a name for logs. */
  private record Source(String what, Map<String, byte[]> data, List<KeyToPath> items) {
  }

  /** The volume's ConfigMap or Secret, or null for another kind or a missing optional one. */
  private static Source source(KubernetesClient client, Pod pod, Volume volume) {
    String namespace = pod.getMetadata().getNamespace();
    if (volume.getConfigMap() != null) {
      var ref = volume.getConfigMap();
      ConfigMap map = client.configMaps().inNamespace(namespace).withName(ref.getName()).get();
      if (map == null) {
        return missing(volume, "ConfigMap " + ref.getName(), ref.getOptional());
      }
      Map<String, byte[]> data = new LinkedHashMap<>();
      if (map.getData() != null) {
        map.getData().forEach((key, value) -> data.put(key, value.getBytes(StandardCharsets.UTF_8)));
      }
      if (map.getBinaryData() != null) {
        map.getBinaryData().forEach((key, value) -> data.put(key, Base64.getDecoder().decode(value)));
      }
      return new Source("ConfigMap " + ref.getName(), data, ref.getItems());
    }
    if (volume.getSecret() != null) {
      var ref = volume.getSecret();
      Secret secret = client.secrets().inNamespace(namespace).withName(ref.getSecretName()).get();
      if (secret == null) {
        return missing(volume, "Secret " + ref.getSecretName(), ref.getOptional());
      }
      Map<String, byte[]> data = new LinkedHashMap<>();
      if (secret.getData() != null) {
        secret.getData().forEach((key, value) -> data.put(key, Base64.getDecoder().decode(value)));
      }
      if (secret.getStringData() != null) {
        secret.getStringData().forEach((key, value) -> data.put(key, value.getBytes(StandardCharsets.UTF_8)));
      }
      return new Source("Secret " + ref.getSecretName(), data, ref.getItems());
    }
    return null;
  }

  private static Source missing(Volume volume, String what, Boolean optional) {
    if (Boolean.TRUE.equals(optional)) {
      return null;
    }
    throw new IllegalStateException("volume " + volume.getName() + " needs " + what + ", which does not exist");
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
