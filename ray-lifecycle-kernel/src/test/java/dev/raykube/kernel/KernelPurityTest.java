package dev.raykube.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.testing.PurePackage;
import org.junit.jupiter.api.Test;

/**
 * Keeps the kernel's decisions pure: {@code dev.raykube.kernel} (randomness only in {@code RandomNameSuffixes}, the
 * injected source) and {@code dev.raykube.kernel.finalizer} but {@code DeletionCleanup}, which runs an injected step
 * and logs (its decisions are {@code FinalizerPolicy}'s).
 */
class KernelPurityTest {

  @Test
  void rootPackageIsPure() {
    PurePackage kernel = PurePackage.at(PurePackage.moduleDir("ray-lifecycle-kernel"), "dev.raykube.kernel")
        .allowingRandomnessIn("RandomNameSuffixes.java");
    assertThat(kernel.files()).extracting(p -> p.getFileName().toString()).contains("ActionOutcome.java",
        "NameSuffixes.java", "Violation.java", "AdaptivePoll.java", "GoDuration.java");
    assertThat(kernel.problems()).isEmpty();
  }

  @Test
  void finalizerPolicyIsPure() {
    PurePackage finalizer = PurePackage.at(PurePackage.moduleDir("ray-lifecycle-kernel"),
        "dev.raykube.kernel.finalizer");
    assertThat(finalizer.problems()).allMatch(p -> p.startsWith("DeletionCleanup.java "));
  }
}
