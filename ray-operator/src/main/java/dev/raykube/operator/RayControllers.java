package dev.raykube.operator;

import dev.raykube.operator.raycluster.RayClusterController;
import dev.raykube.operator.raycronjob.RayCronJobController;
import dev.raykube.operator.rayjob.RayJobController;
import dev.raykube.operator.rayservice.RayServiceController;
import dev.raykube.operator.runtime.ControllerDefinition;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The controllers the reference operator runs — the one place where a controller is added. Production
 * ({@link RayOperatorMain}) and the tests that start the whole operator (RBAC coverage, start-up benchmark) use this
 * list, so a controller added here is started, checked for its CRD, and covered by those tests without further wiring.
 *
 * <p>Add a controller with one entry in {@link #all()}: a {@link ControllerDefinition} of its own, as
 * {@link RayClusterController}, {@link RayJobController}, {@link RayServiceController} and {@link RayCronJobController} are,
 * or, for a controller that needs no configuration
 * beyond name and namespaces, {@code ControllerDefinition.of(name, resourceClass, context -> reconciler)}, where the
 * function builds the reconciler from the {@link dev.raykube.operator.runtime.ControllerContext}.
 */
public final class RayControllers {

  private RayControllers() {
  }

  /** Every controller of the operator, in registration order. */
  public static List<ControllerDefinition<?>> all() {
    return List.of(new RayClusterController(), new RayJobController(), new RayServiceController(),
        new RayCronJobController());
  }

  /** The names of {@link #all()}, in registration order: what {@code --controllers} accepts. */
  public static Set<String> names() {
    Set<String> names = new LinkedHashSet<>();
    all().forEach(controller -> names.add(controller.name()));
    return Collections.unmodifiableSet(names);
  }

  /**
   * The controllers of {@link #all()} that {@code settings} runs ({@link OperatorSettings#runs}), in registration
   * order.
   *
   * @param settings the operator's settings
   * @return the controllers to register
   */
  public static List<ControllerDefinition<?>> enabled(OperatorSettings settings) {
    return all().stream().filter(controller -> settings.runs(controller.name())).toList();
  }
}
