/**
 * Java model of KubeRay's {@code ray.io/v1} custom resources. The resources live in sub-packages: {@link
 * dev.raykube.model.cluster.RayCluster}, {@link dev.raykube.model.job.RayJob}, {@link
 * dev.raykube.model.service.RayService} and {@link dev.raykube.model.cronjob.RayCronJob}, each with its spec, status
 * and value enums. The model reads and writes KubeRay manifests unchanged: JSON names are KubeRay's, unknown
 * properties are kept, unset fields are not written. The CRDs are generated from these classes at build time
 * ({@code META-INF/fabric8/*-v1.yml} in the jar).
 *
 * <p>This module holds data only. Decisions such as which job states end a RayJob live in {@code ray-job-lifecycle}.
 */
package dev.raykube.model;
