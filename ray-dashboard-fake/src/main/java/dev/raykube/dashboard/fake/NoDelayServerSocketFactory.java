package dev.raykube.dashboard.fake;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import javax.net.ServerSocketFactory;

/**
 * Server sockets whose accepted connections have TCP_NODELAY: MockWebServer writes a response's head and body
 * separately, and with Nagle's algorithm on, the body waits for the client's delayed ACK (about 40 ms per exchange on
 * Linux) — far slower than a real dashboard.
 */
final class NoDelayServerSocketFactory extends ServerSocketFactory {

  private static final class NoDelayServerSocket extends ServerSocket {
    NoDelayServerSocket() throws IOException {
      super();
    }

    @Override
    public Socket accept() throws IOException {
      Socket socket = super.accept();
      socket.setTcpNoDelay(true);
      return socket;
    }
  }

  @Override
  public ServerSocket createServerSocket() throws IOException {
    return new NoDelayServerSocket();
  }

  @Override
  public ServerSocket createServerSocket(int port) throws IOException {
    ServerSocket s = createServerSocket();
    s.bind(new java.net.InetSocketAddress(port));
    return s;
  }

  @Override
  public ServerSocket createServerSocket(int port, int backlog) throws IOException {
    ServerSocket s = createServerSocket();
    s.bind(new java.net.InetSocketAddress(port), backlog);
    return s;
  }

  @Override
  public ServerSocket createServerSocket(int port, int backlog, InetAddress address) throws IOException {
    ServerSocket s = createServerSocket();
    s.bind(new java.net.InetSocketAddress(address, port), backlog);
    return s;
  }
}
