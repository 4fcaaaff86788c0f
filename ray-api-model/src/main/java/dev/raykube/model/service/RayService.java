package dev.raykube.model.service;

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
 * Ray Serve applications on Kubernetes ({@code ray.io/v1} RayService): a RayCluster that serves {@code serveConfigV2}
 * behind stable Services, with zero-downtime upgrades. Namespaced, with a status subresource; short name
 * {@code rsvc}, categories {@code all} and {@code ray}.
 */
@JsonDeserialize(using = RayService.Reader.class)
@Group(RayApi.GROUP)
@Version(RayApi.VERSION)
@ShortNames("rsvc")
@Categories({"all", "ray"})
@AdditionalPrinterColumn(name = "Service Status", type = Type.STRING, jsonPath = ".status.serviceStatus")
@AdditionalPrinterColumn(name = "Ready", type = Type.STRING,
    jsonPath = ".status.conditions[?(@.type==\"Ready\")].status")
@AdditionalPrinterColumn(name = "Active Cluster", type = Type.STRING,
    jsonPath = ".status.activeServiceStatus.rayClusterName")
@AdditionalPrinterColumn(name = "Pending Cluster", type = Type.STRING,
    jsonPath = ".status.pendingServiceStatus.rayClusterName")
@AdditionalPrinterColumn(name = "Serve Endpoints", type = Type.INTEGER, jsonPath = ".status.numServeEndpoints")
@AdditionalPrinterColumn(name = "Age", type = Type.DATE, jsonPath = ".metadata.creationTimestamp")
public class RayService extends RayResource<RayServiceSpec, RayServiceStatus> implements Namespaced {

  /** Creates a RayService without metadata, spec or status. */
  public RayService() {
  }

  /** Returns the desired state, or {@code null} when unset. */
  @Override
  @JsonPropertyDescription("Desired state of the RayService: the Serve applications and the RayCluster that serves "
      + "them.")
  public RayServiceSpec getSpec() {
    return super.getSpec();
  }

  /** Returns the observed state, or {@code null} when unset. */
  @Override
  @JsonPropertyDescription("Observed state of the RayService, written by the operator.")
  public RayServiceStatus getStatus() {
    return super.getStatus();
  }

  /** Reads a RayService, tolerating a spec that cannot be read ({@link SpecTolerantReader}); named by the annotation. */
  public static final class Reader extends SpecTolerantReader<RayService, RayServiceSpec, RayServiceStatus> {
    private static final long serialVersionUID = 1L;

    /** Called by Jackson. */
    public Reader() {
      super(RayService.class, RayServiceSpec.class, RayServiceStatus.class, RayService::new);
    }
  }
}
