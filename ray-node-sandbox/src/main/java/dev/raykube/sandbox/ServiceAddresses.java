package dev.raykube.sandbox;

import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cluster DNS and kube-proxy for the processes of one simulated Pod, by rewriting: every {@code host:port} in a value
 * (an environment variable, an argument) whose host names a Service as cluster DNS would resolve it from the Pod's
 * namespace ({@code svc}, {@code svc.ns}, {@code svc.ns.svc}, {@code svc.ns.svc.cluster.local}) and whose port is one
 * of that Service's ports becomes {@code 127.0.0.1:<local port>} of a {@link LoopbackServiceProxy} for that Service
 * port, which routes each connection to a ready endpoint as kube-proxy would. A name that is no Service of the API
 * server, or a port the Service does not have, is left as it is (as DNS would fail it, the process then fails to
 * connect). One proxy per Service port, kept until {@link #close()} (when the Pod stops).
 *
 * <p>Not modelled: names inside files the process reads, other cluster domains than {@code cluster.local}, headless
 * Services' per-Pod names, and lookups the process makes itself (a host assembled at run time).
 */
final class ServiceAddresses implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ServiceAddresses.class);
  /** A Service name (DNS-1035 label), an optional namespace, an optional {@code .svc[.cluster.local]}, a port. */
  private static final Pattern ADDRESS = Pattern.compile(
      "(?<![A-Za-z0-9.-])([a-z]([-a-z0-9]{0,61}[a-z0-9])?)(\\.([a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?))?"
          + "(\\.svc(\\.cluster\\.local)?)?:(\\d{1,5})(?![0-9])");

  private final KubernetesClient client;
  private final String namespace;
  private final PodNetwork network;
  private final Map<String, LoopbackServiceProxy> proxies = new LinkedHashMap<>();

  ServiceAddresses(KubernetesClient client, String namespace, PodNetwork network) {
    this.client = client;
    this.namespace = namespace;
    this.network = network;
  }

  /** {@code value} with every Service address in it rewritten to its local proxy. */
  synchronized String rewrite(String value) {
    if (value == null || value.indexOf(':') < 0) {
      return value;
    }
    Matcher matcher = ADDRESS.matcher(value);
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      String service = matcher.group(1);
      String serviceNamespace = matcher.group(4) != null ? matcher.group(4) : namespace;
      int port = Integer.parseInt(matcher.group(8));
      String local = localAddress(serviceNamespace, service, port);
      matcher.appendReplacement(out, Matcher.quoteReplacement(local != null ? local : matcher.group()));
    }
    matcher.appendTail(out);
    return out.toString();
  }

  /** Each value rewritten ({@link #rewrite}). */
  List<String> rewrite(List<String> values) {
    List<String> out = new ArrayList<>();
    if (values != null) {
      values.forEach(value -> out.add(rewrite(value)));
    }
    return out;
  }

  private String localAddress(String serviceNamespace, String name, int port) {
    String key = serviceNamespace + "/" + name + ":" + port;
    LoopbackServiceProxy proxy = proxies.get(key);
    if (proxy == null) {
      Service service;
      try {
        service = client.services().inNamespace(serviceNamespace).withName(name).get();
      } catch (RuntimeException e) {
        log.debug("{}: not a readable Service ({})", key, e.toString());
        return null;
      }
      if (service == null || service.getSpec() == null || service.getSpec().getPorts() == null) {
        return null;
      }
      ServicePort servicePort = service.getSpec().getPorts().stream()
          .filter(p -> p.getPort() != null && p.getPort() == port).findFirst().orElse(null);
      if (servicePort == null) {
        log.info("{}: Service {}/{} has no port {}; left as it is", key, serviceNamespace, name, port);
        return null;
      }
      String portName = servicePort.getName() == null || servicePort.getName().isEmpty() ? null
          : servicePort.getName();
      proxy = LoopbackServiceProxy.start(client, serviceNamespace, name, portName, network);
      proxies.put(key, proxy);
    }
    return "127.0.0.1:" + proxy.port();
  }

  @Override
  public synchronized void close() {
    proxies.values().forEach(LoopbackServiceProxy::close);
    proxies.clear();
  }
}
