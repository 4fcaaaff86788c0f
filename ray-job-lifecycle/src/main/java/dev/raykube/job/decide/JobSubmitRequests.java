package dev.raykube.job.decide;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.model.job.RayJobSpec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds the dashboard request of an HTTPMode submission from a RayJob spec, and parses the two spec fields that hold
 * structured text: {@code runtimeEnvYAML} (a YAML mapping) and {@code entrypointResources} (a JSON object of numbers).
 * Validation uses the same parsers, so a spec that passed validation always yields a request. Public so that the
 * K8sJobMode submitter ({@code ray job submit} flags) is built from the same request as an HTTPMode submission.
 */
public final class JobSubmitRequests {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final ObjectMapper JSON = new ObjectMapper();

  private JobSubmitRequests() {
  }

  /**
   * Builds the request for {@code submissionId}.
   *
   * @param spec the RayJob's spec; its {@code entrypoint} must be set
   * @param submissionId the submission id
   * @return the request
   * @throws IllegalArgumentException if a field cannot be turned into a request (validation reports the same)
   */
  public static JobSubmitRequest of(RayJobSpec spec, String submissionId) {
    JobSubmitRequest.Builder builder = JobSubmitRequest.builder(spec.getEntrypoint()).submissionId(submissionId);
    Map<String, Object> runtimeEnv = runtimeEnv(spec.getRuntimeEnvYAML());
    if (runtimeEnv != null) {
      builder.runtimeEnv(runtimeEnv);
    }
    if (spec.getMetadata() != null && !spec.getMetadata().isEmpty()) {
      builder.metadata(spec.getMetadata());
    }
    if (spec.getEntrypointNumCpus() != null) {
      builder.entrypointNumCpus(spec.getEntrypointNumCpus());
    }
    if (spec.getEntrypointNumGpus() != null) {
      builder.entrypointNumGpus(spec.getEntrypointNumGpus());
    }
    Map<String, Double> resources = entrypointResources(spec.getEntrypointResources());
    if (resources != null) {
      resources.forEach(builder::entrypointResource);
    }
    return builder.build();
  }

  /**
   * Parses {@code runtimeEnvYAML}.
   *
   * @return the mapping, or {@code null} for null or blank text
   * @throws IllegalArgumentException if the text is not a YAML mapping of JSON-compatible values
   */
  static Map<String, Object> runtimeEnv(String yaml) {
    if (yaml == null || yaml.isBlank()) {
      return null;
    }
    Map<String, Object> env;
    try {
      env = YAML.readValue(yaml, new TypeReference<LinkedHashMap<String, Object>>() { });
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a YAML mapping: " + firstLine(e.getOriginalMessage()), e);
    }
    if (env == null) {
      return null;
    }
    env.forEach((key, value) -> {
      if (value == null) {
        throw new IllegalArgumentException("key '" + key + "' has no value");
      }
    });
    return env;
  }

  /**
   * Parses {@code entrypointResources}.
   *
   * @return the resources, or {@code null} for null or blank text
   * @throws IllegalArgumentException unless the text is a JSON object whose values are finite numbers {@code >= 0}
   */
  static Map<String, Double> entrypointResources(String json) {
    if (json == null || json.isBlank()) {
      return null;
    }
    Map<String, Object> raw;
    try {
      raw = JSON.readValue(json, new TypeReference<LinkedHashMap<String, Object>>() { });
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a JSON object: " + firstLine(e.getOriginalMessage()), e);
    }
    if (raw == null) {
      return null;
    }
    Map<String, Double> resources = new LinkedHashMap<>();
    raw.forEach((name, value) -> {
      if (!(value instanceof Number)) {
        throw new IllegalArgumentException("resource '" + name + "' must be a number, not " + value);
      }
      double amount = ((Number) value).doubleValue();
      if (Double.isNaN(amount) || Double.isInfinite(amount) || amount < 0) {
        throw new IllegalArgumentException("resource '" + name + "' must be a finite number >= 0, not " + value);
      }
      resources.put(name, amount);
    });
    return resources;
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "unreadable";
    }
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }
}
