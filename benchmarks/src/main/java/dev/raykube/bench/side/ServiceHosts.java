package dev.raykube.bench.side;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What cluster DNS and kube-proxy would do for the head Services on this machine: each head Service's name
 * ({@code <service>.<namespace>.svc.cluster.local}) gets an address of its own in the loopback network 127.0.0.0/8
 * (from 127.1.0.1 on), where that head's dashboard listens on the Service's port. The names are written to a hosts
 * file, which RayKube's JVM reads ({@code -Djdk.net.hosts.file}); KubeRay, a Go program that only reads
 * {@code /etc/hosts}, reaches them through {@link DashboardProxy}, which asks {@link #address(String)}.
 * Thread-safe.
 */
public final class ServiceHosts {

  public static final String CLUSTER_DOMAIN = "cluster.local";

  private final Path file;
  private final Map<String, InetAddress> byName = new LinkedHashMap<>();
  private int next = 1;

  public ServiceHosts(Path file) {
    this.file = file;
    write();
  }

  /** The DNS name of a head Service. */
  public static String headServiceName(String namespace, String cluster) {
    return cluster + "-head-svc." + namespace + ".svc." + CLUSTER_DOMAIN;
  }

  /** The address of {@code name}, given one on first use. */
  public synchronized InetAddress assign(String name) {
    InetAddress known = byName.get(name);
    if (known != null) {
      return known;
    }
    int n = next++;
    if (n >= 1 << 16) {
      throw new IllegalStateException("more than 65,535 head Services");
    }
    InetAddress address;
    try {
      address = InetAddress.getByAddress(new byte[] {127, 1, (byte) (n >> 8), (byte) n});
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
    byName.put(name, address);
    write();
    return address;
  }

  /** The address given to {@code name}, if any. */
  public synchronized Optional<InetAddress> address(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** The hosts file. */
  public Path file() {
    return file;
  }

  private void write() {
    StringBuilder text = new StringBuilder("127.0.0.1 localhost\n");
    byName.forEach((name, address) -> text.append(address.getHostAddress()).append(' ').append(name).append('\n'));
    try {
      Path temp = file.resolveSibling(file.getFileName() + ".tmp");
      Files.writeString(temp, text);
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
