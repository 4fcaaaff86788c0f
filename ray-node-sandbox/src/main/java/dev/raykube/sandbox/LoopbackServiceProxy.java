package dev.raykube.sandbox;

import io.fabric8.kubernetes.api.model.discovery.v1.Endpoint;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointPort;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Service port routed as kube-proxy would route it, for the simulated Pods: the proxy listens on a free
 * 127.0.0.1 port (the stand-in for the Service's cluster IP and port) and, for each TCP connection it accepts, picks
 * a ready endpoint of the Service's EndpointSlices ({@code discovery.k8s.io/v1}, label
 * {@code kubernetes.io/service-name}, from an informer: what the controller-manager's EndpointSlice controller
 * published) in turn, maps the endpoint's address and the slice's port of that name to the local port the Pod's
 * process listens on ({@link PodNetwork}), connects there and relays bytes both ways until either side closes. As with
 * kube-proxy's iptables mode, the choice is made once per connection: a connection already open stays with its
 * endpoint when the endpoints change; only new connections see the new set. With no ready endpoint (or none that
 * leads to a local port) the connection is closed at once, as kube-proxy rejects one.
 *
 * <p>Not modelled: session affinity, {@code externalTrafficPolicy}/{@code internalTrafficPolicy}, topology, terminating
 * endpoints used as a fallback, UDP, and the cluster IP itself (clients connect to {@link #port()}).
 */
public final class LoopbackServiceProxy implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LoopbackServiceProxy.class);

  private final String service;
  private final String portName;
  private final PodNetwork network;
  private final SharedIndexInformer<EndpointSlice> slices;
  private final ServerSocket server;
  private final ExecutorService relays = Executors.newCachedThreadPool(r -> {
    Thread thread = new Thread(r, "service-proxy-relay");
    thread.setDaemon(true);
    return thread;
  });
  private final AtomicInteger next = new AtomicInteger();
  private final AtomicLong rejected = new AtomicLong();
  private volatile boolean closed;

  private LoopbackServiceProxy(KubernetesClient client, String namespace, String service, String portName,
      PodNetwork network) throws IOException {
    this.service = namespace + "/" + service;
    this.portName = portName;
    this.network = network;
    this.slices = client.discovery().v1().endpointSlices().inNamespace(namespace)
        .withLabel("kubernetes.io/service-name", service).inform();
    this.server = new ServerSocket();
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 200);
    Thread acceptor = new Thread(this::accept, "service-proxy-" + service);
    acceptor.setDaemon(true);
    acceptor.start();
    log.info("Service {} port {} routed at 127.0.0.1:{}", this.service, portName, server.getLocalPort());
  }

  /** Routes port {@code portName} of Service {@code namespace/service}. */
  static LoopbackServiceProxy start(KubernetesClient client, String namespace, String service, String portName,
      PodNetwork network) {
    try {
      return new LoopbackServiceProxy(client, namespace, service, portName, network);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot listen for Service " + service, e);
    }
  }

  /** The local port that stands for the Service's port. */
  public int port() {
    return server.getLocalPort();
  }

  /** {@code http://127.0.0.1:<port>}. */
  public String url() {
    return "http://127.0.0.1:" + port();
  }

  /** How many connections were closed at once for want of a ready endpoint. */
  public long rejectedConnections() {
    return rejected.get();
  }

  /** The local ports the Service's ready endpoints lead to now, in slice order. */
  public List<Integer> readyTargets() {
    List<Integer> targets = new ArrayList<>();
    for (EndpointSlice slice : slices.getStore().list()) {
      OptionalInt port = slicePort(slice);
      if (port.isEmpty() || slice.getEndpoints() == null) {
        continue;
      }
      for (Endpoint endpoint : slice.getEndpoints()) {
        boolean ready = endpoint.getConditions() == null || !Boolean.FALSE.equals(endpoint.getConditions().getReady());
        if (!ready || endpoint.getAddresses() == null) {
          continue;
        }
        for (String address : endpoint.getAddresses()) {
          network.localPort(address, port.getAsInt()).ifPresent(targets::add);
        }
      }
    }
    return targets;
  }

  private OptionalInt slicePort(EndpointSlice slice) {
    if (slice.getPorts() == null) {
      return OptionalInt.empty();
    }
    for (EndpointPort port : slice.getPorts()) {
      if (port.getPort() != null && (portName == null || portName.equals(port.getName()))) {
        return OptionalInt.of(port.getPort());
      }
    }
    return OptionalInt.empty();
  }

  private void accept() {
    while (!closed) {
      Socket client;
      try {
        client = server.accept();
      } catch (IOException e) {
        if (!closed) {
          log.warn("Service {}: accept failed: {}", service, e.toString());
        }
        return;
      }
      relays.execute(() -> route(client));
    }
  }

  private void route(Socket client) {
    List<Integer> targets = readyTargets();
    if (targets.isEmpty()) {
      rejected.incrementAndGet();
      log.info("Service {}: no ready endpoint; connection rejected", service);
      closeQuietly(client);
      return;
    }
    int target = targets.get(Math.floorMod(next.getAndIncrement(), targets.size()));
    Socket upstream = new Socket();
    try {
      upstream.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), target), 2000);
    } catch (IOException e) {
      log.info("Service {}: endpoint 127.0.0.1:{} refused: {}", service, target, e.toString());
      closeQuietly(upstream);
      closeQuietly(client);
      return;
    }
    AtomicInteger directionsDone = new AtomicInteger();
    relays.execute(() -> pump(upstream, client, directionsDone));
    pump(client, upstream, directionsDone);
  }

  /** Copies {@code from} to {@code to} until EOF (then half-closes {@code to}); both closed once both ways ended. */
  private static void pump(Socket from, Socket to, AtomicInteger directionsDone) {
    byte[] buffer = new byte[16 * 1024];
    try {
      InputStream in = from.getInputStream();
      OutputStream out = to.getOutputStream();
      int n;
      while ((n = in.read(buffer)) >= 0) {
        out.write(buffer, 0, n);
        out.flush();
      }
      to.shutdownOutput();
    } catch (IOException e) {
      closeQuietly(from); // a reset on either side ends the connection both ways
      closeQuietly(to);
    } finally {
      if (directionsDone.incrementAndGet() == 2) {
        closeQuietly(from);
        closeQuietly(to);
      }
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  @Override
  public void close() {
    closed = true;
    try {
      server.close();
    } catch (IOException e) {
      log.debug("Service {}: {}", service, e.toString());
    }
    slices.stop();
    relays.shutdownNow();
  }
}
