package dev.raykube.sandbox;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarSource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The environment a kubelet would give a container, as far as the simulator models it: literal values (with
 * {@code $(VAR)} references to earlier variables expanded), {@code fieldRef} to the Pod's name, namespace, uid, labels
 * and annotations, {@code status.podIP}/{@code status.hostIP} (127.0.0.1), and {@code secretKeyRef} /
 * {@code configMapKeyRef} read from the API. {@code resourceFieldRef} and {@code envFrom} are not modelled (logged
 * and skipped); a missing optional key is skipped, a missing required one is an error, as for kubelet.
 */
final class PodEnv {

  private static final Logger log = LoggerFactory.getLogger(PodEnv.class);
  private static final Pattern LABEL_REF = Pattern.compile("metadata\\.(labels|annotations)\\['(.+)'\\]");
  private static final Pattern VAR_REF = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_.-]*)\\)");

  private PodEnv() {
  }

  /** The container's resolved environment, in declaration order. */
  static Map<String, String> of(KubernetesClient client, Pod pod, Container container) {
    Map<String, String> env = new LinkedHashMap<>();
    if (container.getEnv() == null) {
      return env;
    }
    for (EnvVar var : container.getEnv()) {
      String value = var.getValueFrom() == null ? expand(var.getValue(), env)
          : resolve(client, pod, var.getName(), var.getValueFrom());
      if (value != null) {
        env.put(var.getName(), value);
      }
    }
    return env;
  }

  private static String expand(String value, Map<String, String> earlier) {
    if (value == null) {
      return "";
    }
    Matcher matcher = VAR_REF.matcher(value);
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      String replacement = earlier.getOrDefault(matcher.group(1), matcher.group());
      matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    matcher.appendTail(out);
    return out.toString();
  }

  private static String resolve(KubernetesClient client, Pod pod, String name, EnvVarSource source) {
    String namespace = pod.getMetadata().getNamespace();
    if (source.getFieldRef() != null) {
      return field(pod, source.getFieldRef().getFieldPath());
    }
    if (source.getSecretKeyRef() != null) {
      var ref = source.getSecretKeyRef();
      Secret secret = client.secrets().inNamespace(namespace).withName(ref.getName()).get();
      String encoded = secret == null || secret.getData() == null ? null : secret.getData().get(ref.getKey());
      if (encoded == null && secret != null && secret.getStringData() != null) {
        return secret.getStringData().get(ref.getKey());
      }
      if (encoded == null) {
        return missing(name, "Secret " + ref.getName() + " key " + ref.getKey(), ref.getOptional());
      }
      return new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
    }
    if (source.getConfigMapKeyRef() != null) {
      var ref = source.getConfigMapKeyRef();
      ConfigMap map = client.configMaps().inNamespace(namespace).withName(ref.getName()).get();
      String value = map == null || map.getData() == null ? null : map.getData().get(ref.getKey());
      return value != null ? value
          : missing(name, "ConfigMap " + ref.getName() + " key " + ref.getKey(), ref.getOptional());
    }
    log.info("{}/{}: env {} uses a source the node simulator does not model ({}); left unset", namespace,
        pod.getMetadata().getName(), name, source);
    return null;
  }

  private static String missing(String name, String what, Boolean optional) {
    if (Boolean.TRUE.equals(optional)) {
      return null;
    }
    throw new IllegalStateException("env " + name + " needs " + what + ", which does not exist");
  }

  private static String field(Pod pod, String path) {
    var meta = pod.getMetadata();
    switch (path) {
      case "metadata.name":
        return meta.getName();
      case "metadata.namespace":
        return meta.getNamespace();
      case "metadata.uid":
        return meta.getUid();
      case "status.podIP":
      case "status.hostIP":
        return "127.0.0.1";
      case "spec.nodeName":
        return pod.getSpec().getNodeName();
      case "spec.serviceAccountName":
        return pod.getSpec().getServiceAccountName();
      default:
        break;
    }
    Matcher matcher = LABEL_REF.matcher(path);
    if (matcher.matches()) {
      Map<String, String> values = matcher.group(1).equals("labels") ? meta.getLabels() : meta.getAnnotations();
      return values == null ? "" : values.getOrDefault(matcher.group(2), "");
    }
    log.info("{}/{}: fieldRef {} is not modelled; left unset", meta.getNamespace(), meta.getName(), path);
    return null;
  }
}
