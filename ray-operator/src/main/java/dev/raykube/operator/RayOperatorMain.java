package dev.raykube.operator;

import dev.raykube.operator.runtime.ClientConfigs;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.runtime.RuntimeOptions;
import dev.raykube.operator.runtime.StartupFailure;
import dev.raykube.operator.runtime.Termination;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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

  /** How long a SIGTERM during start-up waits for the start to finish before the JVM exits. */
  private static final Duration STARTUP_WAIT_ON_SHUTDOWN = Duration.ofSeconds(20);

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
    // Registered before starting, so that a SIGTERM during start-up still stops what was started.
    CompletableFuture<RayOperator> launched = new CompletableFuture<>();
    Thread shutdown = new Thread(() -> stopOnceLaunched(launched), "raykube-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdown);
    RayOperator operator;
    try {
      operator = launch(settings);
      launched.complete(operator);
    } catch (StartupFailure failure) {
      launched.completeExceptionally(failure);
      removeHook(shutdown);
      LoggerFactory.getLogger(RayOperatorMain.class).debug("Start-up failed", failure);
      err.println(failure.getMessage());
      return EXIT_FAILURE;
    } catch (RuntimeException e) {
      launched.completeExceptionally(e);
      removeHook(shutdown);
      Logger log = LoggerFactory.getLogger(RayOperatorMain.class);
      log.error("The operator failed while starting", e);
      err.println("The operator failed while starting: " + e + ".");
      return EXIT_FAILURE;
    }
    Termination termination = operator.awaitTermination();
    if (termination == Termination.LEADERSHIP_LOST) {
      err.println("The operator lost its leader-election lease and stops so that only one replica reconciles.");
      return EXIT_FAILURE;
    }
    return EXIT_OK;
  }

  /** Shutdown hook: waits for a start in progress (bounded), then stops the operator. */
  private static void stopOnceLaunched(CompletableFuture<RayOperator> launched) {
    try {
      launched.get(STARTUP_WAIT_ON_SHUTDOWN.toMillis(), TimeUnit.MILLISECONDS).close();
    } catch (ExecutionException | TimeoutException e) {
      // start-up failed or hangs: nothing to stop gracefully
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down
    }
  }

  /**
   * Starts the production operator for {@code settings}: the client configuration from the settings,
   * the controllers it runs ({@link RayControllers#enabled}) and {@link RuntimeOptions#production()}.
   *
   * @throws StartupFailure with a one-sentence message
   */
  public static RayOperator launch(OperatorSettings settings) throws StartupFailure {
    return RayOperator.start(settings, ClientConfigs.fromSettings(settings), RayControllers.enabled(settings),
        RuntimeOptions.production());
  }
}
