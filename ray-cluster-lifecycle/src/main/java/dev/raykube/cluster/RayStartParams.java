package dev.raykube.cluster;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.raykube.model.cluster.GcsFaultToleranceOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The effective {@code rayStartParams} of a head or worker: the user's parameters plus everything the operator derives
 * or injects, in the order KubeRay applies them.
 *
 * <ol>
 *   <li>the group's {@code resources} map: {@code CPU}/{@code cpu} → {@code num-cpus}, {@code memory} →
 *       {@code memory}, GPU names → {@code num-gpus} (all rounded up to whole numbers), anything else into the
 *       {@code resources} JSON;</li>
 *   <li>the group's {@code labels} → {@code labels=k1=v1,k2=v2} (sorted);</li>
 *   <li>head: {@code dashboard-host=0.0.0.0} unless set, {@code no-monitor=true} with autoscaling, and with GCS fault
 *       tolerance options {@code redis-username=$REDIS_USERNAME} / {@code redis-password=$REDIS_PASSWORD}; worker:
 *       {@code address=<head FQDN>:<GCS port>} unless set;</li>
 *   <li>both: {@code metrics-export-port=8080} and {@code dashboard-agent-listen-port=52365} unless set, and
 *       {@code block=true} always;</li>
 *   <li>from the Ray container's resources, for what is still unset: {@code num-cpus} from the CPU limit, else the CPU
 *       request; {@code memory} from the memory limit, in bytes; {@code num-gpus} from the first GPU resource in the
 *       limits ({@code *gpu}, {@code nvidia.com/mig-*}); the first well-known accelerator in the limits
 *       ({@code aws.amazon.com/neuroncore} → {@code neuron_cores}, {@code google.com/tpu} → {@code TPU}) is added to
 *       the {@code resources} JSON unless that JSON names an accelerator already.</li>
 * </ol>
 *
 * <p>Kubernetes quantities are rounded <em>up</em> to whole numbers, as KubeRay does: {@code ray start} takes
 * integers for {@code --num-cpus}, {@code --num-gpus} and {@code --memory}, so a {@code 500m} CPU limit becomes
 * {@code num-cpus=1}. To give Ray a fractional or smaller share, set {@code num-cpus} in {@code rayStartParams}.
 */
public final class RayStartParams {

  static final String PORT = "port";
  static final String ADDRESS = "address";
  static final String NUM_CPUS = "num-cpus";
  static final String NUM_GPUS = "num-gpus";
  static final String MEMORY = "memory";
  static final String RESOURCES = "resources";
  static final String LABELS = "labels";
  static final String PLASMA_DIRECTORY = "plasma-directory";
  static final String DASHBOARD_AGENT_LISTEN_PORT = "dashboard-agent-listen-port";
  /** The key of the dashboard's port; the head Service and the dashboard URL follow it. */
  public static final String DASHBOARD_PORT = "dashboard-port";
  static final String METRICS_EXPORT_PORT = "metrics-export-port";

  /** Ray's default dashboard agent port, used by the health probes. */
  public static final int DEFAULT_DASHBOARD_AGENT_LISTEN_PORT = 52365;
  /** Ray's default dashboard port. */
  public static final int DEFAULT_DASHBOARD_PORT = 8265;
  /** The port the operator asks Ray to export Prometheus metrics on. */
  public static final int DEFAULT_METRICS_PORT = 8080;

  private static final Map<String, String> ACCELERATORS = Map.of(
      "aws.amazon.com/neuroncore", "neuron_cores",
      "google.com/tpu", "TPU");
  private static final Pattern MIG = Pattern.compile("nvidia\\.com/mig-\\d+g\\.\\d+gb$");
  private static final ObjectMapper JSON = new ObjectMapper();

  private RayStartParams() {
  }

  /** The effective parameters of the head's {@code ray start}; {@code rayContainer} is the head's first container. */
  public static SortedMap<String, String> forHead(RayCluster cluster, Container rayContainer) {
    var head = cluster.getSpec().getHeadGroupSpec();
    SortedMap<String, String> params = userParams(head.getRayStartParams());
    quoteBareResourcesJson(params);
    applyGroupResources(params, head.getResources());
    applyGroupLabels(params, head.getLabels());
    params.putIfAbsent("dashboard-host", "0.0.0.0");
    if (Boolean.TRUE.equals(cluster.getSpec().getEnableInTreeAutoscaling())) {
      params.put("no-monitor", "true");
    }
    GcsFaultToleranceOptions ft = cluster.getSpec().getGcsFaultToleranceOptions();
    if (ft != null && ft.getRedisUsername() != null) {
      params.put("redis-username", "$" + GcsFaultTolerance.REDIS_USERNAME);
    }
    if (ft != null && ft.getRedisPassword() != null) {
      params.put("redis-password", "$" + GcsFaultTolerance.REDIS_PASSWORD);
    }
    applyCommonDefaults(params);
    applyContainerResources(params, rayContainer);
    return params;
  }

