package dev.raykube.local;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The Java half of {@code raykube local} (the launcher script {@code raykube} at the repository root is the other:
 * it provisions and starts the control plane and runs this jar). Three commands: {@code check} reads manifest files
 * without a cluster; {@code node} runs the operator and the node sandbox ({@link LocalNode}) until stopped, for
 * {@code raykube local up}; {@code run} applies manifest files and follows their RayJobs, RayClusters and RayServices
 * to their ends ({@link RunFollower}), with its own {@link LocalNode} when given a Ray venv.
 *
 * <p>Exit codes: {@value #EXIT_OK} every object ended as wanted; {@value #EXIT_NOT_SUCCEEDED} a RayJob did not succeed,
 * an object was not ready in time, or the node could not start; {@value #EXIT_BAD_INPUT} a manifest is unreadable or
 * refused, or a usage error.
 */
@Command(name = "raykube-local", mixinStandardHelpOptions = true,
    description = "The operator, the node sandbox and manifest runs for `raykube local`.",
    subcommands = {RayKubeLocalMain.Check.class, RayKubeLocalMain.Node.class, RayKubeLocalMain.Run.class})
public final class RayKubeLocalMain {

  /** Every object ended as wanted. */
  public static final int EXIT_OK = 0;
  /** A RayJob did not succeed, something was not ready in time, or the node did not start. */
  public static final int EXIT_NOT_SUCCEEDED = 1;
  /** A manifest is not readable or was refused, or the command line is wrong. */
  public static final int EXIT_BAD_INPUT = 2;

  private RayKubeLocalMain() {
  }

  /** Entry point of {@code raykube-local.jar}. */
  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String... args) {
    CommandLine line = new CommandLine(new RayKubeLocalMain());
    line.setExitCodeExceptionMapper(e -> EXIT_BAD_INPUT);
    line.setParameterExceptionHandler((e, a) -> {
      e.getCommandLine().getErr().println("raykube local: " + e.getMessage());
      return EXIT_BAD_INPUT;
    });
    return line.execute(args);
  }

  private static void fail(String message) {
    System.err.println("raykube local: " + message);
  }

  /** {@code check FILE...}: reads the manifests without a cluster. */
  @Command(name = "check", description = "Read manifest files without a cluster: YAML, objects with apiVersion, kind "
      + "and name.")
  static final class Check implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "manifest files")
    List<Path> files;

    @Override
    public Integer call() {
      try {
        Manifest.read(files);
        return EXIT_OK;
      } catch (ManifestException e) {
        fail(e.getMessage());
        return EXIT_BAD_INPUT;
      }
    }
  }

  /** The options both {@code node} and {@code run} take. */
  static class ClusterOptions {
    @Option(names = "--kubeconfig", required = true, description = "the local control plane's admin kubeconfig")
    Path kubeconfig;

    @Option(names = "--log-file", description = "where the operator and the node sandbox log (default: standard "
        + "output)")
    Path logFile;

    Config config() throws IOException {
      return Config.fromKubeconfig(Files.readString(kubeconfig));
    }

    void logs() {
      if (logFile != null) {
        LocalLogs.toFile(logFile);
      }
    }
  }

  /** {@code node}: the operator and the node sandbox until SIGTERM. */
  @Command(name = "node", description = "Run the operator and the node sandbox until stopped (raykube local up).")
  static final class Node extends ClusterOptions implements Callable<Integer> {
    @Option(names = "--ray-venv", required = true, description = "the virtual environment with Ray")
    Path rayVenv;

    @Option(names = "--ready-file", description = "written once the operator is ready")
    Path readyFile;

    @Override
    public Integer call() throws Exception {
      logs();
      LocalNode node;
      try {
        node = LocalNode.start(config(), rayVenv);
      } catch (Exception e) {
        fail("the operator or the node sandbox did not start: " + Manifest.firstLine(e.getMessage()));
        return EXIT_NOT_SUCCEEDED;
      }
      CountDownLatch stopped = new CountDownLatch(1);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        node.close();
        stopped.countDown();
      }, "raykube-local-stop"));
      if (readyFile != null) {
        Files.writeString(readyFile, ProcessHandle.current().pid() + "\n");
      }
      stopped.await();
      return EXIT_OK;
    }
  }

  /** {@code run FILE...}: apply, follow, exit 0 only if every RayJob succeeded. */
  @Command(name = "run", description = "Apply manifest files and follow each RayJob to its end, each RayCronJob until "
      + "its first RayJob ends, and each RayCluster and RayService until ready.")
  static final class Run extends ClusterOptions implements Callable<Integer> {
    @Option(names = "--ray-venv", description = "also run the operator and the node sandbox in this process, with "
        + "the Ray of this virtual environment (else they must run already: raykube local up)")
    Path rayVenv;

    @Option(names = "--timeout", defaultValue = "PT20M", description = "how long to follow at most (ISO-8601, "
        + "default ${DEFAULT-VALUE})")
    Duration timeout;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "manifest files")
    List<Path> files;

    @Override
    public Integer call() throws Exception {
      PrintStream out = System.out;
      List<Manifest> manifests;
      try {
        manifests = Manifest.read(files);
      } catch (ManifestException e) {
        fail(e.getMessage());
        return EXIT_BAD_INPUT;
      }
      logs();
      Config config = config();
      LocalNode node = null;
      Thread stop = null;
      if (rayVenv != null) {
        try {
          node = LocalNode.start(config, rayVenv);
        } catch (Exception e) {
          fail("the operator or the node sandbox did not start: " + Manifest.firstLine(e.getMessage()));
          return EXIT_NOT_SUCCEEDED;
        }
        LocalNode started = node;
        stop = new Thread(started::close, "raykube-local-stop");
        Runtime.getRuntime().addShutdownHook(stop); // Ctrl-C stops the Ray processes too
      }
      try (KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build()) {
        List<HasMetadata> applied;
        try {
          applied = ManifestApply.apply(client, manifests);
        } catch (ManifestException e) {
          fail(e.getMessage());
          return EXIT_BAD_INPUT;
        }
        for (HasMetadata object : applied) {
          out.println("applied " + object.getKind() + " " + (object.getMetadata().getNamespace() == null ? ""
              : object.getMetadata().getNamespace() + "/") + object.getMetadata().getName());
        }
        boolean ok = new RunFollower(client, out).follow(RunFollower.targets(applied), timeout);
        return ok ? EXIT_OK : EXIT_NOT_SUCCEEDED;
      } catch (KubernetesClientException e) {
        fail("the API server failed: " + Manifest.firstLine(e.getMessage()));
        return EXIT_NOT_SUCCEEDED;
      } finally {
        if (node != null) {
          try {
            Runtime.getRuntime().removeShutdownHook(stop);
            node.close();
          } catch (IllegalStateException shuttingDown) {
            // Ctrl-C meanwhile: the hook stops the node
          }
        }
      }
    }
  }
}
