package dev.raykube.job.decide;

import dev.raykube.model.job.RayJobStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The answer of {@link RayJobStateMachine}: the status the RayJob should have and what to do, in order.
 *
 * <p>The caller writes {@link #status()} through the status subresource when {@link #statusChanged} says it differs
 * from the stored one, and performs {@link #actions()} in order. Write the status first: a decision never asks to create
 * something whose name is not already in the stored status, so writing first keeps names stable if the process dies
 * between the two.
 *
 * @param status the next status: a new object, never the input's; the caller may keep and change it
 * @param actions what to do, in order; unmodifiable
 */
public record Decision(RayJobStatus status, List<RayJobAction> actions) {

  /** Checks and copies. */
  public Decision {
    Objects.requireNonNull(status, "status");
    actions = List.copyOf(actions);
  }

  /** The delay of the {@link RayJobAction.RequeueAfter} action, if the decision has one. */
  public Optional<Duration> requeueAfter() {
    for (RayJobAction action : actions) {
      if (action instanceof RayJobAction.RequeueAfter) {
        return Optional.of(((RayJobAction.RequeueAfter) action).delay());
      }
    }
    return Optional.empty();
  }

  /**
   * Whether the decided status differs from a stored one.
   *
   * @param stored the RayJob's current status, or {@code null}
   * @return {@code true} if the status must be written
   */
  public boolean statusChanged(RayJobStatus stored) {
    return !status.equals(stored);
  }

  /**
   * The actions of one kind, in order.
   *
   * @param kind the action type, e.g. {@code RayJobAction.DeleteCluster.class}
   * @param <A> the action type
   * @return the matching actions; empty if none
   */
  public <A extends RayJobAction> List<A> actionsOf(Class<A> kind) {
    List<A> matching = new ArrayList<>();
    for (RayJobAction action : actions) {
      if (kind.isInstance(action)) {
        matching.add(kind.cast(action));
      }
    }
    return List.copyOf(matching);
  }
}
