package dev.raykube.dashboard.fake;

import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;

/** Server side of {@code /api/jobs/{id}/logs/tail}: the job pushes text frames and closes with 1000 when it ends. */
final class LogTailSocket extends WebSocketListener {
  private final FakeJob job;

  LogTailSocket(FakeJob job) {
    this.job = job;
  }

  @Override
  public void onOpen(WebSocket webSocket, Response response) {
    job.attachTail(webSocket);
  }

  @Override
  public void onClosing(WebSocket webSocket, int code, String reason) {
    job.detachTail(webSocket);
    webSocket.close(1000, null);
  }

  @Override
  public void onFailure(WebSocket webSocket, Throwable t, Response response) {
    job.detachTail(webSocket);
  }
}
