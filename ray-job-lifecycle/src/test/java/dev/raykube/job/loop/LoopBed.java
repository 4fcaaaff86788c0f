package dev.raykube.job.loop;

import static dev.raykube.job.testing.KubeFixtures.NS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.RetryPolicy;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.job.act.RayJobActuator;
import dev.raykube.job.decide.Decision;
import dev.raykube.job.decide.RayJobAction;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.job.decide.RayJobStateMachine;
import dev.raykube.job.observe.ObservedRayJob;
import dev.raykube.job.observe.RayJobObserver;
import dev.raykube.job.testing.KubeFixtures;
import dev.raykube.kernel.ActionOutcome;
import dev.raykube.kernel.NameSuffixes;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.Reconciled;
import dev.raykube.reconcile.StatusRecorder;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * What the loop tests run against: the CRUD mock (with the ray.io CRDs), a {@link FakeRayDashboard}, and the loop with
 * its real parts (state machine with predictable name suffixes, observer, actuator, status and event recorders,
 * with the loop built from the same parts) and the steps the tests take with them.
 */
final class LoopBed implements AutoCloseable {

  final KubernetesClient client;
  final FakeRayDashboard fake;
  final DashboardClients clients;
  final RayJobStateMachine machine;
  final RayJobObserver observer;
  final RayJobActuator actuator;
  final StatusRecorder<RayJobStatus, RayJob> recorder;
  final EventRecorder events;
  final RayJobLoop loop;

  /** Resets the mock server, registers the CRDs and starts the fake dashboard; {@link #close()} stops it. */
  LoopBed(KubernetesClient client, KubernetesMockServer server) {
    this.client = client;
    server.reset();
    RayCrds.install(client, "rayjobs", "rayclusters");
    this.fake = FakeRayDashboard.builder().startDelay(Duration.ofMillis(10)).timeScale(0.05).build().start();
    this.clients = new DashboardClients(b -> b.retryPolicy(RetryPolicy.none()));
    char[] next = {'b'};
    NameSuffixes suffixes = () -> String.valueOf(next[0]++).repeat(NameSuffixes.LENGTH);
    this.machine = new RayJobStateMachine(RayJobSettings.defaults(), suffixes);
    this.observer = new RayJobObserver(client, DashboardAccess.fixed(fake.url()), clients);
    this.events = new EventRecorder(client, "raykube-test", null, Clock.systemUTC());
    this.actuator = new RayJobActuator(client, clients, events);
    this.recorder = new StatusRecorder<>(client);
    DashboardAccess access = DashboardAccess.fixed(fake.url());
    this.loop = RayJobLoop.builder(client).dashboardAccess(access).dashboards(clients).events(events)
        .nameSuffixes(suffixes).build();
  }

  @Override
  public void close() {
    clients.close();
    fake.close();
  }

  record Step(ObservedRayJob observed, Decision decision) {
  }

  Step decide() {
    ObservedRayJob observed = observer.observe(stored());
    return new Step(observed, machine.decide(observed.rayJob(), observed.observation(), Clock.systemUTC().instant()));
  }

  Reconciled<RayJob, ObservedRayJob, Decision, ActionOutcome<RayJobAction>> reconcile() {
    return loop.reconcile(stored());
  }

  /** Records the decided status, then carries out the decision's actions, as the loop does. */
  List<ActionOutcome<RayJobAction>> act(Step step) {
    RayJob written = recorder.record(step.observed().rayJob(), step.decision().status()).resource();
    return actuator.act(step.observed(), written, step.decision().actions());
  }

  /**
   * An HTTPMode RayJob that moved to Running, but whose submission (made in the same decision) did not happen: the
   * operator stopped between the status write and the submit. The next decision submits.
   */
  void runningHttpJob() {
    client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    reconcile();
    reconcile();
    KubeFixtures.markReady(client, "demo-ccccc");
    Step step = decide();
    assertThat(step.decision().actionsOf(RayJobAction.SubmitJob.class)).hasSize(1);
    act(new Step(step.observed(), new Decision(step.decision().status(), step.decision().actions().stream()
        .filter(a -> !(a instanceof RayJobAction.SubmitJob)).toList())));
    assertThat(stored().getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(fake.submissionIds()).isEmpty();
  }

  RayJob stored() {
    return client.resources(RayJob.class).inNamespace(NS).withName("demo").require();
  }

  List<RayCluster> clusters() {
    return client.resources(RayCluster.class).inNamespace(NS).list().getItems();
  }

  List<Event> kubeEvents() {
    return client.v1().events().inNamespace(NS).list().getItems();
  }

  List<String> reasons() {
    return kubeEvents().stream().map(Event::getReason).toList();
  }
}
