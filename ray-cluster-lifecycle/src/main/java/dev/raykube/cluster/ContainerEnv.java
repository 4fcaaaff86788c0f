package dev.raykube.cluster;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import java.util.ArrayList;
import java.util.List;

/**
 * Edits of a container's environment, in the two ways the builders need: a default the user may override
 * ({@link #setIfAbsent}) and a value the operator owns ({@link #set}). Works on the builders' own copies only.
 */
final class ContainerEnv {

  private ContainerEnv() {
  }

  static boolean has(Container container, String name) {
    return container.getEnv() != null && container.getEnv().stream().anyMatch(e -> name.equals(e.getName()));
  }

  /** Appends the variable unless the container already defines that name (the user's value wins). */
  static void setIfAbsent(Container container, EnvVar env) {
    if (!has(container, env.getName())) {
      mutableEnv(container).add(env);
    }
  }

  static void setIfAbsent(Container container, String name, String value) {
    setIfAbsent(container, new EnvVarBuilder().withName(name).withValue(value).build());
  }

  /** Removes any definition of the name and appends the operator's value (the operator's value wins). */
  static void set(Container container, EnvVar env) {
    List<EnvVar> list = mutableEnv(container);
    list.removeIf(e -> env.getName().equals(e.getName()));
    list.add(env);
  }

  static void set(Container container, String name, String value) {
    set(container, new EnvVarBuilder().withName(name).withValue(value).build());
  }

  static EnvVar fieldRef(String name, String fieldPath) {
    return new EnvVarBuilder().withName(name).withNewValueFrom().withNewFieldRef()
        .withFieldPath(fieldPath).endFieldRef().endValueFrom().build();
  }

  private static List<EnvVar> mutableEnv(Container container) {
    List<EnvVar> list = container.getEnv() == null ? new ArrayList<>() : new ArrayList<>(container.getEnv());
    container.setEnv(list);
    return list;
  }
}
