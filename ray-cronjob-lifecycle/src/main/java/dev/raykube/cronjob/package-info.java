/**
 * RayCronJob decisions, pure: the time is an argument, nothing here reads a clock, calls Kubernetes or draws random
 * numbers. {@link dev.raykube.cronjob.CronSchedule} reads {@code spec.schedule} and {@code spec.timeZone};
 * {@link dev.raykube.cronjob.RayCronJobValidator} checks a RayCronJob (its job template with the RayJob rules);
 * {@link dev.raykube.cronjob.RayCronJobSchedule} decides, from a RayCronJob as read and the current time, whether a
 * RayJob is due, how many scheduled times were missed, and when to look again ({@link
 * dev.raykube.cronjob.ScheduleDecision}); {@link dev.raykube.cronjob.RayCronJobDecision} puts both together with the
 * RayJob to create ({@link dev.raykube.cronjob.CreateRayJob}, built by {@link dev.raykube.cronjob.ChildRayJob} and
 * named by {@link dev.raykube.cronjob.ChildRayJobName}), the status to record and the skipped times
 * ({@link dev.raykube.cronjob.MissedSchedules}). {@link dev.raykube.cronjob.RayCronJobEventReason} lists the reasons
 * of the Events the loop ({@code dev.raykube.cronjob.loop}) records.
 */
package dev.raykube.cronjob;