  /** The effective parameters of a worker's {@code ray start}; {@code rayContainer} is the group's first container. */
  public static SortedMap<String, String> forWorker(WorkerGroupSpec group, Container rayContainer, HeadAddress head) {
    SortedMap<String, String> params = userParams(group.getRayStartParams());
    quoteBareResourcesJson(params);
    applyGroupResources(params, group.getResources());
    applyGroupLabels(params, group.getLabels());
    params.putIfAbsent(ADDRESS, head.gcsAddress());
    applyCommonDefaults(params);
    applyContainerResources(params, rayContainer);
    return params;
  }

  /** Whether a resource name counts as a GPU: ends in {@code gpu}, or is an NVIDIA MIG slice. */
  public static boolean isGpuResource(String name) {
    return name.endsWith("gpu") || MIG.matcher(name).find();
  }

  /** A quantity rounded up to a whole number ({@code 500m} → 1, {@code 1.5Gi} → 1610612736). */
  static BigInteger roundUp(Quantity quantity) {
    return quantity.getNumericalAmount().setScale(0, RoundingMode.CEILING).toBigIntegerExact();
  }

  /**
   * Parses the {@code resources} parameter as {@code ray start} gets it: the value is a shell word
   * ({@link ShellWord}: {@code '{"custom": 1}'}, or as KubeRay's samples write it, {@code "{\"custom\": 1}"}) whose
   * text is a JSON object of numbers. A bare JSON object ({@code {"custom": 1}}), which the shell would mangle, is
   * read too; the effective parameters quote it ({@link #forHead}, {@link #forWorker}).
   *
   * @return empty if the value is neither
   */
  static Optional<Map<String, Object>> parseResourcesJson(String text) {
    String trimmed = text.strip();
    Optional<Map<String, Object>> asShellWord = ShellWord.unquote(trimmed).flatMap(RayStartParams::jsonNumbers);
    return asShellWord.isPresent() ? asShellWord : jsonNumbers(trimmed);
  }

  private static Optional<Map<String, Object>> jsonNumbers(String text) {
    try {
      Map<String, Object> parsed = JSON.readValue(text.strip(), new TypeReference<LinkedHashMap<String, Object>>() {
      });
      if (parsed == null || !parsed.values().stream().allMatch(Number.class::isInstance)) {
        return Optional.empty();
      }
      return Optional.of(parsed);
    } catch (JsonProcessingException notJson) {
      return Optional.empty();
    }
  }

  /** A bare JSON {@code resources} value quoted for the shell; any other value as it is. */
  private static void quoteBareResourcesJson(SortedMap<String, String> params) {
    String value = params.get(RESOURCES);
    if (value == null || ShellWord.unquote(value.strip()).flatMap(RayStartParams::jsonNumbers).isPresent()) {
      return;
    }
    jsonNumbers(value).ifPresent(parsed -> {
      SortedMap<String, BigDecimal> sorted = new TreeMap<>();
      parsed.forEach((k, v) -> sorted.put(k, new BigDecimal(v.toString())));
      params.put(RESOURCES, quotedJson(sorted));
    });
  }

  private static SortedMap<String, String> userParams(Map<String, String> params) {
    return params == null ? new TreeMap<>() : new TreeMap<>(params);
  }

  private static void applyCommonDefaults(SortedMap<String, String> params) {
    params.putIfAbsent(METRICS_EXPORT_PORT, Integer.toString(DEFAULT_METRICS_PORT));
    params.put("block", "true");
    params.putIfAbsent(DASHBOARD_AGENT_LISTEN_PORT, Integer.toString(DEFAULT_DASHBOARD_AGENT_LISTEN_PORT));
  }

