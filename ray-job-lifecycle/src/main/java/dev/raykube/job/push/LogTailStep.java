package dev.raykube.job.push;

/** What to do with one RayJob's log tail after a reconcile ({@link LogTailPolicy#step}). */
public enum LogTailStep {
  /** Nothing is open or remembered, nothing to open. */
  NONE,
  /** Open a tail of the needed target. */
  OPEN,
  /** The open tail follows the needed target: keep it. */
  KEEP,
  /** Close the open tail and forget it. */
  CLOSE,
  /** Close the open tail (another target) and open one of the needed target. */
  REPLACE,
  /** Forget an ended tail: it is not needed any more, or its target is stale. */
  FORGET,
  /** A tail of the target ended recently; open it again only after the retry delay (polling meanwhile). */
  WAIT,
  /** As many tails are open as allowed: poll only. */
  FULL
}
