package dev.raykube.cluster;

/** The two kinds of Ray node a RayCluster runs: one head and any number of workers. */
public enum RayNodeType {
  /** The head node: GCS, dashboard, and (with autoscaling) the autoscaler sidecar. */
  HEAD("head"),
  /** A worker node of a worker group. */
  WORKER("worker");

  private final String label;

  RayNodeType(String label) {
    this.label = label;
  }

  /** The value of the {@code ray.io/node-type} label: {@code head} or {@code worker}. */
  public String label() {
    return label;
  }
}
