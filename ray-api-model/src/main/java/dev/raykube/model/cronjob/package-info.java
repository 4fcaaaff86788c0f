/**
 * The {@code RayCronJob} resource: {@link dev.raykube.model.cronjob.RayCronJob}, its spec (a cron schedule, an
 * optional time zone, a suspend switch and the template of the RayJob created at each scheduled time) and its status
 * (the scheduled time of the last RayJob created). Data only: when to create a RayJob is decided in
 * {@code ray-cronjob-lifecycle}.
 */
package dev.raykube.model.cronjob;
