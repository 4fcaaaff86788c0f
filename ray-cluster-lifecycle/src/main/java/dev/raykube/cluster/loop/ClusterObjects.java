package dev.raykube.cluster.loop;

import dev.raykube.cluster.AutoscalerRbac;
import dev.raykube.cluster.AutoscalerSidecar;
import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.HeadServiceFactory;
import dev.raykube.cluster.HeadlessWorkerService;
import dev.raykube.cluster.TokenAuth;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.OwnedObjects;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Creates the objects a RayCluster owns besides its Pods, in KubeRay's order: the autoscaler's ServiceAccount, Role
 * and RoleBinding (with {@code enableInTreeAutoscaling}), the head's Ingress (with {@code enableIngress}; kept in step
 * by {@link HeadIngressSync}), the Ray auth token Secret (with {@code authOptions.mode: token}), the head Service and,
 * for a cluster with a multi-host worker group, the headless worker Service ({@link HeadlessWorkerService}). Each but
 * the Ingress is created once, when missing, and never updated (as in KubeRay); an object that already exists (HTTP
 * 409) counts as present. Every creation and failure is recorded as an Event.
 *
 * <p>The head Service is watched (the status reports its name, IP and ports); the other objects are looked up with
 * one GET and then remembered as present for {@link RayClusterTimings#objectRecheck()}, so a steady cluster costs no
 * API calls for them. A Service just created but not yet in the informer cache is used as created for
 * {@link RayClusterTimings#expectationTimeout()}, so it is not created twice.
 */
final class ClusterObjects {

  /**
   * What {@link #ensure} found.
   *
   * @param headService the head Service (observed or just created), or {@code null} if it is not known yet
   * @param problem why Pods must not be created now (a missing ServiceAccount, a failed creation), or {@code null}
   */
  record Outcome(Service headService, String problem) {
    boolean blocked() {
      return problem != null;
    }
  }

  private record RecentService(Service service, Instant at) {
  }

  private static final SecureRandom RANDOM = new SecureRandom();

  private final KubernetesClient client;
  private final ClusterBuildSettings settings;
  private final HeadServiceFactory headServices;
  private final OwnedObjects owned;
  private final EventRecorder events;
  private final RayClusterTimings timings;
  private final HeadIngressSync ingress;
  private final Map<String, Map<String, Instant>> present = new HashMap<>();
  private final Map<String, RecentService> recentServices = new HashMap<>();
  private final Map<String, String> seenHeadServices = new HashMap<>();

  ClusterObjects(KubernetesClient client, ClusterBuildSettings settings, EventRecorder events,
      RayClusterTimings timings) {
    this.client = Objects.requireNonNull(client, "client");
    this.owned = new OwnedObjects(client);
    this.settings = Objects.requireNonNull(settings, "settings");
    this.headServices = new HeadServiceFactory(settings);
    this.events = Objects.requireNonNull(events, "events");
    this.timings = Objects.requireNonNull(timings, "timings");
    this.ingress = new HeadIngressSync(client, settings, events);
  }

  /**
   * Creates what is missing.
   *
   * @param key the cluster's {@code namespace/name}
   * @param observedHeadService the head Service in the informer cache, or {@code null}
   */
  Outcome ensure(String key, RayCluster cluster, Service observedHeadService, Instant now) {
    if (AutoscalerSidecar.isEnabled(cluster.getSpec())) {
      String problem = ensureAutoscalerRbac(key, cluster, now);
      if (problem != null) {
        return new Outcome(observedHeadService, problem);
      }
    }
    String ingressProblem = ingress.sync(cluster);
    if (ingressProblem != null) {
      return new Outcome(observedHeadService, ingressProblem);
    }
    if (TokenAuth.usesSecret(cluster.getSpec())) {
      String problem = ensureCreated(key, cluster, TokenAuth.secret(cluster, newToken(), settings),
          ClusterEventReason.CREATED_SECRET, ClusterEventReason.FAILED_TO_CREATE_SECRET, now);
      if (problem != null) {
        return new Outcome(observedHeadService, problem);
      }
    }
    Outcome head = headService(key, cluster, observedHeadService, now);
    if (!head.blocked() && HeadlessWorkerService.isWanted(cluster)) {
      String problem = ensureCreated(key, cluster, HeadlessWorkerService.build(cluster),
          ClusterEventReason.CREATED_SERVICE, ClusterEventReason.FAILED_TO_CREATE_SERVICE, now);
      if (problem != null) {
        return new Outcome(head.headService(), problem);
      }
    }
    return head;
  }

  /** Forgets what was remembered about a cluster that is gone. */
  synchronized void forget(String key) {
    present.remove(key);
    recentServices.remove(key);
    seenHeadServices.remove(key);
  }

  /**
   * Whether the informers showed this cluster's head Service before (for the same cluster uid): if it is missing now,
   * it was deleted, by a user or by the garbage collector after the cluster itself was deleted.
   */
  synchronized boolean sawHeadService(String key, RayCluster cluster) {
    String uid = seenHeadServices.get(key);
    return uid != null && uid.equals(cluster.getMetadata().getUid());
  }

  private String ensureAutoscalerRbac(String key, RayCluster cluster, Instant now) {
    String problem;
    if (AutoscalerRbac.isUserServiceAccount(cluster)) {
      problem = requireUserServiceAccount(key, cluster, now);
    } else {
      problem = ensureCreated(key, cluster, AutoscalerRbac.serviceAccount(cluster, settings),
          ClusterEventReason.CREATED_SERVICE_ACCOUNT, ClusterEventReason.FAILED_TO_CREATE_SERVICE_ACCOUNT, now);
    }
    if (problem == null) {
      problem = ensureCreated(key, cluster, AutoscalerRbac.role(cluster, settings), ClusterEventReason.CREATED_ROLE,
          ClusterEventReason.FAILED_TO_CREATE_ROLE, now);
    }
    if (problem == null) {
      problem = ensureCreated(key, cluster, AutoscalerRbac.roleBinding(cluster, settings),
          ClusterEventReason.CREATED_ROLE_BINDING, ClusterEventReason.FAILED_TO_CREATE_ROLE_BINDING, now);
    }
    return problem;
  }

  private String requireUserServiceAccount(String key, RayCluster cluster, Instant now) {
    String namespace = cluster.getMetadata().getNamespace();
    String name = AutoscalerRbac.serviceAccountName(cluster);
    ServiceAccount probe = new ServiceAccountBuilder().withNewMetadata().withName(name).withNamespace(namespace)
        .endMetadata().build();
    if (isKnown(key, probe, now)) {
      return null;
    }
    try {
      if (client.resource(probe).get() != null) {
        remember(key, probe, now);
        return null;
      }
    } catch (KubernetesClientException e) {
      return failure(cluster, ClusterEventReason.AUTOSCALER_SERVICE_ACCOUNT_NOT_FOUND,
          "Could not look up ServiceAccount " + namespace + "/" + name + " for the autoscaler: " + e.getMessage());
    }
    return failure(cluster, ClusterEventReason.AUTOSCALER_SERVICE_ACCOUNT_NOT_FOUND, "ServiceAccount " + namespace
        + "/" + name + ", named in the head Pod template for the autoscaler, does not exist; create it or remove "
        + "serviceAccountName so that the operator creates one");
  }

  private <T extends HasMetadata> String ensureCreated(String key, RayCluster cluster, T desired,
      ClusterEventReason created, ClusterEventReason failed, Instant now) {
    if (isKnown(key, desired, now)) {
      return null;
    }
    String what = desired.getKind() + " " + desired.getMetadata().getNamespace() + "/"
        + desired.getMetadata().getName();
    try {
      if (client.resource(desired).get() != null) {
        remember(key, desired, now);
        return null;
      }
    } catch (KubernetesClientException e) {
      return failure(cluster, failed, "Failed to create " + what + ": " + e.getMessage());
    }
    OwnedObjects.Ensured<T> ensured = owned.ensure(desired);
    if (ensured.failed()) {
      return failure(cluster, failed, "Failed to create " + what + ": " + ensured.problem());
    }
    if (ensured.outcome() == OwnedObjects.Ensured.Outcome.CREATED) {
      record(cluster, created, "Created " + what);
    }
    remember(key, desired, now);
    return null;
  }

  private Outcome headService(String key, RayCluster cluster, Service observed, Instant now) {
    synchronized (this) {
      if (observed != null) {
        recentServices.remove(key);
        seenHeadServices.put(key, String.valueOf(cluster.getMetadata().getUid()));
        return new Outcome(observed, null);
      }
      RecentService recent = recentServices.get(key);
      if (recent != null && now.isBefore(recent.at().plus(timings.expectationTimeout()))) {
        return new Outcome(recent.service(), null);
      }
    }
    Service desired = headServices.build(cluster);
    String what = desired.getMetadata().getNamespace() + "/" + desired.getMetadata().getName();
    OwnedObjects.Ensured<Service> ensured = owned.ensure(desired);
    switch (ensured.outcome()) {
      case CREATED:
        record(cluster, ClusterEventReason.CREATED_SERVICE, "Created head Service " + what);
        synchronized (this) {
          recentServices.put(key, new RecentService(ensured.object(), now));
        }
        return new Outcome(ensured.object(), null);
      case EXISTED:
        return new Outcome(null, null);
      default:
        return new Outcome(null, failure(cluster, ClusterEventReason.FAILED_TO_CREATE_SERVICE,
            "Failed to create head Service " + what + ": " + ensured.problem()));
    }
  }

  private String failure(RayCluster cluster, ClusterEventReason reason, String message) {
    record(cluster, reason, message);
    return message;
  }

  private void record(RayCluster cluster, ClusterEventReason reason, String message) {
    events.record(cluster, reason.type(), reason, message);
  }

  private synchronized boolean isKnown(String key, HasMetadata object, Instant now) {
    Instant seen = present.getOrDefault(key, Map.of()).get(objectKey(object));
    return seen != null && now.isBefore(seen.plus(timings.objectRecheck()));
  }

  private synchronized void remember(String key, HasMetadata object, Instant now) {
    present.computeIfAbsent(key, k -> new HashMap<>()).put(objectKey(object), now);
  }

  private static String objectKey(HasMetadata object) {
    return object.getKind() + "/" + object.getMetadata().getName();
  }

  /** 32 random bytes, URL-safe Base64 without padding: the Ray auth token of a new Secret. */
  static String newToken() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
