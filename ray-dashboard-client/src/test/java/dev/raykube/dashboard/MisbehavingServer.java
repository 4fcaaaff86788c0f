package dev.raykube.dashboard;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback TCP server that answers every connection with a scripted, usually broken, reply: raw bytes, not a real
 * HTTP stack, so that it can do what no well-behaved server does (dribble headers, lie about lengths, stream without
 * end, speak no HTTP at all). Counts connections and the bytes it managed to write.
 */
final class MisbehavingServer implements AutoCloseable {

  /** What the server does on one connection, after it has read the request head. */
  interface Behaviour {
    void serve(Socket socket, OutputStream out) throws IOException, InterruptedException;
  }

  private final ServerSocket server;
  private final Behaviour behaviour;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final List<Thread> threads = new CopyOnWriteArrayList<>();
  private final AtomicInteger connections = new AtomicInteger();
  private final AtomicLong written = new AtomicLong();
  private final Thread acceptor;

  MisbehavingServer(Behaviour behaviour) {
    this.behaviour = behaviour;
    try {
      server = new ServerSocket();
      server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    acceptor = new Thread(this::accept, "misbehaving-server-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  String url(String scheme) {
    return scheme + "://127.0.0.1:" + server.getLocalPort();
  }

  int connections() {
    return connections.get();
  }

  long bytesWritten() {
    return written.get();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        connections.incrementAndGet();
        sockets.add(socket);
        Thread t = new Thread(() -> handle(socket), "misbehaving-server-conn");
        t.setDaemon(true);
        threads.add(t);
        t.start();
      } catch (IOException closed) {
        return;
      }
    }
  }

  private void handle(Socket socket) {
    try (socket) {
      readRequestHead(socket.getInputStream());
      behaviour.serve(socket, new CountingStream(socket.getOutputStream(), written));
    } catch (IOException | InterruptedException gone) {
      // the client hung up or the server closed: what the case is about
    }
  }

  /** Reads up to the blank line after the headers (a TLS ClientHello has none: then whatever arrives first). */
  private static void readRequestHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int b;
    while ((b = in.read()) != -1) {
      head.write(b);
      String text = head.toString(StandardCharsets.ISO_8859_1);
      if (text.endsWith("\r\n\r\n") || (head.size() > 0 && text.charAt(0) == 0x16)) {
        return;
      }
    }
  }

  static void write(OutputStream out, String text) throws IOException {
    out.write(text.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  @Override
  public void close() throws InterruptedException {
    try {
      server.close();
    } catch (IOException ignored) {
      // closing
    }
    for (Socket s : sockets) {
      try {
        s.close();
      } catch (IOException ignored) {
        // closing
      }
    }
    acceptor.join(5000);
    for (Thread t : threads) {
      t.interrupt();
      t.join(5000);
    }
  }

  private static final class CountingStream extends OutputStream {
    private final OutputStream out;
    private final AtomicLong count;

    CountingStream(OutputStream out, AtomicLong count) {
      this.out = out;
      this.count = count;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      count.incrementAndGet();
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      count.addAndGet(len);
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }
  }
}
