package dev.raykube.bench.soak;

import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Plays the soak's script: creates each RayJob at its time, deletes or suspends and resumes the ones whose plan says
 * so once they run, plays the RayServices' part ({@link SoakServices}), injects the faults at theirs (one at a time,
 * on a thread of its own), and ends when every RayJob has reached its end (Complete or Failed, or gone for deleted
 * ones) and every RayService its own, or the deadline has passed. Every API call it makes is retried on the next
 * tick when the API server is away (a fault of its own making).
 */
final class SoakSchedule {

  private static final Duration TICK = Duration.ofSeconds(1);

  private final KubernetesClient admin;
  private final List<String> namespaces;
  private final List<JobPlan> jobs;
  private final List<FaultPlan> faults;
  private final FaultInjector injector;
  private final SoakServices services;
  private final Map<String, String> namespaceOf = new HashMap<>();
  private final Set<String> created = new HashSet<>();
  private final Map<String, Instant> runningSince = new HashMap<>();
  private final Set<String> acted = new HashSet<>();
  private final Set<String> resumed = new HashSet<>();
  private final Set<String> suspendedTooLate = new HashSet<>();
  private final Set<String> headLost = new HashSet<>();
  private final Map<String, RayJob> lastSeen = new java.util.concurrent.ConcurrentHashMap<>(); // read by the fault thread
  private final List<String> problems = new ArrayList<>();

  SoakSchedule(KubernetesClient admin, List<String> namespaces, List<JobPlan> jobs, SoakServices services,
      List<FaultPlan> faults, FaultInjector injector) {
    this.admin = admin;
    this.services = services;
    this.namespaces = namespaces;
    this.jobs = jobs;
    this.faults = faults;
    this.injector = injector;
    for (int i = 0; i < jobs.size(); i++) {
      namespaceOf.put(jobs.get(i).name(), namespaces.get(i % namespaces.size()));
    }
  }

  /**
   * Runs until every RayJob has ended and {@code minimum} has passed, or until {@code deadline} has passed (both from
   * {@code start}).
   */
  void run(Instant start, Duration minimum, Duration deadline) throws InterruptedException {
    ExecutorService faultThread = Executors.newSingleThreadExecutor(r -> new Thread(r, "soak-faults"));
    List<Future<?>> pending = new ArrayList<>();
    int nextFault = 0;
    try {
      while (true) {
        Instant now = Instant.now();
        Duration elapsed = Duration.between(start, now);
        while (nextFault < faults.size() && faults.get(nextFault).at().compareTo(elapsed) <= 0) {
          FaultPlan plan = faults.get(nextFault++);
          pending.add(faultThread.submit(() -> {
            FaultInjector.Injected done = injector.inject(plan, this::headVictims);
            System.out.printf("  %6.1f s  fault %-20s %s%s%n", Duration.between(start, done.at()).toMillis() / 1000.0,
                plan.kind(), done.detail(), done.recovery() == null ? ""
                    : String.format(" (a replica led again after %.1f s)", done.recovery().toMillis() / 1000.0));
            if (done.head() != null) {
              synchronized (headLost) {
                headLost.add(done.head().owner());
              }
            }
            return null;
          }));
        }
        try {
          step(elapsed, now);
        } catch (KubernetesClientException e) {
          // the API server is away (restarted, or etcd paused): next tick
        }
        try {
          services.step(elapsed, now);
        } catch (KubernetesClientException e) {
          // as above
        }
        boolean faultsDone = nextFault == faults.size() && pending.stream().allMatch(Future::isDone);
        if (faultsDone && created.size() == jobs.size() && jobs.stream().allMatch(this::ended)
            && services.allEnded() && elapsed.compareTo(minimum) >= 0) {
          break;
        }
        if (elapsed.compareTo(deadline) > 0) {
          jobs.stream().filter(j -> !ended(j)).forEach(j -> problems.add(j.name() + " (" + j.kind()
              + ") did not reach its end by the deadline; last status: " + describe(lastSeen.get(j.name()))));
          services.unended().forEach(problems::add);
          break;
        }
        Thread.sleep(TICK.toMillis());
      }
      for (Future<?> f : pending) {
        try {
          f.get();
        } catch (java.util.concurrent.ExecutionException e) {
          problems.add("fault injection failed: " + e.getCause());
        }
      }
    } finally {
      faultThread.shutdownNow();
    }
  }

