package dev.raykube.service.decide;

import dev.raykube.dashboard.ServeApplicationDetails;
import dev.raykube.dashboard.ServeDeploymentDetails;
import dev.raykube.dashboard.ServeInstanceDetails;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.common.ModelCopies;
import dev.raykube.model.service.RayServiceClusterStatus;
import dev.raykube.model.service.ServeApplicationStatus;
import dev.raykube.model.service.ServeDeploymentStatus;
import java.util.Map;
import java.util.TreeMap;

/**
 * Serve on one cluster: whether to send the serve config (it changed since the last deployment, or the head lost its
 * applications), how far its applications are, and the statuses mirrored into {@code activeServiceStatus} /
 * {@code pendingServiceStatus}.
 */
final class ServeStep {

  private ServeStep() {
  }

  /**
   * Judges a cluster's Serve and, for the cluster that serves the config ({@code target}), asks to deploy it when
   * needed. A rejected config is never sent again until it changes; an accepted one again only to a head that lost
   * its applications.
   */
  static ServeProgress judge(ServiceDraft d, ObservedCluster cluster, ServeConfig config, boolean target) {
    if (cluster == null || !cluster.headPodReady() || cluster.serve() instanceof ServeLookup.NotQueried) {
      return ServeProgress.of(ServeProgress.Stage.WAITING_FOR_HEAD);
    }
    if (cluster.serve() instanceof ServeLookup.Failed) {
      return ServeProgress.of(ServeProgress.Stage.DASHBOARD_UNREACHABLE);
    }
    ServeInstanceDetails details = ((ServeLookup.Details) cluster.serve()).details();
    ServeDeployment last = cluster.lastDeployment();
    boolean current = last != null && last.configHash().equals(config.hash());
    if (current && last.wasRejected()) {
      return ServeProgress.failed("Serve rejected the serve config of cluster " + cluster.name() + ": "
          + last.rejection());
    }
    if (!current || details.applications().isEmpty()) {
      if (target) {
        d.act(new RayServiceAction.DeployServeConfig(cluster.name(), config.json(), config.hash()));
      }
      return ServeProgress.of(ServeProgress.Stage.DEPLOYING);
    }
    StringBuilder failures = new StringBuilder();
    boolean allRunning = true;
    for (ServeApplicationDetails app : new TreeMap<>(details.applications()).values()) {
      if (app.status() == dev.raykube.dashboard.ServeApplicationStatus.DEPLOY_FAILED) {
        failures.append(failures.length() == 0 ? "" : "; ").append("application ").append(app.name())
            .append(" failed to deploy on cluster ").append(cluster.name()).append(": ")
            .append(app.message() == null || app.message().isBlank() ? "no message" : app.message().strip());
      }
      allRunning &= app.status() == dev.raykube.dashboard.ServeApplicationStatus.RUNNING;
    }
    if (failures.length() > 0) {
      return ServeProgress.failed(failures.toString());
    }
    return ServeProgress.of(allRunning ? ServeProgress.Stage.RUNNING : ServeProgress.Stage.DEPLOYING);
  }

  /**
   * A status for a cluster: its name, a copy of its RayCluster status and its applications' statuses (kept from
   * {@code previous} when the dashboard gave none this time).
   */
  static RayServiceClusterStatus mirror(String name, ObservedCluster cluster, RayServiceClusterStatus previous) {
    RayServiceClusterStatus status = previous != null && name.equals(previous.getRayClusterName())
        ? ModelCopies.copy(previous, RayServiceClusterStatus.class) : new RayServiceClusterStatus();
    status.setRayClusterName(name);
    if (cluster != null) {
      status.setRayClusterStatus(ModelCopies.copy(cluster.cluster().getStatus(), RayClusterStatus.class));
      if (cluster.serve() instanceof ServeLookup.Details found) {
        Map<String, ServeApplicationStatus> apps = applications(found.details());
        status.setApplicationStatuses(apps.isEmpty() ? null : apps);
      }
    }
    return status;
  }

  /** The applications of a Serve instance in KubeRay's status shape, by name. */
  static Map<String, ServeApplicationStatus> applications(ServeInstanceDetails details) {
    Map<String, ServeApplicationStatus> apps = new TreeMap<>();
    details.applications().forEach((key, app) -> {
      ServeApplicationStatus status = new ServeApplicationStatus();
      status.setStatusValue(app.status() == null ? null : app.status().name());
      status.setMessage(blankToNull(app.message()));
      Map<String, ServeDeploymentStatus> deployments = new TreeMap<>();
      app.deployments().forEach((name, deployment) -> deployments.put(name, deployment(deployment)));
      status.setServeDeploymentStatuses(deployments.isEmpty() ? null : deployments);
      apps.put(app.name() != null ? app.name() : key, status);
    });
    return apps;
  }

  private static ServeDeploymentStatus deployment(ServeDeploymentDetails details) {
    ServeDeploymentStatus status = new ServeDeploymentStatus();
    status.setStatusValue(details.status() == null ? null : details.status().name());
    status.setMessage(blankToNull(details.message()));
    return status;
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text;
  }
}
