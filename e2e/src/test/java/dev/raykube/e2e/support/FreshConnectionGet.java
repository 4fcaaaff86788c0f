package dev.raykube.e2e.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * One {@code GET <path>} over a TCP connection of its own ({@code HTTP/1.1}, {@code Connection: close}), so that every
 * request is a new connection through a Service route, as a client without keep-alive would make it. The JDK's
 * {@code HttpClient} pools connections and may not be told otherwise, hence plain sockets.
 *
 * @param status the HTTP status code
 * @param body the response body as text (de-chunked when the answer is {@code Transfer-Encoding: chunked}, as Serve's
 *     proxy sends it)
 */
public record FreshConnectionGet(int status, String body) {

  /**
   * Sends the request to {@code 127.0.0.1:port} and reads the whole answer.
   *
   * @throws IOException if the connection fails, is reset or times out ({@code timeout} for connect and each read)
   */
  public static FreshConnectionGet send(int port, String path, Duration timeout) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), (int) timeout.toMillis());
      socket.setSoTimeout((int) timeout.toMillis());
      OutputStream out = socket.getOutputStream();
      out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      in.transferTo(answer);
      String text = answer.toString(StandardCharsets.UTF_8);
      if (!text.startsWith("HTTP/1.")) {
        throw new IOException("no HTTP answer (" + text.length() + " bytes: " + abbreviated(text) + ")");
      }
      int status = Integer.parseInt(text.substring(9, 12));
      int headerEnd = text.indexOf("\r\n\r\n");
      if (headerEnd < 0) {
        throw new IOException("an answer without the end of its header block: " + abbreviated(text));
      }
      String headers = text.substring(0, headerEnd).toLowerCase(java.util.Locale.ROOT);
      String body = text.substring(headerEnd + 4);
      return new FreshConnectionGet(status, headers.contains("\r\ntransfer-encoding: chunked") ? dechunked(body)
          : body);
    }
  }

  /** The chunks of a chunked body, joined; an incomplete body is an error. */
  private static String dechunked(String chunked) throws IOException {
    StringBuilder body = new StringBuilder();
    int at = 0;
    while (true) {
      int lineEnd = chunked.indexOf("\r\n", at);
      if (lineEnd < 0) {
        throw new IOException("a chunked body that ends early: " + abbreviated(chunked));
      }
      String sizeField = chunked.substring(at, lineEnd);
      int semicolon = sizeField.indexOf(';');
      int size = Integer.parseInt((semicolon < 0 ? sizeField : sizeField.substring(0, semicolon)).strip(), 16);
      if (size == 0) {
        return body.toString();
      }
      int start = lineEnd + 2;
      if (start + size > chunked.length()) {
        throw new IOException("a chunk longer than what was sent: " + abbreviated(chunked));
      }
      body.append(chunked, start, start + size); // sizes count bytes; Serve's answers here are ASCII
      at = start + size + 2;
    }
  }

  private static String abbreviated(String text) {
    return text.length() <= 80 ? text : text.substring(0, 80) + "...";
  }
}
