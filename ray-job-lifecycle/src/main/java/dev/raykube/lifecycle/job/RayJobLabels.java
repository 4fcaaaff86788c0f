package dev.raykube.lifecycle.job;

/** Label keys the RayJob lifecycle reads and writes; the same keys KubeRay uses. */
public final class RayJobLabels {

  /** Key of {@code spec.clusterSelector} that names the existing RayCluster to run on. */
  public static final String CLUSTER_SELECTOR_KEY = "ray.io/cluster";

  /** On a RayCluster or submitter Job: the name of the custom resource that created it. */
  public static final String ORIGINATED_FROM_CR_NAME = "ray.io/originated-from-cr-name";

  /** On a RayCluster or submitter Job: the kind of the custom resource that created it. */
  public static final String ORIGINATED_FROM_CRD = "ray.io/originated-from-crd";

  /** The value of {@link #ORIGINATED_FROM_CRD} for objects created for a RayJob. */
  public static final String RAY_JOB_KIND = "RayJob";

  /** The {@code managedBy} value of KubeRay's operator, which RayKube answers to as well. */
  public static final String KUBERAY_OPERATOR = "ray.io/kuberay-operator";

  private RayJobLabels() {
  }
}