  private void step(Duration elapsed, Instant now) {
    for (JobPlan job : jobs) {
      if (!created.contains(job.name()) && job.createAt().compareTo(elapsed) <= 0) {
        create(admin, job.rayJob(namespaceOf.get(job.name())));
        created.add(job.name());
      }
    }
    for (String namespace : namespaces) {
      for (RayJob rayJob : admin.resources(RayJob.class).inNamespace(namespace).list().getItems()) {
        lastSeen.put(rayJob.getMetadata().getName(), rayJob);
      }
    }
    for (JobPlan job : jobs) {
      RayJob seen = lastSeen.get(job.name());
      if (seen == null || !created.contains(job.name())) {
        continue;
      }
      if (isRunning(seen) && !runningSince.containsKey(job.name())) {
        runningSince.put(job.name(), now);
      }
      Instant since = runningSince.get(job.name());
      boolean due = since != null && !now.isBefore(since.plus(job.actAfter()));
      String namespace = namespaceOf.get(job.name());
      if (job.kind().deleted() && due && !acted.contains(job.name())) {
        admin.resources(RayJob.class).inNamespace(namespace).withName(job.name()).delete();
        acted.add(job.name()); // after the call: a delete the API server did not take is made again next tick
      }
      if (job.kind() == JobPlan.Kind.SUSPENDED_AND_RESUMED) {
        if (due && !acted.contains(job.name())) {
          RayJob edited = admin.resources(RayJob.class).inNamespace(namespace).withName(job.name())
              .edit(r -> { r.getSpec().setSuspend(true); return r; });
          if (terminal(edited)) {
            // ended before the suspension reached the API server (the soak saw Running late, through faults): a
            // finished RayJob is not suspended; the operator's status writes are locked to the version it observed
            suspendedTooLate.add(job.name());
          }
          acted.add(job.name());
        } else if (acted.contains(job.name()) && !resumed.contains(job.name())
            && "Suspended".equals(deploymentStatus(seen))) {
          admin.resources(RayJob.class).inNamespace(namespace).withName(job.name())
              .edit(r -> { r.getSpec().setSuspend(false); return r; });
          resumed.add(job.name());
        }
      }
    }
    // deleted ones are gone once the list no longer holds them
    for (JobPlan job : jobs) {
      if (job.kind().deleted() && acted.contains(job.name())) {
        boolean listed = admin.resources(RayJob.class).inNamespace(namespaceOf.get(job.name())).withName(job.name())
            .get() != null;
        if (!listed) {
          lastSeen.remove(job.name());
        }
      }
    }
  }

  /** Creates {@code object}; a 409 is taken as a create whose answer was lost but which went through. */
  static void create(KubernetesClient admin, HasMetadata object) {
    try {
      admin.resource(object).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
    }
  }

  private boolean ended(JobPlan job) {
    if (!created.contains(job.name())) {
      return false;
    }
    RayJob seen = lastSeen.get(job.name());
    if (job.kind().deleted()) {
      return acted.contains(job.name()) && seen == null;
    }
    if (job.kind() == JobPlan.Kind.SUSPENDED_AND_RESUMED && !resumed.contains(job.name())
        && !headLost(job.name()) && !(acted.contains(job.name()) && terminal(seen))) {
      return false;
    }
    return terminal(seen);
  }

  private static boolean terminal(RayJob job) {
    String status = deploymentStatus(job);
    return "Complete".equals(status) || "Failed".equals(status);
  }

  /**
   * Suspended-and-resumed RayJobs that had ended when their suspension was written (the API server's answer to the
   * edit held a terminal status): they end Complete without a suspension.
   */
  boolean suspendedTooLate(String name) {
    return suspendedTooLate.contains(name);
  }

  /** Whether the soak cleared {@code spec.suspend} of {@code name} again after it was Suspended. */
  boolean resumed(String name) {
    return resumed.contains(name);
  }

  /**
   * The head Pods a fault may delete: of RayJobs with a cluster of their own, running, that end by themselves, and of
   * Ready RayServices.
   */
  private List<FaultInjector.HeadVictim> headVictims() {
    List<FaultInjector.HeadVictim> victims = new ArrayList<>();
    for (JobPlan job : jobs) {
      RayJob seen = lastSeen.get(job.name());
      if (job.pool() == null && (job.kind() == JobPlan.Kind.SUCCEEDS || job.kind() == JobPlan.Kind.LONG)
          && seen != null && isRunning(seen) && seen.getStatus().getRayClusterName() != null) {
        victims.add(new FaultInjector.HeadVictim(seen.getMetadata().getNamespace(), HasMetadata.getKind(RayJob.class),
            job.name(), seen.getStatus().getRayClusterName()));
      }
    }
    victims.addAll(services.headVictims());
    return victims;
  }

  private static boolean isRunning(RayJob job) {
    return "Running".equals(deploymentStatus(job)) && job.getStatus() != null
        && "RUNNING".equals(job.getStatus().getJobStatusValue());
  }

  private static String deploymentStatus(RayJob job) {
    return job == null || job.getStatus() == null ? null : job.getStatus().getJobDeploymentStatusValue();
  }

  static String describe(RayJob job) {
    if (job == null) {
      return "(gone)";
    }
    if (job.getStatus() == null) {
      return "(no status)";
    }
    return job.getStatus().getJobDeploymentStatusValue() + "/" + job.getStatus().getJobStatusValue()
        + (job.getStatus().getReasonValue() == null ? "" : " " + job.getStatus().getReasonValue()) + ": "
        + job.getStatus().getMessage();
  }

  /** Whether the head Pod of {@code name}'s cluster was deleted under its job. */
  boolean headLost(String name) {
    synchronized (headLost) {
      return headLost.contains(name);
    }
  }

  /** The last status seen of each RayJob that still exists. */
  Map<String, RayJob> lastSeen() {
    return Map.copyOf(lastSeen);
  }

  /** The namespace of each RayJob. */
  Map<String, String> namespaces() {
    return Map.copyOf(namespaceOf);
  }

  /** RayJobs that did not end and faults that could not be injected. */
  List<String> problems() {
    return List.copyOf(problems);
  }
}
