package dev.raykube.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Free loopback ports, never the same one twice from one allocator. */
class PortAllocatorTest {

  @Test
  void portsAreFreeAndNeverHandedOutTwice() throws Exception {
    PortAllocator ports = new PortAllocator();
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < 200; i++) {
      assertThat(seen.add(ports.next())).isTrue();
    }
    int port = ports.next();
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      assertThat(socket.getLocalPort()).as("bindable right after the pick").isEqualTo(port);
    }
  }
}
