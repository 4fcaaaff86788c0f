package dev.raykube.service.decide;

import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.service.RayServiceConditionType;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A RayService's conditions, metav1 style: setting one keeps its {@code lastTransitionTime} unless its status
 * changes; conditions keep their order and new ones are appended. Not thread-safe; lives for one decision.
 */
final class ServiceConditions {

  private final List<Condition> conditions = new ArrayList<>();
  private final String now;
  private final Long generation;

  ServiceConditions(List<Condition> previous, Instant now, Long generation) {
    if (previous != null) {
      previous.stream().filter(c -> c != null).forEach(c -> conditions.add(new ConditionBuilder(c).build()));
    }
    this.now = StatusTimes.format(now);
    this.generation = generation;
  }

  Optional<Condition> get(RayServiceConditionType type) {
    return conditions.stream().filter(c -> type.value().equals(c.getType())).findFirst();
  }

  boolean isTrue(RayServiceConditionType type) {
    return get(type).map(c -> "True".equals(c.getStatus())).orElse(false);
  }

  boolean hasReason(RayServiceConditionType type, RayServiceConditionReason reason) {
    return get(type).map(c -> reason.value().equals(c.getReason())).orElse(false);
  }

  void set(RayServiceConditionType type, boolean status, RayServiceConditionReason reason, String message) {
    String value = status ? "True" : "False";
    Optional<Condition> existing = get(type);
    String transition = existing.filter(c -> value.equals(c.getStatus()) && c.getLastTransitionTime() != null)
        .map(Condition::getLastTransitionTime).orElse(now);
    Condition updated = new ConditionBuilder().withType(type.value()).withStatus(value).withReason(reason.value())
        .withMessage(message).withLastTransitionTime(transition).withObservedGeneration(generation).build();
    if (existing.isEmpty()) {
      conditions.add(updated);
    } else {
      conditions.set(conditions.indexOf(existing.get()), updated);
    }
  }

  void remove(RayServiceConditionType type) {
    conditions.removeIf(c -> type.value().equals(c.getType()));
  }

  List<Condition> list() {
    return conditions.isEmpty() ? null : List.copyOf(conditions);
  }
}
