package dev.raykube.e2e;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * KubeRay's sample manifests ({@code ray-operator/config/samples} of {@code github.com/ray-project/kuberay/ray-operator}
 * {@value #VERSION}), fetched at test time from the Go module proxy with {@code go mod download} (never copied into
 * this repository), and the outcome the suite expects of each ({@code kuberay-samples.tsv}).
 */
final class KubeRaySamples {

  static final String MODULE = "github.com/ray-project/kuberay/ray-operator";
  static final String VERSION = "v1.5.0";
  private static final Pattern DIR = Pattern.compile("\"Dir\":\\s*\"([^\"]+)\"");
  private static final Set<String> RAY_KINDS = Set.of("RayCluster", "RayJob", "RayService");

  /** What the suite expects of a sample. */
  enum Outcome {
    READY, COMPLETE, RUNNING, WAITING, ADMIT, NONE
  }

  /** One sample: its path under {@code config/samples}, the outcome expected, and why (for admit and notes). */
  record Sample(String path, Outcome outcome, String reason) {
  }

  private KubeRaySamples() {
  }

  /**
   * The samples directory of the module, downloaded into the Go module cache if it is not there.
   *
   * @throws IllegalStateException if {@code go} is missing or the proxy does not serve the module
   */
  static Path download(Path workDir) {
    try {
      Files.createDirectories(workDir);
      Files.writeString(workDir.resolve("go.mod"), "module raykube.dev/e2e/kuberay-samples\n\ngo 1.22\n");
      ProcessBuilder go = new ProcessBuilder("go", "mod", "download", "-json", MODULE + "@" + VERSION)
          .directory(workDir.toFile()).redirectErrorStream(true);
      go.environment().put("GOFLAGS", "-mod=mod");
      go.environment().put("GOTOOLCHAIN", "local");
      Process process = go.start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
        throw new IllegalStateException("go mod download " + MODULE + "@" + VERSION + " failed:\n" + out);
      }
      Matcher dir = DIR.matcher(out);
      if (!dir.find()) {
        throw new IllegalStateException("go mod download reported no Dir:\n" + out);
      }
      Path samples = Path.of(dir.group(1)).resolve("config/samples");
      if (!Files.isDirectory(samples)) {
        throw new IllegalStateException(samples + " does not exist in " + MODULE + "@" + VERSION);
      }
      return samples;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run go (the e2e suite needs the Go toolchain)", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted downloading the KubeRay samples", e);
    }
  }

  /** Every {@code *.yaml} under the samples directory, as paths relative to it. */
  static Set<String> files(Path samples) {
    try (Stream<Path> all = Files.walk(samples)) {
      return all.filter(p -> p.toString().endsWith(".yaml")).map(p -> samples.relativize(p).toString())
          .collect(java.util.stream.Collectors.toCollection(TreeSet::new));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The expectations of {@code kuberay-samples.tsv}, in file order. */
  static Map<String, Sample> expectations() {
    Map<String, Sample> samples = new LinkedHashMap<>();
    try (InputStream in = KubeRaySamples.class.getResourceAsStream("/kuberay-samples.tsv")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] cells = line.split("\t", -1);
        samples.put(cells[0], new Sample(cells[0], Outcome.valueOf(cells[1].toUpperCase(java.util.Locale.ROOT)),
            cells.length > 2 ? cells[2] : ""));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return samples;
  }

  /** The objects of a sample file, every YAML document of it, parsed without the API server. */
  static List<HasMetadata> objects(KubernetesClient client, Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return client.load(in).items().stream().filter(java.util.Objects::nonNull).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether an object is a RayCluster, RayJob or RayService ({@code ray.io}). */
  static boolean isRay(HasMetadata object) {
    return object.getApiVersion() != null && object.getApiVersion().startsWith("ray.io/")
        && RAY_KINDS.contains(object.getKind());
  }
}
