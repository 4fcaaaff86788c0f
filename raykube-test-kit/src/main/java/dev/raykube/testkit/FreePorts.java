package dev.raykube.testkit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ports free on 127.0.0.1 for the processes a test starts (the control plane's, an operator's metrics, a Ray head),
 * drawn at random from 20000 up to the kernel's ephemeral range, never from it: a port from that range (what binding
 * port 0 gives) can be taken by one of the already running processes' outgoing connections before the process it was
 * picked for binds it.
 */
public final class FreePorts {

  private static final Logger log = LoggerFactory.getLogger(FreePorts.class);
  private static final int LOWEST = 20_000;

  private FreePorts() {
  }

  /**
   * One free port.
   *
   * @throws ControlPlaneException if none is found
   */
  public static int onLoopback() {
    return onLoopback(1).get(0);
  }

  /**
   * {@code count} distinct free ports.
   *
   * @throws ControlPlaneException if there are not that many
   */
  public static List<Integer> onLoopback(int count) {
    int top = Math.max(ephemeralRangeStart(), LOWEST + 1);
    List<ServerSocket> held = new ArrayList<>();
    try {
      for (int attempt = 0; held.size() < count && attempt < 1_000; attempt++) {
        ServerSocket socket = new ServerSocket();
        try {
          socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(),
              ThreadLocalRandom.current().nextInt(LOWEST, top)));
          held.add(socket);
        } catch (IOException taken) {
          socket.close();
        }
      }
      if (held.size() < count) {
        throw new ControlPlaneException("no " + count + " free ports on 127.0.0.1 between " + LOWEST + " and " + top);
      }
      return held.stream().map(ServerSocket::getLocalPort).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open a socket on 127.0.0.1", e);
    } finally {
      for (ServerSocket socket : held) {
        try {
          socket.close();
        } catch (IOException ignored) {
          // closing a bound, unaccepted socket does not fail in practice; nothing to do if it does
        }
      }
    }
  }

  private static int ephemeralRangeStart() {
    // Read by line: Files.readString trusts the size /proc reports and returns a truncated value.
    try (BufferedReader range = Files.newBufferedReader(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))) {
      return Integer.parseInt(range.readLine().trim().split("\\s+")[0]);
    } catch (IOException | RuntimeException e) {
      log.debug("no ephemeral port range from /proc ({}); assuming it starts at 32768", e.toString());
      return 32768;
    }
  }
}
