/**
 * Building blocks shared by the RayCluster, RayJob and RayService model: {@link
 * dev.raykube.model.common.ExtensibleObject}, which keeps unknown JSON properties of the objects inside a resource;
 * {@link dev.raykube.model.common.RayResource}, the base of the three resource classes, which keeps their unknown
 * top-level properties; and {@link dev.raykube.model.common.ObservedStatus}, the base of their statuses, which holds
 * {@code observedGeneration}.
 */
package dev.raykube.model.common;
