package dev.raykube.dashboard.fake;

import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;

/**
 * Server side of {@code /api/jobs/{id}/logs/tail}: the job pushes text frames and closes with 1000 when it ends.
 *
 * <p>Like Ray 2.60's head, a tail whose upgrade offered {@code permessage-deflate} (as OkHttp does by default) gets no
 * frames at all, only the normal close when the job ends.
 */
final class LogTailSocket extends WebSocketListener {
  private final FakeJob job;
  private final boolean silent;
  private volatile WebSocket attached;

  LogTailSocket(FakeJob job, boolean silent) {
    this.job = job;
    this.silent = silent;
  }

  @Override
  public void onOpen(WebSocket webSocket, Response response) {
    attached = silent ? new FramelessWebSocket(webSocket) : webSocket;
    job.attachTail(attached);
  }

  private void detach() {
    WebSocket socket = attached;
    if (socket != null) {
      job.detachTail(socket);
    }
  }

  /** Drops every frame; closes like the real socket. */
  private static final class FramelessWebSocket implements WebSocket {
    private final WebSocket delegate;

    FramelessWebSocket(WebSocket delegate) {
      this.delegate = delegate;
    }

    @Override
    public okhttp3.Request request() {
      return delegate.request();
    }

    @Override
    public long queueSize() {
      return 0;
    }

    @Override
    public boolean send(String text) {
      return true;
    }

    @Override
    public boolean send(okio.ByteString bytes) {
      return true;
    }

    @Override
    public boolean close(int code, String reason) {
      return delegate.close(code, reason);
    }

    @Override
    public void cancel() {
      delegate.cancel();
    }
  }

  @Override
  public void onClosing(WebSocket webSocket, int code, String reason) {
    detach();
    webSocket.close(1000, null);
  }

  @Override
  public void onFailure(WebSocket webSocket, Throwable t, Response response) {
    detach();
  }
}
