package dev.raykube.model.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.job.RayJobInfo;
import dev.raykube.model.job.RayJobStatus;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ModelCopiesTest {

  @Test
  @DisplayName("a status copy is deep and equal: quantities, conditions and unknown properties included")
  void deepCopy() {
    RayClusterStatus cluster = new RayClusterStatus();
    cluster.setDesiredCPU(new Quantity("2500m"));
    cluster.setDesiredMemory(new Quantity("4Gi"));
    cluster.setConditions(List.of(new ConditionBuilder().withType("HeadPodReady").withStatus("True")
        .withLastTransitionTime("2026-03-01T10:00:00Z").withReason("HeadPodRunningAndReady").build()));
    cluster.setEndpoints(Map.of("dashboard", "8265"));
    RayJobStatus status = new RayJobStatus();
    status.setRayClusterStatus(cluster);
    status.setJobStatusValue("PAUSED");
    status.setAdditionalProperty("futureField", Map.of("a", 1));
    RayJobInfo info = new RayJobInfo();
    info.setStartTime("2026-03-01T10:00:01Z");
    info.setEndTime("2026-03-01T10:00:02Z");
    status.setRayJobInfo(info);

    RayJobStatus copy = ModelCopies.copy(status, RayJobStatus.class);
    assertThat(copy).isEqualTo(status).isNotSameAs(status);
    assertThat(copy.getRayClusterStatus()).isNotSameAs(cluster);
    assertThat(copy.getRayJobInfo()).isNotSameAs(status.getRayJobInfo());
    copy.getRayClusterStatus().setEndpoints(Map.of());
    assertThat(cluster.getEndpoints()).containsEntry("dashboard", "8265");
    assertThat(ModelCopies.copy(null, RayJobStatus.class)).isNull();
  }
}
