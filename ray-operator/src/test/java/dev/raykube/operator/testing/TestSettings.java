package dev.raykube.operator.testing;

import dev.raykube.operator.CommandLineOutcome;
import dev.raykube.operator.OperatorCommandLine;
import dev.raykube.operator.OperatorSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Operator settings for tests, made by the real command-line parser. */
public final class TestSettings {

  private TestSettings() {
  }

  /**
   * Settings from {@code args} plus the test defaults for options {@code args} does not set: free ports
   * ({@code 0}) and leader election off.
   */
  public static OperatorSettings of(String... args) {
    List<String> all = new ArrayList<>();
    for (String option : List.of("--health-port=0", "--metrics-port=0", "--no-leader-election")) {
      String name = option.split("=")[0].replace("--no-", "--");
      boolean overridden = Arrays.stream(args)
          .map(arg -> arg.split("=")[0].replace("--no-", "--"))
          .anyMatch(name::equals);
      if (!overridden) {
        all.add(option);
      }
    }
    all.addAll(List.of(args));
    CommandLineOutcome outcome = OperatorCommandLine.parse(all.toArray(String[]::new), Map.of());
    if (outcome instanceof CommandLineOutcome.Run run) {
      return run.settings();
    }
    throw new IllegalArgumentException("Bad test settings " + all + ": " + outcome);
  }
}
