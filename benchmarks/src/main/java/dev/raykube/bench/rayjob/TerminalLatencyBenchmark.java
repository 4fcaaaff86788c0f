package dev.raykube.bench.rayjob;

import dev.raykube.bench.BenchClusters;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.RecordedDashboardRequest;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * P1: time from a Ray job reaching a terminal state on its (fake) dashboard to the RayJob's status saying so, for
 * every arm at once, and the dashboard GETs per running job. Every arm gets the same jobs: {@code runs} per age
 * class, each running a random {@code sleep} of 3 to 13 s (the same durations in every arm), {@code concurrency} of
 * them at a time per arm and age class; a measured RayJob is deleted (with its Pods and Services) to keep the mock
 * small.
 *
 * <p>The adaptive poll's delay depends on the Ray job's age ({@code rayJobInfo.startTime}), so the jobs are run in
 * three age classes: fresh jobs, and jobs on a dashboard whose clock is 30 s or 120 s behind, which the operator sees
 * as jobs that started 30 s or 120 s before they did (the poll reads nothing else of the age). This shows the 1 s, 3 s
 * and 10 s regimes without waiting minutes per job.
 */
final class TerminalLatencyBenchmark {

  /** An age class: the scenario (namespace suffix), how old its jobs look, and its dashboard. */
  record AgeClass(String scenario, String label, Duration clockBehind, FakeRayDashboard dashboard) {
  }

  private static final double MIN_RUN_SECONDS = 3;
  private static final double RUN_SPREAD_SECONDS = 10;
  private static final long STAGGER_MILLIS = 50;

  private TerminalLatencyBenchmark() {
  }

