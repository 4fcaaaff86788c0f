package dev.raykube.operator.testing;

import dev.raykube.operator.runtime.ControllerDefinition;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.runtime.RuntimeOptions;
import dev.raykube.operator.runtime.StartupFailure;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;

/**
 * The one way the operator's tests start the whole operator runtime: {@link RayOperator#start} with
 * {@link TestSettings} (free ports, leader election off unless the flags say otherwise), a client configuration
 * copied from the test's client (the CRUD mock) or given (a real API server), and the given controllers. Tests of the start itself (its checks,
 * its failures) call {@link RayOperator#start} directly.
 */
public final class TestOperator {

  private TestOperator() {
  }

  /**
   * Starts the operator with the production runtime options.
   *
   * @param client the test's client, whose configuration the operator copies
   * @param controllers the controllers to run
   * @param args operator flags, e.g. {@code --finalizer-policy=until-confirmed}
   * @return the running operator; close it at the end of the test
   * @throws StartupFailure if the operator does not start
   */
  public static RayOperator start(KubernetesClient client, List<? extends ControllerDefinition<?>> controllers,
      String... args) throws StartupFailure {
    return start(client, controllers, RuntimeOptions.production(), args);
  }

  /**
   * Starts the operator with other runtime options (e.g. short leader-election timings, a request recorder).
   *
   * @param client the test's client, whose configuration the operator copies
   * @param controllers the controllers to run
   * @param options the runtime options
   * @param args operator flags
   * @return the running operator; close it at the end of the test
   * @throws StartupFailure if the operator does not start
   */
  public static RayOperator start(KubernetesClient client, List<? extends ControllerDefinition<?>> controllers,
      RuntimeOptions options, String... args) throws StartupFailure {
    return start(client.getConfiguration(), controllers, options, args);
  }

  /**
   * Starts the operator against the API server of {@code config} (a real one, in the end-to-end tests).
   *
   * @param config the client configuration, copied
   * @param controllers the controllers to run
   * @param options the runtime options
   * @param args operator flags
   * @return the running operator; close it at the end of the test
   * @throws StartupFailure if the operator does not start
   */
  public static RayOperator start(Config config, List<? extends ControllerDefinition<?>> controllers,
      RuntimeOptions options, String... args) throws StartupFailure {
    return RayOperator.start(TestSettings.of(args), new ConfigBuilder(config).build(), controllers, options);
  }
}
