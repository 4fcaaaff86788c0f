package dev.raykube.model.job;

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
 * A Ray job on Kubernetes ({@code ray.io/v1} RayJob): an entrypoint submitted to a RayCluster that the RayJob creates
 * ({@code rayClusterSpec}) or selects ({@code clusterSelector}). Namespaced, with a status subresource; short name
 * {@code rjob}, categories {@code all} and {@code ray}.
 */
@JsonDeserialize(using = RayJob.Reader.class)
@Group(RayApi.GROUP)
@Version(RayApi.VERSION)
@ShortNames("rjob")
@Categories({"all", "ray"})
@AdditionalPrinterColumn(name = "Job Status", type = Type.STRING, jsonPath = ".status.jobStatus")
@AdditionalPrinterColumn(name = "Deployment Status", type = Type.STRING, jsonPath = ".status.jobDeploymentStatus")
@AdditionalPrinterColumn(name = "Ray Cluster", type = Type.STRING, jsonPath = ".status.rayClusterName")
@AdditionalPrinterColumn(name = "Start Time", type = Type.STRING, jsonPath = ".status.startTime")
@AdditionalPrinterColumn(name = "End Time", type = Type.STRING, jsonPath = ".status.endTime")
@AdditionalPrinterColumn(name = "Age", type = Type.DATE, jsonPath = ".metadata.creationTimestamp")
public class RayJob extends RayResource<RayJobSpec, RayJobStatus> implements Namespaced {

  /** Creates a RayJob without metadata, spec or status. */
  public RayJob() {
  }

  /** Returns the desired state, or {@code null} when unset. */
  @Override
  @JsonPropertyDescription("Desired state of the RayJob: the Ray job to run and the RayCluster to run it on.")
  public RayJobSpec getSpec() {
    return super.getSpec();
  }

  /** Returns the observed state, or {@code null} when unset. */
  @Override
  @JsonPropertyDescription("Observed state of the RayJob, written by the operator.")
  public RayJobStatus getStatus() {
    return super.getStatus();
  }

  /** Reads a RayJob, tolerating a spec that cannot be read ({@link SpecTolerantReader}); named by the annotation. */
  public static final class Reader extends SpecTolerantReader<RayJob, RayJobSpec, RayJobStatus> {
    private static final long serialVersionUID = 1L;

    /** Called by Jackson. */
    public Reader() {
      super(RayJob.class, RayJobSpec.class, RayJobStatus.class, RayJob::new);
    }
  }
}
