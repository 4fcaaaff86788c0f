package dev.raykube.cluster;

import dev.raykube.model.cluster.RayClusterConditionType;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import java.util.ArrayList;
import java.util.List;

/**
 * A metav1-style condition list: setting a condition keeps its {@code lastTransitionTime} unless its status changes,
 * and conditions keep their order (new ones are appended).
 */
final class StatusConditions {

  private final List<Condition> conditions;
  private final String now;
  private final Long generation;

  StatusConditions(List<Condition> previous, String now, Long generation) {
    this.conditions = new ArrayList<>();
    if (previous != null) {
      previous.forEach(c -> conditions.add(new ConditionBuilder(c).build()));
    }
    this.now = now;
    this.generation = generation;
  }

  Condition get(RayClusterConditionType type) {
    return conditions.stream().filter(c -> type.value().equals(c.getType())).findFirst().orElse(null);
  }

  boolean isTrue(RayClusterConditionType type) {
    Condition condition = get(type);
    return condition != null && "True".equals(condition.getStatus());
  }

  void set(RayClusterConditionType type, boolean status, String reason, String message) {
    String value = status ? "True" : "False";
    Condition existing = get(type);
    String transition = existing != null && value.equals(existing.getStatus()) && existing.getLastTransitionTime() != null
        ? existing.getLastTransitionTime() : now;
    Condition updated = new ConditionBuilder()
        .withType(type.value())
        .withStatus(value)
        .withReason(reason)
        .withMessage(message)
        .withLastTransitionTime(transition)
        .withObservedGeneration(generation)
        .build();
    if (existing == null) {
      conditions.add(updated);
    } else {
      conditions.set(conditions.indexOf(existing), updated);
    }
  }

  void remove(RayClusterConditionType type) {
    conditions.removeIf(c -> type.value().equals(c.getType()));
  }

  List<Condition> list() {
    return conditions.isEmpty() ? null : List.copyOf(conditions);
  }
}
