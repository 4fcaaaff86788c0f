package dev.raykube.service.decide;

import dev.raykube.model.service.RayServiceStatus;
import dev.raykube.reconcile.EventType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The answer of {@link RayServiceStateMachine}: the status the RayService should have, what to do, in order, and when
 * to decide again.
 *
 * <p>The caller writes {@link #status()} through the status subresource when {@link #statusChanged} says it differs
 * from the stored one, then performs {@link #actions()} in order. Write the status first: a decision never asks to
 * create a cluster whose name is not in the decided status ({@code activeServiceStatus} or
 * {@code pendingServiceStatus}), so writing first keeps names stable if the process dies between the two.
 *
 * @param status the next status: a new object, never the input's; the caller may keep and change it
 * @param actions what to do, in order; unmodifiable
 * @param requeueAfter decide again after this delay at the latest even if nothing watched changes; empty: only a
 *     change of the RayService or of something it watches calls for a new decision
 */
public record RayServiceDecision(RayServiceStatus status, List<RayServiceAction> actions,
    Optional<Duration> requeueAfter) {

  /** Checks and copies. */
  public RayServiceDecision {
    Objects.requireNonNull(status, "status");
    actions = List.copyOf(actions);
    Objects.requireNonNull(requeueAfter, "requeueAfter");
    requeueAfter.ifPresent(d -> {
      if (d.isNegative()) {
        throw new IllegalArgumentException("requeueAfter must not be negative: " + d);
      }
    });
  }

  /**
   * Whether the decided status differs from a stored one.
   *
   * @param stored the RayService's current status, or {@code null}
   * @return {@code true} if the status must be written
   */
  public boolean statusChanged(RayServiceStatus stored) {
    return !status.equals(stored);
  }

  /**
   * The actions of one kind, in order.
   *
   * @param kind the action type, e.g. {@code RayServiceAction.DeleteCluster.class}
   * @param <A> the action type
   * @return the matching actions; empty if none
   */
  public <A extends RayServiceAction> List<A> actionsOf(Class<A> kind) {
    List<A> matching = new ArrayList<>();
    for (RayServiceAction action : actions) {
      if (kind.isInstance(action)) {
        matching.add(kind.cast(action));
      }
    }
    return List.copyOf(matching);
  }

  /** The Warning Events the decision asks for: each a failure or rejected input a user must see. */
  public List<RayServiceAction.EmitEvent> warnings() {
    return actionsOf(RayServiceAction.EmitEvent.class).stream().filter(e -> e.type() == EventType.WARNING).toList();
  }
}