  static void run(KubernetesClient client, List<OperatorArm> arms, List<AgeClass> ages, int runs, int concurrency,
      PrintStream out) {
    Random random = new Random(20261130L);
    double[][] seconds = new double[ages.size()][runs];
    for (double[] row : seconds) {
      for (int i = 0; i < runs; i++) {
        row[i] = Math.round((MIN_RUN_SECONDS + RUN_SPREAD_SECONDS * random.nextDouble()) * 100) / 100.0;
      }
    }
    long start = System.nanoTime();
    List<Case> cases = new ArrayList<>();
    List<Cell> cells = new ArrayList<>();
    for (int a = 0; a < ages.size(); a++) {
      for (OperatorArm arm : arms) {
        cells.add(new Cell(arm, ages.get(a), seconds[a]));
      }
    }
    try (TerminalStopwatch stopwatch = new TerminalStopwatch(client)) {
      long deadline = System.nanoTime() + Duration.ofMinutes(6).toNanos();
      while (cells.stream().anyMatch(c -> c.next < runs || !c.running.isEmpty())) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("P1 did not finish within 6 minutes");
        }
        for (Cell cell : cells) {
          cell.running.removeIf(c -> {
            if (!c.watched.done()) {
              return false;
            }
            collectGarbage(client, c);
            return true;
          });
          if (cell.running.size() < concurrency && cell.next < runs) {
            int i = cell.next++;
            String namespace = cell.arm.namespace(cell.age.scenario());
            String name = "p1-" + i;
            String id = namespace + "-" + i;
            Case c = new Case(cell.arm, cell.age, stopwatch.watch(namespace, name, cell.age.dashboard(), id));
            cases.add(c);
            cell.running.add(c);
            client.resource(BenchRayJobs.httpModeJob(namespace, name, id,
                String.format(Locale.ROOT, "sleep %.2f", cell.seconds[i]))).create();
          }
        }
        BenchClusters.sleep(STAGGER_MILLIS);
      }
    }
    long elapsed = System.nanoTime() - start;
    print(arms, ages, cases, runs, concurrency, elapsed, out);
  }

  /** The jobs of one arm and age class: the next to start, those running. */
  private static final class Cell {
    final OperatorArm arm;
    final AgeClass age;
    final double[] seconds;
    final List<Case> running = new ArrayList<>();
    int next;

    Cell(OperatorArm arm, AgeClass age, double[] seconds) {
      this.arm = arm;
      this.age = age;
      this.seconds = seconds;
    }
  }

  /**
   * Deletes a measured RayJob (its job has ended: the operator makes no stop call) and, as the garbage collector the
   * CRUD mock lacks would, the Pods and Services of its deleted RayCluster, so the mock's store stays small.
   */
  private static void collectGarbage(KubernetesClient client, Case c) {
    String[] key = c.watched.key.split("/");
    RayJob job = client.resources(RayJob.class).inNamespace(key[0]).withName(key[1]).get();
    client.resources(RayJob.class).inNamespace(key[0]).withName(key[1]).delete();
    if (job != null && job.getStatus() != null && job.getStatus().getRayClusterName() != null) {
      String cluster = job.getStatus().getRayClusterName();
      client.pods().inNamespace(key[0]).withLabel(RayClusterLabels.CLUSTER, cluster).delete();
      client.services().inNamespace(key[0]).withLabel(RayClusterLabels.CLUSTER, cluster).delete();
    }
  }

  private record Case(OperatorArm arm, AgeClass age, TerminalStopwatch.Watched watched) {

    long statusLatency() {
      return watched.statusTerminalNanos - watched.rayTerminalNanos;
    }

    long deploymentLatency() {
      return watched.deploymentTerminalNanos - watched.rayTerminalNanos;
    }

    /** GETs of this job on its dashboard while it ran, and how long it ran (s). */
    double[] getsWhileRunning(List<RecordedDashboardRequest> log) {
      String path = "/api/jobs/" + watched.submissionId;
      java.time.Instant from = watched.rayRunningWall.minus(age.clockBehind());
      java.time.Instant to = watched.rayTerminalWall.minus(age.clockBehind());
      long gets = log.stream().filter(r -> r.is("GET", path))
          .filter(r -> !r.receivedAt().isBefore(from) && !r.receivedAt().isAfter(to)).count();
      return new double[] {gets, Duration.between(from, to).toNanos() / 1e9};
    }
  }

  private static void print(List<OperatorArm> arms, List<AgeClass> ages, List<Case> cases, int runs, int concurrency,
      long elapsed, PrintStream out) {
    OperatorArm ours = arms.get(0);
    OperatorArm base = arms.get(1);
    out.printf("P1  Ray job terminal on the dashboard -> RayJob status.jobStatus terminal (%d RayJobs, all arms at"
        + " once, %d at a time per arm and age class, jobs run %.0f-%.0f s, %.0f s in all)%n", cases.size(),
        concurrency, MIN_RUN_SECONDS, MIN_RUN_SECONDS + RUN_SPREAD_SECONDS, elapsed / 1e9);
    out.printf("    arms: %s = RayJobSettings.defaults() (%s) + log tails %s (%s); %s = a MODEL of KubeRay, not"
        + " KubeRay (the real comparison is the side-by-side suite): the same settings with a fixed 3 s poll (%s), %s%n", ours.name, ours.settings.poll(), ours.flags.isEmpty() ? "on" : ours.flags,
        dev.raykube.job.push.LogTailSettings.defaults().followedPoll(), base.name, base.settings.poll(),
        base.flags);
    out.printf("  %-25s %-40s %-40s %s%n", "jobs (age at end)", ours.name, base.name, "baseline/ours (median, p90)");
    List<Case> allOurs = new ArrayList<>();
    List<Case> allBase = new ArrayList<>();
    for (AgeClass age : ages) {
      List<Case> o = select(cases, ours, age);
      List<Case> b = select(cases, base, age);
      allOurs.addAll(o);
      allBase.addAll(b);
      row(age.label(), o, b, out);
    }
    row("all", allOurs, allBase, out);
    Latencies deployOurs = Latencies.ofNanos(allOurs.stream().map(Case::deploymentLatency).toList());
    Latencies deployBase = Latencies.ofNanos(allBase.stream().map(Case::deploymentLatency).toList());
    out.printf("  %-25s %-40s %-40s %.2fx%n", "all, jobDeploymentStatus", deployOurs.describe(), deployBase.describe(),
        deployBase.median() / deployOurs.median());
    out.printf("  %-25s (Complete/Failed seen in the same update as jobStatus in %d of %d RayJobs)%n", "",
        cases.stream().filter(c -> c.watched.deploymentTerminalNanos == c.watched.statusTerminalNanos).count(),
        cases.size());

    out.println("  Dashboard GET /api/jobs/<id> per running job (GETs per second of RUNNING; all GETs per RayJob)");
    for (AgeClass age : ages) {
      double[] o = getRate(select(cases, ours, age));
      double[] b = getRate(select(cases, base, age));
      out.printf("  %-25s %-40s %-40s %.2fx%n", age.label(),
          String.format(Locale.ROOT, "%.2f/s (%.1f GETs per RayJob)", o[0], o[1]),
          String.format(Locale.ROOT, "%.2f/s (%.1f GETs per RayJob)", b[0], b[1]), o[0] / b[0]);
    }
    out.printf("  %-25s (last column: ours/baseline; polling looks once per reconcile, GETs counted in the fake's"
        + " log; %d runs per cell)%n", "", runs);
    out.println("  Log tails opened (GET /api/jobs/<id>/logs/tail) per RayJob");
    for (AgeClass age : ages) {
      out.printf("  %-25s %-40s %-40s%n", age.label(),
          String.format(Locale.ROOT, "%.2f", tailsPerJob(select(cases, ours, age))),
          String.format(Locale.ROOT, "%.2f", tailsPerJob(select(cases, base, age))));
    }
  }

  private static List<Case> select(List<Case> cases, OperatorArm arm, AgeClass age) {
    return cases.stream().filter(c -> c.arm == arm && c.age == age).toList();
  }

  private static void row(String label, Collection<Case> ours, Collection<Case> base, PrintStream out) {
    Latencies o = Latencies.ofNanos(ours.stream().map(Case::statusLatency).toList());
    Latencies b = Latencies.ofNanos(base.stream().map(Case::statusLatency).toList());
    out.printf("  %-25s %-40s %-40s %.2fx, %.2fx%n", label, o.describe(), b.describe(), b.median() / o.median(),
        b.p90() / o.p90());
  }

  /** Log-tail upgrades per RayJob over {@code cases}. */
  private static double tailsPerJob(List<Case> cases) {
    List<RecordedDashboardRequest> log = cases.get(0).age.dashboard().requests();
    long tails = 0;
    for (Case c : cases) {
      tails += log.stream().filter(r -> r.is("GET", "/api/jobs/" + c.watched.submissionId + "/logs/tail")).count();
    }
    return (double) tails / cases.size();
  }

  /** {GETs per second while RUNNING, GETs per RayJob over its whole life} over {@code cases}. */
  private static double[] getRate(List<Case> cases) {
    double gets = 0;
    double seconds = 0;
    long all = 0;
    List<RecordedDashboardRequest> log = cases.get(0).age.dashboard().requests();
    for (Case c : cases) {
      double[] g = c.getsWhileRunning(log);
      gets += g[0];
      seconds += g[1];
      all += log.stream().filter(r -> r.is("GET", "/api/jobs/" + c.watched.submissionId)).count();
    }
    return new double[] {gets / seconds, (double) all / cases.size()};
  }
}
