package dev.raykube.dashboard;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A job to submit with {@link RayDashboardClient#submitJob(JobSubmitRequest)}. Immutable; build with
 * {@link #builder(String)}. Absent (null) fields are not sent. Fields the server's Ray version does not know are left
 * out by the client (see {@link RayDashboardClient#submitJob(JobSubmitRequest)}).
 *
 * @param entrypoint the shell command Ray runs, e.g. {@code python train.py}
 * @param submissionId the id to submit under, or null to let Ray generate one ({@code raysubmit_…}). Setting it makes
 *     the submit safe to retry.
 * @param runtimeEnv the runtime environment (JSON-compatible values), or null
 * @param metadata string metadata, or null
 * @param entrypointNumCpus CPUs reserved for the entrypoint (Ray 2.2+), or null
 * @param entrypointNumGpus GPUs reserved for the entrypoint (Ray 2.2+), or null
 * @param entrypointMemory memory in bytes reserved for the entrypoint (Ray 2.8+), or null
 * @param entrypointResources custom resources reserved for the entrypoint (Ray 2.2+), or null
 * @param entrypointLabelSelector node label selector for the entrypoint, e.g. {@code {"fragile_node": "!1"}} (Ray
 *     2.54+), or null
 */
public record JobSubmitRequest(
    String entrypoint,
    String submissionId,
    Map<String, Object> runtimeEnv,
    Map<String, String> metadata,
    Double entrypointNumCpus,
    Double entrypointNumGpus,
    Long entrypointMemory,
    Map<String, Double> entrypointResources,
    Map<String, String> entrypointLabelSelector) {

  /** Validates and copies. */
  public JobSubmitRequest {
    Objects.requireNonNull(entrypoint, "entrypoint");
    if (entrypoint.isBlank()) {
      throw new IllegalArgumentException("entrypoint must not be blank");
    }
    if (submissionId != null && submissionId.isBlank()) {
      throw new IllegalArgumentException("submissionId must not be blank (use null to let Ray choose)");
    }
    requireAmount("entrypointNumCpus", entrypointNumCpus);
    requireAmount("entrypointNumGpus", entrypointNumGpus);
    if (entrypointMemory != null && entrypointMemory < 0) {
      throw new IllegalArgumentException("entrypointMemory must not be negative: " + entrypointMemory);
    }
    runtimeEnv = copyJson("runtimeEnv", runtimeEnv);
    metadata = copy("metadata", metadata);
    entrypointResources = copy("entrypointResources", entrypointResources);
    if (entrypointResources != null) {
      entrypointResources.forEach((name, amount) -> requireAmount("entrypointResources." + name, amount));
    }
    entrypointLabelSelector = copy("entrypointLabelSelector", entrypointLabelSelector);
  }

  private static void requireAmount(String name, Double value) {
    if (value != null && (value.isNaN() || value.isInfinite() || value < 0)) {
      throw new IllegalArgumentException(name + " must be a finite number >= 0: " + value);
    }
  }

  private static <V> Map<String, V> copy(String name, Map<String, V> map) {
    if (map == null) {
      return null;
    }
    Map<String, V> copy = new LinkedHashMap<>();
    map.forEach((k, v) -> {
      if (k == null || v == null) {
        throw new IllegalArgumentException(name + " must not contain null keys or values");
      }
      copy.put(k, v);
    });
    return Collections.unmodifiableMap(copy);
  }

  private static Map<String, Object> copyJson(String name, Map<String, Object> map) {
    Map<String, Object> copy = copy(name, map);
    if (copy != null) {
      copy.forEach((k, v) -> requireJson(name + "." + k, v));
    }
    return copy;
  }

  private static void requireJson(String path, Object value) {
    if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean) {
      return;
    }
    if (value instanceof Map) {
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        if (!(e.getKey() instanceof String)) {
          throw new IllegalArgumentException(path + " has a non-string key: " + e.getKey());
        }
        requireJson(path + "." + e.getKey(), e.getValue());
      }
    } else if (value instanceof List) {
      int i = 0;
      for (Object item : (List<?>) value) {
        requireJson(path + "[" + i++ + "]", item);
      }
    } else {
      throw new IllegalArgumentException(path + " is not a JSON value (String, Number, Boolean, Map, List): "
          + value.getClass().getName());
    }
  }

  /** Starts a request for this entrypoint. */
  public static Builder builder(String entrypoint) {
    return new Builder(entrypoint);
  }

  /** Builds a {@link JobSubmitRequest}. Not thread-safe. */
  public static final class Builder {
    private final String entrypoint;
    private String submissionId;
    private Map<String, Object> runtimeEnv;
    private Map<String, String> metadata;
    private Double entrypointNumCpus;
    private Double entrypointNumGpus;
    private Long entrypointMemory;
    private Map<String, Double> entrypointResources;
    private Map<String, String> entrypointLabelSelector;

    private Builder(String entrypoint) {
      this.entrypoint = entrypoint;
    }

    /** The submission id; set it to make the submit retryable and idempotent. */
    public Builder submissionId(String id) {
      this.submissionId = id;
      return this;
    }

    /** The runtime environment, e.g. {@code {"pip": ["requests"], "env_vars": {"A": "1"}}}. */
    public Builder runtimeEnv(Map<String, ?> env) {
      this.runtimeEnv = env == null ? null : new LinkedHashMap<>(env);
      return this;
    }

    /** Replaces all metadata. */
    public Builder metadata(Map<String, String> values) {
      this.metadata = values == null ? null : new LinkedHashMap<>(values);
      return this;
    }

    /** Adds one metadata entry. */
    public Builder metadata(String key, String value) {
      if (metadata == null) {
        metadata = new LinkedHashMap<>();
      }
      metadata.put(key, value);
      return this;
    }

    /** CPUs reserved for the entrypoint (Ray 2.2+). */
    public Builder entrypointNumCpus(double cpus) {
      this.entrypointNumCpus = cpus;
      return this;
    }

    /** GPUs reserved for the entrypoint (Ray 2.2+). */
    public Builder entrypointNumGpus(double gpus) {
      this.entrypointNumGpus = gpus;
      return this;
    }

    /** Memory in bytes reserved for the entrypoint (Ray 2.8+). */
    public Builder entrypointMemory(long bytes) {
      this.entrypointMemory = bytes;
      return this;
    }

    /** Adds one custom resource reserved for the entrypoint (Ray 2.2+). */
    public Builder entrypointResource(String name, double amount) {
      if (entrypointResources == null) {
        entrypointResources = new LinkedHashMap<>();
      }
      entrypointResources.put(name, amount);
      return this;
    }

    /** Replaces the label selector for the entrypoint's node (Ray 2.54+). */
    public Builder entrypointLabelSelector(Map<String, String> selector) {
      this.entrypointLabelSelector = selector == null ? null : new LinkedHashMap<>(selector);
      return this;
    }

    /**
     * Builds the request.
     *
     * @throws IllegalArgumentException for a blank entrypoint or submission id, negative or non-finite amounts, nulls
     *     inside maps, or runtime env values that are not JSON
     */
    public JobSubmitRequest build() {
      return new JobSubmitRequest(entrypoint, submissionId, runtimeEnv, metadata, entrypointNumCpus, entrypointNumGpus,
          entrypointMemory, entrypointResources, entrypointLabelSelector);
    }
  }
}
