/**
 * The {@code RayJob} resource: {@link dev.raykube.model.job.RayJob}, its spec and status, and the status enums
 * {@link dev.raykube.model.job.JobStatus}, {@link dev.raykube.model.job.JobDeploymentStatus}, {@link
 * dev.raykube.model.job.JobFailedReason} and {@link dev.raykube.model.job.JobSubmissionMode}. The enums carry values
 * only; which values end a job is decided in {@code ray-job-lifecycle}.
 */
package dev.raykube.model.job;
