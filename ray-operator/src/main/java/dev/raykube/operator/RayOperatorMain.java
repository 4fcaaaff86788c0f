package dev.raykube.operator;

import dev.raykube.operator.runtime.ClientConfigs;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.runtime.RuntimeOptions;
import dev.raykube.operator.runtime.StartupFailure;
import dev.raykube.operator.runtime.Termination;
import java.io.PrintStream;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code java -jar ray-operator.jar}: reads the settings, starts the operator with {@link RayControllers#all()}, and
 * runs until SIGTERM (graceful stop through a shutdown hook) or until this replica loses leadership. The only class
 * of the operator that calls {@link System#exit}.
 *
 * <p>Exit codes: {@value #EXIT_OK} normal stop or help; {@value #EXIT_FAILURE} could not start (one sentence on
 * standard error) or lost leadership; {@value #EXIT_USAGE} invalid option or environment value.
 */
public final class RayOperatorMain {

  /** Stopped normally, or printed help/version. */
  public static final int EXIT_OK = 0;
  /** Could not start, or lost leadership, or failed at run time. */
  public static final int EXIT_FAILURE = 1;
  /** Invalid option or environment value. */
  public static final int EXIT_USAGE = 2;

  private RayOperatorMain() {
  }

  /** Entry point of the operator jar. */
  public static void main(String[] args) {
    System.exit(run(args, System.getenv(), System.out, System.err));
  }

  /**
   * Runs the operator to its end and returns the exit code (never calls {@link System#exit}).
   *
   * @param args command-line arguments
   * @param env environment variables
   * @param out where help and version go
   * @param err where usage errors and the start-up failure sentence go
   */
  static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
    CommandLineOutcome outcome = OperatorCommandLine.parse(args, env);
    if (outcome instanceof CommandLineOutcome.Print print) {
      out.print(print.text());
      out.flush();
      return EXIT_OK;
    }
    if (outcome instanceof CommandLineOutcome.UsageError usage) {
      err.println("ray-operator: " + usage.message());
      err.println("Run with --help for the list of options and their environment variables.");
      return EXIT_USAGE;
    }
    OperatorSettings settings = ((CommandLineOutcome.Run) outcome).settings();
    LogSetup.apply(settings.logFormat(), settings.logLevel());
    RayOperator operator;
    try {
      operator = launch(settings);
    } catch (StartupFailure failure) {
      LoggerFactory.getLogger(RayOperatorMain.class).debug("Start-up failed", failure);
      err.println(failure.getMessage());
      return EXIT_FAILURE;
    } catch (RuntimeException e) {
      Logger log = LoggerFactory.getLogger(RayOperatorMain.class);
      log.error("The operator failed while starting", e);
      err.println("The operator failed while starting: " + e + ".");
      return EXIT_FAILURE;
    }
    Thread shutdown = new Thread(operator::close, "raykube-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdown);
    Termination termination = operator.awaitTermination();
    if (termination == Termination.LEADERSHIP_LOST) {
      err.println("The operator lost its leader-election lease and stops so that only one replica reconciles.");
      return EXIT_FAILURE;
    }
    return EXIT_OK;
  }

  /**
   * Starts the production operator for {@code settings}: the client configuration from the settings,
   * {@link RayControllers#all()} and {@link RuntimeOptions#production()}.
   *
   * @throws StartupFailure with a one-sentence message
   */
  public static RayOperator launch(OperatorSettings settings) throws StartupFailure {
    return RayOperator.start(settings, ClientConfigs.fromSettings(settings), RayControllers.all(),
        RuntimeOptions.production());
  }
}
