package dev.raykube.operator.testing;

import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.runtime.ClusterStateGauges;
import dev.raykube.operator.runtime.ControllerDefinition;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A test controller for RayCluster that changes nothing: it records which objects it reconciled and feeds their
 * {@code status.state} into the cluster-state gauges. It lets the runtime tests start the operator framework (which
 * refuses to start without a controller) and observe reconciles, independent of the real controllers.
 */
public final class RecordingReconciler implements Reconciler<RayCluster> {

  private final ClusterStateGauges clusterStates;
  private final List<String> reconciled = new CopyOnWriteArrayList<>();

  /** Records into {@code clusterStates}. */
  public RecordingReconciler(ClusterStateGauges clusterStates) {
    this.clusterStates = clusterStates;
  }

  /** A definition named {@code name} whose reconciler is added to {@code sink} when built. */
  public static ControllerDefinition<RayCluster> definition(String name, List<RecordingReconciler> sink) {
    return ControllerDefinition.of(name, RayCluster.class, context -> {
      RecordingReconciler reconciler = new RecordingReconciler(context.clusterStates());
      sink.add(reconciler);
      return reconciler;
    });
  }

  @Override
  public UpdateControl<RayCluster> reconcile(RayCluster cluster, Context<RayCluster> context) {
    String namespace = cluster.getMetadata().getNamespace();
    String name = cluster.getMetadata().getName();
    reconciled.add(namespace + "/" + name);
    ClusterState state = cluster.getStatus() == null ? null : cluster.getStatus().getState();
    clusterStates.record(namespace, name, state);
    return UpdateControl.noUpdate();
  }

  /** {@code namespace/name} of every reconcile, in order. */
  public List<String> reconciled() {
    return List.copyOf(reconciled);
  }
}
