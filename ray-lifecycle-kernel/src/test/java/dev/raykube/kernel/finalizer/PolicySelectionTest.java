package dev.raykube.kernel.finalizer;

import static dev.raykube.kernel.finalizer.FinalizerPolicy.BEST_EFFORT;
import static dev.raykube.kernel.finalizer.FinalizerPolicy.UNTIL_CONFIRMED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PolicySelectionTest {

  @ParameterizedTest(name = "annotation ''{0}'' with default {1} → {2} (from annotation: {3}, invalid: {4})")
  @CsvSource(delimiter = '|', value = {
      "best-effort       | UNTIL_CONFIRMED | BEST_EFFORT     | true  | false",
      "until-confirmed   | BEST_EFFORT     | UNTIL_CONFIRMED | true  | false",
      "' Until-Confirmed '| BEST_EFFORT    | UNTIL_CONFIRMED | true  | false",
      "BEST-EFFORT       | UNTIL_CONFIRMED | BEST_EFFORT     | true  | false",
      "forever           | BEST_EFFORT     | BEST_EFFORT     | false | true",
      "until_confirmed   | BEST_EFFORT     | BEST_EFFORT     | false | true",
      "UNTIL_CONFIRMED   | BEST_EFFORT     | BEST_EFFORT     | false | true",
      "''                | UNTIL_CONFIRMED | UNTIL_CONFIRMED | false | true",
  })
  void annotationChoosesThePolicyAndInvalidValuesFallBack(String value, FinalizerPolicy operatorDefault,
      FinalizerPolicy expected, boolean fromAnnotation, boolean invalid) {
    PolicySelection s = FinalizerPolicy.select(annotated(new RayJob(), value), operatorDefault);

    assertThat(s.policy()).isEqualTo(expected);
    assertThat(s.fromAnnotation()).isEqualTo(fromAnnotation);
    assertThat(s.annotationInvalid()).isEqualTo(invalid);
    if (invalid) {
      assertThat(s.invalidAnnotationValue()).isEqualTo(value);
      assertThat(s.invalidAnnotationMessage()).contains(FinalizerPolicy.ANNOTATION, "'" + value + "'",
          "best-effort or until-confirmed", "operator default " + operatorDefault.annotationValue());
    } else {
      assertThat(s.invalidAnnotationMessage()).isNull();
    }
  }

  @Test
  void noAnnotationMeansTheOperatorDefault() {
    RayService bare = new RayService();
    bare.setMetadata(new ObjectMetaBuilder().withName("svc").build());
    RayJob noMetadata = new RayJob();

    assertThat(FinalizerPolicy.select(bare, UNTIL_CONFIRMED)).isEqualTo(new PolicySelection(UNTIL_CONFIRMED, false,
        null));
    assertThat(FinalizerPolicy.select(noMetadata, BEST_EFFORT)).isEqualTo(new PolicySelection(BEST_EFFORT, false,
        null));
  }

  @Test
  void aLongInvalidValueIsShortenedInTheMessage() {
    String value = "x".repeat(500);
    PolicySelection s = FinalizerPolicy.select(annotated(new RayJob(), value), BEST_EFFORT);

    assertThat(s.invalidAnnotationValue()).hasSize(500);
    assertThat(s.invalidAnnotationMessage()).hasSizeLessThan(250).contains("x".repeat(64) + "…");
  }

  @Test
  void annotationValuesRoundTrip() {
    for (FinalizerPolicy p : FinalizerPolicy.values()) {
      assertThat(FinalizerPolicy.fromAnnotationValue(p.annotationValue())).contains(p);
    }
    assertThat(FinalizerPolicy.fromAnnotationValue(null)).isEmpty();
  }

  private static <T extends HasMetadata> T annotated(T resource, String value) {
    resource.setMetadata(new ObjectMetaBuilder().withName("x").withAnnotations(Map.of(FinalizerPolicy.ANNOTATION,
        value)).build());
    return resource;
  }
}
