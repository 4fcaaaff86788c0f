package dev.raykube.service.decide;

/**
 * How far Serve on one cluster has come with the RayService's serve config, as {@link ServeStep} judges it.
 *
 * @param stage the stage
 * @param failure Serve's message when {@link Stage#FAILED}, else {@code null}
 */
record ServeProgress(Stage stage, String failure) {

  /** The stages. */
  enum Stage {
    /** The head Pod is not ready (or the cluster is not observed yet); the dashboard was not asked. */
    WAITING_FOR_HEAD,
    /** The dashboard did not answer. */
    DASHBOARD_UNREACHABLE,
    /** The config is being sent or its applications are starting. */
    DEPLOYING,
    /** The current config is deployed, and it has applications, all RUNNING. */
    RUNNING,
    /** Serve rejected the current config, or an application of it failed to deploy. */
    FAILED
  }

  static ServeProgress of(Stage stage) {
    return new ServeProgress(stage, null);
  }

  static ServeProgress failed(String message) {
    return new ServeProgress(Stage.FAILED, message);
  }

  boolean running() {
    return stage == Stage.RUNNING;
  }
}
