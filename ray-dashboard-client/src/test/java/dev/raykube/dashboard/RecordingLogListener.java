package dev.raykube.dashboard;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/** Collects what a log tail delivers. */
final class RecordingLogListener implements JobLogListener {
  final List<String> chunks = new CopyOnWriteArrayList<>();
  final AtomicInteger completions = new AtomicInteger();
  final AtomicReference<RayDashboardException> failure = new AtomicReference<>();
  final CountDownLatch done = new CountDownLatch(1);

  @Override
  public void onLogs(String chunk) {
    chunks.add(chunk);
  }

  @Override
  public void onComplete() {
    completions.incrementAndGet();
    done.countDown();
  }

  @Override
  public void onFailure(RayDashboardException error) {
    failure.set(error);
    done.countDown();
  }

  String text() {
    return String.join("", chunks);
  }
}
