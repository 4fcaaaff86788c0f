package dev.raykube.model.cronjob;

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
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * Ray jobs on a schedule ({@code ray.io/v1} RayCronJob): at every time its cron schedule names, a new RayJob is
 * created from {@code spec.jobTemplate}, owned by the RayCronJob. Namespaced, with a status subresource; categories
 * {@code all} and {@code ray}; no short name (KubeRay defines none).
 */
@JsonDeserialize(using = RayCronJob.Reader.class)
@Group(RayApi.GROUP)
@Version(RayApi.VERSION)
@Categories({"all", "ray"})
@AdditionalPrinterColumn(name = "Schedule", type = Type.STRING, jsonPath = ".spec.schedule")
@AdditionalPrinterColumn(name = "Timezone", type = Type.STRING, jsonPath = ".spec.timeZone")
@AdditionalPrinterColumn(name = "Last Schedule", type = Type.DATE, jsonPath = ".status.lastScheduleTime")
@AdditionalPrinterColumn(name = "Age", type = Type.DATE, jsonPath = ".metadata.creationTimestamp")
@AdditionalPrinterColumn(name = "Suspend", type = Type.BOOLEAN, jsonPath = ".spec.suspend")
public class RayCronJob extends RayResource<RayCronJobSpec, RayCronJobStatus> implements Namespaced {

  /** Creates a RayCronJob without metadata, spec or status. */
  public RayCronJob() {
  }

  /** Returns the desired state, or {@code null} when unset. */
  @Override
  @JsonPropertyDescription("Desired state of the RayCronJob: when to create a RayJob, and from which template.")
  public RayCronJobSpec getSpec() {
    return super.getSpec();
  }

  /** Returns the observed state, or {@code null} when unset. */
  @Override
  @JsonPropertyDescription("Observed state of the RayCronJob, written by the operator.")
  public RayCronJobStatus getStatus() {
    return super.getStatus();
  }

  /** Reads a RayCronJob, tolerating a spec that cannot be read ({@link SpecTolerantReader}); named by the annotation. */
  public static final class Reader extends SpecTolerantReader<RayCronJob, RayCronJobSpec, RayCronJobStatus> {
    private static final long serialVersionUID = 1L;

    /** Called by Jackson. */
    public Reader() {
      super(RayCronJob.class, RayCronJobSpec.class, RayCronJobStatus.class, RayCronJob::new);
    }
  }
}
