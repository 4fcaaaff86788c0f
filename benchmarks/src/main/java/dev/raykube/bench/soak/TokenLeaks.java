package dev.raykube.bench.soak;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The auth tokens of the soak's clusters in the whole record, where none may be: every log line of every operator
 * process, every Event of the soak's namespaces, every RayJob, RayService and RayCluster as the API server holds them
 * (spec and status), every Pod and Job left (the operator's and the submitters'), the last status the soak saw of
 * each RayJob and RayService still there, and the {@code /metrics} text of the live replicas. Only the Secrets that
 * hold the tokens may.
 */
final class TokenLeaks {

  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  /** What was searched, and where a token was found (one line per place; empty when none). */
  record Result(Map<String, Integer> searched, List<String> leaks) {}

  private TokenLeaks() {}

  static Result find(Set<String> tokens, Path operatorLogs, KubernetesClient admin, List<String> namespaces,
      Collection<RayJob> lastSeen, Collection<RayService> lastSeenServices, List<String> metricsTexts)
      throws IOException {
    Map<String, String> record = new LinkedHashMap<>();
    try (Stream<Path> files = Files.list(operatorLogs)) {
      for (Path log : files.sorted().toList()) {
        record.put("log " + log.getFileName(), Files.readString(log));
      }
    }
    for (String namespace : namespaces) {
      for (Event e : admin.v1().events().inNamespace(namespace).list().getItems()) {
        record.put("Event " + namespace + "/" + e.getMetadata().getName(), e.getReason() + " " + e.getMessage());
      }
      for (RayJob job : admin.resources(RayJob.class).inNamespace(namespace).list().getItems()) {
        record.put("RayJob " + namespace + "/" + job.getMetadata().getName(), JSON.asJson(job));
      }
      for (RayService service : admin.resources(RayService.class).inNamespace(namespace).list().getItems()) {
        record.put("RayService " + namespace + "/" + service.getMetadata().getName(), JSON.asJson(service));
      }
      for (RayCluster cluster : admin.resources(RayCluster.class).inNamespace(namespace).list().getItems()) {
        record.put("RayCluster " + namespace + "/" + cluster.getMetadata().getName(), JSON.asJson(cluster));
      }
      // a Pod or Job may name the Secret (secretKeyRef), never carry the token itself
      for (Pod pod : admin.pods().inNamespace(namespace).list().getItems()) {
        record.put("Pod " + namespace + "/" + pod.getMetadata().getName(), JSON.asJson(pod));
      }
      for (Job job : admin.batch().v1().jobs().inNamespace(namespace).list().getItems()) {
        record.put("Job " + namespace + "/" + job.getMetadata().getName(), JSON.asJson(job));
      }
    }
    for (RayJob job : lastSeen) {
      record.put("last status of RayJob " + job.getMetadata().getName(), JSON.asJson(job.getStatus()));
    }
    for (RayService service : lastSeenServices) {
      record.put("last status of RayService " + service.getMetadata().getName(), JSON.asJson(service.getStatus()));
    }
    for (int i = 0; i < metricsTexts.size(); i++) {
      record.put("metrics of live replica " + i, metricsTexts.get(i));
    }
    List<String> leaks = new ArrayList<>();
    record.forEach((place, text) -> tokens.stream().filter(text::contains).findFirst()
        .ifPresent(t -> leaks.add("an auth token appears in the " + place)));
    Map<String, Integer> searched = new LinkedHashMap<>();
    record.keySet().forEach(place -> searched.merge(place.substring(0, place.lastIndexOf(' ')), 1, Integer::sum));
    return new Result(searched, leaks);
  }
}
