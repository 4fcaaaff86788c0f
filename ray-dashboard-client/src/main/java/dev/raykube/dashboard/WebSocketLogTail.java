package dev.raykube.dashboard;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import okio.ByteString;

/**
 * {@code GET /api/jobs/{id}/logs/tail} over OkHttp's WebSocket: text frames are log chunks; a normal close (1000)
 * means the job ended and everything was sent; a refused upgrade carries a plain HTTP error.
 */
final class WebSocketLogTail extends WebSocketListener implements LogTail {
  private static final int NORMAL_CLOSURE = 1000;

  private final String jobId;
  private final JobLogListener listener;
  private final Redaction redaction;
  private final CompletableFuture<Void> completion = new CompletableFuture<>();
  private final AtomicBoolean finished = new AtomicBoolean();
  private volatile WebSocket socket;

  WebSocketLogTail(String jobId, JobLogListener listener, Redaction redaction) {
    this.jobId = jobId;
    this.listener = listener;
    this.redaction = redaction;
  }

  void attach(WebSocket webSocket) {
    this.socket = webSocket;
    if (finished.get()) {
      webSocket.cancel();
    }
  }

  @Override
  public CompletableFuture<Void> completion() {
    return completion;
  }

  @Override
  public void close() {
    if (finished.compareAndSet(false, true)) {
      completion.cancel(false);
      WebSocket s = socket;
      if (s != null) {
        s.cancel();
      }
    }
  }

  @Override
  public void onMessage(WebSocket webSocket, String text) {
    if (!finished.get()) {
      listener.onLogs(text);
    }
  }

  @Override
  public void onMessage(WebSocket webSocket, ByteString bytes) {
    onMessage(webSocket, bytes.utf8());
  }

  @Override
  public void onClosing(WebSocket webSocket, int code, String reason) {
    webSocket.close(NORMAL_CLOSURE, null);
    if (code == NORMAL_CLOSURE) {
      if (finished.compareAndSet(false, true)) {
        listener.onComplete();
        completion.complete(null);
      }
    } else {
      fail(new DashboardUnavailableException("tailJobLogs(" + jobId + ") failed: the Ray dashboard closed the log "
          + "stream with code " + code + (reason == null || reason.isEmpty() ? "" : " (" + reason + ")"), 0, null,
          null));
    }
  }

  @Override
  public void onFailure(WebSocket webSocket, Throwable t, Response response) {
    ErrorClassifier.Call call = ErrorClassifier.Call.job("tailJobLogs(" + jobId + ")", jobId);
    if (response != null && response.code() != 101) {
      fail(ErrorClassifier.classify(call, response.code(), redaction.apply(body(response))));
    } else {
      String reason = redaction.apply(t.getClass().getSimpleName() + ": " + t.getMessage());
      fail(new DashboardUnavailableException(call.operation() + " failed: the log stream broke (" + reason + ")", 0,
          null, t));
    }
  }

  private static String body(Response response) {
    try {
      ResponseBody peeked = response.peekBody(64 * 1024);
      return peeked.string();
    } catch (IOException | IllegalStateException unreadable) {
      return "";
    }
  }

  private void fail(RayDashboardException error) {
    if (finished.compareAndSet(false, true)) {
      listener.onFailure(error);
      completion.completeExceptionally(error);
    }
  }
}
