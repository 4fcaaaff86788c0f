/**
 * The pushed end of Ray jobs: {@link dev.raykube.job.push.JobEndPush} follows each running RayJob's Ray job through its
 * dashboard's job list ({@code JobListPolls}, {@code JobListCadence}) and a log tail
 * ({@link dev.raykube.job.push.JobLogTails}, {@link dev.raykube.job.push.LogTailPolicy}) and tells the controller at
 * once when the job may have changed, so that RayJobs are polled rarely and still end in their status within a second
 * of the job. Needs no operator framework: a platform's own controller plugs it into {@code RayJobLoop} as the
 * running-job poll and the recent job details. I/O (WebSockets, HTTP) around pure policies ({@code LogTailPolicy},
 * {@code JobListCadence}, {@code FollowNeed}).
 */
package dev.raykube.job.push;