  private static void applyGroupResources(SortedMap<String, String> params, Map<String, String> groupResources) {
    if (groupResources == null || groupResources.isEmpty()) {
      return;
    }
    SortedMap<String, BigDecimal> custom = new TreeMap<>();
    for (var entry : new TreeMap<>(groupResources).entrySet()) {
      Quantity quantity = parseQuantity(entry.getValue());
      if (quantity == null) {
        continue; // RayClusterValidator rejects unparseable quantities
      }
      String name = entry.getKey().toLowerCase(java.util.Locale.ROOT);
      if (name.equals("cpu")) {
        params.put(NUM_CPUS, roundUp(quantity).toString());
      } else if (name.equals("memory")) {
        params.put(MEMORY, roundUp(quantity).toString());
      } else if (isGpuResource(name)) {
        params.put(NUM_GPUS, roundUp(quantity).toString());
      } else {
        custom.put(entry.getKey(), quantity.getNumericalAmount());
      }
    }
    if (!custom.isEmpty()) {
      params.put(RESOURCES, quotedJson(custom));
    }
  }

  private static void applyGroupLabels(SortedMap<String, String> params, Map<String, String> groupLabels) {
    if (groupLabels == null || groupLabels.isEmpty()) {
      return;
    }
    params.put(LABELS, new TreeMap<>(groupLabels).entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(",")));
  }

  private static void applyContainerResources(SortedMap<String, String> params, Container container) {
    var resources = container.getResources();
    Map<String, Quantity> limits = resources == null || resources.getLimits() == null ? Map.of()
        : new TreeMap<>(resources.getLimits());
    Map<String, Quantity> requests = resources == null || resources.getRequests() == null ? Map.of()
        : resources.getRequests();
    if (!params.containsKey(NUM_CPUS)) {
      Quantity cpu = nonZero(limits.get("cpu"));
      if (cpu == null) {
        cpu = nonZero(requests.get("cpu"));
      }
      if (cpu != null) {
        params.put(NUM_CPUS, roundUp(cpu).toString());
      }
    }
    if (!params.containsKey(MEMORY)) {
      Quantity memory = nonZero(limits.get("memory"));
      if (memory != null) {
        params.put(MEMORY, roundUp(memory).toString());
      }
    }
    for (var entry : limits.entrySet()) {
      if (!params.containsKey(NUM_GPUS) && isGpuResource(entry.getKey()) && nonZero(entry.getValue()) != null) {
        params.put(NUM_GPUS, roundUp(entry.getValue()).toString());
      }
    }
    addFirstAccelerator(params, limits);
  }

  private static void addFirstAccelerator(SortedMap<String, String> params, Map<String, Quantity> sortedLimits) {
    Map<String, Object> existing;
    if (params.containsKey(RESOURCES)) {
      Optional<Map<String, Object>> parsed = parseResourcesJson(params.get(RESOURCES));
      if (parsed.isEmpty()) {
        return; // leave the user's text alone; RayClusterValidator reports it
      }
      existing = parsed.get();
    } else {
      existing = new LinkedHashMap<>();
    }
    if (ACCELERATORS.values().stream().anyMatch(existing::containsKey)) {
      return;
    }
    for (var entry : sortedLimits.entrySet()) {
      String rayName = ACCELERATORS.get(entry.getKey());
      if (rayName != null && nonZero(entry.getValue()) != null) {
        SortedMap<String, BigDecimal> merged = new TreeMap<>();
        existing.forEach((k, v) -> merged.put(k, new BigDecimal(v.toString())));
        merged.put(rayName, entry.getValue().getNumericalAmount());
        params.put(RESOURCES, quotedJson(merged));
        return;
      }
    }
  }

  private static String quotedJson(SortedMap<String, BigDecimal> values) {
    return values.entrySet().stream()
        .map(e -> jsonString(e.getKey()) + ":" + plain(e.getValue()))
        .collect(Collectors.joining(",", "'{", "}'"));
  }

  private static String plain(BigDecimal value) {
    BigDecimal stripped = value.stripTrailingZeros();
    return stripped.scale() < 0 ? stripped.setScale(0).toPlainString() : stripped.toPlainString();
  }

  private static String jsonString(String text) {
    try {
      return JSON.writeValueAsString(text);
    } catch (JsonProcessingException impossible) {
      throw new IllegalStateException(impossible);
    }
  }

  static Quantity parseQuantity(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      Quantity quantity = new Quantity(text.strip());
      quantity.getNumericalAmount();
      return quantity;
    } catch (RuntimeException notAQuantity) {
      return null;
    }
  }

  private static Quantity nonZero(Quantity quantity) {
    if (quantity == null || quantity.getAmount() == null) {
      return null;
    }
    try {
      return quantity.getNumericalAmount().signum() == 0 ? null : quantity;
    } catch (RuntimeException notAQuantity) {
      return null;
    }
  }
}
