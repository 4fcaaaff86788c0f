package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.raykube.model.RayApi;
import dev.raykube.model.common.RayResource;
import dev.raykube.model.common.SpecTolerantReader;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn.Type;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.model.annotation.Categories;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * A Ray cluster on Kubernetes ({@code ray.io/v1} RayCluster): one head Pod and groups of worker Pods. Namespaced,
 * with a status subresource; short name {@code rcl}, categories {@code all} and {@code ray}.
 */
@JsonDeserialize(using = RayCluster.Reader.class)
@Group(RayApi.GROUP)
@Version(RayApi.VERSION)
@ShortNames("rcl")
@Categories({"all", "ray"})
@AdditionalPrinterColumn(name = "Desired Workers", type = Type.INTEGER, jsonPath = ".status.desiredWorkerReplicas")
@AdditionalPrinterColumn(name = "Available Workers", type = Type.INTEGER,
    jsonPath = ".status.availableWorkerReplicas")
@AdditionalPrinterColumn(name = "CPUs", type = Type.STRING, jsonPath = ".status.desiredCPU")
@AdditionalPrinterColumn(name = "Memory", type = Type.STRING, jsonPath = ".status.desiredMemory")
@AdditionalPrinterColumn(name = "GPUs", type = Type.STRING, jsonPath = ".status.desiredGPU")
@AdditionalPrinterColumn(name = "TPUs", type = Type.STRING, jsonPath = ".status.desiredTPU", priority = 1)
@AdditionalPrinterColumn(name = "State", type = Type.STRING, jsonPath = ".status.state")
@AdditionalPrinterColumn(name = "Age", type = Type.DATE, jsonPath = ".metadata.creationTimestamp")
@AdditionalPrinterColumn(name = "Head Pod IP", type = Type.STRING, jsonPath = ".status.head.podIP", priority = 1)
@AdditionalPrinterColumn(name = "Head Service IP", type = Type.STRING, jsonPath = ".status.head.serviceIP",
    priority = 1)
public class RayCluster extends RayResource<RayClusterSpec, RayClusterStatus> implements Namespaced {

  /** Creates a RayCluster without metadata, spec or status. */
  public RayCluster() {
  }

  /** Returns the desired state, or {@code null} when unset. */
  @Override
  @JsonPropertyDescription("Desired state of the RayCluster: head group, worker groups and cluster-wide options.")
  public RayClusterSpec getSpec() {
    return super.getSpec();
  }

  /** Returns the observed state, or {@code null} when unset. */
  @Override
  @JsonPropertyDescription("Observed state of the RayCluster, written by the operator.")
  public RayClusterStatus getStatus() {
    return super.getStatus();
  }

  /** Reads a RayCluster, tolerating a spec that cannot be read ({@link SpecTolerantReader}); named by the annotation. */
  public static final class Reader extends SpecTolerantReader<RayCluster, RayClusterSpec, RayClusterStatus> {
    private static final long serialVersionUID = 1L;

    /** Called by Jackson. */
    public Reader() {
      super(RayCluster.class, RayClusterSpec.class, RayClusterStatus.class, RayCluster::new);
    }
  }
}
