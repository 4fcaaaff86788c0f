package dev.raykube.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Free TCP ports on 127.0.0.1, picked at run time: the operating system chooses one (bind to port 0), and a port this
 * allocator handed out once is never handed out again, so two Ray processes of one simulator never get the same port
 * even before either has bound it. Other processes on the machine can still take a port between the pick and Ray's
 * bind; the window is short and a clash shows up as a head that does not come up.
 */
final class PortAllocator {

  private final Set<Integer> handedOut = ConcurrentHashMap.newKeySet();

  /** A port that was free a moment ago and that this allocator never returned before. */
  int next() {
    for (int attempt = 0; attempt < 50; attempt++) {
      int port;
      try (ServerSocket socket = new ServerSocket()) {
        socket.setReuseAddress(false);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        port = socket.getLocalPort();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot pick a free port on 127.0.0.1", e);
      }
      if (handedOut.add(port)) {
        return port;
      }
    }
    throw new IllegalStateException("no new free port on 127.0.0.1 after 50 attempts");
  }
}
