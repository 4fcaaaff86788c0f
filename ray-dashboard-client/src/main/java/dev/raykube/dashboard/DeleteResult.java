package dev.raykube.dashboard;

/** What the dashboard said to a delete request. Ray 2.2+ only; Ray keeps the log files. */
public enum DeleteResult {
  /** {@code {"deleted": true}}: the job's record is gone; a later GET answers 404. */
  DELETED,
  /** {@code {"deleted": false}}: Ray did not delete it. */
  NOT_DELETED,
  /**
   * HTTP 500 whose text says the job {@code is in a non-terminal state}: Ray deletes only ended jobs. Stop it and wait
   * until it has ended, then delete again.
   */
  NOT_TERMINAL,
  /** HTTP 404: no job has this id (for example it was already deleted). */
  NOT_FOUND
}
